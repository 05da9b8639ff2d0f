#pragma once
// The whole step trace as text: the JSON object of the explain contract, which both
// `backprop-lab-cli explain --json` and the Step view's export write (keys in the contract's order,
// every float in the shortest text that reads back as the same float, null for non-finite), and a
// long-format CSV. The one implementation: the CLI and the app call it.

#include "io/json.h"
#include "nn/mlptrace.h"

#include <string>

namespace bplab {

/** The shortest text that reads back as the same float; "null" when not finite. */
std::string jsonFloat(float v);
/** The same for a double. */
std::string jsonDouble(double v);

/** The explain contract, the same keys for every network: "set", "index", "label", "predicted",
 *  "network" ("784-32-10 sigmoid"), "input", "target", "hidden" (one {"z", "a", "delta"} per hidden
 *  layer, first to last), "logits", "exp", "exp_sum", "probabilities", "loss", "delta_out", "lr",
 *  "loss_after". set: "train", "test" or another source name; index: the image's index in it
 *  (-1: none). */
std::string explainJson(const Architecture &arch, const MlpTrace<float> &trace, const std::string &set,
                        long long index);
/** The same object as JSON, for a caller that adds keys after the last. */
Json explainObject(const Architecture &arch, const MlpTrace<float> &trace, const std::string &set, long long index);

/** One row per value: "quantity,index,value" (index 0-based; scalars have index 0), the numbers of
 *  explainJson: "network", then per hidden layer l (1-based) "z<l>", "a<l>", "delta<l>", and
 *  "delta_out" for the output layer. */
std::string explainCsv(const Architecture &arch, const MlpTrace<float> &trace, const std::string &set,
                       long long index);

} // namespace bplab
