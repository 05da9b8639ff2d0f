#pragma once
// The hyperparameters of a training run and the two recipes of the app. Plain values: the file
// formats, the front ends and the trainer share them without including the training loop.

#include "nn/architecture.h"
#include "nn/network.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bplab {

enum class Schedule { Constant, Cosine };
/** Every schedule, in the order the CLI lists them. */
inline constexpr Schedule kSchedules[] = {Schedule::Constant, Schedule::Cosine};

/** "constant" or "cosine", the names the CLI and the files use; parseSchedule reads them back. */
std::string scheduleName(Schedule s);
std::optional<Schedule> parseSchedule(const std::string &name);

struct TrainConfig
{
    int epochs = 10;
    int batch = 64;
    double lr = 0.1;       ///< base learning rate
    double momentum = 0.0; ///< 0 = plain SGD (the source's method); SGD's only
    /** The optimiser's name (optimizer.h): "sgd" (plain or with momentum) or "adam". */
    std::string optimizer = "sgd";
    Schedule schedule = Schedule::Constant;
    Normalize normalize = Normalize::None;
    Init init = Init::He;
    std::uint64_t seed = 1;
    /** Random small shifts, rotations and scalings of the training images (augment.h), drawn
     *  from (seed, epoch, sample index): off in the source's recipe. */
    bool augment = false;
    /** Data-parallel replicas of `batch` samples each (global batch replicas x batch), joined by
     *  an all-reduce. The Trainer's exchange decides (activeConfig() says what it runs); the app
     *  builds an in-process one from this. A snapshot keeps it as its worker count. */
    int replicas = 1;
    /** Train on this many images of the training set, drawn evenly from every class by the seed
     *  (trainsubset.h); 0, or a number at least the set's size: the whole set. */
    std::size_t trainSubset = 0;
    /** L2 weight decay lambda: every parameter's gradient (biases included) gets + lambda w
     *  before the optimiser's rule, as PyTorch's `weight_decay` (0: none, the source's). */
    double weightDecay = 0.0;
    /** The network trained: the source's 784-128-10 ReLU (the fast batch path, replicas,
     *  snapshots), or any other Architecture (one replica). */
    Architecture network;
};

/** The "Source: plain SGD", "Tuned: momentum + cosine" and "Adam, lr 0.001" recipes. */
TrainConfig sourceRecipe();
TrainConfig tunedRecipe(); // standard scaling, momentum 0.9, lr 0.05, cosine, 15 epochs
TrainConfig adamRecipe();  // the source's, with Adam at lr 0.001

/** The named recipes: the CLI's --recipe, the toolbar's list, the saved settings and lesson
 *  files all read this table (in this order). */
enum class Recipe { Source, Tuned, Adam };
struct RecipeInfo
{
    Recipe recipe;
    const char *name;    ///< "source": the spelling of the CLI, the settings and the lessons
    const char *label;   ///< "Source: plain SGD": the toolbar's entry
    const char *brief;   ///< "Source": the entry where room is short
    const char *summary; ///< what it sets, for --help and tooltips
    TrainConfig (*config)();
};
const std::array<RecipeInfo, 3> &recipes();
const RecipeInfo &recipeInfo(Recipe recipe);
/** The recipe of that name ("source", "tuned", "adam"); nullopt for any other. */
std::optional<Recipe> recipeNamed(std::string_view name);
/** "source, tuned or adam": the names, for messages. */
std::string recipeNames();
/** The recipe's settings (seed 1, no augmentation, one replica). */
TrainConfig recipeConfig(Recipe recipe);
/** The recipe `config` follows: Adam's for the Adam optimiser, the tuned one's for any momentum
 *  or schedule, else the source's. */
Recipe recipeOf(const TrainConfig &config);
/** `config` with the recipe's hyperparameters; its seed, augmentation, replicas, training subset
 *  and network stay (and another network than the source's keeps the initialisation its
 *  activation implies). */
TrainConfig withRecipe(const TrainConfig &config, Recipe recipe);

/** `config` training a network of these hidden widths and activation, initialised by the rule
 *  the activation implies (initFor: He for ReLU as the source's, Xavier for sigmoid and tanh). */
TrainConfig withNetwork(const TrainConfig &config, const std::vector<int> &hidden, Activation activation);

/**
 * True when `wanted` differs from `trained` (the settings the weights were initialised and
 * trained with) in anything but the learning rate: those take effect only when the weights are
 * initialised again. The learning rate applies from the next batch on.
 */
bool needsReset(const TrainConfig &trained, const TrainConfig &wanted);

/** lr at global step `step` of `totalSteps`: constant, or base * 0.5 * (1 + cos(pi * step /
 * total)). */
double scheduledLr(const TrainConfig &config, std::size_t step, std::size_t totalSteps);

} // namespace bplab
