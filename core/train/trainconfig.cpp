#include "train/trainconfig.h"

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

const std::array<RecipeInfo, 3> &recipes()
{
    static const std::array<RecipeInfo, 3> table{{
            {Recipe::Source, "source", "Source: plain SGD", "Source",
             "the source's method: plain SGD, lr 0.1, batch 64, He init, x/255 inputs, 10 epochs",
             &sourceRecipe},
            {Recipe::Tuned, "tuned", "Tuned: momentum + cosine", "Tuned",
             "standard input scaling, momentum 0.9, lr 0.05, cosine schedule, 15 epochs",
             &tunedRecipe},
            {Recipe::Adam, "adam", "Adam, lr 0.001", "Adam",
             "the source's method with the Adam optimiser at lr 0.001", &adamRecipe},
    }};
    return table;
}

const RecipeInfo &recipeInfo(Recipe recipe)
{
    for (const RecipeInfo &r : recipes())
        if (r.recipe == recipe)
            return r;
    return recipes().front();
}

std::optional<Recipe> recipeNamed(std::string_view name)
{
    for (const RecipeInfo &r : recipes())
        if (name == r.name)
            return r.recipe;
    return std::nullopt;
}

std::string recipeNames()
{
    std::string out;
    const auto &all = recipes();
    for (std::size_t i = 0; i < all.size(); ++i)
        out += std::string(i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + all[i].name;
    return out;
}

TrainConfig recipeConfig(Recipe recipe)
{
    return recipeInfo(recipe).config();
}

Recipe recipeOf(const TrainConfig &config)
{
    if (config.optimizer == adamRecipe().optimizer)
        return Recipe::Adam;
    return config.momentum != 0.0 || config.schedule != Schedule::Constant ? Recipe::Tuned : Recipe::Source;
}

TrainConfig withRecipe(const TrainConfig &config, Recipe recipe)
{
    TrainConfig out = recipeConfig(recipe);
    out.seed = config.seed;
    out.augment = config.augment;
    out.replicas = config.replicas;
    out.trainSubset = config.trainSubset;
    out.network = config.network;
    out.init = initFor(out.network);
    return out;
}

TrainConfig withNetwork(const TrainConfig &config, const std::vector<int> &hidden, Activation activation)
{
    TrainConfig out = config;
    out.network.hidden = hidden;
    out.network.activation = activation;
    out.init = initFor(out.network);
    return out;
}

bool needsReset(const TrainConfig &trained, const TrainConfig &wanted)
{
    return !(trained.epochs == wanted.epochs && trained.batch == wanted.batch
             && trained.momentum == wanted.momentum && trained.optimizer == wanted.optimizer
             && trained.schedule == wanted.schedule && trained.normalize == wanted.normalize
             && trained.init == wanted.init && trained.seed == wanted.seed
             && trained.augment == wanted.augment && trained.replicas == wanted.replicas
             && trained.trainSubset == wanted.trainSubset && trained.network == wanted.network
             && trained.weightDecay == wanted.weightDecay);
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
