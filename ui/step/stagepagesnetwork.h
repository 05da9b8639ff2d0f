#pragma once
// The stages of a network of any architecture: the input, a weighted-sums and an activation stage
// per hidden layer, the logits, SoftMax, the loss, the output gradients, a hidden-gradients stage
// per hidden layer (last to first), the adjustments and the update. One hidden layer gives the
// source's ten stages in the source's order (1 input ... 10 update), with its activation's own
// formulas: the default 784-128-10 ReLU network's lessons name them by these numbers.

#include "nn/architecture.h"
#include "stagepages.h"

#include <QStringList>

#include <vector>

namespace bplab {

class StepModel;

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
};

/** The stages of arch in order: 7 + 3 x its hidden layers. */
std::vector<NetworkStage> networkStages(const Architecture &arch);
/** Their short names ("Weighted sums 2", "Sigmoid 1", "Hidden gradients 1", ...). */
QStringList networkStageNames(const Architecture &arch);
/** The page of stage 1..networkStages(arch).size() of the model's network (stagePage()). */
StagePage networkStagePage(const StepModel &m, int stage);
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

} // namespace bplab
