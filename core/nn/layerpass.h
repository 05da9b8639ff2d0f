#pragma once
// The forward and backward pass of any layer list (architecture.h, layerspec.h) over a batch, in
// float (training) or double (the gradient checks): each layer's op (layerop.h) in turn, the
// output layer (dense, 10 outputs) and SoftMax with the cross-entropy loss last. Parameters and
// gradients are MlpParams in the order of the layers that have them. Plain Eigen products on
// preallocated buffers; every value depends only on the batch's samples and the PassContext, so
// that a batch computed in two halves (on one thread or two) gives the same bits.

#include "nn/layerop.h"

#include <memory>
#include <vector>

namespace bplab {

template<class S>
class LayerPass
{
public:
    /** Buffers for batches of up to `batch` samples of arch (validate(arch) ok). */
    LayerPass(const Architecture &arch, int batch);
    ~LayerPass();
    LayerPass(LayerPass &&) noexcept;

    const Architecture &arch() const { return m_arch; }
    int capacity() const { return m_batch; }
    /** inputs x batch: the caller fills the first `count` columns. */
    Mat<S> X;

    /** Every layer's values for X's first `count` columns; the probabilities in probabilities(). */
    void forward(const MlpParams<S> &params, int count, const PassContext &ctx);
    /**
     * forward(), then the gradient of the loss summed over the `count` samples and divided by
     * meanOver (count when 0) into grads (params' shapes); labels[i] (0-9) belongs to column i.
     * Returns the samples' mean cross-entropy.
     */
    double forwardBackward(const MlpParams<S> &params, const std::uint8_t *labels, int count, MlpParams<S> &grads,
                           int meanOver, const PassContext &ctx);

    /** The ops: the list's layers, then the output layer. */
    int opCount() const { return int(m_ops.size()); }
    const LayerOp<S> &op(int i) const { return *m_ops[std::size_t(i)]; }
    /** The values after op i (the output layer's: the logits z), one column per sample. */
    const Mat<S> &values(int i) const { return m_out[std::size_t(i)]; }
    /** dL/d(values(i)) of the last forwardBackward (the layer's own delta where it overwrote it). */
    const Mat<S> &deltas(int i) const { return m_d[std::size_t(i)]; }
    const Mat<S> &probabilities() const { return m_P; }
    /** -ln p_label per sample of the last forwardBackward. */
    const Vec<S> &losses() const { return m_losses; }

private:
    Architecture m_arch;
    int m_batch = 0;
    std::vector<std::unique_ptr<LayerOp<S>>> m_ops;
    std::vector<int> m_param; ///< per op: its index in MlpParams' layers, -1 without parameters
    std::vector<Mat<S>> m_out, m_d;
    Mat<S> m_P;
    Vec<S> m_losses;
};

} // namespace bplab
