#pragma once
// The stages of every network and what each shows: a title, the formula written out with the
// model's actual numbers (rich text; every number a link whose target is its full-precision text,
// for the hover) and up to two value grids (more are not drawn). Built from the StepModel only;
// nothing is recomputed here. The stages follow the network's layers: the input, a weighted-sums
// and an activation stage per hidden layer, the logits, SoftMax, the loss, the output gradients, a
// hidden-gradients stage per hidden layer (last to first), the adjustments and the update; one
// hidden layer gives ten stages (1 input ... 10 update), the numbers the lessons use. The pages
// are in stagepagesforward.cpp, stagepagesback.cpp and (a mini-batch's parts) stagepagesbatch.cpp.

#include "nn/architecture.h"
#include "nn/mlp.h"
#include "valuegrid.h"

#include <QRect>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <vector>

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
    QRect region; ///< cells framed (x = column, y = row; empty: none), e.g. a kernel's input patch
    int cellSize = 8;
    bool selectsHidden = false; ///< a click on a cell selects that hidden neuron
    bool selectsOutput = false;
    RowSelects rowSelects = RowSelects::Nothing;
    int firstRow = 0; ///< the neuron of the matrix's first row (a band of a wide layer's rows)
    int firstCell = 0; ///< with selectsHidden: the value of the first cell (a feature map's offset in its layer)
    SampleClick sampleClick = SampleClick::None;
};

struct StagePage {
    QString title;     ///< "5. SoftMax"
    QString html;      ///< the formulas with the numbers
    QVector<GridSpec> grids;
    bool softmaxTable = false; ///< the trace's SoftMax table under the text (SoftmaxPanel)
};

struct NetworkStage
{
    enum class Kind {
        Input,
        WeightedSums,
        Activation,
        Logits,
        SoftMax,
        Loss,
        OutputGradients,
        HiddenGradients,
        Adjustments,
        Update
    };
    Kind kind = Kind::Input;
    int layer = -1; ///< the hidden layer (0-based) of WeightedSums, Activation, HiddenGradients
    /** A layer list's stages: the layer (0-based, in the trace's list) whose forward pass
     *  (WeightedSums), backward pass (HiddenGradients) or update (Update) the stage shows; its
     *  page is its kind's (stagepagelist.h). -1: a stage every network has. */
    int list = -1;
};

/** The stages of arch in order: 7 + 3 x its hidden layers; a layer list's: the input, one per
 *  layer, the logits, SoftMax, the loss, the output gradients, one per layer backwards, the
 *  update. */
std::vector<NetworkStage> stagesOf(const Architecture &arch);
/** Their short names ("Weighted sums 2", "Sigmoid 1", "Hidden gradients 1", ...). */
QStringList stageNames(const Architecture &arch);
/** The page of stage 1..stagesOf(arch).size() for the model's current trace and selection (with
 *  the batch's matrices and per-sample terms when the model has a mini-batch). */
StagePage stagePage(const StepModel &m, int stage);
/** A layer's values as a grid of layerColumns() columns, neuron `selected` marked. */
GridSpec layerGrid(const QVector<float> &values, const QString &name, const QString &cellName,
                   const QString &caption, int selected);
/** Columns a layer of `width` neurons is drawn in: a divisor of the width near 16 (32 when it is
 *  wider than 256), so that no cell stands for a neuron that is not there; 16 or 32 when there is
 *  none. */
int layerColumns(int width);
/** "z<sup>(2)</sup><sub>j</sub>": a value of layer n (1-based) at an index. */
QString ofLayer(const QString &base, int n, const QString &index);
/** The selected hidden neuron within hidden layer l's width. */
int neuronIn(const StepModel &m, int l);
/** Whether (almost) no gradient flows back through a neuron at z with slope f'(z): z <= 0 for
 *  ReLU and leaky ReLU (crossed out on the pages), f'(z) < 0.05 (saturated) for sigmoid and tanh. */
bool isFlat(Activation f, float z, float slope);
/** f'(z) of one neuron, written through a = f(z) where the maths does (the core's own formula). */
float derivativeAt(Activation f, float z, float a);
/** "a = 1 / (1 + e^-z)" and "a' = a (1 - a)" as rich text, for the pages and the diagram. */
QString activationFormula(Activation f);
QString derivativeFormula(Activation f);

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
