// simulate: the training loop's timing on a simulated GPU cluster (links, all-reduce, buckets,
// snapshots, faults). The cost model and every preset's source are in docs/cluster.md.

#include "command.h"
#include "commands.h"
#include "dataoptions.h"
#include "jsonwriter.h"

#include "simtrace.h"
#include "simulator.h"

#include <QFile>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace bplab::cli {

namespace {

using namespace bplab::cluster;

const char *kSimulateDetails
        = R"(The cluster: S servers of G GPUs. Each GPU has a PCIe link to its server's DRAM, an NVLink
port to the server's NVSwitch and its own NIC to one switch between the servers; every link has
one direction, a bandwidth and a latency. A link is busy for bytes / bandwidth, messages on it
queue first-in first-out, and a message arrives after latency + bytes / bandwidth per hop.
One iteration: each GPU copies its mini-batch (--batch x 784 bytes) over PCIe unless --resident;
forward and backward take FLOPs / --gpu-tflops; the gradient (101,770 floats = 407,080 bytes,
times --model-scale) is all-reduced in buckets of at most --bucket-mb MiB that start as soon as
the backward pass has produced them; then the update.
algbw = gradient bytes / all-reduce seconds; busbw = algbw x 2(N-1)/N (nccl-tests).
A failure at --fail-at rolls back to the last snapshot (every --snapshot-every iterations, each
costing its bytes / --storage-gbps) and redoes the lost iterations. Young's interval
sqrt(2 x snapshot cost x MTBF) is shown beside the chosen one.
--json keys: "servers", "gpus_per_server", "rank_count", "algorithm", "model_scale",
"gradient_bytes", "timed_gradient_bytes", "buckets", "total_seconds", "mean_iteration_seconds",
"mean_algbw", "mean_busbw", "ranks" [{"rank", "bytes_sent", "bytes_received", "messages_sent"}
per iteration's all-reduce, "bytes_sent_total", "bytes_received_total"}], "links" [{"name",
"kind" ("pcie"|"nvlink"|"nic"), "bandwidth_bytes_per_s", "latency_seconds", "bytes",
"busy_seconds", "utilization"}], "iterations" [{"iteration", "seconds", "compute_seconds",
"allreduce_seconds", "pcie_seconds", "snapshot_seconds", "algbw", "busbw", "lost", "failed"}] in
the order they ran, "lost_iterations", "lost_seconds", "snapshots", "snapshot_seconds",
"snapshot_every", "young_interval_seconds", "young_interval_iterations".
--shared-memory N: one host, N processes exchanging through shared memory (what `mpirun -np N
backprop-lab-cli train --mpi` does on one machine): 1 server x N ranks whose NVLink ports stand
for the shared-memory copies (12 GB/s per copy, 0.6 us per message, measured here), the
data resident, compute at one CPU core's 115 GFLOP/s; compare with train --mpi --json's
allreduce_seconds (docs/cluster.md).
--trace FILE: the run in the Trace Event Format (Perfetto, chrome://tracing): a track per link
with its busy spans and a track with the phases, as `train --mpi --trace` writes a measured run.
--csv FILE: the utilisation timeline, one row per time bin (--bins), columns "time_seconds" and
one per link (busy fraction 0-1).)";

QString rate(double bytesPerS)
{
    return QStringLiteral("%1 GB/s").arg(bytesPerS / 1e9, 0, 'f', 2);
}

QString duration(double s)
{
    if (s >= 1)
        return QStringLiteral("%1 s").arg(s, 0, 'f', 3);
    if (s >= 1e-3)
        return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'f', 3);
    return QStringLiteral("%1 us").arg(s * 1e6, 0, 'f', 2);
}

Json linksJson(const SimResult &r)
{
    Json out = Json::array();
    for (std::size_t i = 0; i < r.links.size(); ++i) {
        const Link &l = r.links[i];
        const LinkStats &s = r.linkStats[i];
        out.push_back(JsonObject()
                         .add("name", qs(l.name))
                         .add("kind", qs(toString(l.kind)))
                         .add("bandwidth_bytes_per_s", l.bytesPerS)
                         .add("latency_seconds", l.latencyS)
                         .add("bytes", s.bytes)
                         .add("busy_seconds", s.busySeconds)
                         .add("utilization", s.utilization)
                         .json());
    }
    return out;
}

