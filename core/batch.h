#pragma once
// The batched passes: the forward and backward pass of a mini-batch, split into two fixed halves
// of the hidden layer, with the fused SGD step, and the evaluation of a data set. Every buffer
// lives in a BatchWorkspace sized once: the batch loop does not allocate.

#include "batchthreads.h"
#include "dataset.h"
#include "kernels.h"
#include "network.h"
#include "pagefloats.h"
#include "params.h"

#include <array>
#include <cstdint>
#include <vector>

namespace bplab {

class HalfPair; // the second training thread of a workspace (batchpair.h)

/** libxsmm's kernels of one batch shape (kernels.h), made by the first batch of that shape. */
struct BatchGemms
{
    int n = 0;     ///< samples of the batch (0: none made yet)
    int batch = 0; ///< the workspace's columns, the leading dimension of its batch matrices
    Gemm z1, z2, back, dW2, dW1;
    bool valid() const;
};

/**
 * Preallocated buffers for one mini-batch (no allocation in the batch loop): X is 784 x B with one
 * sample per column. The batch is always computed as two fixed halves of the 128 hidden neurons
 * (see forwardBackwardBatch); the workspace owns the thread that takes the second half.
 */
struct BatchWorkspace
{
    explicit BatchWorkspace(int batch = 64);
    void resize(int batch);
    int batch = 0;
    Mat<float> X, Z2, P, Delta2;
    RowMat<float> Z1, A1, Delta1; ///< row-major, as W1: each half's rows one block
    Vec<float> losses;

    /** Each half's own buffers: its share of the logits, and its private copy of the output
     *  layer (both halves compute SoftMax and delta2 from the same sums, so they need to meet
     *  only once per batch). Each half's buffers lie on memory pages of their own (PageFloats):
     *  the two halves run on two cores. */
    struct Half
    {
        using View = Eigen::Map<Mat<float>, Eigen::Aligned64>;
        using VecView = Eigen::Map<Vec<float>, Eigen::Aligned64>;

        Half() = default;
        Half(const Half &other);
        Half &operator=(const Half &other);
        /** Sizes the buffers for batches of up to `batch` samples: X only with `inputs`, the
         *  libxsmm path's operands only with `xsmm` (otherwise 0 rows). */
        void resize(int batch, bool inputs, bool xsmm);

        View X {nullptr, 0, 0}; ///< half 1's own copy of the inputs when it gathers them (two threads)
        View Z2share {nullptr, 0, 0}, Z2 {nullptr, 0, 0}, P {nullptr, 0, 0}, Delta2 {nullptr, 0, 0};
        VecView losses {nullptr, 0};
        float finite = 0; ///< a fused step's finiteness sum of what this half wrote (0: all finite)
        // The libxsmm path's operands (column-major, B rows): X^T for Z1^T = X^T W1^T, this
        // half's share of Z2^T, and delta2^T for delta1^T = delta2^T W2.
        View XT {nullptr, 0, 0}, Z2shareT {nullptr, 0, 0}, Delta2T {nullptr, 0, 0};

    private:
        /** use(view, rows, cols) for every buffer, in the order they lie in m_pages. */
        template <class F>
        void eachView(F &&use);
        /** Points the views into m_pages. */
        void place();
        PageFloats m_pages;
        int m_batch = 0;
        bool m_inputs = false, m_xsmm = false;
    };
    Half halves[2];

    /** The kernels of the full batch and of the last batch of another size (an epoch's end). */
    BatchGemms gemms[2];
    /** Sizes the halves' libxsmm operands (resize() does when xsmm is active). */
    void resizeXsmmBuffers();

    /** The helper thread, started by the first batch that uses two threads. A copy of a
     *  workspace starts its own. */
    struct Helper
    {
        Helper() = default;
        Helper(const Helper &) { }
        Helper &operator=(const Helper &) { return *this; }
        ~Helper();
        HalfPair *get();
        /** The caller does other work before the next batch (e.g. evaluates the test set): the
         *  helper sleeps at once instead of spinning for its usual 2 ms, leaving the core free. */
        void rest();

    private:
        HalfPair *m_helper = nullptr;
    };
    Helper helper;
};

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

/** Test loss, accuracy (percent) and confusion matrix [true][predicted]. */
struct Evaluation
{
    double loss = 0;
    double accuracy = 0;
    std::size_t count = 0;
    std::array<std::array<int, kOutputs>, kOutputs> confusion {};
};
/** Each sample's answer, in the data set's order (what evaluate() counted, sample by sample). */
struct SampleAnswers
{
    std::vector<float> probabilities; ///< size() x 10: sample i's p_k at [i * 10 + k]
    std::vector<float> losses;        ///< -ln p_label per sample
    std::vector<std::uint8_t> predicted; ///< argmax p per sample (the confusion matrix's column)
};
/** Evaluates in chunks of 1,000 samples, each split by sample over evaluationThreads(), with the
 *  products on activeKernels(). With perSample, also keeps every sample's answer. */
Evaluation evaluate(const ParamsF &params, const Dataset &data, Normalize normalize,
                    SampleAnswers *perSample = nullptr);

} // namespace bplab
