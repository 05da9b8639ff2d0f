#pragma once
// One SGD step over a mini-batch, as the step view shows it: the core's batched pass (the
// matrices X, Z1, A1, Z2, P, Delta2, Delta1 and the averaged gradient), each sample's own trace
// (its loss and its unscaled deltas, for the per-sample terms of the average), the update and the
// batch's losses again with the new weights. Plain C++ (core types only).

#include "nn/batch.h"
#include "nn/mlptrace.h"
#include "nn/network.h"

#include <cstdint>
#include <vector>

namespace bplab {

struct BatchStep {
    int size = 0;                ///< B
    std::vector<int> labels;     ///< B labels 0-9
    BatchWorkspace ws{1};        ///< the core's batch pass: columns 0..B-1 (Delta2, Delta1 carry the 1/B)
    double meanLoss = 0;         ///< (1/B) sum_s L_s, as forwardBackwardBatch returns it
    ParamsF gradients;           ///< dW = (1/B) sum_s delta_s x_s^T etc., from forwardBackwardBatch
    ParamsF adjustments;         ///< -lr * gradients
    ParamsF after;               ///< params + adjustments
    std::vector<TraceF> before;  ///< sample s's own forward/backward trace (unscaled deltas)
    std::vector<TraceF> afterTraces; ///< the same samples with the new weights
    double meanLossAfter = 0;    ///< (1/B) sum_s L_s after the update
};

/**
 * The step over B = labels.size() samples; pixels holds B * 784 bytes, sample s at s * 784.
 * Labels must be 0-9. Every number comes from the core (forwardBackwardBatch, forwardTrace,
 * adjustmentsOf); nothing is recomputed by hand.
 */
BatchStep computeBatchStep(const ParamsF &params, const std::vector<std::uint8_t> &pixels,
                           const std::vector<int> &labels, Normalize normalize, float lr);

/** The same step for a network of any other architecture: the core's batched pass
 *  (mlpForwardBackward: the mean loss and the averaged gradient), each sample's own trace
 *  (traceSample: every z, a and delta), the update, and each sample's loss again with the new
 *  weights (its trace's lossAfter). */
struct NetworkBatchStep {
    int size = 0;                  ///< B
    double meanLoss = 0;           ///< (1/B) sum_s L_s
    MlpParamsF adjustments;        ///< -lr * dL/dw, dW_l = (1/B) sum_s delta_l^(s) a_(l-1)^(s)T etc.
    std::vector<MlpTraceF> before; ///< sample s's own trace; lossAfter: L_s with the new weights
    double meanLossAfter = 0;      ///< (1/B) sum_s L_s after the update
};

/** The step of `arch` over B = labels.size() samples, as computeBatchStep. */
NetworkBatchStep computeNetworkBatchStep(const Architecture &arch, const MlpParamsF &params,
                                         const std::vector<std::uint8_t> &pixels, const std::vector<int> &labels,
                                         Normalize normalize, float lr);

} // namespace bplab

namespace bplab {

/** delta_k^(s) * a_j^(s) for every sample s: the per-sample gradients of W2[k][j]. */
std::vector<float> perSampleOutputTerms(const BatchStep &b, int k, int j);
/** delta_j^(s) * x_i^(s) for every sample s: the per-sample gradients of W1[j][i]. */
std::vector<float> perSampleHiddenTerms(const BatchStep &b, int j, int i);
/** The sum of values in double (what (1/B) sum_s ... divides). */
double sumOf(const std::vector<float> &values);

} // namespace bplab
