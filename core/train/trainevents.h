#pragma once
// What training reports as it goes, as plain values: the end of an epoch and a divergence
// (divergence.h). The front ends format these fields; they never parse a sentence back.

#include "train/divergence.h"
#include "nn/params.h"

#include <array>
#include <cstddef>
#include <limits>

namespace bplab {

struct EpochReport
{
    int epoch = 0;        ///< 1-based
    double trainLoss = 0; ///< mean over the epoch's batches
    double testLoss = 0;
    double testAccuracy = 0; ///< percent
    /** The whole training (sub)set at the epoch's weights, as the test set: beside the test
     *  set's numbers they show overfitting. NaN when not known (epochs restored from a file). */
    double trainEvalLoss = std::numeric_limits<double>::quiet_NaN();
    double trainAccuracy = std::numeric_limits<double>::quiet_NaN(); ///< percent
    double seconds = 0;      ///< training time of the epoch (without evaluation)
    double samplesPerSecond = 0;
    /** The test set by [true class][predicted class] (Evaluation::confusion). Not kept in
     *  snapshots: the reports of a restored run hold zeros here. */
    std::array<std::array<int, kOutputs>, kOutputs> confusion {};
};

} // namespace bplab
