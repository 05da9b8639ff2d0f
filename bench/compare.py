"""Runs `backprop-lab-cli bench --json` and bench/torch_peer.py alternately, measures the peak
memory of `backprop-lab-cli train`, and prints a summary (and, with --markdown, a table for
docs/benchmarks.md). Started by bench/compare, which prepares the CLI and the peer's packages."""
import argparse
import glob
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

# Targets.
TARGET_RATIO = 8.0       # torch epoch / our epoch, at least (the default network)
TARGET_PEAK = 1.3        # our epoch / the epoch at the measured FMA peak, at most
TARGET_ROOFLINE = 1.6    # our epoch / roofline epoch, at most, when the products are Eigen's
TARGET_EVAL_MS = 8.0     # evaluating 10,000 test images, at most
TARGET_RSS_MB = 150.0    # peak memory of `train` on 60,000 samples, at most


def has_training_images(folder):
    return bool(glob.glob(os.path.join(folder, "train*-images-idx3-ubyte*")))


def choose_data(args):
    """The same folder for both programs: --data, $BPLAB_DATA, full MNIST in the application data
    folder, the shared MNIST folder beside the repository, the offline sample."""
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    candidates = [args.data, os.environ.get("BPLAB_DATA"),
                  os.path.join(data_home, "backprop-lab", "mnist"),
                  os.path.join(args.repo, "..", "shared", "data", "mnist"),
                  os.path.join(data_home, "backprop-lab", "sample")]
    for folder in candidates:
        if folder and has_training_images(folder):
            return os.path.realpath(folder)
    sys.exit("compare: no data folder found; pass --data DIR")


