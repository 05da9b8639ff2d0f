#pragma once
// The ten stages over a mini-batch: the forward pass as matrices (one sample per column), the
// per-sample losses and their mean, the per-sample gradients and their average, and the update.

#include "stagepages.h"

namespace bplab {

/** Stage 1-10 over the model's mini-batch. */
StagePage batchStagePage(const StepModel &model, int stage);

// Pieces another network's pages over a mini-batch share (stagepagesnetwork.cpp).
/** "5. SoftMax (batch of 64)": stage `stage` named `name` over the model's mini-batch. */
QString batchTitle(const StepModel &m, int stage, const QString &name);
/** "Mini-batch of B = ... images (...); sample s ... is spelled out." */
QString batchHeader(const StepModel &m);
/** A per-sample value for every sample, 16 to a row; a click chooses the sample spelled out. */
GridSpec perSampleGrid(const std::vector<float> &values, int sample, const QString &name, const QString &caption);
/** The batch's images, 8 to a row; a click chooses the sample spelled out. */
GridSpec batchMosaic(const StepModel &m);

} // namespace bplab
