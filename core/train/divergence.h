#pragma once
// The divergence guard's event and the one policy for what follows it, shared by every front end:
// the CLI's --on-divergence, the app's banner and its --report. The front ends format the event's
// fields; they never parse its sentence back.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace bplab {

/** A batch loss above this counts as a divergence too (Trainer::lossLimit()): the true class at
 *  e^-100 on average. An honest batch stays near ln 10 = 2.3 or below; a loss this high means the
 *  weights are blowing up, and the guard acts while they are still finite and can recover. The
 *  same rule for every front end and for one trainer or data-parallel replicas. */
inline constexpr double kDivergenceLossLimit = 100;

/**
 * A batch whose loss, gradient, new weights or (at an epoch's end) test loss were not finite (NaN
 * or Inf). Its update was not applied: the weights, the optimiser state, the position and the
 * histories are those before the batch, so training the same batch again with the same learning
 * rate fails again. When the loss itself is not finite or above the loss limit
 * (kDivergenceLossLimit), the weights were already too large for the forward pass: the previous
 * batch's update is undone too (batchesUndone 2), back to weights whose loss was finite; the
 * position and the histories stay (that batch's loss was real). A loss above the limit at weights
 * that cannot be undone further (the first batch after a start, a restore or an undo) is trained
 * on, so that a smaller learning rate can recover from them.
 */
struct Divergence
{
    int epoch = 0; ///< 1-based epoch of the batch (as EpochReport::epoch)
    int batch = 0; ///< 1-based batch in that epoch
    int batchesPerEpoch = 0;
    std::size_t step = 0; ///< 1-based global batch number
    std::string quantity; ///< "the loss", "the gradient dL/dW1[3][200]", "the weight W2[1][5]", ...
    double value
            = 0; ///< the value that was not finite (NaN, +Inf or -Inf), or the loss above lossLimit
    double lossLimit = kDivergenceLossLimit; ///< the limit a finite value was above
    double lr = 0;                           ///< the learning rate of the batch
    double suggestedLr = 0;                  ///< suggestedLearningRate(lr)
    int batchesUndone = 1; ///< 1: this batch's update was dropped; 2: the previous batch's too
    /** One line for a person, the same in the app and the CLI: "training diverged in epoch 1,
     *  batch 3/7 (step 3): the weight W1[5][300] became inf at learning rate 50; the weights and
     *  the optimiser state are back to their values before this batch; try a smaller learning
     *  rate (e.g. 25)". */
    std::string message;
};

/** A value as the divergence messages write it: "%g", "NaN", "+Inf" or "-Inf". */
std::string valueText(double v);

/** Divergence::message from the other fields: "training diverged in epoch 1, batch 3/7 (step 3):
 *  <quantity> became <value> at learning rate <lr><restored>; try a smaller learning rate (e.g.
 *  <suggestedLr>)". `restored` says what the guard put back, starting with its own punctuation. */
std::string divergenceMessage(const Divergence &d, const std::string &restored);

/** The learning rate to go on with after a batch at rate `lr` diverged: lr / 2. The one rule of
 *  the policy: DivergenceAction::Halve trains on at it, Stop names it as the suggestion (the
 *  trainer's message, the app's banner button, the CLI's and the app's JSON). */
double suggestedLearningRate(double lr);

/** What a run does after a batch diverged (the guard has undone it either way). */
enum class DivergenceAction {
    Stop,  ///< stop on the restored state and name the suggested rate (the app pauses)
    Halve, ///< train on from the restored state at the suggested rate
};

/** "stop" or "halve" (the CLI's --on-divergence). */
const char *divergenceActionName(DivergenceAction action);
std::optional<DivergenceAction> parseDivergenceAction(std::string_view name);

/**
 * The policy a front end applies to each Divergence the trainer reports. Halving gives up after
 * maxHalvings in a row (a batch that trains starts the count again): the restored weights may be
 * beyond what any rate recovers from. Halving keeps the restored momentum buffer: zeroing it
 * recovered less often (15 runs of 3 epochs on MNIST's first 10,000 images, lr 5 and 50 with
 * momentum 0.9, 5 seeds: mean test accuracy 40% kept, 27% zeroed).
 */
struct DivergencePolicy
{
    DivergenceAction action = DivergenceAction::Stop;
    int maxHalvings = 30;

    /**
     * The learning-rate setting to train on after a divergence at setting `rate`, when
     * `halvingsInARow` halvings came right before it: suggestedLearningRate(rate); nullopt: stop
     * (always with Stop). The schedule scales the setting, so halving it halves the diverged
     * batch's rate too: the next batch trains at that batch's Divergence::suggestedLr.
     */
    std::optional<double> rateToTrainOn(double rate, int halvingsInARow) const;
};

} // namespace bplab
