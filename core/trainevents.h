#pragma once
// What training reports as it goes, as plain values: the end of an epoch and a divergence. The
// front ends format these fields; they never parse a sentence back.

#include "params.h"

#include <array>
#include <cstddef>
#include <string>

namespace bplab {

struct EpochReport
{
    int epoch = 0;        ///< 1-based
    double trainLoss = 0; ///< mean over the epoch's batches
    double testLoss = 0;
    double testAccuracy = 0; ///< percent
    double seconds = 0;      ///< training time of the epoch (without evaluation)
    double samplesPerSecond = 0;
    /** The test set by [true class][predicted class] (Evaluation::confusion). Not kept in
     *  snapshots: the reports of a restored run hold zeros here. */
    std::array<std::array<int, kOutputs>, kOutputs> confusion {};
};

/** A batch loss above this counts as a divergence too (Trainer::lossLimit()): the true class at
 *  e^-100 on average. An honest batch stays near ln 10 = 2.3 or below; a loss this high means the
 *  weights are blowing up, and the guard acts while they are still finite and can recover. The
 *  same rule for every front end and for one trainer or data-parallel replicas. */
inline constexpr double kDivergenceLossLimit = 100;

/** The learning rate to try after a batch at rate `lr` diverged: lr / 10, the one rule of the
 *  trainer's message, the app's banner and the CLI. */
double suggestedLearningRate(double lr);

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
    int epoch = 0; ///< 1-based epoch of the batch
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
     *  rate (e.g. 5)". */
    std::string message;
};

} // namespace bplab
