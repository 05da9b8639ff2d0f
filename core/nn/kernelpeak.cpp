// The FMA peak of this machine (kernelpeak.h).

#include "nn/kernelpeak.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace bplab {

namespace {

/** Independent accumulators per loop: more than the FMA latency times the FMA ports (4 x 2). */
constexpr int kChains = 12;

enum class Vectors { Sse, Avx2, Avx512 };

Vectors widest()
{
#if defined(__x86_64__) && defined(__GNUC__)
    static const Vectors v = __builtin_cpu_supports("avx512f") ? Vectors::Avx512
                             : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")
                                     ? Vectors::Avx2
                                     : Vectors::Sse;
    return v;
#else
    return Vectors::Sse;
#endif
}

/** The loops return a value made of every accumulator, so that none is optimised away. */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx512f"))) float fmaLoopAvx512(long iterations)
{
    __m512 acc[kChains];
    for (int i = 0; i < kChains; ++i)
        acc[i] = _mm512_set1_ps(float(i));
    const __m512 a = _mm512_set1_ps(0.999999f), b = _mm512_set1_ps(1e-7f);
    for (long it = 0; it < iterations; ++it) {
#pragma GCC unroll 12
        for (int i = 0; i < kChains; ++i)
            acc[i] = _mm512_fmadd_ps(acc[i], a, b); // acc = acc * a + b
    }
    __m512 sum = acc[0];
    for (int i = 1; i < kChains; ++i)
        sum = _mm512_add_ps(sum, acc[i]);
    // Summed through memory: GCC 12's _mm512_reduce_add_ps reads an uninitialised register
    // (a false -Wuninitialized in avx512fintrin.h).
    alignas(64) float lanes[16];
    _mm512_store_ps(lanes, sum);
    float total = 0;
    for (float v : lanes)
        total += v;
    return total;
}

__attribute__((target("avx2,fma"))) float fmaLoopAvx2(long iterations)
{
    __m256 acc[kChains];
    for (int i = 0; i < kChains; ++i)
        acc[i] = _mm256_set1_ps(float(i));
    const __m256 a = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
    for (long it = 0; it < iterations; ++it) {
#pragma GCC unroll 12
        for (int i = 0; i < kChains; ++i)
            acc[i] = _mm256_fmadd_ps(acc[i], a, b);
    }
    __m256 sum = acc[0];
    for (int i = 1; i < kChains; ++i)
        sum = _mm256_add_ps(sum, acc[i]);
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, sum);
    return lanes[0] + lanes[7];
}
#endif

/** The portable loop: 4-wide multiply then add (2 FLOP per lane, as an FMA counts). */
float fmaLoopPlain(long iterations)
{
    float acc[kChains][4];
    for (int i = 0; i < kChains; ++i)
        for (int l = 0; l < 4; ++l)
            acc[i][l] = float(i + l);
    for (long it = 0; it < iterations; ++it)
        for (int i = 0; i < kChains; ++i)
            for (int l = 0; l < 4; ++l)
                acc[i][l] = acc[i][l] * 0.999999f + 1e-7f;
    float sum = 0;
    for (int i = 0; i < kChains; ++i)
        for (int l = 0; l < 4; ++l)
            sum += acc[i][l];
    return sum;
}

int lanes()
{
    switch (widest()) {
    case Vectors::Avx512:
        return 16;
    case Vectors::Avx2:
        return 8;
    case Vectors::Sse:
        return 4;
    }
    return 4;
}

float fmaLoop(long iterations)
{
#if defined(__x86_64__) && defined(__GNUC__)
    switch (widest()) {
    case Vectors::Avx512:
        return fmaLoopAvx512(iterations);
    case Vectors::Avx2:
        return fmaLoopAvx2(iterations);
    case Vectors::Sse:
        break;
    }
#endif
    return fmaLoopPlain(iterations);
}

/** Seconds for `threads` threads to each run the loop `iterations` times, started together. */
double timeThreads(int threads, long iterations)
{
    std::atomic<int> ready {0};
    std::atomic<bool> go {false};
    std::atomic<float> sink {0};
    std::vector<std::thread> pool;
    std::vector<double> seconds(std::size_t(threads), 0.0);
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            ready.fetch_add(1);
            while (!go.load(std::memory_order_acquire))
                std::this_thread::yield();
            const auto t0 = std::chrono::steady_clock::now();
            const float v = fmaLoop(iterations);
            seconds[std::size_t(t)]
                    = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            sink.store(v, std::memory_order_relaxed);
        });
    while (ready.load() < threads)
        std::this_thread::yield();
    go.store(true, std::memory_order_release);
    for (std::thread &t : pool)
        t.join();
    return *std::max_element(seconds.begin(), seconds.end());
}

} // namespace

const char *fmaPeakVectors()
{
    switch (widest()) {
    case Vectors::Avx512:
        return "avx512";
    case Vectors::Avx2:
        return "avx2";
    case Vectors::Sse:
        return "sse";
    }
    return "sse";
}

double measureFmaPeakGflops(int threads)
{
    threads = std::max(1, threads);
    // About 20 ms per trial at 100 GFLOP/s per thread.
    const double flopsPerIteration = 2.0 * kChains * lanes();
    const long iterations = long(2e9 / flopsPerIteration);
    timeThreads(threads, iterations / 10); // wake the cores up to their clock
    double best = 1e30;
    for (int trial = 0; trial < 7; ++trial)
        best = std::min(best, timeThreads(threads, iterations));
    return flopsPerIteration * double(iterations) * threads / best / 1e9;
}

} // namespace bplab
