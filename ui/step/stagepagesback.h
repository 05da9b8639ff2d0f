#pragma once
// Stages 7-10 of one image: the backward pass, the weight adjustments and the update.

#include "stagepages.h"

namespace bplab {

/** Stage 7-10 for the model's current trace and selection. */
StagePage backwardStagePage(const StepModel &model, int stage);

} // namespace bplab
