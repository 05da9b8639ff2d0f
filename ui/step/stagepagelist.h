#pragma once
// The stages of a layer list (a convolutional network): the input, a page per layer forward, the
// output layer, SoftMax and the loss as for every network, a page per layer backward, the update.
// Each layer kind's pages are one file: stagepageconv.cpp (convolution), stagepagepool.cpp (max
// pooling), stagepagelist.cpp (flatten, dropout, a dense layer of the list, the update, and which
// page a stage gets). Internal to bplab_stepview.

#include "stagepages.h"

#include "nn/mlptrace.h"

namespace bplab {

/** The stages of a layer list (a network with other layers than dense ones). */
std::vector<NetworkStage> listStages(const Architecture &arch);
/** "Convolution 1", "Max pooling 2 (back)", ... for a stage with list >= 0. */
QString listStageName(const std::vector<LayerSpec> &body, const NetworkStage &s);
/** The page of a stage with list >= 0. */
StagePage listStagePage(const StepModel &m, const NetworkStage &s);

// The kinds' pages, i the layer's index in the trace's list.
StagePage convForwardPage(const StepModel &m, int i);
StagePage convBackwardPage(const StepModel &m, int i);
StagePage convUpdatePage(const StepModel &m, int i);
StagePage poolForwardPage(const StepModel &m, int i);
StagePage poolBackwardPage(const StepModel &m, int i);

// Pieces the kinds' pages share.
/** A value's place in a shape: channel, row, column (0-based). */
struct MapPlace
{
    int c = 0, y = 0, x = 0;
};
MapPlace placeOf(const FeatureShape &s, int index);
/** The value of layer i the pages spell out: the selected one within the layer (the middle of
 *  the first map while the first value is selected, a corner of zero padding as a rule). */
int selectedValue(const StepModel &m, int i);
/** The shape of layer i's input (the image's for the first). */
FeatureShape inputShapeOf(const MlpTraceF &t, int i);
/** The parameter layer (0-based, in MlpParams) of trace layer i, which has parameters. */
int paramLayerOf(const MlpTraceF &t, int i);
/** Channel c of values v (shape s) as a grid, cell `selected` (in the channel, -1: none) marked;
 *  selects is true: a click or the arrow keys select that value of the layer. */
GridSpec mapGrid(const Vec<float> &v, const FeatureShape &s, int c, int selected, const QString &name,
                 const QString &caption, bool selects);

} // namespace bplab
