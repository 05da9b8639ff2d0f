#pragma once
// A network's batch on libxsmm's kernels (kernels.h), split over two threads by neurons as the
// source network's batch pass is (batch.cpp): each thread computes its half of every hidden
// layer's neurons over the whole batch, and writes only its own rows of the gradients (and later
// steps only those), so that no gradient crosses between the cores. libxsmm 1.17 has no
// transposed-A kernel and the weights are row-major (their memory is W^T, column-major), so the
// activations and deltas hold the samples as their rows (sample-major):
//   Z_l^T = A_{l-1}^T W_l^T,  Delta_{l-1}^T = Delta_l^T W_l,  dW_l^T = A_{l-1} Delta_l^T.
// Each thread gathers the whole batch into its own inputs; the threads meet after each hidden
// layer's forward pass but the last, and after each hidden layer's deltas but the first. On one
// thread the two sides run one after the other, stage by stage: every value comes from the same
// kernel call, so the bits do not depend on the thread count. When most inputs are zero (MNIST's
// background), the first hidden layer's Z_1 and dW_1 are sums over the non-zero inputs only
// (sparseinputs.h), on the side's rows of W_1 transposed for it each batch.

#include "nn/architecture.h"
#include "nn/kernels.h"
#include "nn/mlp.h"

#include <array>
#include <cstdint>
#include <vector>

namespace bplab {

class HalfPair; // batchpair.h

/** What a side fills before the forward pass: samples [first, first + count) of the batch as
 *  X's first `count` columns (inputs x count, column-major) and labels[0 .. count). prefetch (may
 *  be null) asks the caches for samples' inputs, also beyond the batch (sample n + i: the next
 *  batch's i-th; none past the data's end). Called from both threads at once, into their own X. */
struct PassGather
{
    const void *context = nullptr;
    void (*run)(const void *context, int first, int count, float *X, int ldx, std::uint8_t *labels) = nullptr;
    void (*prefetch)(const void *context, int first, int count) = nullptr;
};

/** The first and one-past-last neuron a side owns of a layer of `width` (side 0 the first part,
 *  on a 16-float boundary so that the sides never write one cache line). */
struct NeuronRange
{
    int first = 0, end = 0;
    int size() const { return end - first; }
};
NeuronRange sideRange(int width, int side);

class NetworkPass
{
public:
    /** Buffers for batches of up to `batch` samples of arch. */
    NetworkPass(const Architecture &arch, int batch);
    ~NetworkPass();
    NetworkPass(const NetworkPass &) = delete;
    NetworkPass &operator=(const NetworkPass &) = delete;

    /** Whether libxsmm made every kernel for `count` samples (made at the first batch of a size;
     *  false in a build without libxsmm). */
    bool ready(int count);

    /**
     * Gathers `count` samples (ready(count) must be true) and computes the gradient of their
     * loss summed and divided by meanOver (count when 0) into grads (arch's shapes); returns their
     * mean cross-entropy. With a pair, side 1 runs on its thread.
     */
    double forwardBackward(const MlpParamsF &params, int count, const PassGather &gather, MlpParamsF &grads,
                           int meanOver, HalfPair *pair);

    const Architecture &arch() const { return m_arch; }
    /** Whether the last batch's first hidden layer skipped its inputs' zeros (sparseinputs.h):
     *  when at most half of them were non-zero (MNIST: about a fifth) and BPLAB_DENSE_INPUTS is
     *  not set. */
    bool skippedZeros() const { return m_skippedZeros; }
    /** Of the last batch, sample i's class by the weights it was computed with (the first largest
     *  logit), i < its count: what a batch's mosaic shows, without another pass. */
    const std::uint8_t *predicted() const { return m_predicted.data(); }

private:
    struct Side;
    struct Job;
    struct Kernels;
    void stage(const Job &job, int s, int side);
    void gatherStage(const Job &job, int side);
    void prefetchNextBatch(const Job &job, int side);
    /** Whether the first hidden layer's products skip the zeros of this batch's inputs. */
    bool sparseFirst(const Job &job, int side) const;
    /** The side whose inputs side `side` reads: its own with two threads, side 0's on one. */
    const Side &inputsOf(const Job &job, int side) const;
    void forwardStage(const Job &job, int l, int side);
    /** Z_1^T and dW_1 on the side's neurons by the sparse products (sparseinputs.h). */
    void sparseForward(const Job &job, int side);
    void sparseWeightGradient(const Job &job, int side);
    void outputShare(const Job &job, int side);
    void outputStage(const Job &job, int side);
    void deltaStage(const Job &job, int l, int side);
    /** dW_l and db_l on the side's rows (hidden l) or the output layer's columns. */
    void weightGradients(const Job &job, int l, int side);
    int stageCount() const;
    /** The kernels for `count` samples, made at the first batch of that size. */
    const Kernels &kernelsFor(int count);

    Architecture m_arch;
    int m_batch = 0;
    int m_ld = 0; ///< leading dimension of the sample-major matrices: batch rounded up to 16
    std::vector<Mat<float>> m_ZT, m_AT, m_A, m_DeltaT; ///< per hidden layer
    std::vector<int> m_ldA; ///< leading dimension of A_l (its width rounded up to 16)
    std::vector<Side> m_sides;
    std::vector<Kernels> m_kernels; ///< slot 0: the full batch; slot 1: the last other size
    bool m_skippedZeros = false;
    std::vector<std::uint8_t> m_predicted; ///< per sample of the last batch (side 0 writes it)
};

} // namespace bplab
