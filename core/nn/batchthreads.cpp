// The thread-count policy of the batched passes (batchthreads.h).

#include "nn/batchthreads.h"

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
int maxTrainingThreads(unsigned cores)
{
    return int(std::clamp(cores, 1u, 2u));
}

/** $BPLAB_THREADS as a request: 0 when unset or empty, at least 1 when set ("0" asks for one). */
int threadsFromEnvironment()
{
    const char *env = std::getenv("BPLAB_THREADS");
    return env && *env ? std::max(1, std::atoi(env)) : 0;
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

int chooseTrainingThreads(int requested, unsigned cores)
{
    const int most = maxTrainingThreads(cores);
    if (requested > 0)
        return std::min(requested, most);
    return std::min(kDefaultTrainingThreads, most);
}

int defaultTrainingThreads()
{
    return chooseTrainingThreads(threadsFromEnvironment(), std::thread::hardware_concurrency());
}

int trainingThreads()
{
    int n = g_trainingThreads.load(std::memory_order_relaxed);
    if (n > 0)
        return n;
    n = defaultTrainingThreads();
    g_trainingThreads.store(n, std::memory_order_relaxed);
    return n;
}

void setTrainingThreads(int threads)
{
    g_trainingThreads.store(
            std::clamp(threads, 1, maxTrainingThreads(std::thread::hardware_concurrency())),
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

TeamShare teamShare(int total, int align)
{
#ifdef _OPENMP
    const int t = omp_get_thread_num(), threads = omp_get_num_threads();
#else
    const int t = 0, threads = 1;
#endif
    const int units = (total + align - 1) / align;
    const int first = std::min(total, (units * t / threads) * align);
    const int last = std::min(total, (units * (t + 1) / threads) * align);
    return {first, last - first};
}

} // namespace bplab
