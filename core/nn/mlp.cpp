#include "nn/mlp.h"

#include "rng.h"

#include <algorithm>
#include <cmath>

namespace bplab {

template<class S>
MlpParams<S> MlpParams<S>::zeros(const Architecture &arch)
{
    MlpParams p;
    for (int l = 0; l < arch.layerCount(); ++l)
        p.layers.push_back({RowMat<S>::Zero(arch.layerOutputs(l), arch.layerInputs(l)),
                            Vec<S>::Zero(arch.layerOutputs(l))});
    return p;
}

template<class S>
bool MlpParams<S>::hasShape(const Architecture &arch) const
{
    if (int(layers.size()) != arch.layerCount())
        return false;
    for (int l = 0; l < arch.layerCount(); ++l) {
        const Layer<S> &L = layers[std::size_t(l)];
        if (L.W.rows() != arch.layerOutputs(l) || L.W.cols() != arch.layerInputs(l)
            || L.b.size() != L.W.rows())
            return false;
    }
    return true;
}

template<class S>
bool MlpParams<S>::allFinite() const
{
    for (const Layer<S> &l : layers)
        if (!l.W.allFinite() || !l.b.allFinite())
            return false;
    return true;
}

template<class S>
bool MlpParams<S>::operator==(const MlpParams &o) const
{
    if (layers.size() != o.layers.size())
        return false;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const Layer<S> &a = layers[i], &b = o.layers[i];
        if (a.W.rows() != b.W.rows() || a.W.cols() != b.W.cols() || a.b.size() != b.b.size()
            || a.W != b.W || a.b != b.b)
            return false;
    }
    return true;
}

MlpParamsF initMlp(const Architecture &arch, Init init, std::uint64_t seed)
{
    MlpParamsF p = MlpParamsF::zeros(arch);
    // One generator for every layer: W1 row after row, then W2, ...
    Rng rng(mixSeed(seed, 0));
    for (Layer<float> &L : p.layers) {
        const double fanIn = double(L.W.cols()), fanOut = double(L.W.rows());
        switch (init) {
        case Init::He: {
            // w ~ N(0, 2 / fan_in); leaky ReLU: N(0, 2 / ((1 + slope^2) fan_in)) (He et al. 2015)
            const double gain = arch.activation == Activation::LeakyReLU
                                        ? 1 + kLeakySlope * kLeakySlope
                                        : 1.0;
            const double s = std::sqrt(2.0 / (gain * fanIn));
            for (Eigen::Index r = 0; r < L.W.rows(); ++r)
                for (Eigen::Index c = 0; c < L.W.cols(); ++c)
                    L.W(r, c) = float(s * rng.normal());
            break;
        }
        case Init::Xavier: {
            // w ~ U(-a, a), a = sqrt(6 / (fan_in + fan_out))
            const double a = std::sqrt(6.0 / (fanIn + fanOut));
            for (Eigen::Index r = 0; r < L.W.rows(); ++r)
                for (Eigen::Index c = 0; c < L.W.cols(); ++c)
                    L.W(r, c) = float(rng.uniform(-a, a));
            break;
        }
        case Init::PyTorch: {
            // w, b ~ U(-1/sqrt(fan_in), 1/sqrt(fan_in))
            const double a = 1.0 / std::sqrt(fanIn);
            for (Eigen::Index r = 0; r < L.W.rows(); ++r)
                for (Eigen::Index c = 0; c < L.W.cols(); ++c)
                    L.W(r, c) = float(rng.uniform(-a, a));
            for (Eigen::Index i = 0; i < L.b.size(); ++i)
                L.b(i) = float(rng.uniform(-a, a));
            break;
        }
        }
    }
    return p;
}

MlpParamsF initMlp(const Architecture &arch, std::uint64_t seed)
{
    return initMlp(arch, initFor(arch), seed);
}

template<class S>
MlpWorkspace<S>::MlpWorkspace(const Architecture &a, int b)
    : arch(a)
    , batch(b)
{
    X.resize(arch.inputs, batch);
    for (int l = 0; l < arch.layerCount(); ++l) {
        Z.emplace_back(arch.layerOutputs(l), batch);
        A.emplace_back(arch.layerOutputs(l), batch);
        Delta.emplace_back(arch.layerOutputs(l), batch);
    }
    losses.resize(batch);
}

