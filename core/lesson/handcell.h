#pragma once
// The cells a student computes by hand, named as worksheets (--blanks), the Step view's By hand
// and a lesson step's "compute" list write them: "z1:5" (z of neuron 5 of layer 1; the last
// layer's z are the logits), "a1:5" (a hidden neuron's activation), "p:3" (output neuron 3's
// probability, class 2), "loss", "delta2:3", "dLdw2:3:17" (dL/dw of W2's row 3, column 17: delta
// * input), "Deltaw2:3:17" (that weight's change in one SGD step, Delta w = -lr * dL/dw) and
// "w2:3:17" (the weight after the step, w + Delta w). Layers count from 1 as W1..WL do; neurons,
// rows and columns from 1 as the Step view writes them. Names are read in any case; "dw2:3:17"
// (older lessons) is read as dLdw2:3:17.

#include "nn/mlptrace.h"
#include "result.h"

#include <string>
#include <string_view>
#include <vector>

namespace bplab {

struct HandCellRef
{
    enum class Kind { Z, A, P, Loss, Delta, DLdw, DeltaW, W };
    Kind kind = Kind::Z;
    int layer = 0; ///< weight layer, 1..L (0 for p and loss)
    int row = 0;   ///< neuron, 0-based (the row of W for dLdw, Deltaw and w)
    int col = 0;   ///< dLdw, Deltaw and w: the column of W (the input), 0-based
    bool operator==(const HandCellRef &) const = default;
};

/** One cell's text ("z1:5"); the message names what is wrong and how it is written. */
Result<HandCellRef> parseHandCell(std::string_view text);
/** A comma-separated list ("z1:5,a1:5,p:3,loss"); the message names the item ("item 2, ..."). */
Result<std::vector<HandCellRef>> parseHandCells(std::string_view spec);
/** The cell as parseHandCell reads it ("z1:5"). */
std::string handCellText(const HandCellRef &cell);
/** Empty when the cell is in `arch` (a dense network), else why not ("a3:5: the network
 *  784-128-10 ReLU has 1 hidden layer, a1"). */
std::string handCellFits(const HandCellRef &cell, const Architecture &arch);
/** The cell's value for the sample of `trace` (explainSample's, at params): the number a
 *  worksheet's answers and `lesson check` print. The cell must fit arch. */
float handCellValue(const HandCellRef &cell, const Architecture &arch, const MlpParamsF &params,
                    const MlpTraceF &trace);
/** The layer input a weight of layer `layer` (1-based) multiplies: x for layer 1, else the
 *  previous layer's a. */
const Vec<float> &handLayerInput(const MlpTraceF &trace, int layer);
/** delta of layer `layer` (1-based): the output layer's is p - y. */
const Vec<float> &handLayerDelta(const MlpTraceF &trace, int layer);

} // namespace bplab
