#pragma once
// explain for a layer list (a convolutional network): the JSON object and the readable text of
// one sample's trace (mlptrace.h), every value in double.

#include "io/json.h"
#include "nn/mlptrace.h"

#include <QString>

namespace bplab::cli {

/** "set", "index", "label", "predicted", "network" (the --layers text), "activation", "input",
 *  "target", "layers" (one {"layer", "shape", "a", "delta"} per layer of the list), "logits",
 *  "exp", "exp_sum", "probabilities", "loss", "delta_out", "gradients" (one {"name", "shape", "dW",
 *  "db"} per layer with parameters, W1..WL), "lr", "loss_after". */
Json layerExplainObject(const Architecture &arch, const MlpTrace<double> &t, const std::string &set, long long index);

/** One line per layer (its shape, the range of its values, mean |delta|), the output layer's
 *  table and the step's effect. */
QString layerExplainText(const Architecture &arch, const MlpTrace<double> &t, const QString &set, long long index);

} // namespace bplab::cli
