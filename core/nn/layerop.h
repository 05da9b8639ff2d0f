#pragma once
// One layer of a layer list at work: its forward and backward pass over a batch, in float or
// double. Each kind is one file (layerdense.cpp, layerconv.cpp, layerpool.cpp, layerflatten.cpp,
// layerdropout.cpp) with a make function that makeLayerOp() calls; the pass (layerpass.h) knows
// nothing of the kinds. Values travel as Mat<S> with one column per sample, each column the
// layer's FeatureShape in PyTorch's order (channel, row, column).

#include "nn/architecture.h"
#include "nn/mlp.h"

#include <cstdint>
#include <memory>

namespace bplab {

/** Where a batch is, for the layers that draw random numbers (dropout): the run's seed, the
 *  global batch number, and the position in the batch of the buffers' first column. */
struct PassContext
{
    bool training = false; ///< false: evaluation (dropout off)
    std::uint64_t seed = 0;
    std::uint64_t batch = 0;
    int firstSample = 0;
};

template<class S>
class LayerOp
{
public:
    virtual ~LayerOp() = default;
    /** Buffers for up to `batch` samples, so that the passes allocate nothing. */
    virtual void reserve(int batch) = 0;
    /** out (outShape().size() x n, first n columns) from in (inShape().size() x n); p the layer's
     *  parameters (null for a layer without). */
    virtual void forward(const Layer<S> *p, const Mat<S> &in, Mat<S> &out, int n, const PassContext &ctx) = 0;
    /**
     * From dOut = dL/d(out) (first n columns; the layer may overwrite it): g = dL/dW and dL/db
     * (summed over the n samples; null for a layer without parameters) and, when dIn is not null,
     * dIn = dL/d(in). in and out are what forward() read and wrote for the same batch.
     */
    virtual void backward(const Layer<S> *p, const Mat<S> &in, const Mat<S> &out, Mat<S> &dOut, Mat<S> *dIn,
                          Layer<S> *g, int n, const PassContext &ctx)
            = 0;

    FeatureShape inShape, outShape;
};

/** The op of `spec` for inputs of shape `in`; act is the network's activation (dense and
 *  convolution layers apply it; `output` makes a dense layer without it, the output layer's). */
template<class S>
std::unique_ptr<LayerOp<S>> makeLayerOp(const LayerSpec &spec, const FeatureShape &in, Activation act,
                                        bool output = false);

// The kinds' make functions, one per file.
template<class S>
std::unique_ptr<LayerOp<S>> makeDenseOp(int outputs, const FeatureShape &in, Activation act, bool linear);
template<class S>
std::unique_ptr<LayerOp<S>> makeConvOp(const LayerSpec &spec, const FeatureShape &in, Activation act);
template<class S>
std::unique_ptr<LayerOp<S>> makePoolOp(const FeatureShape &in);
template<class S>
std::unique_ptr<LayerOp<S>> makeFlattenOp(const FeatureShape &in);
template<class S>
std::unique_ptr<LayerOp<S>> makeDropoutOp(double rate, const FeatureShape &in);

/** Dropout's keep decision for one value: a counter-based draw from (seed, batch, sample,
 *  neuron), so that it depends on nothing else (threads, halves, resuming). u in [0, 1). */
double dropoutUniform(std::uint64_t seed, std::uint64_t batch, int sample, int neuron);

} // namespace bplab
