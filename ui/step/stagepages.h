#pragma once
// What each stage shows: a title, the formula written out with the model's actual numbers (rich
// text; every number a link whose target is its full-precision text, for the hover) and up to two
// value grids (more are not drawn). Built from the StepModel only; nothing is recomputed here. The
// stages follow the network's layers (stagepagesnetwork.h), the same pages for every network.

#include "nn/mlp.h"
#include "valuegrid.h"

#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

namespace bplab {

class StepModel;

/** What a click on a cell of a batch grid selects: the sample of its column (and the neuron of
 *  its row), of the cell itself, or of the 28x28 image it lies in (8 images to a row). */
enum class SampleClick { None, Column, Cell, Mosaic };

/** What a click on a matrix's row selects besides the column's sample (SampleClick::Column). */
enum class RowSelects {
    Nothing,
    Hidden, ///< the hidden neuron of the row (firstRow + row)
    Output, ///< the output neuron of the row
};

struct GridSpec {
    QVector<float> values;
    int rows = 0, cols = 0;
    ValueGrid::Scale scale = ValueGrid::Scale::Diverging;
    QString caption;
    QString valueName;
    QString cellName;  ///< "" for pixels, else e.g. "hidden neuron %1"
    QSet<int> marked;
    int selected = -1;
    int cellSize = 8;
    bool selectsHidden = false; ///< a click on a cell selects that hidden neuron
    bool selectsOutput = false;
    RowSelects rowSelects = RowSelects::Nothing;
    int firstRow = 0; ///< the neuron of the matrix's first row (a band of a wide layer's rows)
    SampleClick sampleClick = SampleClick::None;
};

struct StagePage {
    QString title;     ///< "5. SoftMax"
    QString html;      ///< the formulas with the numbers
    QVector<GridSpec> grids;
    bool softmaxTable = false; ///< the trace's SoftMax table under the text (SoftmaxPanel)
};

/** The stage list of the model's network (networkStageNames()). */
QStringList stageNamesOf(const StepModel &model);
/** The page of stage 1..stageCount() for the model's current trace and selection (with the
 *  batch's matrices and per-sample terms when the model has a mini-batch). */
StagePage stagePage(const StepModel &model, int stage);
// Pieces the one-image and the batch pages share.
/** v's values as grid values. */
QVector<float> toVector(const Vec<float> &v);
/** Row `row` of m as grid values. */
QVector<float> rowOf(const RowMat<float> &m, int row);
/** Index of the largest |m(row, i)| (first on ties): the worked example of a row of weights. */
int largestInRow(const RowMat<float> &m, int row);
/** 784 values of one neuron's weights on the pixels as its 28 x 28 image, input `selected` marked. */
GridSpec weightImage(const QVector<float> &values, const QString &name, const QString &caption, int selected);
/** SoftMax's formula; its table (neuron, class, z, e^z, p, target and prediction) is a panel of
 *  its own under the text (StagePage::softmaxTable), read by a screen reader as a table. */
QString softmaxFormula();
/** "Mean |delta| in layer l: ...; in layer l + 1: ...": how the gradient's size changes from one
 *  layer to the one before it. */
QString meanDeltaText(int layer, double here, double next);

} // namespace bplab
