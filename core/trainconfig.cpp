#include "trainconfig.h"

#include <algorithm>
#include <cmath>

namespace bplab {

std::string scheduleName(Schedule s)
{
    return s == Schedule::Cosine ? "cosine" : "constant";
}

std::optional<Schedule> parseSchedule(const std::string &name)
{
    if (name == "constant")
        return Schedule::Constant;
    if (name == "cosine")
        return Schedule::Cosine;
    return std::nullopt;
}

TrainConfig sourceRecipe()
{
    TrainConfig c;
    c.epochs = 10;
    c.batch = 64;
    c.lr = 0.1;
    c.momentum = 0.0;
    c.schedule = Schedule::Constant;
    c.normalize = Normalize::None;
    c.init = Init::He;
    return c;
}

TrainConfig tunedRecipe()
{
    TrainConfig c = sourceRecipe();
    c.epochs = 15;
    c.lr = 0.05;
    c.momentum = 0.9;
    c.schedule = Schedule::Cosine;
    c.normalize = Normalize::Standard;
    return c;
}

TrainConfig adamRecipe()
{
    TrainConfig c = sourceRecipe();
    c.optimizer = "adam";
    c.lr = 0.001;
    return c;
}

bool needsReset(const TrainConfig &trained, const TrainConfig &wanted)
{
    return !(trained.epochs == wanted.epochs && trained.batch == wanted.batch
             && trained.momentum == wanted.momentum && trained.optimizer == wanted.optimizer
             && trained.schedule == wanted.schedule && trained.normalize == wanted.normalize
             && trained.init == wanted.init && trained.seed == wanted.seed
             && trained.augment == wanted.augment && trained.replicas == wanted.replicas);
}

double scheduledLr(const TrainConfig &config, std::size_t step, std::size_t totalSteps)
{
    if (config.schedule == Schedule::Constant || totalSteps == 0)
        return config.lr;
    // lr = base * 0.5 * (1 + cos(pi * step / total))
    constexpr double kPi = 3.14159265358979323846;
    const double t = std::min(1.0, double(step) / double(totalSteps));
    return config.lr * 0.5 * (1.0 + std::cos(kPi * t));
}

} // namespace bplab