template<class S>
void activate(Activation f, const Eigen::Ref<const Mat<S>> &z, Eigen::Ref<Mat<S>> a)
{
    switch (f) {
    case Activation::ReLU:
        // a = max(0, z)
        a = z.cwiseMax(S(0));
        break;
    case Activation::LeakyReLU:
        // a = z for z > 0, else 0.01 z
        a = (z.array() > S(0)).select(z, S(kLeakySlope) * z);
        break;
    case Activation::Sigmoid:
        // a = 1 / (1 + e^-z)
        a = (S(1) + (-z.array()).exp()).inverse().matrix();
        break;
    case Activation::Tanh:
        // a = tanh z
        a = z.array().tanh().matrix();
        break;
    }
}

template<class S>
void multiplyByDerivative(Activation f, const Eigen::Ref<const Mat<S>> &z,
                          const Eigen::Ref<const Mat<S>> &a, Eigen::Ref<Mat<S>> delta)
{
    switch (f) {
    case Activation::ReLU:
        // relu'(z) = 1 for z > 0, else 0
        delta = (z.array() > S(0)).select(delta, S(0));
        break;
    case Activation::LeakyReLU:
        // leaky'(z) = 1 for z > 0, else 0.01
        delta = (z.array() > S(0)).select(delta, S(kLeakySlope) * delta);
        break;
    case Activation::Sigmoid:
        // sigmoid'(z) = a (1 - a)
        delta.array() *= a.array() * (S(1) - a.array());
        break;
    case Activation::Tanh:
        // tanh'(z) = 1 - a^2
        delta.array() *= S(1) - a.array().square();
        break;
    }
}

namespace {

/** Rows of a product's result per panel (productInPanels). */
constexpr Eigen::Index kPanelRows = 256;

/**
 * dst = lhs * rhs, computed in panels of at most kPanelRows rows of dst (and lhs). Eigen packs a
 * product's operands in buffers on the stack below EIGEN_STACK_ALLOCATION_LIMIT and on the heap
 * above it; a whole 1,024 x 1,024 layer is above it, a panel is not, so the batch loop does not
 * allocate for any width (at batches up to a few hundred samples).
 */
template <class Dst, class Lhs, class Rhs>
void productInPanels(Dst &&dst, const Lhs &lhs, const Rhs &rhs)
{
    for (Eigen::Index r = 0; r < dst.rows(); r += kPanelRows) {
        const Eigen::Index h = std::min(kPanelRows, dst.rows() - r);
        dst.middleRows(r, h).noalias() = lhs.middleRows(r, h) * rhs;
    }
}

/** The input of weight layer l: X for the first, the previous layer's activations after it. */
template<class S>
const Mat<S> &inputOf(const MlpWorkspace<S> &ws, std::size_t l)
{
    return l == 0 ? ws.X : ws.A[l - 1];
}

} // namespace

template<class S>
void mlpForward(const MlpParams<S> &params, int count, MlpWorkspace<S> &ws)
{
    const Eigen::Index n = count;
    const std::size_t L = params.layers.size();
    for (std::size_t l = 0; l < L; ++l) {
        auto Z = ws.Z[l].leftCols(n);
        // Z_l = W_l A_{l-1} + b_l
        productInPanels(Z, params.layers[l].W, inputOf(ws, l).leftCols(n));
        Z.colwise() += params.layers[l].b;
        if (l + 1 < L)
            activate<S>(ws.arch.activation, Z, ws.A[l].leftCols(n));
    }
    softmaxInto(ws.Z[L - 1], 0, count, ws.A[L - 1]);
}

template<class S>
void softmaxInto(const Mat<S> &Z, int c0, int n, Mat<S> &P)
{
    // p_k = e^(z_k - m) / sum_j e^(z_j - m), m = max_j z_j, per sample
    for (Eigen::Index i = c0; i < c0 + n; ++i) {
        const S m = Z.col(i).maxCoeff();
        P.col(i) = (Z.col(i).array() - m).exp().matrix();
        P.col(i) /= P.col(i).sum();
    }
}

