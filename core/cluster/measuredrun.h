#pragma once
// A measured `train --mpi --trace` run as plain values, its numbers per iteration, and what the
// simulator predicts for the same bytes on the one-host preset (sharedMemoryHost), so that a view
// can put the measurement beside the prediction.

#include "simulator.h"

#include <string>
#include <vector>

namespace bplab::cluster {

enum class MeasuredKind { Compute, Wait, AllReduce };

/** One span of one rank, as the trace has it. */
struct MeasuredSpan
{
    int rank = 0;
    long long step = 0;
    MeasuredKind kind = MeasuredKind::Compute;
    double start = 0; ///< seconds since the run's common start
    double seconds = 0;
    double bytes = 0; ///< the all-reduce's gradient bytes (0 for the other kinds)
};

struct MeasuredRun
{
    int ranks = 0;          ///< from the trace's "ranks" (else the highest rank + 1)
    int samplesPerRank = 0; ///< from the trace's "batch" (0: not in the trace)
    std::string source;     ///< the trace's "source"
    std::vector<MeasuredSpan> spans;
};

/** One iteration over all ranks: the slowest rank's compute and all-reduce, the longest wait. */
struct MeasuredIteration
{
    long long step = 0;
    double computeSeconds = 0;
    double waitSeconds = 0;
    double allreduceSeconds = 0;
    double bytes = 0;
};

struct MeasuredSummary
{
    int ranks = 0;
    double bytesPerAllreduce = 0;              ///< the most common all-reduce size
    std::vector<MeasuredIteration> iterations; ///< by step
    double medianComputeSeconds = 0;
    double medianWaitSeconds = 0;
    double medianAllreduceSeconds = 0;
    double algbw = 0; ///< bytes / median all-reduce
    double busbw = 0; ///< algbw x 2(N-1)/N
};

/** Per-iteration numbers and their medians; empty without spans. */
MeasuredSummary summarize(const MeasuredRun &run);

/** The samples per rank assumed when the trace does not say (the CLI's default --batch). */
inline constexpr int kDefaultSamplesPerRank = 64;

/**
 * The simulator's one-host run for the same shape: `ranks` processes exchanging through shared
 * memory (sharedMemoryHost), data resident, one core's FLOP rate for the compute, `bytes` of
 * gradient per all-reduce, one iteration (as `simulate --shared-memory N` with those values).
 */
SimConfig sharedMemoryPrediction(int ranks, double bytes, int samplesPerRank);

/** A measured run beside the simulator's prediction for the same ranks, bytes and samples. */
struct MeasuredComparison
{
    MeasuredSummary measured;
    int samplesPerRank = kDefaultSamplesPerRank;
    bool samplesAssumed = true;         ///< the trace did not say: kDefaultSamplesPerRank
    double predictedComputeSeconds = 0; ///< forward + backward + update on one core
    double predictedAllreduceSeconds = 0;
    double predictedBusbw = 0;
};

/** summarize() and the sharedMemoryPrediction() of its ranks and bytes. */
MeasuredComparison compareWithSimulation(const MeasuredRun &run);

} // namespace bplab::cluster
