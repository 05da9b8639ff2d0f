// A 2-D convolution of a layer list (layerop.h): C_out kernels of C_in x k x k, stride 1 or 2,
// zero padding (k - 1) / 2 ("same") or none ("valid"), then the activation. Per sample, by
// im2col and one product: the input patches as the rows of cols^T (P x K, P the output
// positions, K = C_in k k in PyTorch's weight order c, ky, kx), so that
//   Z^T (P x C_out) = cols^T W^T,
// whose column-major memory is the output in channel, row, column order; and backwards, with
// Delta^T (P x C_out) the sample's delta in the same memory,
//   dW += Delta cols^T (summed over the samples in sample order; Delta = (Delta^T)^T, C_out x P),
//   db = the sum of Delta over positions and samples,
//   dcols^T = Delta^T W, scattered back onto the input (col2im): the input's gradient is the sum,
//   over the kernels' positions, of the flipped kernels weighted by Delta.
// Bias, activation and derivative are applied per sample while its values are in the cache; z is
// not kept (each activation's derivative is a function of a = f(z): (leaky) ReLU's z > 0 is a > 0).
// In float on libxsmm's kernels (when chosen, kernels.h) each product is one JIT kernel made once
// for the layer's shapes (at these sizes Eigen's packing of the operands costs more than the
// products), dW's accumulating into one C_out x K sum. Otherwise Eigen's products. The two give
// different bits (another order of the sums), each the same for any split of the batch.

#include "nn/kernels.h"
#include "nn/layerop.h"

#include <algorithm>
#include <type_traits>

namespace bplab {

namespace {

/** Output positions per block: cols^T's block (positions x K) stays in the first-level cache. */
constexpr int kBlockValues = 16384;

template<class S>
class ConvOp final : public LayerOp<S>
{
public:
    ConvOp(const LayerSpec &spec, const FeatureShape &in, Activation act)
        : m_k(spec.kernel)
        , m_stride(spec.stride)
        , m_pad(spec.same ? (spec.kernel - 1) / 2 : 0)
        , m_act(act)
    {
        this->inShape = in;
        this->outShape = {spec.size, (in.height + 2 * m_pad - m_k) / m_stride + 1,
                          (in.width + 2 * m_pad - m_k) / m_stride + 1, false};
        const int cout = spec.size, ho = this->outShape.height, wo = this->outShape.width;
        m_P = ho * wo;
        m_K = in.channels * m_k * m_k;
        m_block = std::min(m_P, std::max(8, kBlockValues / m_K / 8 * 8));
        m_cols.resize(m_block, m_K);
        m_dcols.resize(m_block, m_K);
        m_Delta.resize(cout, m_P);
        m_dW.resize(cout, m_K);
        // A shifted tap reaches at most pad rows and pad columns outside the input: the sample's
        // copies carry that margin of zeros before and after its planes.
        m_shifted = m_stride == 1 && ho == in.height && wo == in.width;
        m_margin = m_pad * (in.width + 1);
        m_x = Vec<S>::Zero(in.size() + 2 * m_margin);
        m_dx = Vec<S>::Zero(in.size() + 2 * m_margin);
        if (m_shifted) {
            // keep(q, ky k + kx) = 1 where output position q's tap (ky, kx) lies inside the input
            m_keep = Mat<S>::Zero(m_P, m_k * m_k);
            for (int ky = 0; ky < m_k; ++ky)
                for (int kx = 0; kx < m_k; ++kx)
                    for (int oy = 0; oy < ho; ++oy)
                        for (int ox = 0; ox < wo; ++ox) {
                            const int iy = oy + ky - m_pad, ix = ox + kx - m_pad;
                            if (iy >= 0 && iy < in.height && ix >= 0 && ix < in.width)
                                m_keep(oy * wo + ox, ky * m_k + kx) = S(1);
                        }
        }
        if constexpr (std::is_same_v<S, float>) {
            // One kernel per product for a whole block of m positions and one for the last, shorter one.
            const int last = m_P - (m_P - 1) / m_block * m_block;
            for (int i = 0; i < 2; ++i) {
                const int m = i == 0 ? m_block : last;
                // Z^T (m x C_out, rows of P) = cols^T (m x K) W^T (K x C_out)
                m_gemms[i].forward = Gemm({m, cout, m_K, m, m_K, m_P});
                // dW (C_out x K) += Delta (C_out x m, columns of P) cols^T (m x K)
                m_gemms[i].weights = Gemm({cout, m_K, m, cout, m, cout, false, true});
                // dcols^T (m x K) = Delta^T (m x C_out, rows of P) W (C_out x K), W given as W^T
                m_gemms[i].back = Gemm({m, m_K, cout, m_P, m_K, m, true});
            }
        }
    }

