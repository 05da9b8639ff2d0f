#pragma once
// One sample through a network of any architecture, every value kept: what `explain` prints.

#include "nn/mlp.h"

#include <vector>

namespace bplab {

/** One hidden layer's values for one sample. */
template<class S>
struct HiddenTrace
{
    Vec<S> z;     ///< z = W a_prev + b
    Vec<S> a;     ///< a = f(z)
    Vec<S> delta; ///< delta = (W_next^T delta_next) .* f'(z)
};

/** Every value of one sample's forward and backward pass, and the loss after one SGD step on it. */
template<class S>
struct MlpTrace
{
    int label = -1;     ///< the true class 0-9 (-1: no label, then no loss, deltas or step)
    int predicted = -1; ///< argmax of probabilities
    Vec<S> input;       ///< x, 784 values as fed to the network
    Vec<S> target;      ///< y, one-hot (10)
    std::vector<HiddenTrace<S>> hidden; ///< first hidden layer to last (empty: no hidden layer)
    Vec<S> logits;                      ///< z_out = W_L a_{L-1} + b_L (10)
    Vec<S> exp;   ///< e^{z_k}, unshifted as the source writes it (check expFinite)
    S expSum = 0; ///< sum_k e^{z_k}
    bool expFinite
            = true; ///< false when e^z overflowed; probabilities are still exact (max-shifted)
    Vec<S> probabilities; ///< p_k = e^{z_k} / sum, computed stably
    S loss = 0;           ///< L = -ln p_label
    Vec<S> deltaOut;      ///< delta_out = p - y (10)
    S lr = 0;             ///< the step's learning rate
    S lossAfter = 0;      ///< L on the same sample after w = w - lr * dL/dw
    int predictedAfter = -1; ///< argmax of the probabilities after that step (-1: no step)
};
using MlpTraceF = MlpTrace<float>;
using MlpTraceD = MlpTrace<double>;

/** Forward and backward pass of one sample x (784) with label 0-9 (or -1: forward only); lr,
 *  lossAfter and predictedAfter are left unset (a step over a batch sets them). */
template<class S>
MlpTrace<S> traceSample(const Architecture &arch, const MlpParams<S> &params, const Vec<S> &x, int label);

/** traceSample, then one plain SGD step at lr on that sample, and the loss and prediction after it.
 *  params is left unchanged. */
template<class S>
MlpTrace<S> explainSample(const Architecture &arch, const MlpParams<S> &params, const Vec<S> &x,
                          int label, S lr);

/** dW_l = delta_l a_{l-1}^T, db_l = delta_l for the sample of a trace (zeros without a label). */
template<class S>
MlpParams<S> gradientsOf(const Architecture &arch, const MlpTrace<S> &trace);

} // namespace bplab
