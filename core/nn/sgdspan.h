#pragma once
// The optimisers' step on one contiguous range of parameters, together with the divergence
// guard's finiteness check: the source network's fused SGD step (core/nn/batch.cpp), and another
// network's SGD, momentum or Adam step, which the two training threads split by parameter
// (core/train/networktrainer.cpp).

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

// Adam with PyTorch's defaults, as the source network's optimiser (adam.cpp).
inline constexpr float kNetworkAdamBeta1 = 0.9f;
inline constexpr float kNetworkAdamBeta2 = 0.999f;
inline constexpr float kNetworkAdamEps = 1e-8f;

/** One step's constants: plain SGD (momentum 0, not adam), SGD with momentum, or Adam with its
 *  bias corrections c1 = 1 - beta1^t and c2 = 1 - beta2^t; weightDecay is L2's lambda, added to
 *  the gradient of every parameter (biases included) before the rule, as PyTorch's SGD and Adam
 *  do with `weight_decay`. */
struct StepRule
{
    bool adam = false;
    float lr = 0, momentum = 0, c1 = 1, c2 = 1;
    float weightDecay = 0;
};

/** The arrays of one parameter tensor: the weights w, gradient g, SGD's momentum buffer or Adam's
 *  m (v), Adam's second moment (s), and where the new values go (nv, ns, next). */
struct StepArrays
{
    const float *w = nullptr, *g = nullptr, *v = nullptr, *s = nullptr;
    float *nv = nullptr, *ns = nullptr, *next = nullptr;
};

/**
 * Values [first, first + count) of one tensor, with g = g + lambda w first when weightDecay is
 * not 0:
 *   plain:    w' = w - lr g
 *   momentum: v' = momentum v + g, w' = w - lr v'
 *   Adam:     m' = beta1 m + (1 - beta1) g, s' = beta2 s + (1 - beta2) g^2,
 *             w' = w - lr (m' / c1) / (sqrt(s' / c2) + eps)
 * Returns the sum of 0 x every gradient and every value written: 0 when all are finite, NaN
 * otherwise.
 */
float stepSpan(const StepRule &rule, const StepArrays &a, std::size_t first, std::size_t count);

} // namespace bplab
