#pragma once
// One sample through a network of any architecture, every value kept: what `explain` prints.

#include "nn/architecture.h"
#include "nn/mlp.h"

#include <vector>

namespace bplab {

/** One layer's values for one sample: a layer of the list (architecture.h's body(): a dense
 *  network's hidden layers, or a layer list's convolution, pooling, flatten, dense and dropout
 *  layers), its values in its shape's channel, row, column order. */
template<class S>
struct HiddenTrace
{
    LayerSpec spec;     ///< what the layer is (layerText(spec): "conv 8 5x5", "dense 128")
    FeatureShape shape; ///< the shape of a (and of z and delta)
    Vec<S> z; ///< a layer with parameters: z = W a_prev + b (a convolution's per position); else empty
    Vec<S> a; ///< what the layer passes on: f(z), or the pooled, flattened or dropped values
    /** dL/dz for a layer with parameters (delta = (W_next^T delta_next) .* f'(z)); dL/da for the
     *  others (pooling, flatten, dropout). */
    Vec<S> delta;
};

/** Every value of one sample's forward and backward pass, and the loss after one SGD step on it. */
template<class S>
struct MlpTrace
{
    int label = -1;     ///< the true class 0-9 (-1: no label, then no loss, deltas or step)
    int predicted = -1; ///< argmax of probabilities
    Vec<S> input;       ///< x, 784 values as fed to the network
    Vec<S> target;      ///< y, one-hot (10)
    std::vector<HiddenTrace<S>> hidden; ///< every layer before the output layer, first to last (empty: none)
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
    /** A layer list's dL/dW and dL/db (the pass's, which gradientsOf() returns); empty for a dense
     *  network, whose gradients gradientsOf() computes from the trace. */
    MlpParams<S> listGradients;
};
using MlpTraceF = MlpTrace<float>;
using MlpTraceD = MlpTrace<double>;

/** The input of parameter layer l (0-based, the output layer last) in the trace: x or the a of
 *  the layer before it. */
template<class S>
const Vec<S> &weightLayerInput(const MlpTrace<S> &trace, int l);
/** The index in trace.hidden of parameter layer l (hidden.size() for the output layer). */
template<class S>
int traceLayerOf(const MlpTrace<S> &trace, int l);
/** The input of trace.hidden[i]: x or the a of the layer before it. */
template<class S>
const Vec<S> &traceLayerInput(const MlpTrace<S> &trace, std::size_t i);

/** z of convolution `spec` on `in` (shape inShape), weights W (C_out x C_in k k) and b:
 *  z[o][y][x] = b_o + sum_{c,ky,kx} W[o][c][ky][kx] in[c][y s - pad + ky][x s - pad + kx]. */
template<class S>
Vec<S> convolutionZ(const LayerSpec &spec, const FeatureShape &inShape, const Layer<S> &layer, const Vec<S> &in);

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

/** L = -ln p_label of sample x through any network, forward only (evaluation mode). */
template<class S>
S sampleLossOf(const Architecture &arch, const MlpParams<S> &params, const Vec<S> &x, int label);

} // namespace bplab
