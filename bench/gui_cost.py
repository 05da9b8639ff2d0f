"""What the live dashboard costs: `backprop-lab-cli train` and the app with its Train view live
(`backprop-lab --quit-when-done --report`), on the same data, seed and epochs, alternately. Prints
the medians of both training rates (samples over the epochs' training seconds, evaluations left
out), their ratio, the GUI thread's CPU share and the GUI latency. Started by `bench/compare --gui`."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

TARGET_RATIO = 0.95   # the app's samples/s over the CLI's, at least
TARGET_GUI_CPU = 0.10 # GUI thread CPU seconds per second of training, at most
TARGET_P99_MS = 20.0  # GUI latency, 99th percentile, at most


def cli_rate(cli, data, epochs, seed, network):
    out = subprocess.run([cli, "train", "--data", data, "--epochs", str(epochs), "--seed", str(seed),
                          *network, "--json"], check=True, capture_output=True, text=True).stdout
    epochs_json = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    epochs_json = [e for e in epochs_json if "samples_per_second" in e and "seconds" in e]
    samples = sum(e["samples_per_second"] * e["seconds"] for e in epochs_json)
    seconds = sum(e["seconds"] for e in epochs_json)
    return samples / seconds, epochs_json[-1].get("training_threads", 0)


def app_report(app, data, epochs, seed, network):
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
        subprocess.run([app, "--data", data, "--epochs", str(epochs), "--seed", str(seed), "--lang", "en",
                        *network, "--view", "train", "--quit-when-done", "--report", report],
                       check=True, capture_output=True, text=True, env=env)
        with open(report) as f:
            return json.load(f)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--app", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--epochs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hidden", help="another network for both, e.g. 1024,1024")
    parser.add_argument("--layers", help="a layer list for both instead of --hidden")
    parser.add_argument("--baseline-app", help="another build of the app (say, before a change), run in the same "
                                               "rounds against the same CLI run, in alternating order")
    args = parser.parse_args()
    network = (["--hidden", args.hidden] if args.hidden else []) + (["--layers", args.layers] if args.layers else [])

    load_before = os.getloadavg()
    cli, app, cpu, p99, frames, base = [], [], [], [], [], []
    cli_threads = app_threads = 0
    for r in range(args.rounds):
        rate, cli_threads = cli_rate(args.cli, args.data, args.epochs, args.seed, network)
        cli.append(rate)
        # With a baseline build: it runs first in odd rounds, second in even ones.
        if args.baseline_app and r % 2 == 1:
            base.append(app_report(args.baseline_app, args.data, args.epochs, args.seed, network)["samples_per_second"])
        rep = app_report(args.app, args.data, args.epochs, args.seed, network)
        if args.baseline_app and r % 2 == 0:
            base.append(app_report(args.baseline_app, args.data, args.epochs, args.seed, network)["samples_per_second"])
        app_threads = rep.get("training_threads", 0)
        app.append(rep["samples_per_second"])
        cpu.append(rep["gui_thread_cpu_seconds"] / rep["run_seconds"] if rep["run_seconds"] > 0 else 0)
        p99.append(rep["ui_latency_ms_p99"])
        frames.append(rep["frames"])
        print(f"round {r + 1}/{args.rounds}: cli {cli[-1]:,.0f} samples/s, app {app[-1]:,.0f} samples/s "
              f"({app[-1] / cli[-1]:.0%}), GUI thread {cpu[-1]:.1%} of a core, p99 {p99[-1]:.1f} ms, "
              f"{frames[-1]:.0f} frames (load {os.getloadavg()[0]:.2f})"
              + (f"; baseline app {base[-1]:,.0f} samples/s ({base[-1] / cli[-1]:.0%})" if base else ""),
              file=sys.stderr)
    load_after = os.getloadavg()
    m = statistics.median
    # Each round's app against the CLI run just before it (the machine's state shared), then the
    # median of those ratios.
    ratio = m([a / c for a, c in zip(app, cli)])
    verdict = lambda ok: "met" if ok else "NOT met"
    print(f"CLI train: {m(cli):,.0f} samples/s (median of {args.rounds}), {cli_threads} training thread(s)")
    print(f"app, Train view live: {m(app):,.0f} samples/s, {app_threads} training thread(s); "
          f"median of the rounds' app / CLI {ratio:.1%} (target >= {TARGET_RATIO:.0%}: {verdict(ratio >= TARGET_RATIO)})")
    if base:
        print(f"baseline app: {m(base):,.0f} samples/s; median of the rounds' baseline / CLI "
              f"{m([b / c for b, c in zip(base, cli)]):.1%}, app / baseline {m([a / b for a, b in zip(app, base)]):.1%}")
    print(f"GUI thread: {m(cpu):.1%} of one core while training "
          f"(target <= {TARGET_GUI_CPU:.0%}: {verdict(m(cpu) <= TARGET_GUI_CPU)})")
    print(f"GUI latency p99: {m(p99):.1f} ms (target < {TARGET_P99_MS:.0f} ms: {verdict(m(p99) < TARGET_P99_MS)})")
    print(f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after")


if __name__ == "__main__":
    main()
