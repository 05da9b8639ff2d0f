#pragma once
// A lesson: a prepared sequence of steps a teacher opens instead of setting controls by hand: the
// settings it trains with, the views and controls it allows, and its steps. The file is JSON, read
// by lessonreader.h; the words it spells values with are in lessonnames.h. A question names a
// quantity the app computes (lessonanswer.h), never a written-in answer.

#include "lesson/handcell.h"
#include "lesson/lessonclaim.h"
#include "train/comparison.h"
#include "train/trainconfig.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bplab {

/** The marker that makes a JSON file a lesson ("format": "backprop-lab-lesson"). */
inline constexpr const char *kLessonFormat = "backprop-lab-lesson";
inline constexpr int kLessonVersion = 1;
/** The largest lesson file read; a larger one is refused before it is read. */
inline constexpr std::size_t kMaxLessonBytes = std::size_t(1) << 20;
inline constexpr int kMaxLessonSteps = 200;
/** The most epochs a lesson's settings ask for. */
inline constexpr int kMaxLessonEpochs = 1000;

enum class LessonView { Train, Step, Draw, Cluster, Data, Mistakes, Compare };
enum class LessonControl { Recipe, Lr, Batch, Epochs, Seed, Pace, Dataset, Reset, Timeline, Replicas, TrainSubset, Network };

/** How fast training runs: as fast as it can, N batches per second, or one sample at a time. */
struct LessonPace
{
    enum class Kind { Full, PerSecond, Sample };
    Kind kind = Kind::Full;
    double batchesPerSecond = 0; ///< Kind::PerSecond only
    bool operator==(const LessonPace &) const = default;
};

/** What a question asks; the app computes the value (lessonanswer.h). */
enum class Quantity {
    ArgmaxP,        ///< the class of the largest probability (0-9)
    LossAfterLower, ///< is the loss after one update lower than before? (yes/no)
    SignDelta2,     ///< sign of delta2[index] (index 0-9)
    SignDelta1,     ///< sign of delta1[index] (index 0-127)
    Z1,             ///< z1[index] (0-127), to `digits` decimals
    A1,             ///< a1[index]
    Logit,          ///< z2[index] (0-9)
    P,              ///< p[index] (0-9)
    Loss,           ///< L = -ln p_label
    TestAccuracy,   ///< percent of the test set right, at the shown weights
    TrainAccuracy,  ///< percent of the training set trained on (its subset) right, at the shown weights
    ConfusionCount, ///< test images of class trueClass predicted as predictedClass
    AllReduceTime,  ///< one all-reduce of the gradients, in microseconds, on `cluster`
    SnapshotTime,   ///< one snapshot of the training state, in microseconds, on `cluster`
    CompareBest,    ///< the Compare view's run (1-4, as its table counts) with the highest final test accuracy
    CompareAccuracy, ///< the final test accuracy of the Compare view's run `index` (1-4), percent
    CompareSmallestGradient, ///< the Compare view's run (1-4) whose first layer got the smallest gradients in its last epoch
};

/** The kind of answer a quantity takes: a class, yes/no, a sign or a number. */
enum class AnswerKind { Class, YesNo, Sign, Number };
AnswerKind answerKindOf(Quantity q);

struct LessonCluster
{
    int servers = 2;
    int gpusPerServer = 8;
    bool hierarchical = false; ///< false: ring
    bool operator==(const LessonCluster &) const = default;
};

struct LessonQuestion
{
    std::string text;
    Quantity quantity = Quantity::ArgmaxP;
    int index = 0;           ///< the neuron or class the quantity reads (where it takes one); CompareAccuracy: the run, from 1
    int layer = 0;           ///< Z1, A1, SignDelta1 of another network's trace: its hidden layer (0-based) instead of the first
    int digits = 2;          ///< decimals a typed number is compared to (Number quantities)
    double tolerancePercent = 0; ///< AllReduceTime/SnapshotTime/TestAccuracy/TrainAccuracy/CompareAccuracy (default 10), ConfusionCount (default 0: exact): a right guess is within this
    int trueClass = 0, predictedClass = 0; ///< ConfusionCount
    LessonCluster cluster;   ///< AllReduceTime/SnapshotTime
};

