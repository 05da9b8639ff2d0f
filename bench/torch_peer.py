#!/usr/bin/python3
"""The PyTorch peer of `backprop-lab-cli bench`: the same 784-128-10 network (ReLU, SoftMax +
cross-entropy), batch 64, plain SGD at lr 0.1, on the same data, timing one training epoch.
--hidden and --activation time another network, as `bench --hidden --activation` does; --layers a
layer list (convolution, pooling, dense, dropout), built by bench/convnet.py as `bench --layers`.

Prints one JSON object with the keys of `backprop-lab-cli bench --json` that apply to it:
"samples", "batch", "epoch_seconds", "samples_per_second", "eval_seconds_10k" (medians of
--repeats timed runs after one untimed warm-up epoch, as the CLI measures), "epoch_seconds_best".

Run it with Debian's Python, which has python3-torch, and one OpenBLAS thread (torch uses two):
    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 bench/torch_peer.py --data ../shared/data/mnist
A benchmark peer only: nothing in the application or its tests depends on it.
"""
import argparse
import glob
import gzip
import json
import os
import statistics
import struct
import sys
import time

import numpy as np

TRAIN_IMAGES = ("train-images-idx3-ubyte", "train-images.idx3-ubyte")
TRAIN_LABELS = ("train-labels-idx1-ubyte", "train-labels.idx1-ubyte")
TEST_IMAGES = ("t10k-images-idx3-ubyte", "t10k-images.idx3-ubyte")


def find_file(folder, names):
    """The first of `names` (raw or .gz) that exists in `folder`, or None."""
    for name in names:
        for candidate in (name, name + ".gz"):
            path = os.path.join(folder, candidate)
            if os.path.isfile(path):
                return path
    return None


def training_files(folder):
    """(images, labels) paths. As the application does: where train-images is absent, a subset
    train<tag>-images-idx3-ubyte with its own train<tag>-labels-idx1-ubyte (e.g. train10k-...)."""
    images = find_file(folder, TRAIN_IMAGES)
    if images:
        labels = find_file(folder, TRAIN_LABELS)
    else:
        found = sorted(glob.glob(os.path.join(folder, "train?*-images-idx3-ubyte*")))
        images = found[0] if found else None
        labels = images.replace("-images-idx3-", "-labels-idx1-") if images else None
    if not images or not labels or not os.path.isfile(labels):
        sys.exit(f"torch_peer: {folder} holds no training images with their labels")
    return images, labels