Json ranksJson(const SimResult &r)
{
    Json out = Json::array();
    for (std::size_t k = 0; k < r.rankTrafficPerIteration.size(); ++k) {
        const RankTraffic &t = r.rankTrafficPerIteration[k];
        const RankTraffic total
                = k < r.rankTrafficTotal.size() ? r.rankTrafficTotal[k] : RankTraffic {};
        out.push_back(JsonObject()
                         .add("rank", int(k))
                         .add("bytes_sent", t.bytesSent)
                         .add("bytes_received", t.bytesReceived)
                         .add("messages_sent", t.messagesSent)
                         .add("bytes_sent_total", total.bytesSent)
                         .add("bytes_received_total", total.bytesReceived)
                         .json());
    }
    return out;
}

Json iterationsJson(const SimResult &r)
{
    Json out = Json::array();
    for (std::size_t i = 0; i < r.iterations.size(); ++i) {
        const IterationStats &s = r.iterations[i];
        out.push_back(JsonObject()
                         .add("iteration", s.iteration)
                         .add("seconds", s.seconds)
                         .add("compute_seconds", s.computeSeconds)
                         .add("allreduce_seconds", s.allreduceSeconds)
                         .add("pcie_seconds", s.pcieSeconds)
                         .add("snapshot_seconds", s.snapshotSeconds)
                         .add("algbw", s.algbw)
                         .add("busbw", s.busbw)
                         .add("lost", s.lost)
                         .add("failed", s.failed)
                         .json());
    }
    return out;
}

struct Means
{
    double seconds = 0, compute = 0, allreduce = 0, pcie = 0, algbw = 0, busbw = 0;
};

Means meansOf(const SimResult &r)
{
    Means m;
    int n = 0;
    for (const IterationStats &s : r.iterations) {
        if (s.lost)
            continue;
        m.seconds += s.seconds;
        m.compute += s.computeSeconds;
        m.allreduce += s.allreduceSeconds;
        m.pcie += s.pcieSeconds;
        m.algbw += s.algbw;
        m.busbw += s.busbw;
        ++n;
    }
    if (n > 0) {
        m.seconds /= n;
        m.compute /= n;
        m.allreduce /= n;
        m.pcie /= n;
        m.algbw /= n;
        m.busbw /= n;
    }
    return m;
}

