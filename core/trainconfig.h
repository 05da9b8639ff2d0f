#pragma once
// The hyperparameters of a training run and the two recipes of the app. Plain values: the file
// formats, the front ends and the trainer share them without including the training loop.

#include "network.h"

#include <cstdint>
#include <optional>
#include <string>

namespace bplab {

enum class Schedule { Constant, Cosine };

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
};

/** The "Source: plain SGD", "Tuned: momentum + cosine" and "Adam, lr 0.001" recipes. */
TrainConfig sourceRecipe();
TrainConfig tunedRecipe(); // standard scaling, momentum 0.9, lr 0.05, cosine, 15 epochs
TrainConfig adamRecipe();  // the source's, with Adam at lr 0.001

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
