// The divergence policy (divergence.h).

#include "divergence.h"

namespace bplab {

double suggestedLearningRate(double lr)
{
    return lr / 2;
}

const char *divergenceActionName(DivergenceAction action)
{
    return action == DivergenceAction::Halve ? "halve" : "stop";
}

std::optional<DivergenceAction> parseDivergenceAction(std::string_view name)
{
    if (name == "stop")
        return DivergenceAction::Stop;
    if (name == "halve")
        return DivergenceAction::Halve;
    return std::nullopt;
}

std::optional<double> DivergencePolicy::rateToTrainOn(double rate, int halvingsInARow) const
{
    if (action != DivergenceAction::Halve || halvingsInARow >= maxHalvings)
        return std::nullopt;
    return suggestedLearningRate(rate);
}

} // namespace bplab
