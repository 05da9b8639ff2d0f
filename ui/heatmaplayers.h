#pragma once
// What the heatmaps say about a network's layers apart from drawing them: where each later layer
// sits in the lower map, each layer's range and largest entries for a screen reader, and every
// value as CSV.

#include "nn/mlp.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace bplab {

/** The lower map: the layers after the first, one under the other with a row of gap between two,
 *  as wide as the widest. */
struct HeatmapLaterLayers
{
    std::vector<int> firstRow; ///< of layer l (1-based among the weight layers) at [l - 1]
    int cols = 1;
    int rows = 0; ///< 0 for a network without a hidden layer
    static HeatmapLaterLayers of(const Architecture &arch);
};

/** "W1 from -0.3 to 0.29, largest: neuron 5 pixel (12, 7) = 0.29, ...." for each layer; empty
 *  when every value of every layer is 0 (gradients before the first batch). */
QStringList heatmapLayerSummaries(const Architecture &arch, const MlpParamsF &params);

/** "quantity,array,row,col,value", then one line per weight of W1, W2, ... at full precision. */
QByteArray heatmapLayersCsv(const MlpParamsF &params, const QByteArray &quantity);

} // namespace bplab