def run(cmd, what):
    """Runs cmd; returns (stdout, seconds, peak RSS in MB of 10^6 bytes).
    Exits with the command's stderr when it fails."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        # wait4 gives this child's own resource usage (ru_maxrss in KiB on Linux).
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        if proc.returncode != 0:
            sys.stderr.write(err.read().decode(errors="replace")[-2000:])
            sys.exit(f"compare: {what} failed with exit code {proc.returncode}: {' '.join(cmd)}")
    return stdout, seconds, usage.ru_maxrss * 1024 / 1e6


def last_json(text, what):
    for line in reversed(text.strip().splitlines()):
        line = line.strip()
        if line.startswith("{"):
            return json.loads(line)
    sys.exit(f"compare: {what} printed no JSON object:\n{text[-1000:]}")


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def median(rows, key):
    return statistics.median(r[key] for r in rows)


def verdict(ok):
    return "met" if ok else "NOT met"


def network_report(args, data, ours, torch, load_before):
    """Another network than the source's: both epochs, their ratio and the evaluation."""
    load_after = os.getloadavg()
    ours_epoch = median(ours, "epoch_seconds")
    torch_epoch = median(torch, "epoch_seconds")
    print(f"machine: {cpu_name()}, {os.cpu_count()} cores; network {ours[0]['network']}")
    print(f"data: {data}; {args.samples:,} samples per epoch, batch {ours[0]['batch']}, "
          f"{args.threads} threads each, {args.rounds} alternating rounds (medians)")
    print(f"load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    skipped = ours[-1].get("zero_inputs_skipped", False)
    print(f"epoch  ours  {ours_epoch:.3f} s  ({median(ours, 'samples_per_second'):,.0f} samples/s, "
          f"{median(ours, 'gflops'):.1f} GFLOP/s{' as if dense' if skipped else ''})")
    if skipped:
        print("ours: the first layer's products summed over the non-zero inputs only "
              "(BPLAB_DENSE_INPUTS=1 for the dense kernels)")
    print(f"epoch  torch {torch_epoch:.3f} s  ({median(torch, 'samples_per_second'):,.0f} samples/s)")
    print(f"ratio torch/ours: {torch_epoch / ours_epoch:.2f}x")
    print(f"eval 10k: ours {median(ours, 'eval_seconds_10k') * 1000:.1f} ms, "
          f"torch {median(torch, 'eval_seconds_10k') * 1000:.1f} ms")


# The networks of `--suite`, each with its target ratio (torch epoch / ours, at least; None: not
# slower than before, read against the table in docs/benchmarks.md) and the repeats of each
# program's median (a PyTorch epoch of the conv network takes 10-30 s on two cores).
CONV_LAYERS = "conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64"
SUITE = [
    ("784-128-10 ReLU (default)", ["--hidden", "128"], 8.0, 5),
    ("784-256-128-10 ReLU", ["--hidden", "256,128"], None, 5),
    (f"{CONV_LAYERS} -> 10 ReLU", ["--layers", CONV_LAYERS], 2.0, 2),
]


def suite(args, data):
    """Every network of SUITE against the PyTorch peer in one run: within each round, each
    network's two programs one after the other, so that all of them share the machine's state."""
    load_before = os.getloadavg()
    rows = {name: ([], []) for name, *_ in SUITE}
    for r in range(args.rounds):
        for name, network, _, repeats in SUITE:
            common = ["--data", data, "--samples", str(args.samples), "--threads", str(args.threads),
                      "--repeats", str(repeats), "--activation", "relu", *network]
            out, _, _ = run([args.cli, "bench", "--json", *common], "backprop-lab-cli bench")
            rows[name][0].append(last_json(out, "backprop-lab-cli bench"))
            out, _, _ = run([sys.executable, os.path.join(args.repo, "bench", "torch_peer.py"), *common],
                            "torch_peer.py")
            rows[name][1].append(last_json(out, "torch_peer.py"))
            print(f"round {r + 1}/{args.rounds}, {name}: ours {rows[name][0][-1]['epoch_seconds']:.3f} s, "
                  f"torch {rows[name][1][-1]['epoch_seconds']:.3f} s (load {os.getloadavg()[0]:.2f})",
                  file=sys.stderr)
    load_after = os.getloadavg()
    torch_version = next(iter(rows.values()))[1][0].get("torch", "?")
    print(f"machine: {cpu_name()}, {os.cpu_count()} cores; torch {torch_version}; {args.threads} threads each")
    print(f"data: {data}; {args.samples:,} samples per epoch, batch 64, {args.rounds} alternating rounds "
          f"(medians of the rounds, each round's epoch itself a median)")
    print(f"load average (1/5/15 min) {'/'.join(f'{v:.2f}' for v in load_before)} before, "
          f"{'/'.join(f'{v:.2f}' for v in load_after)} after")
    print()
    print("| network, batch 64 | ours (median) | PyTorch (median) | ratio | rounds' ratios | target |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, _, target, _ in SUITE:
        ours, torch = rows[name]
        ours_epoch, torch_epoch = median(ours, "epoch_seconds"), median(torch, "epoch_seconds")
        ratio = torch_epoch / ours_epoch
        pairs = ", ".join(f"{t['epoch_seconds'] / o['epoch_seconds']:.2f}" for o, t in zip(ours, torch))
        goal = f">= {target:g}x ({verdict(ratio >= target)})" if target else "not slower than before"
        print(f"| {name} | {ours_epoch:.3f} s ({median(ours, 'samples_per_second'):,.0f} samples/s) | "
              f"{torch_epoch:.3f} s | **{ratio:.2f}x** | {pairs} | {goal} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--data", help="MNIST folder for both programs (default: the best found)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--samples", type=int, default=60000)
    parser.add_argument("--threads", type=int, default=2,
                        help="threads for both: bench --threads and torch.set_num_threads")
    parser.add_argument("--markdown", action="store_true", help="also print a Markdown table")
    parser.add_argument("--hidden", default="128",
                        help="another network for both (256,128; 0: none): its epoch and ratio only")
    parser.add_argument("--activation", default="relu", choices=("relu", "sigmoid", "tanh", "leakyrelu"))
    parser.add_argument("--layers", help='a layer list for both instead of --hidden, e.g. '
                        '"conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64": its epoch and ratio only')
    parser.add_argument("--suite", action="store_true",
                        help="the default network, 784-256-128-10 and the conv network in one run (a table)")
    args = parser.parse_args()

    data = choose_data(args)
    if args.suite:
        return suite(args, data)
    network = ["--activation", args.activation]
    network += ["--layers", args.layers] if args.layers else ["--hidden", args.hidden]
    peer = [sys.executable, os.path.join(args.repo, "bench", "torch_peer.py"),
            "--data", data, "--samples", str(args.samples), "--threads", str(args.threads), *network]
    ours_cmd = [args.cli, "bench", "--data", data, "--samples", str(args.samples),
                "--threads", str(args.threads), "--json", *network]
    print(f"data: {data}", file=sys.stderr)
    print(f"ours: {' '.join(ours_cmd)}", file=sys.stderr)
    print(f"peer: {' '.join(peer)}", file=sys.stderr)

    # The other programs' load shows in every time here (two threads that wait for each other
    # feel it most): it is recorded with the results.
    load_before = os.getloadavg()
    ours, torch, bench_rss = [], [], []
    for r in range(args.rounds):
        out, _, rss = run(ours_cmd, "backprop-lab-cli bench")
        ours.append(last_json(out, "backprop-lab-cli bench"))
        bench_rss.append(rss)
        out, _, _ = run(peer, "torch_peer.py")
        torch.append(last_json(out, "torch_peer.py"))
        print(f"round {r + 1}/{args.rounds}: ours {ours[-1]['epoch_seconds']:.3f} s, "
              f"torch {torch[-1]['epoch_seconds']:.3f} s (load {os.getloadavg()[0]:.2f})",
              file=sys.stderr)

    if "roofline_epoch_seconds" not in ours[0]:
        return network_report(args, data, ours, torch, load_before)

    # Peak memory of a real training run (one epoch; the CLI's default output, no terminal).
    os.environ["BPLAB_THREADS"] = str(args.threads)
    train_cmd = [args.cli, "train", "--data", data, "--epochs", "1", "--json"]
    _, train_seconds, train_rss = run(train_cmd, "backprop-lab-cli train")

    load_after = os.getloadavg()
    load_text = (f"load average (1/5/15 min) {load_before[0]:.2f}/{load_before[1]:.2f}/"
                 f"{load_before[2]:.2f} before, {load_after[0]:.2f}/{load_after[1]:.2f}/"
                 f"{load_after[2]:.2f} after")
    ours_epoch = median(ours, "epoch_seconds")
    torch_epoch = median(torch, "epoch_seconds")
    roofline = median(ours, "roofline_epoch_seconds")
    ratio = torch_epoch / ours_epoch
    vs_roof = ours_epoch / roofline
    # The roofline times the epoch's own products. Eigen's leave a third of the FMA units idle at
    # these shapes, so its target is looser; libxsmm's run at the FMA peak, where the peak's
    # target applies instead.
    roofline_kernels = ours[0].get("roofline_kernels", "eigen")
    if roofline_kernels == "eigen":
        roof_target = f"target <= {TARGET_ROOFLINE:g}x: {verdict(vs_roof <= TARGET_ROOFLINE)}"
    else:
        roof_target = f"{roofline_kernels} products, at the FMA peak: the peak's target applies"
    ours_eval_ms = median(ours, "eval_seconds_10k") * 1000
    torch_eval_ms = median(torch, "eval_seconds_10k") * 1000
    gflops = median(ours, "gflops")
    bench_peak = max(bench_rss)
    # The limit is what the FMA loop reached at best: other programs only ever slow it down, and a
    # peak measured while they ran would make every epoch look closer to it.
    best = max(ours, key=lambda r: r["fma_peak_gflops"])
    fma_peak = best["fma_peak_gflops"]
    peaks_text = ", ".join(f"{r['fma_peak_gflops']:.0f}" for r in ours)
    peak_epoch = best["peak_epoch_seconds"]
    vs_peak = ours_epoch / peak_epoch
    skipped = all(r.get("zero_inputs_skipped", False) for r in ours)

    print(f"machine: {cpu_name()}, {os.cpu_count()} cores; torch {torch[0].get('torch', '?')}")
    print(f"data: {data}; {args.samples:,} samples per epoch, batch {ours[0]['batch']}, "
          f"{args.threads} threads each, {args.rounds} alternating rounds (medians; each of ours "
          f"is itself the median of {ours[0].get('repeats', 1)} epochs)")
    print(load_text)
    print(f"epoch  ours  {ours_epoch:.3f} s  ({median(ours, 'samples_per_second'):,.0f} samples/s,"
          f" {gflops:.1f} GFLOP/s)")
    print(f"epoch  torch {torch_epoch:.3f} s  "
          f"({median(torch, 'samples_per_second'):,.0f} samples/s)")
    print(f"ratio torch/ours: {ratio:.2f}x  "
          f"(target >= {TARGET_RATIO:g}x: {verdict(ratio >= TARGET_RATIO)})")
    print(f"ours vs FMA peak: {ours_epoch:.3f} s / {peak_epoch:.3f} s = {vs_peak:.2f}x  "
          f"(peak {fma_peak:.1f} GFLOP/s on {args.threads} threads, the best of the rounds "
          f"{peaks_text}; {ours[0]['kernels']} kernels; "
          f"target <= {TARGET_PEAK:g}x: {verdict(vs_peak <= TARGET_PEAK)})")
    print(f"first layer over the non-zero inputs only: {'yes' if skipped else 'no'} "
          f"(GFLOP/s count it as dense)")
    print(f"ours vs roofline: {ours_epoch:.3f} s / {roofline:.3f} s = {vs_roof:.2f}x  "
          f"({roof_target})")
    print(f"eval 10k: ours {ours_eval_ms:.1f} ms, torch {torch_eval_ms:.1f} ms  "
          f"(target < {TARGET_EVAL_MS:g} ms: {verdict(ours_eval_ms < TARGET_EVAL_MS)})")
    print(f"peak RSS: bench on {args.samples:,} samples {bench_peak:.0f} MB "
          f"(target < {TARGET_RSS_MB:g}: {verdict(bench_peak < TARGET_RSS_MB)}); "
          f"train --epochs 1 on the data folder {train_rss:.0f} MB ({train_seconds:.1f} s)")

    if args.markdown:
        ours_all = ", ".join(f"{r['epoch_seconds']:.3f}" for r in ours)
        torch_all = ", ".join(f"{r['epoch_seconds']:.3f}" for r in torch)
        print()
        print("| measure | Backprop Lab | PyTorch peer | target |")
        print("| --- | --- | --- | --- |")
        print(f"| one epoch of {args.samples:,} samples, batch 64 (median) | {ours_epoch:.3f} s | "
              f"{torch_epoch:.3f} s | ours at least {TARGET_RATIO:g}x faster |")
        print(f"| all rounds (s) | {ours_all} | {torch_all} | |")
        print(f"| samples/s (median) | {median(ours, 'samples_per_second'):,.0f} | "
              f"{median(torch, 'samples_per_second'):,.0f} | |")
        print(f"| ratio torch/ours | {ratio:.2f}x | | "
              f">= {TARGET_RATIO:g}x ({verdict(ratio >= TARGET_RATIO)}) |")
        print(f"| GFLOP/s achieved | {gflops:.1f} | | |")
        print(f"| FMA peak ({args.threads} threads, best of the rounds) | {fma_peak:.1f} GFLOP/s, "
              f"epoch at peak {peak_epoch:.3f} s | | |")
        print(f"| ours / epoch at FMA peak | {vs_peak:.2f}x ({ours[0]['kernels']} kernels) | | "
              f"<= {TARGET_PEAK:g}x ({verdict(vs_peak <= TARGET_PEAK)}) |")
        print(f"| first layer over the non-zero inputs only | {'yes' if skipped else 'no'} | | |")
        print(f"| GEMM roofline epoch | {roofline:.3f} s (ours {vs_roof:.2f}x of it) | | "
              f"{roof_target} |")
        print(f"| evaluate 10,000 test images | {ours_eval_ms:.1f} ms | {torch_eval_ms:.1f} ms | "
              f"< {TARGET_EVAL_MS:g} ms ({verdict(ours_eval_ms < TARGET_EVAL_MS)}) |")
        print(f"| peak RSS, `bench --samples {args.samples}` | {bench_peak:.0f} MB | | "
              f"< {TARGET_RSS_MB:g} MB ({verdict(bench_peak < TARGET_RSS_MB)}) |")
        print(f"| peak RSS, `train --epochs 1` on the data folder | {train_rss:.0f} MB | | |")
        print(f"| machine load | {load_text} | | |")


if __name__ == "__main__":
    main()
