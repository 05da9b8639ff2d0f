#!/usr/bin/python3
"""explain --json of a layer list (a convolutional network) against PyTorch's autograd.

For the model FILE (trained with --layers) and test images 0..N-1: exports FILE as .npz (PyTorch's
layouts), builds the same network in PyTorch (bench/convnet.py) in float64 with those weights, and
compares with `backprop-lab-cli explain --json`: each layer's values `a` and `delta` (dL/dz of a
convolution or dense layer, dL/da of the others, from autograd's retained gradients), the logits,
e^z, the probabilities, the loss, delta_out, every dW and db, and `loss_after` (the loss after one
plain SGD step on that sample at --lr). Prints the largest relative difference of each quantity
(max |ours - torch| / max |torch|) and exits 1 when one is above --tol (1e-4).

Max pooling: where a window holds two values equal in exact arithmetic (identical input patches,
as on a digit's straight strokes), the two programs' rounding may pick different ones; both are
valid subgradients (dW is the same), but the deltas before the pooling then differ by position.
So PyTorch's pooling takes the position ours took (the first maximum of our values), after
checking that it is PyTorch's maximum too within --tol; the count of such windows is printed.

    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 bench/explain_torch.py --model conv.bplab \\
        --data ../shared/data/mnist --images 5 --lr 0.1

BPLAB_CLI names the CLI binary (default build/app/cli/backprop-lab-cli). Needs Debian's
python3-torch and python3-numpy. A check to run by hand: the suite's tests/core/tst_layertrace.cpp
holds explain's values to loops of its own, without PyTorch.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from convnet import build, load_npz, parameter_layers  # noqa: E402
from torch_peer import TEST_IMAGES, find_file, read_idx  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rel(ours, theirs):
    ours = np.asarray(ours, dtype=np.float64).ravel()
    theirs = np.asarray(theirs, dtype=np.float64).ravel()
    if ours.shape != theirs.shape:
        return float("inf")
    scale = max(np.abs(theirs).max(), 1e-30)
    return float(np.abs(ours - theirs).max() / scale)


def exact_loss(logits, label):
    """-ln p_label from the logits in float64, keeping its digits when p_label is close to 1:
    log1p(sum_{k != label} e^(z_k - z_label)) (cross_entropy's logsumexp - z_label rounds a loss
    of 1e-13 to a few digits)."""
    z = np.asarray(logits, dtype=np.float64).ravel()
    d = np.delete(z - z[label], label)
    m = max(0.0, d.max())
    return float(np.log1p(np.exp(d).sum()) if m == 0 else m + np.log(np.exp(-m) + np.exp(d - m).sum()))


def pool_following(torch, h, before):
    """2 x 2 max pooling of h (1 x C x H x W) that takes, in each window, the first maximum of
    `before` (ours: the same values as h, computed in another order). Where two values of a window
    are equal in exact arithmetic (identical input patches), rounding decides which one is the
    maximum; either is a valid subgradient, but the deltas before the pooling then differ by
    position. Returns (pooled, windows whose PyTorch maximum is another position, largest relative
    gap between PyTorch's maximum and the value taken)."""
    _, c, height, width = h.shape
    ho, wo = height // 2, width // 2
    b = np.asarray(before, dtype=np.float64).reshape(c, height, width)[:, :2 * ho, :2 * wo]
    windows = b.reshape(c, ho, 2, wo, 2).transpose(0, 1, 3, 2, 4).reshape(c, ho, wo, 4)
    first = windows.argmax(axis=3)  # NumPy's argmax: the first maximum
    dy, dx = first // 2, first % 2
    rows = 2 * np.arange(ho)[None, :, None] + dy
    cols = 2 * np.arange(wo)[None, None, :] + dx
    index = torch.from_numpy((rows * width + cols).reshape(c, ho * wo))
    pooled = h.reshape(c, height * width).gather(1, index).reshape(1, c, ho, wo)
    theirs = torch.nn.functional.max_pool2d(h.detach(), 2, return_indices=True)
    other = int((theirs[1].reshape(c, ho * wo) != index).sum())
    scale = max(float(theirs[0].abs().max()), 1e-30)
    gap = float((theirs[0] - pooled.detach()).abs().max()) / scale
    return pooled, other, gap


def torch_pass(torch, model, stages, o, x, label):
    """(values per module, loss, logits, ties) with every module's output's gradient retained; the
    pooling takes the maximum ours took where a window holds a tie (pool_following)."""
    pool_stage = {a_at: i for i, (a_at, _) in enumerate(stages)}
    h = torch.from_numpy(x).reshape(1, 784)
    outs, ties = [], [0, 0.0]
    for at, m in enumerate(model):
        if isinstance(m, torch.nn.MaxPool2d):
            i = pool_stage[at]
            before = o["layers"][i - 1]["a"] if i > 0 else o["input"]
            h, other, gap = pool_following(torch, h, before)
            ties[0] += other
            ties[1] = max(ties[1], gap)
        else:
            h = m(h)
        if h.requires_grad:
            h.retain_grad()
        outs.append(h)
    logits = outs[-1]
    loss = torch.nn.functional.cross_entropy(logits, torch.tensor([label]))
    return outs, loss, logits, ties


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", required=True)
    parser.add_argument("--data", required=True, help="folder with the MNIST IDX files")
    parser.add_argument("--images", type=int, default=5, help="test images 0..N-1")
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--tol", type=float, default=1e-4)
    args = parser.parse_args()
    cli = os.environ.get("BPLAB_CLI", os.path.join(REPO, "build/app/cli/backprop-lab-cli"))

    import torch
    torch.set_num_threads(1)
    with tempfile.TemporaryDirectory() as tmp:
        npz = os.path.join(tmp, "m.npz")
        subprocess.run([cli, "export", "--model", args.model, "--npz", npz], check=True, capture_output=True)
        arrays = dict(np.load(npz, allow_pickle=False))
    text, activation = str(arrays["layers"]), str(arrays["activation"])
    images = read_idx(find_file(args.data, TEST_IMAGES), 0x803).reshape(-1, 784)

    worst = {}
    ties, worst_gap = 0, 0.0
    for index in range(args.images):
        out = subprocess.run([cli, "explain", "--model", args.model, "--data", args.data, "--set", "test",
                              "--index", str(index), "--lr", str(args.lr), "--json"],
                             check=True, capture_output=True, text=True).stdout
        o = json.loads(out)
        if o["network"] != text:
            sys.exit(f"explain_torch: explain says the network is {o['network']!r}, the .npz {text!r}")
        x = np.asarray(o["input"], dtype=np.float64)
        raw = images[index].astype(np.float64) / 255.0
        if not np.allclose(x, raw, atol=1e-6) and not np.allclose(x, (raw - 0.1307) / 0.3081, atol=1e-5):
            sys.exit(f"explain_torch: image {index}: the input is neither x/255 nor standardised")
        label = o["label"]

        stages = []
        model = build(torch, text, activation, stages=stages).double().eval()
        load_npz(torch, model, arrays)
        outs, loss, logits, (other, gap) = torch_pass(torch, model, stages, o, x, label)
        ties += other
        worst_gap = max(worst_gap, gap)
        loss.backward()
        p = torch.softmax(logits, dim=1)[0]
        y = torch.zeros(10, dtype=torch.float64)
        y[label] = 1
        checks = {"logits": (o["logits"], logits[0].detach()), "exp": (o["exp"], logits[0].detach().exp()),
                  "probabilities": (o["probabilities"], p.detach()), "loss": (o["loss"], exact_loss(logits.detach().numpy(), label)),
                  "delta_out": (o["delta_out"], (p - y).detach())}
        for i, ((a_at, delta_at), layer) in enumerate(zip(stages, o["layers"]), start=1):
            checks[f"a{i} ({layer['layer']})"] = (layer["a"], outs[a_at].detach())
            checks[f"delta{i} ({layer['layer']})"] = (layer["delta"], outs[delta_at].grad)
        params = parameter_layers(model)
        for i, (m, g) in enumerate(zip(params, o["gradients"]), start=1):
            if list(g["shape"]) != list(m.weight.shape):
                sys.exit(f"explain_torch: W{i}'s shape {g['shape']} is not PyTorch's {list(m.weight.shape)}")
            checks[f"dW{i}"] = (g["dW"], m.weight.grad)
            checks[f"db{i}"] = (g["db"], m.bias.grad)
        # One plain SGD step on this sample alone, then its loss again.
        with torch.no_grad():
            for m in params:
                m.weight -= args.lr * m.weight.grad
                m.bias -= args.lr * m.bias.grad
            after = exact_loss(model(torch.from_numpy(x).reshape(1, 784)).numpy(), label)
        checks["loss_after"] = (o["loss_after"], after)
        for name, (ours, theirs) in checks.items():
            theirs = theirs.numpy() if hasattr(theirs, "numpy") else theirs
            worst[name] = max(worst.get(name, 0.0), rel(ours, theirs))
    print(f"{text} ({activation}): {args.images} test images, lr {args.lr}; the largest relative difference "
          f"against PyTorch's autograd (float64):")
    failed = False
    for name, value in worst.items():
        bad = value > args.tol
        failed |= bad
        print(f"  {name:28s} {value:.2e}{'  ABOVE ' + str(args.tol) if bad else ''}")
    print(f"  {'largest':28s} {max(worst.values()):.2e}")
    print(f"pooling: {ties} windows where PyTorch's first maximum is another position than ours (a tie: "
          f"equal values rounded apart, largest relative gap {worst_gap:.1e}); there PyTorch took ours")
    if worst_gap > args.tol:
        failed = True
        print("  ABOVE the tolerance: a pooling took a value that is not the window's maximum")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
