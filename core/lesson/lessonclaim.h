#pragma once
// A lesson's claims: what its text says the app will show, as checks on the quantities the app
// computes (the test or training accuracy at the step's weights, the test loss, a count of the
// confusion matrix, a Compare run's final accuracy or test loss, which run is best). Each claim has
// a direction (an absolute bound, or a comparison with another run by a margin), so that runs that
// learn nothing cannot pass it by chance. `lesson check` (lessonplayer.h) plays a lesson and checks
// every claim of every step after that step.

#include "nn/evaluation.h"

#include <optional>
#include <string>
#include <vector>

namespace bplab {

struct LessonClaim
{
    enum class Quantity {
        TestAccuracy, TrainAccuracy, TestLoss, ConfusionCount, CompareAccuracy, CompareTestLoss, CompareBest,
        CompareTrainAccuracy, ///< a run's final accuracy on its own training images, percent
        CompareGap,           ///< a run's final training accuracy minus its test accuracy, points
    };
    Quantity quantity = Quantity::TestAccuracy;
    int run = 0;                          ///< Compare*: the run (1-4, as the view's table counts)
    int trueClass = 0, predictedClass = 0; ///< ConfusionCount
    std::optional<double> atLeast, atMost; ///< absolute bounds (percent for accuracies)
    std::optional<int> aboveRun, belowRun; ///< Compare*: a comparison with another run ...
    double by = 0;                         ///< ... by this margin; CompareBest: over every other run
};

/** "test_accuracy", "train_accuracy", "test_loss", "confusion_count", "compare_accuracy",
 *  "compare_test_loss", "compare_best", "compare_train_accuracy", "compare_gap". */
const char *claimName(LessonClaim::Quantity q);

/** What a Compare run ended with. */
struct ClaimRun
{
    double testAccuracy = 0, testLoss = 0;
    double trainAccuracy = 0; ///< percent of the images it trained on
};

/** The values a claim is checked against, after its step. */
struct ClaimSources
{
    const Evaluation *test = nullptr;  ///< the training's weights on the test set
    const Evaluation *train = nullptr; ///< ... on the images it trains on
    std::vector<std::optional<ClaimRun>> runs; ///< the Compare runs (nullopt: did not finish)
};

struct ClaimCheck
{
    bool holds = false;
    double value = 0;     ///< the value found
    std::string text;     ///< "compare_accuracy of run 2 = 93.60, at least 92" ...
};

ClaimCheck checkClaim(const LessonClaim &claim, const ClaimSources &sources);

} // namespace bplab
