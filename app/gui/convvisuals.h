#pragma once
// The values of a layer-list network (convolution, pooling, dropout) for the Train view's conv
// panels, made on the worker's thread from a trainer's state and the shown sample's trace: each
// convolution's kernels and their gradients, the sample's feature maps, its dropout masks and the
// weights' norm. Copies only.

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
 * The conv panels' values of the sample of `trace` (explainSample's, at `trainer`'s current
 * weights): each convolution's kernels and gradients, the feature maps of its convolution and
 * pooling layers, the dropout masks as the sample's training pass at `at` drew them; null for a
 * network of dense layers alone.
 */
std::shared_ptr<const ConvVisuals> convVisualsOf(const Trainer &trainer, const MlpTraceF &trace, SampleInBatch at);

/** ||w||_2 over every weight and bias of `params`. */
double weightNormOf(const MlpParamsF &params);

} // namespace bplab
