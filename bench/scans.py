#!/usr/bin/python3
"""Imported pictures against the original images: how much a scan costs the network.

Takes the first --count test images of --data and writes each one twice as a picture in a folder
per class: "clean" (scaled to 280x280, inverted to dark ink on white, PNG: what a printout scanned
without loss would give) and "scanned" (the same, with the strokes thickened, rotated by up to
--rotate degrees either way, blurred a little and saved as JPEG at quality 60: what a phone photo
or a cheap scanner of a written sheet gives). Imports both with `backprop-lab-cli import-images`
(the Draw view's and predict's preprocessing), trains one model for --epochs on the training set
(or takes --model) and prints the accuracy of `eval` on the original images, the clean pictures
and the scanned ones, with the differences in points.

    /usr/bin/python3 bench/scans.py --data ../shared/data/mnist --count 1000 --epochs 10

Needs ImageMagick's convert (scripts/setup does not install it; apt-get install imagemagick).
BPLAB_CLI names the CLI binary (default build/app/cli/backprop-lab-cli). A measurement, not a
test: tests/app/tst_cliimport.cpp checks the import itself.
"""
import argparse
import gzip
import json
import os
import random
import struct
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_idx(path):
    """(count, item size, data) of an IDX file (images or labels), PATH or PATH.gz."""
    if not os.path.exists(path):
        path += ".gz"
    with (gzip.open if path.endswith(".gz") else open)(path, "rb") as f:
        raw = f.read()
    dims = raw[3]
    shape = struct.unpack(">" + "I" * dims, raw[4:4 + 4 * dims])
    item = 1
    for d in shape[1:]:
        item *= d
    return shape[0], item, raw[4 + 4 * dims:]


def write_idx(path, magic_dims, shape, data):
    with open(path, "wb") as f:
        f.write(bytes([0, 0, 8, magic_dims]))
        f.write(struct.pack(">" + "I" * len(shape), *shape))
        f.write(data)


def run(args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout


def accuracy(cli, model, folder):
    return json.loads(run([cli, "eval", "--model", model, "--data", folder, "--json"]))["test_accuracy"]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", required=True, help="an MNIST data folder (t10k-* files, optionally .gz)")
    p.add_argument("--count", type=int, default=1000)
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--model", help="a model file to evaluate instead of training one")
    p.add_argument("--rotate", type=float, default=6.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keep", help="write the folders here and keep them")
    a = p.parse_args()
    cli = os.environ.get("BPLAB_CLI", os.path.join(REPO, "build/app/cli/backprop-lab-cli"))
    n, item, pixels = read_idx(os.path.join(a.data, "t10k-images-idx3-ubyte"))
    _, _, labels = read_idx(os.path.join(a.data, "t10k-labels-idx1-ubyte"))
    count = min(a.count, n)
    rng = random.Random(a.seed)
    work = a.keep or tempfile.mkdtemp(prefix="bplab-scans-")
    os.makedirs(work, exist_ok=True)

    # The original images as a test set of their own.
    original = os.path.join(work, "original")
    os.makedirs(original, exist_ok=True)
    write_idx(os.path.join(original, "t10k-images-idx3-ubyte"), 3, (count, 28, 28), pixels[:count * item])
    write_idx(os.path.join(original, "t10k-labels-idx1-ubyte"), 1, (count,), labels[:count])

    pgm = os.path.join(work, "pgm")
    os.makedirs(pgm, exist_ok=True)
    for kind in ("clean", "scanned"):
        for c in range(10):
            os.makedirs(os.path.join(work, kind, str(c)), exist_ok=True)
    for i in range(count):
        source = os.path.join(pgm, f"{i}.pgm")
        with open(source, "wb") as f:
            f.write(b"P5 28 28 255\n" + pixels[i * item:(i + 1) * item])
        label = str(labels[i])
        name = f"{i:05d}"
        run(["convert", source, "-filter", "Triangle", "-resize", "280x280", "-negate",
             os.path.join(work, "clean", label, name + ".png")])
        angle = rng.uniform(-a.rotate, a.rotate)
        # Dark ink on white: thicker strokes are a minimum filter (erosion of the white).
        run(["convert", source, "-filter", "Triangle", "-resize", "280x280", "-negate",
             "-morphology", "Erode", "Disk:4", "-background", "white", "-rotate", f"{angle:.2f}",
             "-gravity", "center", "-extent", "300x300", "-blur", "0x1.2", "-quality", "60",
             os.path.join(work, "scanned", label, name + ".jpg")])

    for kind in ("clean", "scanned"):
        run([cli, "import-images", os.path.join(work, kind), "--out", os.path.join(work, kind + "-idx"),
             "--as", "test"])

    model = a.model
    if not model:
        model = os.path.join(work, "model.bplab")
        run([cli, "train", "--data", a.data, "--epochs", str(a.epochs), "--seed", str(a.seed),
             "--save", model])
    on_original = accuracy(cli, model, original)
    on_clean = accuracy(cli, model, os.path.join(work, "clean-idx"))
    on_scanned = accuracy(cli, model, os.path.join(work, "scanned-idx"))
    print(f"images: the first {count:,} test images of {a.data}; model: {model}")
    print(f"original images      {on_original:6.2f} %")
    print(f"clean pictures       {on_clean:6.2f} %  ({on_clean - on_original:+.2f} points)")
    print(f"scanned pictures     {on_scanned:6.2f} %  ({on_scanned - on_original:+.2f} points)")
    if not a.keep:
        print(f"(pictures in {work}; --keep DIR keeps them where you say)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
