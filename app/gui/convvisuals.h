#pragma once
// The values of a layer-list network (convolution, pooling, dropout) for the Train view's conv
// panels, made on the worker's thread from a trainer's state: each convolution's kernels and their
// gradients, the shown sample's feature maps, its dropout masks and the weights' norm. Copies only.

#include <conv/convvalues.h>

#include <nn/mlptrace.h>
#include <train/trainer.h>

#include <cstdint>
#include <memory>

namespace bplab {

/** Where the shown sample sat in training: its batch (the global batch number the trainer drew
 *  its dropout masks with) and its place in that batch. */
struct SampleInBatch
{
    std::uint64_t batch = 0;
    int position = 0;
    bool trained = true; ///< false: no batch has trained it (no dropout mask to show)
};

/**
 * The sample x (label 0-9 or -1) through `trainer`'s layer-list network at its current weights,
 * in evaluation (no dropout): the output layer's values as a trace (SoftMax table, prediction; no
 * hidden layers in it), and into `conv` the panels' values, the dropout masks as the sample's
 * training pass at `at` drew them.
 */
MlpTraceF convTraceOf(const Trainer &trainer, const Vec<float> &x, int label, SampleInBatch at,
                      std::shared_ptr<const ConvVisuals> &conv);

/** ||w||_2 over every weight and bias of `params`. */
double weightNormOf(const MlpParamsF &params);

} // namespace bplab
