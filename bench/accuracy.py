#!/usr/bin/python3
"""Test accuracy of the source's recipe over several seeds: backprop-lab-cli against PyTorch.

The recipe: 784-128-10, ReLU, SoftMax + cross-entropy, He initialisation (normal, std
sqrt(2/fan_in), zero biases), plain SGD lr 0.1, batch 64 (the last batch of an epoch may be
smaller), x/255, 10 epochs, a new shuffle every epoch. Each program uses its own generator, so the
two columns are two samples of the same random process, not the same runs. Prints, per seed, the
test accuracy after every epoch, then the final accuracies' median, minimum and maximum.

    /usr/bin/python3 bench/accuracy.py --data ../shared/data/mnist --seeds 10
    /usr/bin/python3 bench/accuracy.py --data ../shared/data/mnist --seeds 3 --optimizer adam --lr 0.001

--optimizer adam trains both with Adam (torch.optim.Adam's defaults: betas 0.9/0.999, eps 1e-8)
at --lr instead of plain SGD at 0.1.

--hidden W[,W2] (0: none) and --activation relu|sigmoid|tanh|leakyrelu train another network in
both programs, each initialised as the activation asks (He normal for ReLU, Glorot uniform for
sigmoid and tanh). --agree also checks, for seed 1, that each program reads the other's weights
and gets its accuracy: ours exported as .npz into an nn.Sequential, PyTorch's saved as .npz into
backprop-lab-cli eval.

    /usr/bin/python3 bench/accuracy.py --data ../shared/data/mnist --seeds 3 --hidden 128 --activation sigmoid --agree

--layers TEXT trains a layer list in both (convolutional networks: bench/convnet.py builds the same
network in PyTorch, PyTorch's default initialisation, and ours gets --init pytorch), with
--optimizer momentum (SGD with --momentum, default 0.9, PyTorch's rule) and --weight-decay L
(PyTorch SGD's weight_decay: g += lambda w for every parameter, biases included):

    /usr/bin/python3 bench/accuracy.py --data ../shared/data/mnist --seeds 5 --optimizer momentum \
        --lr 0.02 --layers "conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64" --weight-decay 5e-4

--programs ours|pytorch runs one of the two alone (to run them side by side on two cores).

BPLAB_CLI names the CLI binary (default build/app/cli/backprop-lab-cli). Needs Debian's
python3-torch (bench/compare installs it). A measurement, not a test: tests/core/tst_accuracy.cpp
holds the bounds.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import convnet  # noqa: E402
from torch_peer import TEST_IMAGES, build, find_file, read_idx, training_files  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def ours(cli, data, seed, epochs, optimizer="sgd", lr=0.1, network=(), save=None):
    """Test accuracy (percent) after each epoch of `backprop-lab-cli train`."""
    out = subprocess.run([cli, "train", "--data", data, "--seed", str(seed), "--epochs", str(epochs),
                          "--optimizer", optimizer, "--lr", str(lr), "--json", *network]
                         + (["--save", save] if save else []),
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(line)["test_accuracy"] for line in out.splitlines() if line.strip()]


def linears(model):
    return [layer for layer in model if hasattr(layer, "weight")]


def torch_accuracy(torch, model, data):
    _, _, x_test, y_test = data
    with torch.no_grad():
        return 100.0 * (model(x_test).argmax(dim=1) == y_test).float().mean().item()


def torch_run(torch, data, seed, epochs, optimizer="sgd", lr=0.1, widths=(128,), activation="relu", keep=None,
              layers=None, momentum=0.9, weight_decay=0.0):
    """The same recipe in PyTorch: test accuracy (percent) after each epoch."""
    x, y, x_test, y_test = data
    torch.manual_seed(seed)
    model = convnet.build(torch, layers, activation) if layers else build(torch, widths, activation)
    if keep is not None:
        keep.append(model)
    opt = (torch.optim.Adam(model.parameters(), lr=lr, weight_decay=weight_decay) if optimizer == "adam"
           else torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum if optimizer == "momentum" else 0.0,
                                weight_decay=weight_decay))
    loss_fn = torch.nn.CrossEntropyLoss()
    accuracies = []
    for _ in range(epochs):
        model.train()
        perm = torch.randperm(len(x))
        for i in range(0, len(x), 64):
            idx = perm[i:i + 64]
            opt.zero_grad(set_to_none=True)
            loss_fn(model(x[idx]), y[idx]).backward()
            opt.step()
        model.eval()  # dropout off
        with torch.no_grad():
            correct = (model(x_test).argmax(dim=1) == y_test).float().mean().item()
        accuracies.append(100.0 * correct)
    return accuracies


def load(torch, folder):
    images, labels = training_files(folder)
    test_images = find_file(folder, TEST_IMAGES)
    if not test_images:
        sys.exit(f"accuracy: {folder} holds no t10k-images-idx3-ubyte (raw or .gz)")
    test_labels = test_images.replace("-images-idx3-", "-labels-idx1-")

    def pixels(path):
        return torch.from_numpy(read_idx(path, 0x803).reshape(-1, 784).astype(np.float32) / 255.0)

    def classes(path):
        return torch.from_numpy(read_idx(path, 0x801).astype(np.int64))

    return pixels(images), classes(labels), pixels(test_images), classes(test_labels)


def summary(name, finals):
    return (f"{name}: median {statistics.median(finals):.2f}%, min {min(finals):.2f}%, "
            f"max {max(finals):.2f}%, below 92.5%: {sum(a < 92.5 for a in finals)} of {len(finals)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", required=True, help="folder with the MNIST IDX files")
    parser.add_argument("--seeds", type=int, default=10, help="seeds 1..N for each program")
    parser.add_argument("--first-seed", type=int, default=1, help="start at this seed (runs --seeds seeds)")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--optimizer", choices=("sgd", "momentum", "adam"), default="sgd")
    parser.add_argument("--momentum", type=float, default=0.9, help="with --optimizer momentum")
    parser.add_argument("--weight-decay", type=float, default=0.0, help="L2's lambda (PyTorch's weight_decay)")
    parser.add_argument("--layers", default=None, help='a layer list: "conv 8 5x5, pool 2, dense 64"')
    parser.add_argument("--programs", default="ours,pytorch", help="ours, pytorch or both (default)")
    parser.add_argument("--lr", type=float, default=None, help="default: 0.1 (sgd), 0.001 (adam)")
    parser.add_argument("--hidden", default="128", help="hidden widths: 128, 256,128 or 0 (none)")
    parser.add_argument("--activation", default="relu", choices=("relu", "sigmoid", "tanh", "leakyrelu"))
    parser.add_argument("--agree", action="store_true", help="check that each reads the other's weights (seed 1)")
    args = parser.parse_args()
    widths = [] if args.hidden == "0" else [int(w) for w in args.hidden.split(",")]
    network = ["--hidden", args.hidden, "--activation", args.activation]
    if args.layers:
        network = ["--layers", args.layers, "--activation", args.activation, "--init", "pytorch", "--batch", "64"]
    if args.optimizer == "momentum":
        network += ["--momentum", str(args.momentum)]
    if args.weight_decay:
        network += ["--weight-decay", str(args.weight_decay)]
    programs = args.programs.split(",")
    cli = os.environ.get("BPLAB_CLI", os.path.join(REPO, "build/app/cli/backprop-lab-cli"))
    if not os.access(cli, os.X_OK):
        sys.exit(f"accuracy: no CLI at {cli} (run scripts/setup, or set BPLAB_CLI)")

    lr = args.lr if args.lr is not None else (0.001 if args.optimizer == "adam" else 0.1)
    import torch  # after argument parsing: --help stays fast
    torch.set_num_threads(1)
    data = load(torch, args.data)

    described = (args.layers if args.layers
                 else f"784-{'-'.join(map(str, widths)) + '-' if widths else ''}10") + f" {args.activation}"
    print(f"network {described}, {args.optimizer} lr {lr}"
          f"{f' momentum {args.momentum}' if args.optimizer == 'momentum' else ''}"
          f"{f' weight decay {args.weight_decay}' if args.weight_decay else ''}, batch 64, {args.epochs} epochs",
          flush=True)
    finals = {"backprop-lab": [], "pytorch": []}
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            agree = args.agree and seed == args.first_seed
            kept = []
            save = os.path.join(tmp, "ours.bplab") if agree else None
            for name, run in (("backprop-lab", lambda: ours(cli, args.data, seed, args.epochs, args.optimizer, lr,
                                                            network, save)),
                              ("pytorch", lambda: torch_run(torch, data, seed, args.epochs, args.optimizer, lr,
                                                            widths, args.activation, kept, args.layers,
                                                            args.momentum, args.weight_decay))):
                if ("ours" if name == "backprop-lab" else "pytorch") not in programs:
                    continue
                accuracies = run()
                finals[name].append(accuracies[-1])
                print(f"seed {seed:2d} {name:12s} " + " ".join(f"{a:.2f}" for a in accuracies),
                      flush=True)
            if agree:
                check_agreement(torch, cli, args.data, tmp, data, save, kept[0], args.activation,
                                finals["backprop-lab"][-1], finals["pytorch"][-1])
    for name, values in finals.items():
        if values:
            print(summary(name, values))


def check_agreement(torch, cli, folder, tmp, data, ours_model, theirs, activation, ours_accuracy, theirs_accuracy):
    """Our weights in PyTorch, PyTorch's in our eval: each must give the other's accuracy."""
    npz = os.path.join(tmp, "ours.npz")
    subprocess.run([cli, "export", "--model", ours_model, "--npz", npz], check=True, capture_output=True)
    arrays = np.load(npz, allow_pickle=False)
    widths = [arrays[f"W{i}"].shape[0] for i in range(1, len(linears(theirs)))]
    model = build(torch, widths, str(arrays["activation"]) if "activation" in arrays else "relu")
    with torch.no_grad():
        for i, layer in enumerate(linears(model), start=1):
            layer.weight.copy_(torch.from_numpy(arrays[f"W{i}"]))
            layer.bias.copy_(torch.from_numpy(arrays[f"b{i}"]))
    print(f"agreement: our weights in PyTorch {torch_accuracy(torch, model, data):.2f}% "
          f"(ours {ours_accuracy:.2f}%)", flush=True)
    theirs_npz = os.path.join(tmp, "theirs.npz")
    saved = {}
    for i, layer in enumerate(linears(theirs), start=1):
        saved[f"W{i}"] = layer.weight.detach().numpy().astype(np.float32)
        saved[f"b{i}"] = layer.bias.detach().numpy().astype(np.float32)
    np.savez(theirs_npz, activation=np.array(activation), **saved)
    out = subprocess.run([cli, "eval", "--model", theirs_npz, "--data", folder, "--json"],
                         check=True, capture_output=True, text=True).stdout
    print(f"agreement: PyTorch's weights in our eval {json.loads(out)['test_accuracy']:.2f}% "
          f"(PyTorch {theirs_accuracy:.2f}%)", flush=True)


if __name__ == "__main__":
    main()