/** Settings a lesson sets; an absent one keeps the app's value. */
struct LessonSettings
{
    std::optional<Recipe> recipe;
    std::optional<double> lr;
    std::optional<int> batch;
    std::optional<int> epochs;
    std::optional<std::uint64_t> seed;
    std::optional<LessonPace> pace;
    /** Images of the training set the lesson trains on (TrainConfig::trainSubset); a lesson
     *  without it trains on the whole set. */
    std::optional<std::size_t> trainSubset;
    /** The network trained ("hidden" as --hidden spells it or "layers" as --layers does,
     *  "activation"); a lesson without them trains the source's 784-128-10 ReLU. */
    std::optional<Architecture> network;
    /** The L2 coefficient lambda the training adds to every gradient (g += lambda w, as
     *  --weight-decay); a lesson without it trains with none. */
    std::optional<double> weightDecay;
};

struct LessonStep
{
    std::string text;
    LessonView view = LessonView::Train;
    std::optional<int> stage;             ///< view Step only: 1-10 for one hidden layer, up to 13 for two
    std::optional<long long> timelineAt;  ///< batches trained: the timeline's cursor
    std::optional<long long> testImage;   ///< the test image Step through or Draw shows
    std::optional<double> lr;             ///< a new learning rate from this step on
    std::optional<LessonPace> pace;       ///< a new pace from this step on
    std::optional<LessonQuestion> question;
    /** View Compare only: the runs it trains side by side from this step on (1 to 4), unless the
     *  view shows these runs already. */
    std::vector<CompareChoice> compare;
    /** View Compare only: what it shows at this step ("compare_show"; the test accuracy when not
     *  given). */
    std::optional<CompareMeasure> compareShow;
    /** View Mistakes only: the Compare run (1-4, of the latest step's "compare") whose mistakes it
     *  shows ("mistakes_of"; 0: the training's weights, as when not given). */
    std::optional<int> mistakesOf;
    /** View Step only: the Compare run (1-4) whose network, at its latest weights, it steps
     *  through ("step_of"; 0: the training's weights, as when not given). */
    std::optional<int> stepOf;
    /** View Cluster only: the what-if cluster the page shows from this step on ("cluster"). */
    std::optional<LessonCluster> cluster;
    /** What the step's text says the app shows here, checked by `lesson check` ("claims"). */
    std::vector<LessonClaim> claims;
    /** View Step only: the cells the student computes by hand ("compute": ["z1:5", "loss"], as
     *  worksheets write them, handcell.h): the view opens By hand with them blank. */
    std::vector<HandCellRef> compute;
};

struct Lesson
{
    std::string title;
    std::string dataset = "sample"; ///< "mnist", "fashion" or "sample"
    LessonSettings settings;
    std::vector<LessonView> views;
    std::vector<LessonControl> locked;
    std::vector<LessonControl> hidden;
    std::vector<LessonStep> steps;
};

/** What an open lesson allows: its views (none listed: every view) and the controls it locks
 *  (shown, not editable) or hides. The default value allows everything (no lesson). */
struct LessonRestrictions
{
    std::vector<LessonView> views;
    std::vector<LessonControl> locked, hidden;

    static LessonRestrictions of(const Lesson &lesson);
    bool showsView(LessonView view) const;
    /** Locked or hidden: the person cannot change it. */
    bool locks(LessonControl control) const;
    bool hides(LessonControl control) const;
};

/** "train", "step", "draw", "cluster", "data", "mistakes", "compare" (the names in the file;
 *  lessonnames.cpp). */
const char *viewName(LessonView v);
const char *controlName(LessonControl c);
const char *quantityName(Quantity q);

/** The Step view's stages for arch: 7 + 3 per hidden layer (10 for 784-128-10); a layer list's,
 *  6 + 2 per layer of the list (its forward and its backward page). */
int stageCount(const Architecture &arch);
/** The most stages any network has: the bound of a stage before its network is known. */
int maxStageCount();
/**
 * The network a Step step of lesson shows: the lesson's (settings "hidden", else 784-128-10 ReLU)
 * for stepOf 0, else run stepOf of the last step in lesson.steps with runs to compare; empty when
 * that run is not known from the file (the Compare view's runs of the moment).
 */
std::optional<Architecture> stepNetwork(const Lesson &lesson, int stepOf);
/**
 * The most batches the lesson trains: its epochs times the batches of one epoch (its train_subset
 * or its data set's training images, 60,000 for mnist and fashion, 8,000 for sample, in batches of
 * its batch size, the last one partial). A setting the lesson leaves to the app counts at its
 * widest: 1000 epochs, batches of one image. One replica assumed (the lessons do not set more).
 */
long long lessonBatches(const Lesson &lesson);
/** The training images of one epoch of the lesson: its train_subset of its data set, or all of
 *  them (60,000 for mnist and fashion, 8,000 for sample). */
std::uint64_t lessonTrainImages(const Lesson &lesson);

} // namespace bplab
