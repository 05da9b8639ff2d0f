#pragma once
// The optimisers a person chooses by name: plain SGD, SGD with momentum and Adam. Two of them are
// the one optimiser "sgd" (TrainConfig::optimizer) with and without a momentum; this table says which
// setting each name stands for, for the CLI's --optimizer and anything else that offers them.

#include "result.h"
#include "train/trainconfig.h"

#include <optional>
#include <string>
#include <vector>

namespace bplab {

struct OptimizerChoice
{
    const char *name;      ///< "sgd", "momentum", "adam"
    const char *optimizer; ///< TrainConfig::optimizer
    double momentum;       ///< the momentum the choice sets when none is given (SGD's)
    const char *help;      ///< "plain", "SGD with --momentum, default 0.9", ...
};

/** Every choice, in the order they are offered. */
const std::vector<OptimizerChoice> &optimizerChoices();
/** The choice `config` trains with: adam, momentum (SGD, momentum > 0) or sgd. */
const OptimizerChoice &optimizerChoiceOf(const TrainConfig &config);
/**
 * Sets config's optimiser to the choice `name`. `momentum` is the one a person gave with it, if
 * any: SGD keeps it, "momentum" without one takes 0.9, Adam refuses one (it keeps its own
 * moments). An unknown name or a refused momentum is an error whose message says why.
 */
Status applyOptimizerChoice(const std::string &name, const std::optional<double> &momentum,
                            TrainConfig &config);
/** True for the names TrainConfig::optimizer may hold: "sgd", "adam". */
bool isOptimizerName(const std::string &name);
/** Those names, for messages ("sgd, adam"). */
std::string optimizerNames();

} // namespace bplab
