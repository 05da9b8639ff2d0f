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

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from torch_peer import TEST_IMAGES, find_file, read_idx, training_files  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def ours(cli, data, seed, epochs, optimizer="sgd", lr=0.1):
    """Test accuracy (percent) after each epoch of `backprop-lab-cli train`."""
    out = subprocess.run([cli, "train", "--data", data, "--seed", str(seed), "--epochs", str(epochs),
                          "--optimizer", optimizer, "--lr", str(lr), "--json"],
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(line)["test_accuracy"] for line in out.splitlines() if line.strip()]


def torch_run(torch, data, seed, epochs, optimizer="sgd", lr=0.1):
    """The same recipe in PyTorch: test accuracy (percent) after each epoch."""
    x, y, x_test, y_test = data
    torch.manual_seed(seed)
    model = torch.nn.Sequential(torch.nn.Linear(784, 128), torch.nn.ReLU(),
                                torch.nn.Linear(128, 10))
    for layer in (model[0], model[2]):
        torch.nn.init.kaiming_normal_(layer.weight, nonlinearity="relu")
        torch.nn.init.zeros_(layer.bias)
    opt = (torch.optim.Adam(model.parameters(), lr=lr) if optimizer == "adam"
           else torch.optim.SGD(model.parameters(), lr=lr))
    loss_fn = torch.nn.CrossEntropyLoss()
    accuracies = []
    for _ in range(epochs):
        perm = torch.randperm(len(x))
        for i in range(0, len(x), 64):
            idx = perm[i:i + 64]
            opt.zero_grad(set_to_none=True)
            loss_fn(model(x[idx]), y[idx]).backward()
            opt.step()
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
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--optimizer", choices=("sgd", "adam"), default="sgd")
    parser.add_argument("--lr", type=float, default=None, help="default: 0.1 (sgd), 0.001 (adam)")
    args = parser.parse_args()
    cli = os.environ.get("BPLAB_CLI", os.path.join(REPO, "build/app/cli/backprop-lab-cli"))
    if not os.access(cli, os.X_OK):
        sys.exit(f"accuracy: no CLI at {cli} (run scripts/setup, or set BPLAB_CLI)")

    lr = args.lr if args.lr is not None else (0.001 if args.optimizer == "adam" else 0.1)
    import torch  # after argument parsing: --help stays fast
    torch.set_num_threads(1)
    data = load(torch, args.data)

    finals = {"backprop-lab": [], "pytorch": []}
    for seed in range(1, args.seeds + 1):
        for name, run in (("backprop-lab", lambda: ours(cli, args.data, seed, args.epochs, args.optimizer, lr)),
                          ("pytorch", lambda: torch_run(torch, data, seed, args.epochs, args.optimizer, lr))):
            accuracies = run()
            finals[name].append(accuracies[-1])
            print(f"seed {seed:2d} {name:12s} " + " ".join(f"{a:.2f}" for a in accuracies),
                  flush=True)
    for name, values in finals.items():
        print(summary(name, values))


if __name__ == "__main__":
    main()
