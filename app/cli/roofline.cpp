#include "roofline.h"

#include "nn/kernels.h"
#include "nn/params.h"

#include <Eigen/Core>

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace bplab::cli {

namespace {

using Clock = std::chrono::steady_clock;
using MatF = Mat<float>;

/** The operands of one thread's share: `hidden` of the 128 hidden neurons, one sample per column.
 */
struct Operands
{
    Operands(int hidden, int batch)
        : W1(MatF::Random(hidden, kInputs))
        , W2part(MatF::Random(kOutputs, hidden))
        , X(MatF::Random(kInputs, batch))
        , A1part(MatF::Random(hidden, batch))
        , Delta2(MatF::Random(kOutputs, batch))
        , Delta1(MatF::Random(hidden, batch))
        , Z1(hidden, batch)
        , Z2(kOutputs, batch)
        , dW2(kOutputs, hidden)
        , Back(hidden, batch)
        , dW1(hidden, kInputs)
    { }
    MatF W1, W2part, X, A1part, Delta2, Delta1;
    MatF Z1, Z2, dW2, Back, dW1;
};

/** Runs op(t) on `threads` threads at once (t = 0..threads-1), `iterations` times each. */
void runParallel(int threads, int iterations, const std::function<void(int)> &op)
{
#ifdef _OPENMP
    if (threads > 1) {
#pragma omp parallel num_threads(threads)
        {
            const int t = omp_get_thread_num();
            for (int i = 0; i < iterations; ++i)
                op(t);
        }
        return;
    }
#endif
    (void)threads;
    for (int i = 0; i < iterations; ++i)
        op(0);
}

/** Best seconds per call of op over `trials` trials of at least minSeconds each. */
double bestSeconds(int threads, const std::function<void(int)> &op, double minSeconds, int trials)
{
    runParallel(threads, 1, op); // warm the caches and the thread pool
    int iterations = 1;
    for (;;) {
        const auto t0 = Clock::now();
        runParallel(threads, iterations, op);
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        // At least 32 calls per trial, so that starting the threads (slow on a loaded machine)
        // is spread over many products instead of being timed as one.
        if ((s >= minSeconds && iterations >= 32) || iterations >= (1 << 24))
            break;
        iterations = s <= 0 ? iterations * 16
                            : std::max(iterations * 2, int(iterations * minSeconds / s * 1.2));
    }
    double best = 1e30;
    for (int t = 0; t < trials; ++t) {
        const auto t0 = Clock::now();
        runParallel(threads, iterations, op);
        best = std::min(best,
                        std::chrono::duration<double>(Clock::now() - t0).count() / iterations);
    }
    return best;
}

/** One of libxsmm's products as the core runs it: one kernel per half of the hidden layer (64
 *  rows each), with its own operands per half (the halves write disjoint memory). */
struct HalfProduct
{
    HalfProduct(const GemmShape &shape, int aValues, int bValues, int cValues)
        : gemm(shape)
    {
        for (int h = 0; h < 2; ++h) {
            a[h].assign(std::size_t(aValues), 0.5f);
            b[h].assign(std::size_t(bValues), 0.25f);
            c[h].assign(std::size_t(cValues), 0.0f);
        }
    }
    void run(int half) { gemm(a[half].data(), b[half].data(), c[half].data()); }
    Gemm gemm;
    std::vector<float> a[2], b[2], c[2];
};

/** The products of one batch of n on libxsmm's kernels, timed as the core's two halves run them:
 *  each of `threads` threads its halves (both on one thread). Empty when a kernel cannot be made. */
std::vector<GemmTiming> xsmmTimings(int n, int threads, double minSeconds, int trials)
{
    constexpr int H = kHidden / 2;
    const int B = n; // the products' leading dimension is the batch, as in a full batch
    struct Spec
    {
        const char *formula;
        int m, k, nn;
        GemmShape shape;
        int a, b, c;
    };
    // The core's shapes (core/nn/batch.cpp): column-major C (m x n) = A (m x k) op(B) (k x n).
    const Spec specs[] = {
            {"Z1 = W1 X", kHidden, kInputs, n, {n, H, kInputs, B, kInputs, B}, B * kInputs, kInputs * H, B * H},
            {"Z2 = W2 A1", kOutputs, kHidden, n, {n, kOutputs, H, B, kOutputs, B, true}, B * H, kOutputs * H, B * kOutputs},
            {"dW2 = Delta2 A1^T", kOutputs, n, kHidden, {kOutputs, H, n, kOutputs, B, kOutputs}, kOutputs * n, B * H, kOutputs * H},
            {"W2^T Delta2", kHidden, kOutputs, n, {n, H, kOutputs, B, kOutputs, B}, B * kOutputs, kOutputs * H, B * H},
            {"dW1 = Delta1 X^T", kHidden, n, kInputs, {kInputs, H, n, kInputs, B, kInputs}, kInputs * n, B * H, kInputs * H},
    };
    std::vector<GemmTiming> out;
    for (const Spec &s : specs) {
        HalfProduct p(s.shape, s.a, s.b, s.c);
        if (!p.gemm.valid())
            return {};
        const auto op = [&p, threads](int t) {
            if (threads > 1) {
                p.run(t);
            } else {
                p.run(0);
                p.run(1);
            }
        };
        out.push_back({s.formula, s.m, s.k, s.nn, bestSeconds(threads > 1 ? 2 : 1, op, minSeconds, trials)});
    }
    return out;
}

} // namespace

double BatchRoofline::seconds() const
{
    double s = 0;
    for (const GemmTiming &g : gemms)
        s += g.seconds;
    return s;
}

double BatchRoofline::flops() const
{
    double f = 0;
    for (const GemmTiming &g : gemms)
        f += g.flops();
    return f;
}

BatchRoofline measureBatchRoofline(int batch, int threads, double minSeconds, int trials)
{
#ifdef _OPENMP
    threads = std::clamp(threads, 1, std::max(1, omp_get_max_threads()));
#else
    threads = 1;
#endif
    BatchRoofline r;
    r.batch = batch;
    r.kernels = toString(activeKernels());
    if (activeKernels() == Kernels::Xsmm) {
        r.gemms = xsmmTimings(batch, threads, minSeconds, trials);
        if (!r.gemms.empty())
            return r;
        r.kernels = toString(Kernels::Eigen); // a kernel could not be made: the core runs Eigen's too
    }
    // Each thread's operands are its own (as the core's shares write disjoint rows), sized by
    // its share of the hidden neurons.
    std::vector<std::unique_ptr<Operands>> ops;
    for (int t = 0; t < threads; ++t) {
        const int first = kHidden * t / threads;
        const int last = kHidden * (t + 1) / threads;
        ops.push_back(std::make_unique<Operands>(last - first, batch));
    }

    const auto time = [&](std::string formula, int m, int k, int n, int opThreads,
                          const std::function<void(int)> &op) {
        r.gemms.push_back(
                {std::move(formula), m, k, n, bestSeconds(opThreads, op, minSeconds, trials)});
    };
    // Z1 = W1 X
    time("Z1 = W1 X", kHidden, kInputs, batch, threads,
         [&](int t) { ops[t]->Z1.noalias() = ops[t]->W1 * ops[t]->X; });
    // Z2 = W2 A1: each thread its share, W2[:, its neurons] A1[its neurons] (added afterwards)
    time("Z2 = W2 A1", kOutputs, kHidden, batch, threads,
         [&](int t) { ops[t]->Z2.noalias() = ops[t]->W2part * ops[t]->A1part; });
    // dW2 = Delta2 A1^T
    time("dW2 = Delta2 A1^T", kOutputs, batch, kHidden, threads,
         [&](int t) { ops[t]->dW2.noalias() = ops[t]->Delta2 * ops[t]->A1part.transpose(); });
    // W2^T Delta2 (then .* relu'(Z1) gives Delta1)
    time("W2^T Delta2", kHidden, kOutputs, batch, threads,
         [&](int t) { ops[t]->Back.noalias() = ops[t]->W2part.transpose() * ops[t]->Delta2; });
    // dW1 = Delta1 X^T
    time("dW1 = Delta1 X^T", kHidden, batch, kInputs, threads,
         [&](int t) { ops[t]->dW1.noalias() = ops[t]->Delta1 * ops[t]->X.transpose(); });
    return r;
}

} // namespace bplab::cli
