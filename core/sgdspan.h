#pragma once
// The fused SGD step of the batched passes on one contiguous range of parameters, together with
// the divergence guard's finiteness check of what it wrote (core/batch.cpp).

#include <cstddef>

namespace bplab {

/**
 * Sgd::step's expressions on count values: next = w - lr * g, or (momentum not 0)
 * nv = momentum * v + g; next = w - lr * nv. next may be w itself and nv may be v (every value is
 * read before it is written). Returns the sum of next * 0: 0 when every new value is finite, NaN
 * otherwise. Works in blocks that stay in the first-level cache between the step and the check.
 */
float sgdSpan(const float *w, const float *g, const float *v, float *nv, float *next,
              std::size_t count, float lr, float momentum);

} // namespace bplab
