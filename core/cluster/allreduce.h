#pragma once
// The all-reduce as a list of transfers: ring (reduce-scatter, then all-gather) and hierarchical
// (reduce-scatter inside each server, all-reduce across servers per chunk, all-gather inside each
// server). The same schedule runs the real arithmetic on gradient buffers (applySchedule) and is
// timed by the network simulator (simulator.h).

#include "train/exchange.h"
#include "nn/params.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bplab::cluster {

enum class Algorithm { Ring, Hierarchical };
std::optional<Algorithm> parseAlgorithm(const std::string &s); ///< "ring", "hierarchical"
std::string toString(Algorithm a);

/** Which part of the algorithm a transfer belongs to (the view colours them). */
enum class Phase { ReduceScatter, InterReduceScatter, InterAllGather, AllGather };
std::string toString(Phase p); ///< "reduce-scatter", "inter-reduce-scatter", ...

/**
 * One message: rank src sends values [offset, offset + count) of its buffer to rank dst, which
 * adds them into its own (reduce) or overwrites its own (copy). Steps are global and ordered: a
 * transfer of step s may leave src only after everything src receives in earlier steps arrived.
 */
struct Transfer
{
    int step = 0;
    Phase phase = Phase::ReduceScatter;
    int src = 0;
    int dst = 0;
    int chunk = 0;          ///< index of the piece of the buffer (for drawing)
    std::size_t offset = 0; ///< first value
    std::size_t count = 0;  ///< values (bytes = count * sizeof(float) * model scale)
    bool reduce = true;
};

struct Schedule
{
    Algorithm algorithm = Algorithm::Ring;
    int ranks = 0;
    int steps = 0;
    std::size_t values = 0;          ///< buffer length the schedule covers
    std::vector<Transfer> transfers; ///< ordered by step
};

/** [offset, offset + count) of chunk c when n values are cut into parts pieces (floor division). */
std::size_t chunkBegin(std::size_t n, int parts, int c);

/**
 * Ring over ranks 0..N-1 (ring order = rank order): N-1 reduce-scatter steps, in which rank r sends
 * chunk (r - s) mod N to r + 1, then N-1 all-gather steps, in which rank r sends chunk (r + 1 - s)
 * mod N. After the reduce-scatter rank r holds the fully reduced chunk (r + 1) mod N.
 * reduceScatterOnly stops there (tests, and the view's first half).
 */
Schedule ringSchedule(int ranks, std::size_t values, bool reduceScatterOnly = false);
/** servers x gpusPerServer ranks, server-major. */
Schedule hierarchicalSchedule(int servers, int gpusPerServer, std::size_t values);
Schedule makeSchedule(Algorithm a, int servers, int gpusPerServer, std::size_t values);

/**
 * Runs the schedule on real buffers (one per rank, each schedule.values long), in schedule order.
 * Every value is summed exactly once, on one rank, and then copied, so all ranks end bit-identical.
 */
void applySchedule(const Schedule &schedule, std::vector<std::vector<float>> &buffers);

/** Per rank: bytes sent and received and messages sent (bytesPerValue = 4 x model scale). */
struct RankTraffic
{
    double bytesSent = 0;
    double bytesReceived = 0;
    int messagesSent = 0;
};
std::vector<RankTraffic> trafficOf(const Schedule &schedule, double bytesPerValue);

// The flat gradient buffer the schedule runs on (exchange.h).
using bplab::flatten;
using bplab::unflatten;

} // namespace bplab::cluster
