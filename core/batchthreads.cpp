// The thread-count policy of the batched passes (batchthreads.h).

#include "batchthreads.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <thread>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace bplab {

namespace {

std::atomic<int> g_trainingThreads {0};   // 0: not chosen yet (see trainingThreads())
std::atomic<int> g_evaluationThreads {0}; // 0: OpenMP's maximum

/** Training threads: the two halves of a batch, on at most the machine's cores. */
int maxTrainingThreads()
{
    return int(std::clamp(std::thread::hardware_concurrency(), 1u, 2u));
}

/**
 * Whether the machine has a core to spare for the second training thread: the last minute's load
 * average (runnable programs, low-priority ones included) is below the cores minus one half. The
 * two halves of a batch wait for each other, so a second thread only pays off when both run
 * uninterrupted; on busy cores one thread is faster (docs/benchmarks.md).
 */
bool aCoreIsFree()
{
    double load = 0;
    if (getloadavg(&load, 1) != 1)
        return true;
    return load < double(maxTrainingThreads()) - 0.5;
}

} // namespace

int maxThreads()
{
#ifdef _OPENMP
    return std::max(1, omp_get_max_threads());
#else
    return 1;
#endif
}

int trainingThreads()
{
    int n = g_trainingThreads.load(std::memory_order_relaxed);
    if (n > 0)
        return n;
    n = kDefaultTrainingThreads;
    if (const char *env = std::getenv("BPLAB_THREADS"); env && *env)
        n = std::atoi(env);
    else if (!aCoreIsFree())
        n = 1;
    n = std::clamp(n, 1, maxTrainingThreads());
    g_trainingThreads.store(n, std::memory_order_relaxed);
    return n;
}

void setTrainingThreads(int threads)
{
    g_trainingThreads.store(std::clamp(threads, 1, maxTrainingThreads()),
                            std::memory_order_relaxed);
}

int evaluationThreads()
{
    const int n = g_evaluationThreads.load(std::memory_order_relaxed);
    return n > 0 ? n : maxThreads();
}

void setEvaluationThreads(int threads)
{
    g_evaluationThreads.store(std::clamp(threads, 1, maxThreads()), std::memory_order_relaxed);
}

} // namespace bplab
