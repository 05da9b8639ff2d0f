#pragma once
// Runs compared side by side: each trains a network of its own choosing (any Architecture, rate,
// momentum, epochs) on the same data, with the same seed, batch size and pixel scaling, from the
// initialisation its activation implies. runLabels() names what tells the runs apart. A
// CompareRun trains on the thread that calls run(); any other thread may read its progress or ask
// it to stop.

#include "nn/architecture.h"
#include "data/dataset.h"
#include "train/losshistory.h"
#include "nn/mlp.h"
#include "train/networktrainer.h"
#include "train/trainconfig.h"
#include "train/trainevents.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace bplab {

/** What one run of a comparison trains. */
struct CompareChoice
{
    Architecture arch;
    double lr = 0.1;
    double momentum = 0.0; ///< 0: plain SGD (Adam keeps its own moments)
    bool adam = false;     ///< Adam instead of SGD
    /** L2 weight decay lambda: g += lambda w for every weight and bias (0: none). */
    double weightDecay = 0.0;
    /** Pixels every test digit is moved right and down before the run is tested (0: as they
     *  are), with 0 shifted in: how a network copes with digits it has not seen in that place. */
    int testShift = 0;
    int epochs = 3;
    /** Batches of the training it goes on from, with that batch's weights (0: from its own initial
     *  weights). Its epochs count as the training's: it trains to the end of epoch `epochs`. */
    std::size_t fromStep = 0;
    /** Not empty: a model file's network (the weights given to CompareRun), evaluated, not
     *  trained; its label is this name. */
    std::string fileName;

    bool operator==(const CompareChoice &) const = default;
};

/** What the Compare view shows of its runs: after each epoch the test accuracy, the test loss,
 *  the mean training loss or the first layer's gradient size; each run's first-layer gradient
 *  per weight; every batch's loss (its moving average); after each epoch the accuracy on the
 *  images it trains on, or that minus the test accuracy (the gap overfitting opens). */
enum class CompareMeasure { TestAccuracy, TestLoss, TrainLoss, Gradient, GradientMap, BatchLoss, TrainAccuracy, AccuracyGap };

/** How a run steps: "Adam", "momentum 0.9" or "plain SGD". */
std::string methodName(const CompareChoice &choice);

/** True when a run of `choice` steps as a training of `training` does, so that the training's
 *  optimiser state (a momentum buffer, Adam's moments) means the same to it: the training's
 *  network, and Adam for both, or SGD with the same momentum (not 0: plain SGD keeps no state). */
bool stepsAsTraining(const TrainConfig &training, const CompareChoice &choice);

/** One thing a run's label names, for a front end to word in its own language. */
struct LabelPart
{
    enum class Kind {
        File,       ///< a model file: text is its name
        Widths,     ///< text: "784-32-10", or a layer list's --layers spelling
        Activation, ///< activation
        Rate,       ///< value: the learning rate
        Method,     ///< adam, else value: the momentum (0: plain SGD)
        WeightDecay, ///< value: lambda (0: none)
        TestShift,   ///< value: pixels the test digits are moved (0: as they are)
        Epochs,     ///< value: the epochs
        FromBatch,  ///< value: the batch it goes on from
        Run,        ///< value: the run's number, when nothing else tells it apart
        SameAs,     ///< value: the run's number, after the parts of a run named like an earlier one
    };
    Kind kind = Kind::Run;
    std::string text;
    double value = 0;
    Activation activation = Activation::ReLU;
    bool adam = false;

    bool operator==(const LabelPart &) const = default;
};

/** Whether runs of `arch` have a first-layer gradient map: their first layer is dense, one
 *  weight per input pixel. */
bool hasFirstLayerMap(const Architecture &arch);

/** The same digits moved `shift` pixels right and down, 0 shifted in at the top and left. */
Dataset shiftedDigits(const Dataset &digits, int shift);

/** What each run's name in a legend says: only what differs between the runs, e.g. the
 *  activation, the widths, the rate, the optimiser, the epochs, the batch it starts from; its
 *  number when two runs are the same. */
std::vector<std::vector<LabelPart>> runLabelParts(const std::vector<CompareChoice> &runs);

/** runLabelParts() in English: "sigmoid" against "ReLU", "784-8-10" against "784-128-10",
 *  "lr 0.5" against "lr 0.1", "from batch 250" against "from batch 0"; "run 2" when two runs are
 *  the same, "784-16-10 (run 3)" when a third is named like the first. */
