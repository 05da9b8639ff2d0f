#pragma once
// What each of the ten stages shows: a title, the formula written out with the model's actual
// numbers (rich text; every number a link whose target is its full-precision text, for the hover)
// and up to two value grids (more are not drawn). Built from the StepModel only; nothing is recomputed here.

#include "nn/params.h"
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
};

/** Short names of the stages 1-10 for the stage list ("Input", "Weighted sums", ...). */
QStringList stageNames();
/** The stage list of the model's network: stageNames(), or another network's (networkStages()). */
QStringList stageNamesOf(const StepModel &model);
/** The page of stage 1-10 for the model's current trace and selection (the batch's pages when
 *  the model has a mini-batch; another network's pages, networkStagePage(), when it shows one). */
StagePage stagePage(const StepModel &model, int stage);
// Pieces the one-image and the batch pages share.
/** v's values as grid values. */
QVector<float> toVector(const Vec<float> &v);
/** Row `row` of m as grid values. */
QVector<float> rowOf(const Mat<float> &m, int row);
/** Index of the largest |m(row, i)| (first on ties): the worked example of a row of weights. */
int largestInRow(const Mat<float> &m, int row);
/** 128 values of the hidden layer as a 16 x 8 grid; the selected neuron marked, a click selects. */
GridSpec hiddenGrid(const StepModel &m, const QVector<float> &values, const QString &name, const QString &caption);
/** 784 values of one hidden neuron's weights as its 28 x 28 image, input `selected` marked. */
GridSpec weightImage(const QVector<float> &values, const QString &name, const QString &caption, int selected);
/** SoftMax's formula and its table: neuron, class, z, e^z, p and which is the target and the
 *  prediction (the predicted row bold). */
QString softmaxTable(const Vec<float> &logits, const Vec<float> &exp, const Vec<float> &probabilities, int label,
                     int predicted);
/** "Mean |delta| in layer l: ...; in layer l + 1: ...": how the gradient's size changes from one
 *  layer to the one before it. */
QString meanDeltaText(int layer, double here, double next);
/** Stage 10's "w_new = w_old + delta w" table for w_kj, b_k, w_ji and b_j. */
QString updateTable(const ParamsF &before, const ParamsF &adjustments, const ParamsF &after, int k, int j, int i);

} // namespace bplab
