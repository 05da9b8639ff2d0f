#include "nn/optimizerchoice.h"

namespace bplab {

const std::vector<OptimizerChoice> &optimizerChoices()
{
    static const std::vector<OptimizerChoice> choices{
            {"sgd", "sgd", 0.0, "plain"},
            {"momentum", "sgd", 0.9, "SGD with --momentum, default 0.9"},
            {"adam", "adam", 0.0, "Adam, beta 0.9/0.999, eps 1e-8; try --lr 0.001"},
    };
    return choices;
}

const OptimizerChoice &optimizerChoiceOf(const TrainConfig &config)
{
    const std::vector<OptimizerChoice> &all = optimizerChoices();
    for (const OptimizerChoice &c : all)
        if (config.optimizer == c.optimizer && config.optimizer != "sgd")
            return c;
    return config.momentum != 0.0 ? all[1] : all[0];
}

Status applyOptimizerChoice(const std::string &name, const std::optional<double> &momentum,
                            TrainConfig &config)
{
    for (const OptimizerChoice &c : optimizerChoices()) {
        if (name != c.name)
            continue;
        if (std::string(c.optimizer) != "sgd" && momentum)
            return Error{"--momentum is SGD's; --optimizer " + name + " keeps its own moments"};
        config.optimizer = c.optimizer;
        config.momentum = momentum.value_or(c.momentum);
        return Status::success();
    }
    std::string names;
    for (const OptimizerChoice &c : optimizerChoices())
        names += (names.empty() ? "" : ", ") + std::string(c.name);
    return Error{"--optimizer " + name + ": choose " + names};
}

bool isOptimizerName(const std::string &name)
{
    return name == "sgd" || name == "adam";
}

std::string optimizerNames()
{
    return "sgd, adam";
}

} // namespace bplab
