#pragma once
// One sample through a layer list (architecture.h's `layers`), every value kept, in double: what
// `explain` prints for a convolutional network. The values come from the layer list's own pass
// (layerpass.h) on a batch of one, in evaluation mode (dropout passes every value on unscaled).

#include "nn/layerpass.h"

#include <string>
#include <vector>

namespace bplab {

/** One layer of the list for one sample. */
struct LayerTraceStage
{
    std::string name;  ///< the --layers spelling, "conv 8 5x5"
    FeatureShape shape; ///< the values' shape (channel, row, column order)
    Vec<double> a;      ///< the values the layer passes on (after its activation, if any)
    /** dL/dz for a layer with parameters (z = its weighted sum, delta = dL/da .* f'(z)); dL/da for
     *  the others (pooling, flatten, dropout). */
    Vec<double> delta;
};

/** Every value of one sample's forward and backward pass through a layer list, and the loss
 *  after one plain SGD step on it. */
struct LayerTrace
{
    int label = -1, predicted = -1;
    Vec<double> input, target;
    std::vector<LayerTraceStage> stages; ///< the list's layers, first to last
    Vec<double> logits, exp, probabilities, deltaOut;
    double expSum = 0, loss = 0;
    bool expFinite = true;
    /** dL/dW and dL/db of every layer with parameters, the output layer last (W1..WL). */
    MlpParamsD gradients;
    double lr = 0, lossAfter = 0;
    int predictedAfter = -1;
};

/** The trace of input x (784) with label 0-9 for arch (layered(), validate() ok) and params, and
 *  the loss and prediction after w = w - lr dL/dw on this sample. */
LayerTrace explainLayers(const Architecture &arch, const MlpParamsD &params, const Vec<double> &x, int label,
                         double lr);

/** L = -ln p_label of one sample through a layer list in evaluation mode, kept exact near 0. */
double layerSampleLoss(const Architecture &arch, const MlpParamsD &params, const Vec<double> &x, int label);

} // namespace bplab
