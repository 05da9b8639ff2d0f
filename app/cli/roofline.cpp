#include "roofline.h"

#include "params.h"

#include <Eigen/Core>

#include <algorithm>
#include <chrono>
#include <functional>

namespace bplab::cli {

namespace {

using Clock = std::chrono::steady_clock;
using MatF = Mat<float>;

/** Best seconds per call of op over `trials` trials of at least minSeconds each. */
double bestSeconds(const std::function<void()> &op, double minSeconds, int trials)
{
    op(); // warm the caches and Eigen's thread pool
    int iterations = 1;
    for (;;) {
        const auto t0 = Clock::now();
        for (int i = 0; i < iterations; ++i)
            op();
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        if (s >= minSeconds || iterations >= (1 << 24))
            break;
        iterations = s <= 0 ? iterations * 16 : std::max(iterations * 2, int(iterations * minSeconds / s * 1.2));
    }
    double best = 1e30;
    for (int t = 0; t < trials; ++t) {
        const auto t0 = Clock::now();
        for (int i = 0; i < iterations; ++i)
            op();
        best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count() / iterations);
    }
    return best;
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

BatchRoofline measureBatchRoofline(int batch, double minSeconds, int trials)
{
    // Random operands in the core's layout: one sample per column of X (784 x B), column-major.
    const MatF W1 = MatF::Random(kHidden, kInputs);
    const MatF W2 = MatF::Random(kOutputs, kHidden);
    const MatF X = MatF::Random(kInputs, batch);
    const MatF A1 = MatF::Random(kHidden, batch);
    const MatF Delta2 = MatF::Random(kOutputs, batch);
    const MatF Delta1 = MatF::Random(kHidden, batch);
    MatF Z1(kHidden, batch), Z2(kOutputs, batch), dW2(kOutputs, kHidden), Back(kHidden, batch),
            dW1(kHidden, kInputs);

    BatchRoofline r;
    r.batch = batch;
    const auto time = [&](std::string formula, int m, int k, int n, const std::function<void()> &op) {
        r.gemms.push_back({std::move(formula), m, k, n, bestSeconds(op, minSeconds, trials)});
    };
    // Z1 = W1 X
    time("Z1 = W1 X", kHidden, kInputs, batch, [&] { Z1.noalias() = W1 * X; });
    // Z2 = W2 A1
    time("Z2 = W2 A1", kOutputs, kHidden, batch, [&] { Z2.noalias() = W2 * A1; });
    // dW2 = Delta2 A1^T
    time("dW2 = Delta2 A1^T", kOutputs, batch, kHidden, [&] { dW2.noalias() = Delta2 * A1.transpose(); });
    // W2^T Delta2 (then .* relu'(Z1) gives Delta1)
    time("W2^T Delta2", kHidden, kOutputs, batch, [&] { Back.noalias() = W2.transpose() * Delta2; });
    // dW1 = Delta1 X^T
    time("dW1 = Delta1 X^T", kHidden, batch, kInputs, [&] { dW1.noalias() = Delta1 * X.transpose(); });
    return r;
}

} // namespace bplab::cli
