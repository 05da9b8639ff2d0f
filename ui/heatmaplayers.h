#pragma once
// What the heatmaps say about a network's layers apart from drawing them: how tall each later
// layer's map must be, each layer's range and largest entries for a screen reader, and every
// value as CSV.

#include "nn/mlp.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace bplab {

/** The height in pixels of a later layer's map (each weight matrix after the first has its own)
 *  where the panel has the room: 8 a row, counting at most 16 rows (W2 of 784-128-10, a 10-row
 *  output layer: rows you can see and point at; a wider layer's rows share pixels). */
int heatmapLegibleHeight(int rows);
/** Its least height, where the mosaic above needs the room: 5 pixels a row, counting at most 10
 *  (an output layer's rows still told apart; a wide hidden layer as a band of 50 pixels). */
int heatmapLeastHeight(int rows);

/** Weight layer l's title over its map, from the longest form to the shortest: the formula of the
 *  quantity (0: gradients, 1: weights, 2: adjustments, as HeatmapPanel::Quantity) with what the map
 *  shows ("dL/dW1 = δ1 xᵀ   (a 28×28 tile per hidden neuron)", "dL/dW3 = δ3 a2ᵀ   (W3: 10 outputs
 *  × 128 of hidden layer 2)"), with a brief shape ("(W3: 10 × 128)"), the formula alone; `none`
 *  after each form but the last (bare) one. */
QStringList heatmapTitleForms(const Architecture &arch, int l, int quantity, const QString &none);

/** "W1 from -0.3 to 0.29, largest: neuron 5 pixel (12, 7) = 0.29, ...." for each layer; empty
 *  when every value of every layer is 0 (gradients before the first batch). */
QStringList heatmapLayerSummaries(const Architecture &arch, const MlpParamsF &params);

/** "quantity,array,row,col,value", then one line per weight of W1, W2, ... at full precision. */
QByteArray heatmapLayersCsv(const MlpParamsF &params, const QByteArray &quantity);

} // namespace bplab
