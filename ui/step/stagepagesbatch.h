#pragma once
// The ten stages over a mini-batch: the forward pass as matrices (one sample per column), the
// per-sample losses and their mean, the per-sample gradients and their average, and the update.

#include "stagepages.h"

namespace bplab {

/** Stage 1-10 over the model's mini-batch. */
StagePage batchStagePage(const StepModel &model, int stage);

} // namespace bplab