    void reserve(int) override {}

    void forward(const Layer<S> *p, const Mat<S> &in, Mat<S> &out, int n, const PassContext &) override
    {
        const int cout = this->outShape.channels;
        const Eigen::Map<const Mat<S>> WT(p->W.data(), m_K, cout); // row-major W is W^T column-major
        const bool xsmm = useXsmm();
        for (int s = 0; s < n; ++s) {
            loadSample(in.col(s).data());
            // Z^T = cols^T W^T + b (per channel), a block of positions at a time; A = f(Z) in place
            Eigen::Map<Mat<S>> ZT(out.col(s).data(), m_P, cout);
            for (int q0 = 0; q0 < m_P; q0 += m_block) {
                const int m = std::min(m_block, m_P - q0);
                patches<false>(m_x.data() + m_margin, m_cols.data(), q0, m);
                if constexpr (std::is_same_v<S, float>) {
                    if (xsmm) {
                        gemmsFor(m).forward(m_cols.data(), p->W.data(), ZT.data() + q0);
                        continue;
                    }
                }
                ZT.middleRows(q0, m).noalias() = colsBlock(m_cols, m) * WT;
            }
            ZT.rowwise() += p->b.transpose();
            activate<S>(m_act, out.col(s), out.col(s));
        }
    }

    void backward(const Layer<S> *p, const Mat<S> &in, const Mat<S> &out, Mat<S> &dOut, Mat<S> *dIn, Layer<S> *g,
                  int n, const PassContext &) override
    {
        const int cout = this->outShape.channels;
        const Eigen::Map<const Mat<S>> WT(p->W.data(), m_K, cout);
        m_dW.setZero();
        g->b.setZero();
        const bool xsmm = useXsmm();
        for (int s = 0; s < n; ++s) {
            // Delta = dL/dA .* f'(Z), from A alone: (leaky) ReLU's z > 0 is a > 0
            multiplyByDerivative<S>(m_act, out.col(s), out.col(s), dOut.col(s));
            const Eigen::Map<const Mat<S>> DeltaT(dOut.col(s).data(), m_P, cout);
            g->b += DeltaT.colwise().sum().transpose();
            if constexpr (std::is_same_v<S, float>) {
                if (xsmm)
                    transposeInto(DeltaT.data(), m_P, m_P, cout, m_Delta.data(), cout);
            }
            loadSample(in.col(s).data());
            if (dIn)
                m_dx.setZero();
            for (int q0 = 0; q0 < m_P; q0 += m_block) {
                const int m = std::min(m_block, m_P - q0);
                patches<false>(m_x.data() + m_margin, m_cols.data(), q0, m);
                // dW += Delta cols^T over the block's positions; dcols^T = Delta^T W, added back
                // where each patch came from
                bool done = false;
                if constexpr (std::is_same_v<S, float>) {
                    if (xsmm) {
                        const Products &k = gemmsFor(m);
                        k.weights(m_Delta.data() + std::size_t(q0) * std::size_t(cout), m_cols.data(), m_dW.data());
                        if (dIn)
                            k.back(DeltaT.data() + q0, p->W.data(), m_dcols.data());
                        done = true;
                    }
                }
                if (!done) {
                    m_dW.noalias() += DeltaT.middleRows(q0, m).transpose() * colsBlock(m_cols, m);
                    if (dIn)
                        colsBlock(m_dcols, m).noalias() = DeltaT.middleRows(q0, m) * WT.transpose();
                }
                if (dIn)
                    patches<true>(m_dx.data() + m_margin, m_dcols.data(), q0, m);
            }
            if (dIn)
                dIn->col(s) = m_dx.segment(m_margin, this->inShape.size());
        }
        g->W = m_dW;
    }

private:
    /** The three products for blocks of m positions. */
    struct Products
    {
        Gemm forward, weights, back;
    };

    const Products &gemmsFor(int m) const { return m_gemms[m == m_block ? 0 : 1]; }

