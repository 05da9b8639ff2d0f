#pragma once
// How many threads the batched passes use: the thread-count policy of training (the two halves
// of a batch) and of evaluation. The choice changes only the speed, never the result bits.

namespace bplab {

/**
 * Threads forwardBackwardBatch runs its two halves on: 1 or 2. Default: $BPLAB_THREADS, else
 * kDefaultTrainingThreads when the machine has a core to spare (the last minute's load average
 * below the cores minus one half; decided once, at the first call), else 1; at most the
 * machine's cores. The result bits are the same for 1 and 2, so the choice is only about speed:
 * two threads pay off when each has a core of its own; on cores kept busy by other programs
 * (even low-priority ones) the halves wait for each other and one thread is faster.
 * Eigen's own product threading is off (EIGEN_DONT_PARALLELIZE): the core splits the work itself,
 * which is faster at batch 64.
 */
inline constexpr int kDefaultTrainingThreads = 2;
int trainingThreads();
void setTrainingThreads(int threads);
/** Threads evaluate() splits its 1,000-sample chunks over, by sample (default: all OpenMP's). */
int evaluationThreads();
void setEvaluationThreads(int threads);

/** Threads OpenMP would start for a parallel region (1 without OpenMP). */
int maxThreads();

} // namespace bplab
