#pragma once
// A network of any Architecture: parameters as a list of (W, b) in torch.nn.Linear layout, the
// batched forward and backward pass with every layer's z, a and delta, and the SGD step. Plain
// Eigen products on preallocated buffers.

#include "nn/architecture.h"
#include "nn/params.h"

#include <cstdint>
#include <vector>

namespace bplab {

/** One weight layer: W (outputs x inputs, row j = neuron j's input weights) and b (outputs). */
template<class S>
struct Layer
{
    RowMat<S> W;
    Vec<S> b;
};

/** W1, b1, ..., WL, bL. The same struct holds gradients. */
template<class S>
struct MlpParams
{
    std::vector<Layer<S>> layers;

    /** All zeros in the shapes of arch. */
    static MlpParams zeros(const Architecture &arch);
    template<class T>
    MlpParams<T> cast() const
    {
        MlpParams<T> out;
        for (const Layer<S> &l : layers)
            out.layers.push_back({l.W.template cast<T>(), l.b.template cast<T>()});
        return out;
    }
    /** True when the layers have arch's shapes (the activation is not part of the parameters). */
    bool hasShape(const Architecture &arch) const;
    bool allFinite() const;
    /** Same shapes and the same values. */
    bool operator==(const MlpParams &o) const;
};
using MlpParamsF = MlpParams<float>;
using MlpParamsD = MlpParams<double>;

/** Weights by `init` from a seeded generator, layer after layer, row after row; biases 0 except
 *  PyTorch's. */
MlpParamsF initMlp(const Architecture &arch, Init init, std::uint64_t seed);
/** initMlp with the rule the activation implies (initFor). */
MlpParamsF initMlp(const Architecture &arch, std::uint64_t seed);

/**
 * Preallocated buffers for batches of up to `batch` samples; the passes do not allocate. Per
 * weight layer l (the last is the output layer), one column per sample:
 * Z[l] = W_l a_{l-1} + b_l, A[l] = f(Z[l]) (the output layer's A is SoftMax(Z)), Delta[l] =
 * dL/dZ[l].
 */
template<class S>
struct MlpWorkspace
{
    MlpWorkspace(const Architecture &arch, int batch);
    Architecture arch;
    int batch = 0;
    Mat<S> X; ///< inputs x batch: the caller fills the first `count` columns
    std::vector<Mat<S>> Z, A, Delta;
    Vec<S> losses; ///< -ln p_label per sample
};

/** Forward pass over the first `count` (1 to ws.batch) columns of ws.X: every Z and A, the
 *  probabilities in A.back(). params must have ws.arch's shapes. */
template<class S>
void mlpForward(const MlpParams<S> &params, int count, MlpWorkspace<S> &ws);

/**
 * Forward and backward pass over the first `count` (1 to ws.batch) columns of ws.X; labels[i]
 * (0-9) belongs to column i. grads (in params' shapes) receives the gradient of the mean loss;
 * ws.Delta holds the deltas of that mean (each sample's delta / count). Returns the mean
 * cross-entropy. With meanOver > 0 the gradient is that of the loss summed over these samples
 * and divided by meanOver instead: the share of a batch of meanOver samples that these columns
 * are part of (the shares' sum is the batch's gradient).
 */
template<class S>
double mlpForwardBackward(const MlpParams<S> &params, const std::uint8_t *labels, int count,
                          MlpWorkspace<S> &ws, MlpParams<S> &grads, int meanOver = 0);

/** Plain SGD: w = w - lr * g for every weight and bias. */
template<class S>
void sgdUpdate(const MlpParams<S> &grads, S lr, MlpParams<S> &params);

/** What plain SGD's step changes: delta w = -lr * g for every weight and bias. */
template<class S>
MlpParams<S> adjustmentsOf(const MlpParams<S> &grads, S lr);

/** P's columns [c0, c0 + n) = SoftMax of Z's: p_k = e^(z_k - m) / sum_j e^(z_j - m), m = max_j z_j. */
template<class S>
void softmaxInto(const Mat<S> &Z, int c0, int n, Mat<S> &P);

/** a = f(z), element-wise, for z and a of the same shape (a may alias z). */
template<class S>
void activate(Activation f, const Eigen::Ref<const Mat<S>> &z, Eigen::Ref<Mat<S>> a);
/** delta .*= f'(z), with f' written through a = f(z) where the maths does (sigmoid, tanh). */
template<class S>
void multiplyByDerivative(Activation f, const Eigen::Ref<const Mat<S>> &z,
                          const Eigen::Ref<const Mat<S>> &a, Eigen::Ref<Mat<S>> delta);

} // namespace bplab
