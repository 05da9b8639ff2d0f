// The fused SGD step on a contiguous range (sgdspan.h).

#include "sgdspan.h"

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

} // namespace bplab
