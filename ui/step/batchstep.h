#pragma once
// One SGD step over a mini-batch, as the step view shows it, for a network of any architecture:
// the core's batched pass (the mean loss and the averaged gradient), each sample's own trace
// (every z, a and delta, for the per-sample terms of the average), the update, and each sample's
// forward pass again with the new weights. Plain C++ (core types only).

#include "nn/mlptrace.h"

#include <cstdint>
#include <vector>

namespace bplab {

struct BatchStep {
    int size = 0;                  ///< B
    std::vector<int> labels;       ///< B labels 0-9
    double meanLoss = 0;           ///< (1/B) sum_s L_s
    MlpParamsF adjustments;        ///< -lr * dL/dw, dW_l = (1/B) sum_s delta_l^(s) a_(l-1)^(s)T etc.
    MlpParamsF after;              ///< the weights after the step
    std::vector<MlpTraceF> before; ///< sample s's own trace; lossAfter: L_s with the new weights
    std::vector<MlpTraceF> afterTraces; ///< sample s's forward pass with the new weights
    double meanLossAfter = 0;      ///< (1/B) sum_s L_s after the update
};

/**
 * The step of `arch` over B = labels.size() samples; pixels holds B * 784 bytes, sample s at
 * s * 784. Labels must be 0-9. Every number comes from the core (mlpForwardBackward,
 * traceSample, sgdUpdate, adjustmentsOf); nothing is recomputed by hand.
 */
BatchStep computeBatchStep(const Architecture &arch, const MlpParamsF &params, const std::vector<std::uint8_t> &pixels,
                           const std::vector<int> &labels, Normalize normalize, float lr);

/** delta^(s)_j * in^(s)_i of weight layer l (0-based; the last is the output layer) for every
 *  sample s: the per-sample gradients of W_l[j][i]. */
std::vector<float> perSampleTerms(const BatchStep &b, int l, int j, int i);
/** The sum of values in double (what (1/B) sum_s ... divides). */
double sumOf(const std::vector<float> &values);

} // namespace bplab
