#pragma once
// The buffers of one mini-batch, sized once (the batch loop does not allocate): the whole batch's
// matrices, each half's own buffers on pages of their own, the kernels made for its shapes, and
// the helper thread that computes the second half.

#include "eigen.h"
#include "nn/kernels.h"
#include "nn/pagefloats.h"
#include "nn/params.h"

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

} // namespace bplab
