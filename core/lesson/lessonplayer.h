#pragma once
// A lesson played without a window, as a class stepping through it would: its settings, each
// step's learning rate and timeline position (the training's weights at that batch, branching
// where a step goes back), and each step's Compare runs, trained to their end. After each step
// its claims (lessonclaim.h) are checked against what the app would show there.

#include "lesson/lesson.h"
#include "data/dataset.h"

#include <functional>
#include <memory>

namespace bplab {

struct PlayedClaim
{
    int step = 0;  ///< 0-based
    int claim = 0; ///< 0-based, in the step's list
    ClaimCheck check;
};

/** A cell of a step's "compute" list and its value there (the training's weights at the step,
 *  or for a step through a Compare run (step_of) that run's network after its last epoch; the
 *  test image the Step view shows; the lesson's learning rate). */
struct PlayedCell
{
    int step = 0; ///< 0-based
    HandCellRef cell;
    float value = 0;
};

/** The settings the lesson trains with, as the app applies them (augmentation off, one replica). */
/** The training a lesson asks for: `base` (the recipe's when the lesson names one) with the
 *  lesson's settings over it, one replica, no augmentation. */
TrainConfig lessonConfig(const Lesson &lesson, const TrainConfig &base);

/** Plays `lesson` on `data` (its data set) and checks every claim; `claimChecked` is told each
 *  one as it is checked, `cellComputed` each cell of a step's "compute" list with its value. */
std::vector<PlayedClaim> playLesson(const Lesson &lesson, std::shared_ptr<const DataSplit> data,
                                    const std::function<void(const PlayedClaim &)> &claimChecked = {},
                                    const std::function<void(const PlayedCell &)> &cellComputed = {});

} // namespace bplab