template<class S>
double mlpForwardBackward(const MlpParams<S> &params, const std::uint8_t *labels, int count,
                          MlpWorkspace<S> &ws, MlpParams<S> &grads, int meanOver)
{
    mlpForward(params, count, ws);
    const Eigen::Index n = count;
    const std::size_t L = params.layers.size();
    const auto Z = ws.Z[L - 1].leftCols(n);
    const auto P = ws.A[L - 1].leftCols(n);
    auto DeltaOut = ws.Delta[L - 1].leftCols(n);
    const S inv = S(1) / S(meanOver > 0 ? meanOver : count);
    double total = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
        const int y = labels[i];
        // L = -ln p_y = ln(sum_j e^(z_j - m)) - (z_y - m)
        const S m = Z.col(i).maxCoeff();
        ws.losses(i) = std::log((Z.col(i).array() - m).exp().sum()) - (Z(y, i) - m);
        total += double(ws.losses(i));
        // delta_out = (p - y) / n: the gradient of the mean loss
        DeltaOut.col(i) = P.col(i) * inv;
        DeltaOut(y, i) -= inv;
    }
    for (std::size_t l = L; l-- > 0;) {
        const auto Delta = ws.Delta[l].leftCols(n);
        // dW_l = Delta_l A_{l-1}^T, db_l = sum over samples of Delta_l
        productInPanels(grads.layers[l].W, Delta, inputOf(ws, l).leftCols(n).transpose());
        grads.layers[l].b = Delta.rowwise().sum();
        if (l == 0)
            break;
        // Delta_{l-1} = (W_l^T Delta_l) .* f'(Z_{l-1})
        auto Prev = ws.Delta[l - 1].leftCols(n);
        productInPanels(Prev, params.layers[l].W.transpose(), Delta);
        multiplyByDerivative<S>(ws.arch.activation, ws.Z[l - 1].leftCols(n),
                                ws.A[l - 1].leftCols(n), Prev);
    }
    return total / double(count);
}

template<class S>
void sgdUpdate(const MlpParams<S> &grads, S lr, MlpParams<S> &params)
{
    // w = w - lr * g
    for (std::size_t l = 0; l < params.layers.size(); ++l) {
        params.layers[l].W -= lr * grads.layers[l].W;
        params.layers[l].b -= lr * grads.layers[l].b;
    }
}

template<class S>
MlpParams<S> adjustmentsOf(const MlpParams<S> &grads, S lr)
{
    MlpParams<S> d = grads;
    for (Layer<S> &l : d.layers) { // delta w = -lr * g
        l.W *= -lr;
        l.b *= -lr;
    }
    return d;
}

#define BPLAB_MLP_INSTANTIATE(S)                                                                   \
    template struct MlpParams<S>;                                                                  \
    template struct MlpWorkspace<S>;                                                               \
    template void activate<S>(Activation, const Eigen::Ref<const Mat<S>> &, Eigen::Ref<Mat<S>>);   \
    template void multiplyByDerivative<S>(Activation, const Eigen::Ref<const Mat<S>> &,            \
                                          const Eigen::Ref<const Mat<S>> &, Eigen::Ref<Mat<S>>);   \
    template void mlpForward(const MlpParams<S> &, int, MlpWorkspace<S> &);                        \
    template void softmaxInto(const Mat<S> &, int, int, Mat<S> &);                                 \
    template double mlpForwardBackward(const MlpParams<S> &, const std::uint8_t *, int,            \
                                       MlpWorkspace<S> &, MlpParams<S> &, int);                    \
    template void sgdUpdate(const MlpParams<S> &, S, MlpParams<S> &);                              \
    template MlpParams<S> adjustmentsOf(const MlpParams<S> &, S);
BPLAB_MLP_INSTANTIATE(float)
BPLAB_MLP_INSTANTIATE(double)
#undef BPLAB_MLP_INSTANTIATE

} // namespace bplab
