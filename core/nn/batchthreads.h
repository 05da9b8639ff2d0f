#pragma once
// How many threads the batched passes use: the thread-count policy of training (the two halves
// of a batch) and of evaluation. The choice changes only the speed, never the result bits.

namespace bplab {

/**
 * The training-thread policy, the one place it is written: the threads forwardBackwardBatch runs
 * the two halves of a batch on. `requested` (--threads, $BPLAB_THREADS; 0 or less: none) when
 * given, else kDefaultTrainingThreads; always within 1 and min(2, cores) (cores 0: unknown, taken
 * as 1). The app with its live dashboard uses the same rule as the command line: its views take
 * a picture at most every TrainingSession::kVisualIntervalNs, seldom enough that two halves that
 * wait for each other still train faster than one thread on two cores (docs/benchmarks.md). A function of its arguments alone, never of the machine's momentary load, so the
 * same build and settings train on the same threads on a given machine. The result bits are the
 * same for 1 and 2, so the choice is only about speed.
 * Eigen's own product threading is off (EIGEN_DONT_PARALLELIZE): the core splits the work itself,
 * which is faster at batch 64.
 */
inline constexpr int kDefaultTrainingThreads = 2;
int chooseTrainingThreads(int requested, unsigned cores);
/** chooseTrainingThreads() of $BPLAB_THREADS (when set) and this machine's cores. */
int defaultTrainingThreads();
/** The threads training uses now: the last setTrainingThreads(), else defaultTrainingThreads(),
 *  decided at the first call. */
int trainingThreads();
/** Sets the threads training uses, kept within 1 and min(2, cores). */
void setTrainingThreads(int threads);
/** Threads evaluate() splits its 1,000-sample chunks over, by sample (default: all OpenMP's). */
int evaluationThreads();
void setEvaluationThreads(int threads);

/** Threads OpenMP would start for a parallel region (1 without OpenMP). */
int maxThreads();
/** The calling thread's share [first, first + size) of `total` items inside an OpenMP parallel
 *  region, in multiples of `align` (the last share takes the rest); all of them outside one. */
struct TeamShare
{
    int first = 0;
    int size = 0;
};
TeamShare teamShare(int total, int align);

} // namespace bplab