std::vector<std::string> runLabels(const std::vector<CompareChoice> &runs);

/** Test accuracy per class, percent, from confusion[true][predicted]; -1 for a class without a
 *  test image. */
std::array<double, kOutputs> classAccuracies(const std::array<std::array<int, kOutputs>, kOutputs> &confusion);

/** Another network that answers beside the training's (a run's latest weights, for the Draw
 *  view). */
struct OtherNetwork
{
    std::string label; ///< what tells it apart ("sigmoid", "784-10")
    Architecture arch;
    std::shared_ptr<const MlpParamsF> weights;
    Normalize normalize = Normalize::None;
    int run = 0; ///< its row in the Compare view, from 1 (0: not a run of it)
};

/** What a finished run ended with, for a lesson's questions. */
struct CompareResult
{
    double testAccuracy = 0;       ///< percent, after the last epoch
    double firstLayerGradient = 0; ///< the last epoch's mean RMS(dL/dW1)
    double trainAccuracy = 0;      ///< percent of its training images, after the last epoch
};

/** Where a run stands. */
struct CompareProgress
{
    enum class State { Waiting, Training, Finished, Stopped, Diverged };
    State state = State::Waiting;
    std::size_t step = 0;       ///< batches trained
    std::size_t totalSteps = 0; ///< batches of all its epochs
    std::vector<EpochReport> epochs;
    /** Every batch's loss at its fractional epoch (the training's count when it went on from a
     *  batch of the timeline). */
    LossHistory losses;
    double seconds = 0;  ///< training time so far, without the evaluations
    /** How large the first layer's weight gradients were, per epoch: the mean over the epoch's
     *  batches of RMS(dL/dW1) = sqrt(mean of the squared entries). */
    std::vector<double> firstLayerGradient;
    /** The last finished epoch's mean |dL/dW1| per weight, row-major (firstLayerNeurons rows of
     *  784 inputs): where the first layer's gradient flows (null before the first epoch ends, and
     *  always for a network whose first layer is not dense: a convolution's kernels have no
     *  weight per pixel). */
    std::shared_ptr<const std::vector<float>> firstLayerMap;
    int firstLayerNeurons = 0; ///< 0: no map (the first layer is not dense)
    /** The weights after the last finished epoch (null before the first ends). */
    std::shared_ptr<const MlpParamsF> weights;
    std::string message; ///< why a diverged run stopped
};

class CompareRun
{
public:
    /** base: the data's settings (batch, seed, pixel scaling, training subset, schedule); the
     *  choice sets the rest. */
    CompareRun(std::shared_ptr<const DataSplit> data, const TrainConfig &base, const CompareChoice &choice);
    /** A run that goes on from the training's weights after choice.fromStep batches (`start`
     *  has choice.arch's shapes). When it steps as the training did (stepsAsTraining()), it also
     *  takes the training's optimiser state there (`optimizer`, the momentum buffer or Adam's
     *  moments): at the same rate it then trains as the training went on. Otherwise, or
     *  without one, its optimiser starts fresh. */
    CompareRun(std::shared_ptr<const DataSplit> data, const TrainConfig &base, const CompareChoice &choice,
               std::shared_ptr<const MlpParamsF> start,
               std::shared_ptr<const NetworkOptimizerState> optimizer = nullptr);
    /** True when the run goes on with the training's optimiser state (see above). */
    bool continuesOptimizer() const { return m_optimizer != nullptr; }

    const CompareChoice &choice() const { return m_choice; }
    /** The settings it trains with: base with the choice's rate, momentum and epochs and the
     *  initialisation of its activation. */
    const TrainConfig &config() const { return m_config; }

    /** Trains every epoch, or until requestStop(); a model file's network is evaluated instead
     *  (one report, epoch 0). Call once. */
    void run();
    /** Any thread: ends run() before its next batch. */
    void requestStop() { m_stop.store(true); }
    /** Any thread: a copy of where it stands. */
    CompareProgress progress() const;

private:
    void evaluateFile();

    std::shared_ptr<const DataSplit> m_data;
    CompareChoice m_choice;
    TrainConfig m_config;
    std::shared_ptr<const MlpParamsF> m_start; // null: the activation's initialisation
    std::shared_ptr<const NetworkOptimizerState> m_optimizer; // the training's at fromStep (null: fresh)
    std::atomic<bool> m_stop {false};
    mutable std::mutex m_mutex;
    CompareProgress m_progress; // guarded by m_mutex
};

} // namespace bplab
