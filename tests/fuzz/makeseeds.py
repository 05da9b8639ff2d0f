#!/usr/bin/python3
"""Writes the small seed inputs of tests/fuzz/corpus/<target>/ (committed; run again only to change
them), all but snapshot/, which holds the first 160 and 512 bytes of a file encodeSnapshot wrote.
Each seed is a valid or nearly valid file of its kind, small enough for the fuzzer's default input
size, so that mutations reach past the first checks of each reader."""
import gzip
import io
import os
import struct
import zipfile

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def put(target, name, data):
    folder = os.path.join(root, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def gz(data):
    return gzip.compress(data, mtime=0)


images = struct.pack(">IIII", 0x803, 2, 4, 4) + bytes(range(0, 256, 8))
labels = struct.pack(">II", 0x801, 3) + bytes([7, 2, 1])
for target in ("idx", "idx_gz"):
    put(target, "images-2x4x4", images)
    put(target, "labels-3", labels)
    put(target, "images-cut-short", images[:20])
    put(target, "labels-out-of-range", struct.pack(">II", 0x801, 2) + bytes([3, 11]))
put("idx", "images-2x4x4.gz", gz(images))
put("idx", "labels-3.gz", gz(labels))
put("idx", "labels-gz-cut-short", gz(labels)[:-6])

# The model file's header (docs/file-formats.md): the data and CRC32 would make a seed of 400 KB.
header = b"BPLABMDL" + struct.pack("<IIII", 1, 1, 4, 0)
header += struct.pack("<8I", 128, 784, 128, 1, 10, 128, 10, 1)
put("model", "header", header)
put("model", "header-version-2", header[:8] + struct.pack("<I", 2) + header[12:])
put("model", "header-and-some-data", header + bytes(64))


def npy(shape, descr="<f4", fortran=False, version=1):
    text = "{'descr': '%s', 'fortran_order': %s, 'shape': (%s), }" % (
        descr, "True" if fortran else "False",
        ", ".join(str(n) for n in shape) + ("," if len(shape) == 1 else ""))
    prefix = 10 if version == 1 else 12
    text += " " * ((64 - (prefix + len(text) + 1) % 64) % 64) + "\n"
    size = 1
    for n in shape:
        size *= n
    item = int(descr[2])
    head = b"\x93NUMPY" + bytes([version, 0])
    head += struct.pack("<H" if version == 1 else "<I", len(text))
    return head + text.encode() + bytes(size * item)


def npz(arrays, method=zipfile.ZIP_STORED, zip64=False):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=method) as z:
        for name, data in arrays.items():
            info = zipfile.ZipInfo(name + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = method
            with z.open(info, "w", force_zip64=zip64) as f:
                f.write(data)
    return buf.getvalue()


small = {"W1": npy((2, 3)), "b1": npy((2,)), "W2": npy((2, 2)), "b2": npy((2,))}
put("npz", "small-stored.npz", npz(small))
put("npz", "small-deflated.npz", npz(small, zipfile.ZIP_DEFLATED))
put("npz", "small-zip64.npz", npz(small, zip64=True))
put("npz", "b2-only-f8-fortran.npz", npz({"b2": npy((10,), "<f8", True, 2)}))
put("npz", "b2-only-big-endian.npz", npz({"b2": npy((10,), ">f4")}))
put("npz", "b2-shape-10x1.npz", npz({"b2": npy((10, 1))}))

# Lessons (docs/file-formats.md, "Lesson"): the shipped ones (the first two, whole) and small
# hand-made ones that reach each kind of field.
lessons = os.path.join(os.path.dirname(root), "..", "..", "resources", "lessons")
for name in sorted(os.listdir(lessons))[:2]:
    with open(os.path.join(lessons, name), "rb") as f:
        put("lesson", name, f.read())
small = (b'{"format":"backprop-lab-lesson","version":1,"title":"T","dataset":"sample",'
         b'"settings":{"recipe":"tuned","lr":0.5,"batch":8,"epochs":1,"seed":3,"pace":"sample"},'
         b'"views":["step","cluster"],"controls":{"lock":["lr"],"hide":["seed"]},'
         b'"steps":[{"text":"a","view":"step","stage":3,"timeline_at":5,"test_image":2,"lr":1,"pace":"full",'
         b'"question":{"text":"q","quantity":"sign_delta1","index":4}},'
         b'{"text":"b","view":"cluster","question":{"text":"q","quantity":"snapshot_time",'
         b'"cluster":{"servers":2,"gpus_per_server":8,"algorithm":"hierarchical"},"tolerance_percent":20}}]}')
put("lesson", "small-every-field", small)
put("lesson", "small-confusion", small.replace(b'"quantity":"sign_delta1","index":4',
                                               b'"quantity":"confusion_count","true_class":4,"predicted_class":9'))
put("lesson", "escapes-and-utf8", b'{"format":"backprop-lab-lesson","version":1,"title":"\\u00e9\\ud83d\\ude00 \xc3\xa9",'
    b'"dataset":"mnist","views":["train"],"steps":[{"text":"x\\n\\t\\"","view":"train"}]}')
put("lesson", "bad-nesting", b'{"format":"backprop-lab-lesson","version":1,"title":' + b"[" * 40 + b"]" * 40 + b"}")