bool writeCsv(const SimResult &r, int bins, const QString &path, QString &error)
{
    const UtilizationTimeline tl = utilizationTimeline(r, bins);
    std::string text = "time_seconds";
    for (const Link &l : r.links)
        text += "," + l.name;
    text += "\n";
    for (std::size_t b = 0; b < tl.times.size(); ++b) {
        text += jsonText(jsonNumberOf(tl.times[b]));
        for (const auto &u : tl.links)
            text += "," + jsonText(jsonNumberOf(std::round(u[b] * 1e6) / 1e6));
        text += "\n";
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
        error = QStringLiteral("cannot write the CSV file %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

QString textReport(const SimResult &r, const SimConfig &c)
{
    const Means m = meansOf(r);
    const int n = c.cluster.ranks();
    QString t;
    t += QStringLiteral("cluster     %1 server(s) x %2 GPU(s) = %3 ranks, %4 all-reduce\n")
                 .arg(c.cluster.servers)
                 .arg(c.cluster.gpusPerServer)
                 .arg(n)
                 .arg(qs(toString(c.algorithm)));
    double pcieBw = 0, nvBw = 0, nicBw = 0;
    for (const Link &l : r.links)
        (l.kind == LinkKind::Pcie     ? pcieBw
         : l.kind == LinkKind::NvLink ? nvBw
                                      : nicBw)
                = l.bytesPerS;
    t += QStringLiteral(
                 "links       PCIe %1, NVLink %2, NIC %3 (%4 Gb/s) per direction; latency x %5\n")
                 .arg(rate(pcieBw), rate(nvBw), rate(nicBw))
                 .arg(nicBw * 8 / 1e9, 0, 'f', 0)
                 .arg(c.cluster.latencyScale);
    t += QStringLiteral("gradient    %1 values (%2) = %3 bytes; timed x %4 = %5 bytes in %6 bucket(s)\n")
                 .arg(thousands(r.gradientValues), qs(describe(c.network)), thousands(std::uint64_t(r.gradientBytes)))
                 .arg(c.modelScale)
                 .arg(thousands(std::uint64_t(r.timedGradientBytes)))
                 .arg(r.buckets.size());
    t += QStringLiteral("\nper iteration (mean of %1 kept): %2\n")
                 .arg(c.iterations)
                 .arg(duration(m.seconds));
    t += QStringLiteral("  pcie copy   %1%2\n")
                 .arg(duration(m.pcie))
                 .arg(c.resident ? QStringLiteral(" (dataset resident in VRAM)") : QString());
    t += QStringLiteral("  compute     %1 (forward + backward + update)\n")
                 .arg(duration(m.compute));
    t += QStringLiteral("  all-reduce  %1, algbw %2, busbw %3 = algbw x 2(N-1)/N\n")
                 .arg(duration(m.allreduce), rate(m.algbw), rate(m.busbw));
    if (!r.rankTrafficPerIteration.empty()) {
        const RankTraffic &t0 = r.rankTrafficPerIteration[0];
        t += QStringLiteral("  rank 0 sends %1 bytes in %2 messages per iteration")
                     .arg(thousands(std::uint64_t(t0.bytesSent)))
                     .arg(t0.messagesSent);
        if (c.algorithm == Algorithm::Ring)
            t += QStringLiteral(" (2(N-1)/N x S = %1; chunks are whole floats)")
                         .arg(thousands(std::uint64_t(
                                 n > 1 ? 2.0 * (n - 1) / n * r.timedGradientBytes : 0)));
        t += QLatin1Char('\n');
    }
    // Which link kinds limit the ring: the slowest link a message crosses.
    const double slowest = c.cluster.servers > 1 ? std::min(nvBw, nicBw) : nvBw;
    if (n > 1 && m.busbw < 0.5 * slowest)
        t += QStringLiteral("  latency dominates: busbw is %1% of the slowest link's %2; try "
                            "--model-scale 100 to see the links at line rate\n")
                     .arg(100.0 * m.busbw / slowest, 0, 'f', 1)
                     .arg(rate(slowest));
    t += QStringLiteral("\nlinks (over %1 of simulated time):\n").arg(duration(r.totalSeconds));
    t += QStringLiteral("  %1 %2 %3 %4 %5\n")
                 .arg(QStringLiteral("name"), -20)
                 .arg(QStringLiteral("kind"), -7)
                 .arg(QStringLiteral("bytes"), 16)
                 .arg(QStringLiteral("busy"), 12)
                 .arg(QStringLiteral("utilization"), 12);
    for (std::size_t i = 0; i < r.links.size(); ++i) {
        if (r.linkStats[i].bytes <= 0)
            continue;
        t += QStringLiteral("  %1 %2 %3 %4 %5%\n")
                     .arg(qs(r.links[i].name), -20)
                     .arg(qs(toString(r.links[i].kind)), -7)
                     .arg(thousands(std::uint64_t(r.linkStats[i].bytes)), 16)
                     .arg(duration(r.linkStats[i].busySeconds), 12)
                     .arg(100.0 * r.linkStats[i].utilization, 11, 'f', 2);
    }
    t += QStringLiteral("\nsnapshots   %1 written, each %2 (%3 bytes at %4)\n")
                 .arg(r.snapshots)
                 .arg(duration(r.snapshotSeconds))
                 .arg(thousands(std::uint64_t(r.timedGradientBytes)))
                 .arg(rate(c.storageBytesPerS));
    t += QStringLiteral("            Young's interval sqrt(2 x %1 x MTBF %2 h) = %3 = %4 iterations"
                        " (chosen: %5)\n")
                 .arg(duration(r.snapshotSeconds))
                 .arg(c.mtbfSeconds / 3600.0)
                 .arg(duration(r.youngIntervalSeconds))
                 .arg(r.youngIntervalIterations, 0, 'f', 0)
                 .arg(c.snapshotEvery > 0 ? QString::number(c.snapshotEvery)
                                          : QStringLiteral("none"));
    if (c.failAt >= 0)
        t += QStringLiteral("failure     at iteration %1: rolled back, %2 iteration(s) lost, %3 of "
                            "work and recovery\n")
                     .arg(c.failAt)
                     .arg(r.lostIterations)
                     .arg(duration(r.lostSeconds));
    t += QStringLiteral("total       %1 simulated\n").arg(duration(r.totalSeconds));
    return t;
}

/** --shared-memory N: the one-host preset in place of the cluster options. */
int applySharedMemory(const Command &cmd, SimConfig &c)
{
    if (!cmd.isSet(QStringLiteral("shared-memory")))
        return -1;
    for (const char *option : {"servers", "gpus-per-server", "pcie", "nvlink", "nic", "resident"})
        if (cmd.isSet(QLatin1String(option)))
            return cmd.usageError(QStringLiteral("--%1 is a GPU cluster's; --shared-memory N "
                                                 "simulates one host")
                                          .arg(QLatin1String(option)));
    int processes = 2;
    if (!cmd.intValue(QStringLiteral("shared-memory"), 1, 64, processes))
        return kExitUsage;
    const double latencyScale = c.cluster.latencyScale; // --latency-scale still applies
    c.cluster = sharedMemoryHost(processes);
    c.cluster.latencyScale = latencyScale;
    c.resident = true;
    if (!cmd.isSet(QStringLiteral("gpu-tflops")))
        c.gpuFlopsPerS = kCpuFlopsPerS;
    return -1;
}

} // namespace

int runSimulate(const QStringList &args)
{
    Command cmd(QStringLiteral("simulate"),
                QStringLiteral("Simulates data-parallel training on a GPU cluster: link use, "
                               "all-reduce times, snapshots and failures."),
                QString::fromUtf8(kSimulateDetails));
    cmd.addOption(QStringLiteral("servers"), QStringLiteral("Servers (default 2)."),
                  QStringLiteral("S"));
    cmd.addOption(QStringLiteral("gpus-per-server"), QStringLiteral("GPUs per server (default 4)."),
                  QStringLiteral("G"));
    cmd.addOption(QStringLiteral("algorithm"),
                  QStringLiteral("ring or hierarchical (default ring)."), QStringLiteral("NAME"));
    cmd.addOption(QStringLiteral("iterations"), QStringLiteral("Training iterations (default 10)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("batch"), QStringLiteral("Mini-batch per GPU (default 64)."),
                  QStringLiteral("B"));
    cmd.addOption(QStringLiteral("model-scale"),
                  QStringLiteral("Multiplies the gradient's size and the FLOPs (default 1)."),
                  QStringLiteral("K"));
    cmd.addOption(QStringLiteral("pcie"),
                  QStringLiteral("gen4 (31.5 GB/s) or gen5 (63 GB/s); default gen4."),
                  QStringLiteral("GEN"));
    cmd.addOption(QStringLiteral("nvlink"),
                  QStringLiteral("a100 (300 GB/s) or h100 (450 GB/s) per direction; default a100."),
                  QStringLiteral("GPU"));
    cmd.addOption(QStringLiteral("nic"), QStringLiteral("200 or 400 Gb/s per GPU; default 200."),
                  QStringLiteral("GBPS"));
    cmd.addOption(QStringLiteral("latency-scale"),
                  QStringLiteral("Multiplies every latency; 0 = none (default 1)."),
                  QStringLiteral("X"));
    cmd.addOption(QStringLiteral("resident"),
                  QStringLiteral("The dataset sits in the GPUs' memories: no PCIe copies."));
    cmd.addOption(QStringLiteral("bucket-mb"),
                  QStringLiteral("Gradient bucket cap in MiB (default 25, as PyTorch DDP)."),
                  QStringLiteral("M"));
    cmd.addOption(QStringLiteral("gpu-tflops"),
                  QStringLiteral("GPU throughput in TFLOP/s (default 19.5, A100 FP32)."),
                  QStringLiteral("T"));
    cmd.addOption(QStringLiteral("snapshot-every"),
                  QStringLiteral("Write a snapshot every K iterations (default 0: never)."),
                  QStringLiteral("K"));
    cmd.addOption(QStringLiteral("storage-gbps"),
                  QStringLiteral("Snapshot storage bandwidth in GB/s (default 2)."),
                  QStringLiteral("X"));
    cmd.addOption(QStringLiteral("fail-at"),
                  QStringLiteral("A GPU or link fails during this iteration (0-based)."),
                  QStringLiteral("ITER"));
    cmd.addOption(QStringLiteral("drop-packet-at"),
                  QStringLiteral("The first network message of this iteration is lost once."),
                  QStringLiteral("ITER"));
    cmd.addOption(QStringLiteral("mtbf-hours"),
                  QStringLiteral("Mean time between failures for Young's interval (default 24)."),
                  QStringLiteral("H"));
    cmd.addOption(QStringLiteral("csv"), QStringLiteral("Write the utilisation timeline to FILE."),
                  QStringLiteral("FILE"));
    cmd.addOption(QStringLiteral("bins"),
                  QStringLiteral("Time bins of the CSV timeline (default 200)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("shared-memory"),
                  QStringLiteral("One host, N processes, shared memory instead of the GPU cluster "
                                 "(the machine of train --mpi)."),
                  QStringLiteral("N"));
    cmd.addOption(QStringLiteral("trace"),
                  QStringLiteral("Write the per-link spans as a Trace Event Format JSON FILE."),
                  QStringLiteral("FILE"));
    cmd.addOption(QStringLiteral("json"), QStringLiteral("One JSON object on stdout."));
    addArchitectureOptions(cmd); // whose gradient is all-reduced and whose FLOPs are timed
    if (const int code = cmd.parse(args); code >= 0)
        return code;

    SimConfig c;
    if (const int code = architectureValue(cmd, c.network); code >= 0)
        return code;
    QString algorithm = QStringLiteral("ring"), pcie = QStringLiteral("gen4"),
            nvlink = QStringLiteral("a100"), nic = QStringLiteral("200");
    double bucketMb = 25, tflops = 19.5, storageGbps = 2, mtbfHours = 24;
    int bins = 200;
    if (!cmd.intValue(QStringLiteral("servers"), 1, 64, c.cluster.servers)
        || !cmd.intValue(QStringLiteral("gpus-per-server"), 1, 64, c.cluster.gpusPerServer)
        || !cmd.choiceValue(QStringLiteral("algorithm"),
                            {QStringLiteral("ring"), QStringLiteral("hierarchical")}, algorithm)
        || !cmd.intValue(QStringLiteral("iterations"), 1, 1000000, c.iterations)
        || !cmd.intValue(QStringLiteral("batch"), 1, 1000000, c.batch)
        || !cmd.doubleValue(QStringLiteral("model-scale"), 0, 1e5, c.modelScale, true)
        || !cmd.choiceValue(QStringLiteral("pcie"),
                            {QStringLiteral("gen4"), QStringLiteral("gen5")}, pcie)
        || !cmd.choiceValue(QStringLiteral("nvlink"),
                            {QStringLiteral("a100"), QStringLiteral("h100")}, nvlink)
        || !cmd.choiceValue(QStringLiteral("nic"), {QStringLiteral("200"), QStringLiteral("400")},
                            nic)
        || !cmd.doubleValue(QStringLiteral("latency-scale"), 0, 1e6, c.cluster.latencyScale)
        || !cmd.doubleValue(QStringLiteral("bucket-mb"), 0, 1e6, bucketMb, true)
        || !cmd.doubleValue(QStringLiteral("gpu-tflops"), 0, 1e6, tflops, true)
        || !cmd.intValue(QStringLiteral("snapshot-every"), 0, 1000000, c.snapshotEvery)
        || !cmd.doubleValue(QStringLiteral("storage-gbps"), 0, 1e6, storageGbps, true)
        || !cmd.intValue(QStringLiteral("fail-at"), 0, 1000000, c.failAt)
        || !cmd.intValue(QStringLiteral("drop-packet-at"), 0, 1000000, c.dropPacketAt)
        || !cmd.doubleValue(QStringLiteral("mtbf-hours"), 0, 1e9, mtbfHours, true)
        || !cmd.intValue(QStringLiteral("bins"), 1, 1000000, bins))
        return kExitUsage;
    if (c.failAt >= c.iterations)
        return cmd.usageError(
                QStringLiteral(
                        "--fail-at %1 is not below --iterations %2 (iterations count from 0)")
                        .arg(c.failAt)
                        .arg(c.iterations));
    if (c.dropPacketAt >= c.iterations)
        return cmd.usageError(QStringLiteral("--drop-packet-at %1 is not below --iterations %2 "
                                             "(iterations count from 0)")
                                      .arg(c.dropPacketAt)
                                      .arg(c.iterations));
    c.algorithm = *parseAlgorithm(algorithm.toStdString());
    c.cluster.pcie = *parsePcie(pcie.toStdString());
    c.cluster.nvlink = *parseNvLink(nvlink.toStdString());
    c.cluster.nic = *parseNic(nic.toStdString());
    c.resident = cmd.isSet(QStringLiteral("resident"));
    c.bucketCapBytes = bucketMb * 1024 * 1024;
    c.gpuFlopsPerS = tflops * 1e12;
    c.storageBytesPerS = storageGbps * 1e9;
    c.mtbfSeconds = mtbfHours * 3600;
    if (const int code = applySharedMemory(cmd, c); code >= 0)
        return code;

    const SimResult r = simulate(c);

    if (cmd.isSet(QStringLiteral("trace"))) {
        const QString path = cmd.value(QStringLiteral("trace"));
        const ChromeTrace trace = simulationTrace(r);
        if (const Status written = trace.write(path.toStdString()); !written)
            return cmd.dataError(qs(written.error()));
        cmd.note(QStringLiteral("wrote the trace (%1 spans) to %2")
                         .arg(trace.spans().size())
                         .arg(path));
    }

    if (cmd.isSet(QStringLiteral("csv"))) {
        QString error;
        if (!writeCsv(r, bins, cmd.value(QStringLiteral("csv")), error))
            return cmd.dataError(error);
        cmd.note(QStringLiteral("wrote the utilisation timeline (%1 bins x %2 links) to %3")
                         .arg(bins)
                         .arg(r.links.size())
                         .arg(cmd.value(QStringLiteral("csv"))));
    }
    if (cmd.isSet(QStringLiteral("json"))) {
        const Means m = meansOf(r);
        JsonObject()
                .add("servers", c.cluster.servers)
                .add("gpus_per_server", c.cluster.gpusPerServer)
                .add("rank_count", c.cluster.ranks())
                .add("algorithm", qs(toString(c.algorithm)))
                .add("network", qs(describe(c.network)))
                .add("gradient_values", std::uint64_t(r.gradientValues))
                .add("model_scale", c.modelScale)
                .add("gradient_bytes", std::uint64_t(r.gradientBytes))
                .add("timed_gradient_bytes", r.timedGradientBytes)
                .add("buckets", int(r.buckets.size()))
                .add("total_seconds", r.totalSeconds)
                .add("mean_iteration_seconds", m.seconds)
                .add("mean_algbw", m.algbw)
                .add("mean_busbw", m.busbw)
                .addJson("ranks", ranksJson(r))
                .addJson("links", linksJson(r))
                .addJson("iterations", iterationsJson(r))
                .add("lost_iterations", r.lostIterations)
                .add("lost_seconds", r.lostSeconds)
                .add("snapshots", r.snapshots)
                .add("snapshot_seconds", r.snapshotSeconds)
                .add("snapshot_every", c.snapshotEvery)
                .add("young_interval_seconds", r.youngIntervalSeconds)
                .add("young_interval_iterations", r.youngIntervalIterations)
                .printLine();
        return kExitOk;
    }
    printOut(textReport(r, c));
    return kExitOk;
}

} // namespace bplab::cli
