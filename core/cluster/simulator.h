#pragma once
// The timing half: one training iteration after another on the simulated cluster. Per iteration:
// the mini-batch copy over PCIe (unless the data is resident in VRAM), forward and backward from
// FLOPs / GPU throughput, DDP-style gradient buckets whose all-reduce starts as soon as the
// backward pass has produced them, and the update; snapshots every k iterations, a lost packet and
// a failure with roll-back. Links follow the congestion-aware analytical model (docs/cluster.md):
// a link is busy for bytes / bandwidth, transfers queue FIFO per link, data arrives after
// latency + bytes / bandwidth per hop. No gradient arithmetic happens here.

#include "allreduce.h"
#include "nn/architecture.h"
#include "topology.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace bplab::cluster {

struct SimConfig
{
    ClusterConfig cluster;
    Algorithm algorithm = Algorithm::Ring;
    int iterations = 10;
    int batch = 64;                ///< samples per replica and iteration
    Architecture network;          ///< whose gradient is all-reduced (default: the source's, 101,770 values)
    double modelScale = 1.0;       ///< K: the timed gradient has K x the network's parameters
    bool scaleCompute = true;      ///< a K-times larger model also needs K-times the FLOPs
    bool resident = false;         ///< the dataset already sits in the GPUs' memories: no PCIe copy
    int inputBytesPerValue = 1;    ///< 1: pixels copied as bytes (as stored); 4: as floats
    double gpuFlopsPerS = 19.5e12; ///< FP32 throughput (A100: 19.5 TFLOP/s)
    double bucketCapBytes = 25.0 * 1024 * 1024; ///< DDP's bucket_cap_mb = 25
    int snapshotEvery = 0;                      ///< k; 0 = no snapshots
    double storageBytesPerS = 2e9;              ///< snapshot write (and restore read) bandwidth
    int failAt = -1;                   ///< iteration (0-based) during which a GPU/link fails
    double restartSeconds = 0;         ///< detection + restart before the restore
    int dropPacketAt = -1;             ///< iteration whose first network message is lost once
    double retransmitSeconds = 100e-6; ///< sender's timeout before it sends again
    double mtbfSeconds = 24 * 3600.0;  ///< mean time between failures (Young's interval)
    int recordIteration = 0;           ///< iteration whose transfers are kept with their times
};

enum class PhaseKind {
    PcieCopy,
    Forward,
    Backward,
    AllReduce,
    Update,
    Snapshot,
    Failure,
    Recovery
};
std::string toString(PhaseKind k); ///< "pcie", "forward", "backward", "allreduce", "update", ...

/** A span of simulated time in which the whole cluster does one thing (first start, last end). */
struct PhaseInterval
{
    PhaseKind kind = PhaseKind::Forward;
    int iteration = 0; ///< the iteration index it belongs to (-1: none)
    double start = 0;
    double end = 0;
};

struct IterationStats
{
    int iteration = 0;   ///< 0-based index of the training step
    bool lost = false;   ///< its work was thrown away by a failure (run again later)
    bool failed = false; ///< the failure happened in it
    double start = 0;
    double seconds = 0;          ///< start to the last rank's update
    double pcieSeconds = 0;      ///< longest mini-batch copy
    double computeSeconds = 0;   ///< forward + backward + update of one replica
    double allreduceSeconds = 0; ///< first message sent to last message arrived (all buckets)
    double snapshotSeconds = 0;  ///< snapshot written after this iteration
    double algbw = 0;            ///< gradient bytes / allreduceSeconds
    double busbw = 0;            ///< algbw x 2(N-1)/N (nccl-tests' definition for all-reduce)
};

struct LinkStats
{
    double bytes = 0;
    double busySeconds = 0;
    double utilization = 0; ///< busySeconds / total simulated time
};

/** A transfer of the recorded iteration with its bucket, bytes, path and times. */
struct TimedTransfer
{
    int bucket = 0;
    Transfer transfer;
    double bytes = 0;
    std::vector<int> path; ///< link ids
    double depart = 0;
    double arrival = 0;
};

struct SimResult
{
    SimConfig config;
    std::vector<Link> links;
    std::vector<LinkStats> linkStats;                         ///< indexed like links
    std::vector<std::vector<std::pair<double, double>>> busy; ///< per link: busy [start, end)
    std::vector<IterationStats> iterations; ///< in execution order (redone ones again)
    std::vector<PhaseInterval> phases;
    std::vector<RankTraffic> rankTrafficPerIteration; ///< one iteration's all-reduce, per rank
    std::vector<RankTraffic> rankTrafficTotal;        ///< the whole run
    std::vector<TimedTransfer> recorded;              ///< config.recordIteration's transfers
    std::vector<std::pair<std::size_t, std::size_t>> buckets; ///< [offset, count) in timed values
    std::size_t gradientValues = 0;                           ///< the network's parameters (101,770)
    double gradientBytes = 0;                                 ///< 4 bytes each (407,080)
    double timedGradientBytes = 0;                            ///< x model scale
    double totalSeconds = 0;
    int lostIterations = 0; ///< completed iterations thrown away by the failure
    double lostSeconds = 0; ///< their time, the failed iteration's and the recovery's
    int snapshots = 0;
    double snapshotSeconds = 0;      ///< cost of one snapshot
    double youngIntervalSeconds = 0; ///< sqrt(2 x snapshot cost x MTBF)
    double youngIntervalIterations = 0;
};

/** Runs the timing simulation. Invalid values are clamped (servers, GPUs >= 1, iterations >= 0). */
SimResult simulate(const SimConfig &config);

/** Forward and backward FLOPs of one sample of `network` (2 per multiply-add; no gradient w.r.t.
 *  the input). */
double forwardFlopsPerSample(const Architecture &network = Architecture::source());
double backwardFlopsPerSample(const Architecture &network = Architecture::source());

/** Utilisation per link in equal time bins over [0, totalSeconds): value in [0, 1]. */
struct UtilizationTimeline
{
    double binSeconds = 0;
    std::vector<double> times;              ///< start of each bin
    std::vector<std::vector<double>> links; ///< [link][bin]
};
UtilizationTimeline utilizationTimeline(const SimResult &result, int bins);
/** The same over the window [from, to) only (zooming in a plot); empty when to <= from. */
UtilizationTimeline utilizationTimeline(const SimResult &result, int bins, double from, double to);

} // namespace bplab::cluster
