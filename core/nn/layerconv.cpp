// A 2-D convolution of a layer list (layerop.h): C_out kernels of C_in x k x k, stride 1 or 2,
// zero padding (k - 1) / 2 ("same") or none ("valid"), then the activation. Per sample, by
// im2col and one product: the input patches as the rows of cols^T (P x K, P the output
// positions, K = C_in k k in PyTorch's weight order c, ky, kx), so that
//   Z^T (P x C_out) = cols^T W^T,
// whose column-major memory is the output in channel, row, column order; and backwards
//   dW^T += cols Delta^T (summed over the samples),  db = the sum of Delta over positions and
//   samples,  dcols^T = Delta^T W, scattered back onto the input (col2im): the input's gradient
//   is the sum, over the kernels' positions, of the flipped kernels weighted by Delta.
// In float on libxsmm's kernels (when chosen, kernels.h) each sample's three products are one
// JIT kernel each, made once for the layer's shapes (no packing of the operands per call: at these
// sizes Eigen's packing costs more than the products); dW^T's product wants the patches as
// columns, so cols^T is transposed for it, and each sample's dW^T is added in sample order.
// Otherwise Eigen's products. The two give different bits (another order of the sums), each the
// same for any split of the batch.

#include "nn/kernels.h"
#include "nn/layerop.h"

#include <algorithm>
#include <type_traits>

namespace bplab {

namespace {

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
        m_P = this->outShape.height * this->outShape.width;
        m_K = in.channels * m_k * m_k;
        m_colsT.resize(m_P, m_K);
        m_dcolsT.resize(m_P, m_K);
        if constexpr (std::is_same_v<S, float>) {
            const int cout = spec.size;
            // Z^T (P x C_out) = cols^T (P x K) W^T (K x C_out)
            m_forward = Gemm({m_P, cout, m_K, m_P, m_K, m_P});
            // dW^T_s (K x C_out) = cols (K x P) Delta^T (P x C_out)
            m_weights = Gemm({m_K, cout, m_P, m_K, m_P, m_K});
            // dcols^T (P x K) = Delta^T (P x C_out) W (C_out x K), W given as W^T (K x C_out)
            m_back = Gemm({m_P, m_K, cout, m_P, m_K, m_P, true});
            m_cols.resize(m_K, m_P);
            m_dWs.resize(m_K, cout);
        }
    }

    void reserve(int batch) override { m_Z.resize(this->outShape.size(), batch); }

    void forward(const Layer<S> *p, const Mat<S> &in, Mat<S> &out, int n, const PassContext &) override
    {
        const int cout = this->outShape.channels;
        const Eigen::Map<const Mat<S>> WT(p->W.data(), m_K, cout); // row-major W is W^T column-major
        const bool xsmm = useXsmm();
        for (int s = 0; s < n; ++s) {
            im2col(in.col(s).data());
            // Z^T = cols^T W^T + b (per channel)
            Eigen::Map<Mat<S>> ZT(m_Z.col(s).data(), m_P, cout);
            if constexpr (std::is_same_v<S, float>) {
                if (xsmm)
                    m_forward(m_colsT.data(), p->W.data(), ZT.data());
                else
                    ZT.noalias() = m_colsT * WT;
            } else {
                ZT.noalias() = m_colsT * WT;
            }
            ZT.rowwise() += p->b.transpose();
        }
        activate<S>(m_act, m_Z.leftCols(n), out.leftCols(n));
    }

    void backward(const Layer<S> *p, const Mat<S> &in, const Mat<S> &out, Mat<S> &dOut, Mat<S> *dIn, Layer<S> *g,
                  int n, const PassContext &) override
    {
        const int cout = this->outShape.channels;
        // Delta = dL/dA .* f'(Z)
        multiplyByDerivative<S>(m_act, m_Z.leftCols(n), out.leftCols(n), dOut.leftCols(n));
        const Eigen::Map<const Mat<S>> WT(p->W.data(), m_K, cout);
        Eigen::Map<Mat<S>> dWT(g->W.data(), m_K, cout);
        dWT.setZero();
        g->b.setZero();
        if (dIn)
            dIn->leftCols(n).setZero();
        const bool xsmm = useXsmm();
        for (int s = 0; s < n; ++s) {
            const Eigen::Map<const Mat<S>> DeltaT(dOut.col(s).data(), m_P, cout);
            im2col(in.col(s).data());
            // dW^T += cols Delta^T; db += Delta summed over the positions
            if constexpr (std::is_same_v<S, float>) {
                if (xsmm) {
                    transposeInto(m_colsT.data(), m_P, m_P, m_K, m_cols.data(), m_K);
                    m_weights(m_cols.data(), DeltaT.data(), m_dWs.data());
                    dWT += m_dWs;
                } else {
                    dWT.noalias() += m_colsT.transpose() * DeltaT;
                }
            } else {
                dWT.noalias() += m_colsT.transpose() * DeltaT;
            }
            g->b += DeltaT.colwise().sum().transpose();
            if (dIn) {
                // dcols^T = Delta^T W, added back where each patch came from
                if constexpr (std::is_same_v<S, float>) {
                    if (xsmm)
                        m_back(DeltaT.data(), p->W.data(), m_dcolsT.data());
                    else
                        m_dcolsT.noalias() = DeltaT * WT.transpose();
                } else {
                    m_dcolsT.noalias() = DeltaT * WT.transpose();
                }
                col2im(dIn->col(s).data());
            }
        }
    }

private:
    bool useXsmm() const
    {
        if constexpr (std::is_same_v<S, float>)
            return activeKernels() == Kernels::Xsmm && m_forward.valid() && m_weights.valid() && m_back.valid();
        return false;
    }

