#pragma once
// What the pages add over a mini-batch: each stage's matrix of the whole batch (one
// sample per column, the selected neuron's row written out) and, for the weight adjustments, the
// per-sample terms whose mean is the step.

#include "stagepagesnetwork.h"

namespace bplab {

/** Adds the batch's part of stage s to the page of the sample spelled out (m.hasBatch()):
 *  before it for the passes' matrices, after it for the adjustments' terms. */
void addNetworkBatch(const StepModel &m, const NetworkStage &s, StagePage &page);

} // namespace bplab