def read_idx(path, magic):
    """An IDX file (raw or gzip) as a uint8 array shaped by its header."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        data = f.read()
    found, = struct.unpack(">I", data[:4])
    if found != magic:
        sys.exit(f"torch_peer: {path}: magic 0x{found:08x}, expected 0x{magic:08x}")
    ndim = magic & 0xFF
    dims = struct.unpack(">" + "I" * ndim, data[4:4 + 4 * ndim])
    count = int(np.prod(dims))
    body = np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * ndim)
    if body.size != count:
        sys.exit(f"torch_peer: {path}: header promises {count} bytes, file holds {body.size}")
    return body.reshape(dims)


def build(torch, widths, activation):
    """nn.Sequential of 784-widths-10 with `activation` between the layers, initialised as ours."""
    act = {"relu": torch.nn.ReLU, "sigmoid": torch.nn.Sigmoid, "tanh": torch.nn.Tanh,
           "leakyrelu": lambda: torch.nn.LeakyReLU(0.01)}[activation]
    sizes = [784, *widths, 10]
    modules = []
    for i in range(len(sizes) - 1):
        modules.append(torch.nn.Linear(sizes[i], sizes[i + 1]))
        if i + 2 < len(sizes):
            modules.append(act())
    model = torch.nn.Sequential(*modules)
    for layer in model:
        if isinstance(layer, torch.nn.Linear):
            if activation in ("sigmoid", "tanh"):
                torch.nn.init.xavier_uniform_(layer.weight)
            else:
                torch.nn.init.kaiming_normal_(layer.weight, a=0.01 if activation == "leakyrelu" else 0,
                                              nonlinearity="leaky_relu" if activation == "leakyrelu" else "relu")
            torch.nn.init.zeros_(layer.bias)
    return model


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", required=True, help="folder with the MNIST IDX files")
    parser.add_argument("--samples", type=int, default=60000,
                        help="samples in the timed epoch (the data is tiled when it has fewer)")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--threads", type=int, default=2, help="torch.set_num_threads")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", default="128", help="hidden widths: 128, 256,128 or 0 (none)")
    parser.add_argument("--activation", default="relu", choices=("relu", "sigmoid", "tanh", "leakyrelu"))
    parser.add_argument("--layers", help='a layer list, e.g. "conv 8 5x5, pool 2, dense 64" (instead of --hidden)')
    parser.add_argument("--repeats", type=int, default=5,
                        help="timed epochs; the median is reported (as backprop-lab-cli bench)")
    parser.add_argument("--warmup-epochs", type=int, default=1,
                        help="untimed epochs first (torch's first epoch runs ~30%% slower while "
                             "its allocator settles; timing a later one is the fair comparison)")
    args = parser.parse_args()

    import torch  # after argument parsing: --help stays fast

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)

    images_path, labels_path = training_files(args.data)
    images = read_idx(images_path, 0x803).reshape(-1, 784)
    labels = read_idx(labels_path, 0x801).astype(np.int64)
    if len(images) != len(labels):
        sys.exit(f"torch_peer: {len(images)} images in {images_path} but {len(labels)} labels "
                 f"in {labels_path}")
    n = len(images)
    reps = -(-args.samples // n)
    images = np.tile(images, (reps, 1))[:args.samples]
    labels = np.tile(labels, reps)[:args.samples]
    # x / 255 in [0, 1], the CLI's default input scaling.
    x_all = torch.from_numpy(images.astype(np.float32) / 255.0)
    y_all = torch.from_numpy(labels)
    test_path = find_file(args.data, TEST_IMAGES)
    if not test_path:
        sys.exit(f"torch_peer: {args.data} holds no t10k-images-idx3-ubyte (raw or .gz)")
    test = read_idx(test_path, 0x803).reshape(-1, 784)[:10000]
    x_test = torch.from_numpy(test.astype(np.float32) / 255.0)

    if args.layers:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import convnet  # PyTorch's default initialisation: the speed does not depend on it

        model = convnet.build(torch, args.layers, args.activation)
    else:
        widths = [] if args.hidden == "0" else [int(w) for w in args.hidden.split(",")]
        model = build(torch, widths, args.activation)
    loss_fn = torch.nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=args.lr)

    def step(xb, yb):
        opt.zero_grad(set_to_none=True)
        loss = loss_fn(model(xb), yb)
        loss.backward()
        opt.step()

    def epoch():
        """A shuffled pass over all samples in mini-batches (the last one may be smaller)."""
        perm = torch.randperm(args.samples)
        for i in range(0, args.samples, args.batch):
            idx = perm[i:i + args.batch]
            step(x_all[idx], y_all[idx])

    for _ in range(args.warmup_epochs):
        epoch()
    times = []
    for _ in range(max(1, args.repeats)):
        start = time.perf_counter()
        epoch()
        times.append(time.perf_counter() - start)
    epoch_seconds = statistics.median(times)

    eval_times = []
    with torch.no_grad():
        model(x_test)  # warm-up
        for _ in range(max(1, args.repeats)):
            start = time.perf_counter()
            predicted = model(x_test).argmax(dim=1)
            eval_times.append(time.perf_counter() - start)
    assert predicted.numel() == len(test)

    print(json.dumps({
        "samples": args.samples,
        "batch": args.batch,
        "epoch_seconds": epoch_seconds,
        "samples_per_second": args.samples / epoch_seconds,
        "eval_seconds_10k": statistics.median(eval_times) * 10000 / len(test),
        "statistic": "median",
        "repeats": max(1, args.repeats),
        "epoch_seconds_best": min(times),
        "threads": args.threads,
        "torch": torch.__version__,
    }))


if __name__ == "__main__":
    main()
