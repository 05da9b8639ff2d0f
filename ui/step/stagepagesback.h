#pragma once
// The stages of the backward pass and the step, for a network of any architecture: the output
// gradients, a hidden-gradients stage per hidden layer, the weight adjustments and the update.

#include "stagepages.h"

namespace bplab {

/** The page of a backward stage (OutputGradients, HiddenGradients, Adjustments or Update) for
 *  the model's current trace and selection; the batch's parts are added by addBatch(). */
StagePage backwardStagePage(const StepModel &m, const NetworkStage &stage);

} // namespace bplab
