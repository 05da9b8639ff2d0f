// The divergence policy (divergence.h).

#include "train/divergence.h"

#include <cmath>
#include <cstdio>

namespace bplab {

std::string valueText(double v)
{
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? "+Inf" : "-Inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

std::string divergenceMessage(const Divergence &d, const std::string &restored)
{
    return "training diverged in epoch " + std::to_string(d.epoch) + ", batch " + std::to_string(d.batch) + "/"
           + std::to_string(d.batchesPerEpoch) + " (step " + std::to_string(d.step) + "): " + d.quantity
           + " became " + valueText(d.value)
           + (std::isfinite(d.value) ? " (above the limit " + valueText(d.lossLimit) + ")" : std::string())
           + " at learning rate " + valueText(d.lr) + restored + "; try a smaller learning rate (e.g. "
           + valueText(d.suggestedLr) + ")";
}

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