    bool useXsmm() const
    {
        if constexpr (std::is_same_v<S, float>) {
            if (activeKernels() != Kernels::Xsmm)
                return false;
            for (const Products &k : m_gemms)
                if (!k.forward.valid() || !k.weights.valid() || !k.back.valid())
                    return false;
            return true;
        }
        return false;
    }

    /** The first m rows of a block buffer as an m x K matrix. */
    Eigen::Map<Mat<S>> colsBlock(Mat<S> &buffer, int m) const { return {buffer.data(), m, m_K}; }

    /** One sample's input (C_in x H x W) into m_x, between its margins. */
    void loadSample(const S *x)
    {
        m_x.segment(m_margin, this->inShape.size()) = Eigen::Map<const Vec<S>>(x, this->inShape.size());
    }

    /**
     * The one walk over the kernel's taps for both directions, for output positions [q0, q0 + m):
     * column (c, ky, kx) of cols^T (m x K) holds, per position, the input value under that tap, 0
     * on the padding. Gather (Scatter false): cols^T = those values of x; scatter: x += cols^T at
     * those places. x is a sample's planes with m_margin values before and after them.
     */
    template<bool Scatter>
    void patches(S *x, S *cols, int q0, int m) const
    {
        const FeatureShape &in = this->inShape;
        const int wo = this->outShape.width, plane = in.height * in.width;
        for (int c = 0; c < in.channels; ++c)
            for (int ky = 0; ky < m_k; ++ky)
                for (int kx = 0; kx < m_k; ++kx) {
                    S *col = cols + std::size_t(m) * std::size_t((c * m_k + ky) * m_k + kx);
                    if (m_shifted) {
                        // stride 1, output as large as the input: the tap is the plane shifted by
                        // (ky - pad) rows and (kx - pad) columns, where keep says it is inside
                        // (times 0 or 1: a value that is not finite makes the output so anyway)
                        S *src = x + c * plane + (ky - m_pad) * in.width + (kx - m_pad) + q0;
                        shiftedTap<Scatter>(src, col, m_keep.col(ky * m_k + kx).data() + q0, m);
                        continue;
                    }
                    for (int i = 0; i < m; ++i) {
                        const int oy = (q0 + i) / wo, ox = (q0 + i) % wo;
                        const int iy = oy * m_stride - m_pad + ky, ix = ox * m_stride - m_pad + kx;
                        const bool inside = iy >= 0 && iy < in.height && ix >= 0 && ix < in.width;
                        S *at = x + (c * in.height + iy) * in.width + ix;
                        if constexpr (Scatter) {
                            if (inside)
                                *at += col[i];
                        } else {
                            col[i] = inside ? *at : S(0);
                        }
                    }
                }
    }

    template<bool Scatter>
    static void shiftedTap(S *__restrict src, S *__restrict col, const S *__restrict keep, int count)
    {
        for (int q = 0; q < count; ++q) {
            if constexpr (Scatter)
                src[q] += col[q] * keep[q];
            else
                col[q] = src[q] * keep[q];
        }
    }

    int m_k, m_stride, m_pad;
    Activation m_act;
    int m_P = 0, m_K = 0;
    int m_block = 1; ///< output positions per block
    bool m_shifted = false;
    int m_margin = 0;
    Mat<S> m_cols, m_dcols; ///< a block of cols^T and of dcols^T (block x K; the last block uses fewer rows)
    Mat<S> m_keep;          ///< P x k k: which taps lie inside the input (shifted walk only)
    Vec<S> m_x, m_dx;       ///< one sample's input and its gradient, with margins of zeros
    Mat<S> m_Delta;         ///< C_out x P: one sample's delta (libxsmm's dW)
    Mat<S> m_dW;            ///< C_out x K: the batch's dW, column-major
    Products m_gemms[2];    ///< libxsmm's, for a whole block and for the last one
};

} // namespace

template<class S>
std::unique_ptr<LayerOp<S>> makeConvOp(const LayerSpec &spec, const FeatureShape &in, Activation act)
{
    return std::make_unique<ConvOp<S>>(spec, in, act);
}

template std::unique_ptr<LayerOp<float>> makeConvOp<float>(const LayerSpec &, const FeatureShape &, Activation);
template std::unique_ptr<LayerOp<double>> makeConvOp<double>(const LayerSpec &, const FeatureShape &, Activation);

} // namespace bplab