    /** The output columns [lo, hi) whose input column ox S - pad + kx lies inside the input. */
    std::pair<int, int> validColumns(int kx) const
    {
        const int wo = this->outShape.width, w = this->inShape.width, off = kx - m_pad;
        // ox S + off >= 0  <=>  ox >= ceil(-off / S);  ox S + off <= w - 1
        const int lo = off >= 0 ? 0 : (-off + m_stride - 1) / m_stride;
        const int hi = w - 1 - off < 0 ? 0 : (w - 1 - off) / m_stride + 1;
        return {std::min(lo, wo), std::clamp(hi, std::min(lo, wo), wo)};
    }

    /** Whether an output row has the input's width and stride 1 (same padding): then a column of
     *  cols^T is the input plane shifted by one offset, with the wrapped border columns zero. */
    bool shiftable() const { return m_stride == 1 && this->outShape.width == this->inShape.width; }

    /** cols^T from one sample's input (C_in x H x W): row p = the patch under output position p. */
    void im2col(const S *x)
    {
        const FeatureShape &in = this->inShape;
        const int ho = this->outShape.height, wo = this->outShape.width, plane = in.height * in.width;
        for (int c = 0; c < in.channels; ++c)
            for (int ky = 0; ky < m_k; ++ky)
                for (int kx = 0; kx < m_k; ++kx) {
                    S *col = m_colsT.col((c * m_k + ky) * m_k + kx).data();
                    const int off = kx - m_pad;
                    const auto [lo, hi] = validColumns(kx);
                    if (shiftable()) {
                        // col[q] = x_c[q + dy W + dx] on the rows inside the input, then the
                        // columns whose dx wrapped into the next or previous row set to 0
                        const int dy = ky - m_pad, shift = dy * in.width + off;
                        const int first = std::max(0, -dy) * wo, end = std::min(ho, in.height - dy) * wo;
                        const int from = std::max(first, -shift), to = std::min(end, plane - shift);
                        const S *src = x + c * plane;
                        std::fill(col, col + std::max(first, 0), S(0));
                        for (int q = from; q < to; ++q)
                            col[q] = src[q + shift];
                        std::fill(col + std::max(end, first), col + m_P, S(0));
                        for (int row = first; row < end; row += wo) {
                            std::fill(col + row, col + row + lo, S(0));
                            std::fill(col + row + hi, col + row + wo, S(0));
                        }
                        continue;
                    }
                    for (int oy = 0; oy < ho; ++oy) {
                        const int iy = oy * m_stride - m_pad + ky;
                        S *row = col + oy * wo;
                        if (iy < 0 || iy >= in.height) {
                            std::fill(row, row + wo, S(0));
                            continue;
                        }
                        const S *src = x + (c * in.height + iy) * in.width;
                        std::fill(row, row + lo, S(0));
                        for (int ox = lo; ox < hi; ++ox)
                            row[ox] = src[ox * m_stride + off];
                        std::fill(row + hi, row + wo, S(0));
                    }
                }
    }

    /** dx += dcols^T scattered back onto one sample's input (the inverse of im2col's gather); the
     *  entries of dcols^T that fall on the padding are dropped (set to 0 on the shifted path). */
    void col2im(S *dx)
    {
        const FeatureShape &in = this->inShape;
        const int ho = this->outShape.height, wo = this->outShape.width, plane = in.height * in.width;
        for (int c = 0; c < in.channels; ++c)
            for (int ky = 0; ky < m_k; ++ky)
                for (int kx = 0; kx < m_k; ++kx) {
                    S *col = m_dcolsT.col((c * m_k + ky) * m_k + kx).data();
                    const int off = kx - m_pad;
                    const auto [lo, hi] = validColumns(kx);
                    if (shiftable()) {
                        const int dy = ky - m_pad, shift = dy * in.width + off;
                        const int first = std::max(0, -dy) * wo, end = std::min(ho, in.height - dy) * wo;
                        const int from = std::max(first, -shift), to = std::min(end, plane - shift);
                        for (int row = first; row < end; row += wo) {
                            std::fill(col + row, col + row + lo, S(0));
                            std::fill(col + row + hi, col + row + wo, S(0));
                        }
                        S *dst = dx + c * plane;
                        for (int q = from; q < to; ++q)
                            dst[q + shift] += col[q];
                        continue;
                    }
                    for (int oy = 0; oy < ho; ++oy) {
                        const int iy = oy * m_stride - m_pad + ky;
                        if (iy < 0 || iy >= in.height)
                            continue;
                        S *dst = dx + (c * in.height + iy) * in.width;
                        const S *row = col + oy * wo;
                        for (int ox = lo; ox < hi; ++ox)
                            dst[ox * m_stride + off] += row[ox];
                    }
                }
    }

    int m_k, m_stride, m_pad;
    Activation m_act;
    int m_P = 0, m_K = 0;
    Mat<S> m_Z;              ///< C_out P x batch: z before the activation
    Mat<S> m_colsT, m_dcolsT; ///< P x K, one sample's
    Mat<S> m_cols, m_dWs;     ///< libxsmm's: cols (K x P) and one sample's dW^T (K x C_out)
    Gemm m_forward, m_weights, m_back;
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
