#!/usr/bin/python3
"""explain --json against NumPy: every value of one sample's forward and backward pass, recomputed
from the exported weights in float64, for any network.

For the model FILE (any network) and test images 0..N-1: exports FILE as .npz, runs
`backprop-lab-cli explain --json`, and recomputes z, a and delta of every hidden layer, the logits,
the probabilities, the loss, delta_out and the loss after one plain SGD step on that sample at
--lr, independently (NumPy, float64, from the formulas). Prints the largest relative difference of
each quantity (relative to the quantity's largest magnitude) and exits 1 when one is above --tol.

    /usr/bin/python3 bench/explain_check.py --model M.bplab --data ../shared/data/mnist --images 5

BPLAB_CLI names the CLI binary (default build/app/cli/backprop-lab-cli). Needs NumPy (Debian's
python3-numpy). A check to run by hand, not part of the test suite.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from torch_peer import TEST_IMAGES, find_file, read_idx  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ACTIVATIONS = {
    # f(z), f'(z)
    "relu": (lambda z: np.maximum(z, 0), lambda z: (z > 0).astype(np.float64)),
    "leakyrelu": (lambda z: np.where(z > 0, z, 0.01 * z), lambda z: np.where(z > 0, 1.0, 0.01)),
    "sigmoid": (lambda z: 1 / (1 + np.exp(-z)), lambda z: (1 / (1 + np.exp(-z))) * (1 - 1 / (1 + np.exp(-z)))),
    "tanh": (np.tanh, lambda z: 1 - np.tanh(z) ** 2),
}


def passes(Ws, bs, f, x, label):
    """Every value of the forward and backward pass: (zs, as, logits, p, loss, deltas, delta_out, grads)."""
    act, deriv = ACTIVATIONS[f]
    a, zs, acts = x, [], []
    for W, b in zip(Ws[:-1], bs[:-1]):
        z = W @ a + b
        zs.append(z)
        a = act(z)
        acts.append(a)
    logits = Ws[-1] @ a + bs[-1]
    p = np.exp(logits - logits.max())
    p /= p.sum()
    loss = -np.log(p[label])
    y = np.zeros(10)
    y[label] = 1
    delta = p - y
    delta_out = delta
    deltas = [None] * len(zs)
    grads = [None] * len(Ws)
    inputs = [x] + acts
    for layer in range(len(Ws) - 1, -1, -1):
        grads[layer] = (np.outer(delta, inputs[layer]), delta)
        if layer == 0:
            break
        delta = (Ws[layer].T @ delta) * deriv(zs[layer - 1])
        deltas[layer - 1] = delta
    return zs, acts, logits, p, loss, deltas, delta_out, grads


def rel(ours, theirs):
    ours, theirs = np.asarray(ours, dtype=np.float64), np.asarray(theirs, dtype=np.float64)
    scale = max(np.abs(theirs).max(), 1e-30)
    return float(np.abs(ours - theirs).max() / scale)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", required=True)
    parser.add_argument("--data", required=True, help="folder with the MNIST IDX files")
    parser.add_argument("--images", type=int, default=5, help="test images 0..N-1")
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--tol", type=float, default=1e-5)
    args = parser.parse_args()
    cli = os.environ.get("BPLAB_CLI", os.path.join(REPO, "build/app/cli/backprop-lab-cli"))

    with tempfile.TemporaryDirectory() as tmp:
        npz = os.path.join(tmp, "m.npz")
        subprocess.run([cli, "export", "--model", args.model, "--npz", npz], check=True, capture_output=True)
        arrays = np.load(npz, allow_pickle=False)
        layers = sum(1 for k in arrays.files if k.startswith("W"))
        Ws = [arrays[f"W{i}"].astype(np.float64) for i in range(1, layers + 1)]
        bs = [arrays[f"b{i}"].astype(np.float64) for i in range(1, layers + 1)]
        f = str(arrays["activation"]) if "activation" in arrays.files else "relu"

    images_path = find_file(args.data, TEST_IMAGES)
    images = read_idx(images_path, 0x803).reshape(-1, 784)
    worst = {}
    for index in range(args.images):
        out = subprocess.run([cli, "explain", "--model", args.model, "--data", args.data, "--set", "test",
                              "--index", str(index), "--lr", str(args.lr), "--json"],
                             check=True, capture_output=True, text=True).stdout
        o = json.loads(out)
        x = np.asarray(o["input"], dtype=np.float64)
        # The input as fed: x/255 or standardised, as the model file says; checked against the pixels.
        raw = images[index].astype(np.float64) / 255.0
        if not np.allclose(x, raw, atol=1e-6) and not np.allclose(x, (raw - 0.1307) / 0.3081, atol=1e-5):
            sys.exit(f"explain_check: image {index}: the input is neither x/255 nor standardised")
        label = o["label"]
        zs, acts, logits, p, loss, deltas, delta_out, grads = passes(Ws, bs, f, x, label)
        checks = {"logits": (o["logits"], logits), "probabilities": (o["probabilities"], p),
                  "loss": (o["loss"], loss), "delta_out": (o["delta_out"], delta_out)}
        for layer, h in enumerate(o["hidden"]):
            checks[f"z{layer + 1}"] = (h["z"], zs[layer])
            checks[f"a{layer + 1}"] = (h["a"], acts[layer])
            checks[f"delta{layer + 1}"] = (h["delta"], deltas[layer])
        # One plain SGD step on this sample alone, then its loss again.
        Ws2 = [W - args.lr * g[0] for W, g in zip(Ws, grads)]
        bs2 = [b - args.lr * g[1] for b, g in zip(bs, grads)]
        checks["loss_after"] = (o["loss_after"], passes(Ws2, bs2, f, x, label)[4])
        for name, (ours, theirs) in checks.items():
            worst[name] = max(worst.get(name, 0.0), rel(ours, theirs))
    network = o.get("network", "?")
    print(f"{network}: {args.images} test images, the largest relative difference of each quantity:")
    failed = False
    for name, value in worst.items():
        bad = value > args.tol
        failed |= bad
        print(f"  {name:14s} {value:.2e}{'  ABOVE ' + str(args.tol) if bad else ''}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
