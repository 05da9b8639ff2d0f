// The optimisers' steps on a contiguous range (sgdspan.h).

#include "nn/sgdspan.h"

#include "eigen.h"

#include <algorithm>

namespace bplab {

namespace {

/** Values per block: 4 KB per stream, so that the check reads what the step just wrote from the
 *  first-level cache instead of the second. A multiple of every vector width. */
constexpr std::size_t kBlock = 1024;

using Span = Eigen::Map<Eigen::ArrayXf>;
using ConstSpan = Eigen::Map<const Eigen::ArrayXf>;

} // namespace

float sgdSpan(const float *w, const float *g, const float *v, float *nv, float *next,
              std::size_t count, float lr, float momentum)
{
    float zero = 0;
    for (std::size_t first = 0; first < count; first += kBlock) {
        const auto n = Eigen::Index(std::min(kBlock, count - first));
        Span nextPart(next + first, n);
        if (momentum == 0.0f) {
            // w' = w - lr * g
            nextPart = ConstSpan(w + first, n) - lr * ConstSpan(g + first, n);
        } else {
            // v' = momentum * v + g; w' = w - lr * v'
            Span nvPart(nv + first, n);
            nvPart = momentum * ConstSpan(v + first, n) + ConstSpan(g + first, n);
            nextPart = ConstSpan(w + first, n) - lr * nvPart;
        }
        zero += (nextPart * 0.0f).sum();
    }
    return zero;
}

float stepSpan(const StepRule &rule, const StepArrays &a, std::size_t first, std::size_t count)
{
    float zero = 0;
    for (std::size_t at = first; at < first + count; at += kBlock) {
        const auto n = Eigen::Index(std::min(kBlock, first + count - at));
        const ConstSpan w(a.w + at, n);
        zero += (ConstSpan(a.g + at, n) * 0.0f).sum();
        // g = dL/dw + lambda w (L2 weight decay), into a block of its own
        alignas(64) float decayed[kBlock];
        if (rule.weightDecay != 0.0f)
            Span(decayed, n) = ConstSpan(a.g + at, n) + rule.weightDecay * w;
        const ConstSpan g(rule.weightDecay != 0.0f ? decayed : a.g + at, n);
        Span next(a.next + at, n);
        if (rule.adam) {
            Span m1(a.nv + at, n), s1(a.ns + at, n);
            m1 = kNetworkAdamBeta1 * ConstSpan(a.v + at, n) + (1.0f - kNetworkAdamBeta1) * g;
            s1 = kNetworkAdamBeta2 * ConstSpan(a.s + at, n) + (1.0f - kNetworkAdamBeta2) * g * g;
            next = w - rule.lr * ((m1 / rule.c1) / ((s1 / rule.c2).sqrt() + kNetworkAdamEps));
            zero += (m1 * 0.0f).sum() + (s1 * 0.0f).sum();
        } else if (rule.momentum > 0) {
            Span v1(a.nv + at, n);
            v1 = rule.momentum * ConstSpan(a.v + at, n) + g;
            next = w - rule.lr * v1;
            zero += (v1 * 0.0f).sum();
        } else {
            next = w - rule.lr * g;
        }
        zero += (next * 0.0f).sum();
    }
    return zero;
}

} // namespace bplab
