#pragma once
// The batched passes: the forward and backward pass of a mini-batch, split into two fixed halves
// of the hidden layer, with the fused SGD step (the evaluation of a data set: batcheval.h). Every
// buffer lives in a BatchWorkspace sized once: the batch loop does not allocate.

#include "nn/batchthreads.h"
#include "nn/batchworkspace.h"
#include "data/dataset.h"
#include "nn/kernels.h"
#include "nn/network.h"
#include "nn/pagefloats.h"
#include "nn/params.h"

#include <array>
#include <cstdint>
#include <vector>

namespace bplab {

/** Fills ws.X with samples order[first .. first+count) of data (count <= ws.batch). */
void gatherBatch(const Dataset &data, const std::uint32_t *indices, int count, Normalize normalize,
                 BatchWorkspace &ws);

/**
 * Forward and backward pass over the first `count` columns of ws.X; grads receives the gradient
 * averaged over the batch. Returns the mean cross-entropy. labels[i] belongs to column i.
 *
 * The work is split into two fixed halves of the hidden layer (neurons 0-63 and 64-127): each
 * half computes its rows of Z1, A1, delta1, dW1, db1, its columns of dW2 and its share of the
 * logits; the halves meet once per batch to add their shares of the logits (always half 0 plus
 * half 1). With two threads each half runs on its own thread; with one, both run in turn on the
 * caller. The products and sums are the same either way: the result bits do not depend on the
 * thread count. The products run on activeKernels() (kernels.h).
 */
double forwardBackwardBatch(const ParamsF &params, const std::uint8_t *labels, int count,
                            BatchWorkspace &ws, ParamsF &grads);

/**
 * Where a fused SGD step writes, with Sgd::step's expressions (sgd.h):
 * v' = momentum * v + g into nextVelocity, w' = w - lr * v' into next (momentum 0: w' = w - lr * g,
 * nextVelocity untouched). next may be the parameters themselves and nextVelocity the velocity
 * (an update in place); separate buffers keep the old state for the divergence guard.
 */
struct SgdTarget
{
    float lr = 0;
    float momentum = 0;
    const ParamsF *velocity = nullptr;
    ParamsF *nextVelocity = nullptr;
    ParamsF *next = nullptr;
};

/** The samples a batch gathers into ws.X itself (as gatherBatch: indices[0 .. count)). */
struct BatchSamples
{
    const Dataset *data = nullptr;
    const std::uint32_t *indices = nullptr;
    Normalize normalize = Normalize::None;
};

struct StepResult
{
    double loss = 0;    ///< mean cross-entropy of the batch (before the step)
    bool finite = true; ///< every value the step wrote (the new weights) is finite
};

/**
 * The whole training step of one batch: the gather (when samples is given; with two threads each
 * half converts the batch into its own input matrix, so that no inputs pass between the cores),
 * forwardBackwardBatch, then the SGD step done by each half on the
 * parameters whose gradient it just computed, while they are in its core's cache, together with
 * the finiteness check of the new weights. grads still receives the gradient. The same bits as
 * gatherBatch + forwardBackwardBatch + Sgd::step, for 1 and 2 threads.
 */
StepResult forwardBackwardStep(const ParamsF &params, const std::uint8_t *labels, int count,
                               BatchWorkspace &ws, ParamsF &grads, const SgdTarget &step,
                               const BatchSamples *samples = nullptr);

/** forwardBackwardStep in place (next = params, nextVelocity = velocity): the same bits as
 *  forwardBackwardBatch + Sgd::update. */
double forwardBackwardUpdate(ParamsF &params, const std::uint8_t *labels, int count,
                             BatchWorkspace &ws, ParamsF &grads, float lr, float momentum,
                             ParamsF &velocity);

} // namespace bplab
