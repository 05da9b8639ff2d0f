// Max pooling 2 x 2 with stride 2 (layerop.h): each output is the largest of its window (the
// first of equal ones, in row order), whose place is kept so that backwards only it receives the
// output's delta. An odd last row or column is left out, as PyTorch's MaxPool2d(2) does.

#include "nn/layerop.h"

#include <algorithm>
#include <type_traits>
#include <vector>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace bplab {

namespace {

/**
 * One row of outputs: out[ox] = the largest of x[2 ox], x[2 ox + 1] (the row at x) and
 * x[w + 2 ox], x[w + 2 ox + 1] (the row below), the first of equal ones in that order, and
 * arg[ox] its index (first + its offset from x). The first of each row's pair unless the second
 * is larger, then the lower row's only when larger than the upper's: that is the row order.
 */
template<class S>
void poolRow(const S *x, int w, int count, int first, S *out, int *arg)
{
    int ox = 0;
#if defined(__AVX512F__)
    if constexpr (std::is_same_v<S, float>) {
        const __m512i even = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
        const __m512i odd = _mm512_add_epi32(even, _mm512_set1_epi32(1));
        for (; ox < count; ox += 16) {
            // 16 outputs (fewer at the end: the masked lanes read and write nothing)
            const int lanes = std::min(16, count - ox);
            const __mmask16 low = __mmask16(lanes >= 8 ? 0xFFFF : (1u << (2 * lanes)) - 1);
            const __mmask16 high = __mmask16(lanes > 8 ? (1u << (2 * (lanes - 8))) - 1 : 0);
            const auto pairs = [&](const float *row, __m512 &left, __m512 &right) {
                const __m512 a = _mm512_maskz_loadu_ps(low, row + 2 * ox);
                const __m512 b = _mm512_maskz_loadu_ps(high, row + 2 * ox + 16);
                left = _mm512_permutex2var_ps(a, even, b);
                right = _mm512_permutex2var_ps(a, odd, b);
            };
            __m512 tl, tr, bl, br;
            pairs(x, tl, tr);
            pairs(x + w, bl, br);
            const __m512i at = _mm512_add_epi32(_mm512_set1_epi32(first + 2 * ox), even);
            const __mmask16 topRight = _mm512_cmp_ps_mask(tr, tl, _CMP_GT_OQ);
            const __m512 t = _mm512_mask_blend_ps(topRight, tl, tr);
            const __m512i ti = _mm512_mask_add_epi32(at, topRight, at, _mm512_set1_epi32(1));
            const __mmask16 bottomRight = _mm512_cmp_ps_mask(br, bl, _CMP_GT_OQ);
            const __m512 b = _mm512_mask_blend_ps(bottomRight, bl, br);
            const __m512i below = _mm512_add_epi32(at, _mm512_set1_epi32(w));
            const __m512i bi = _mm512_mask_add_epi32(below, bottomRight, below, _mm512_set1_epi32(1));
            const __mmask16 bottom = _mm512_cmp_ps_mask(b, t, _CMP_GT_OQ);
            const __mmask16 valid = __mmask16((1u << lanes) - 1);
            _mm512_mask_storeu_ps(out + ox, valid, _mm512_mask_blend_ps(bottom, t, b));
            _mm512_mask_storeu_epi32(arg + ox, valid, _mm512_mask_blend_epi32(bottom, ti, bi));
        }
        return;
    }
#endif
    for (; ox < count; ++ox) {
        const int l = 2 * ox, r = l + 1;
        const int top = x[r] > x[l] ? r : l, bottom = x[w + r] > x[w + l] ? w + r : w + l;
        const int best = x[bottom] > x[top] ? bottom : top;
        out[ox] = x[best];
        arg[ox] = first + best;
    }
}

template<class S>
class PoolOp final : public LayerOp<S>
{
public:
    explicit PoolOp(const FeatureShape &in)
    {
        this->inShape = in;
        this->outShape = {in.channels, in.height / 2, in.width / 2, false};
    }

    void reserve(int batch) override { m_argmax.resize(std::size_t(this->outShape.size()) * std::size_t(batch)); }

    void forward(const Layer<S> *, const Mat<S> &in, Mat<S> &out, int n, const PassContext &) override
    {
        // a_out[c][y][x] = max over the window's 4 values of a_in[c][2y + dy][2x + dx]
        const FeatureShape &i = this->inShape, &o = this->outShape;
        for (int s = 0; s < n; ++s) {
            const S *x = in.col(s).data();
            S *y = out.col(s).data();
            for (int c = 0; c < o.channels; ++c)
                for (int oy = 0; oy < o.height; ++oy) {
                    const int top = (c * i.height + 2 * oy) * i.width;
                    S *to = y + (c * o.height + oy) * o.width;
                    int *arg = m_argmax.data() + std::size_t(s) * std::size_t(o.size()) + (to - y);
                    poolRow(x + top, i.width, o.width, top, to, arg);
                }
        }
    }

    void backward(const Layer<S> *, const Mat<S> &, const Mat<S> &, Mat<S> &dOut, Mat<S> *dIn, Layer<S> *, int n,
                  const PassContext &) override
    {
        // dL/da_in = dL/da_out at each window's maximum, 0 elsewhere
        if (!dIn)
            return;
        const int size = this->outShape.size();
        dIn->leftCols(n).setZero();
        for (int s = 0; s < n; ++s) {
            const S *d = dOut.col(s).data();
            S *dx = dIn->col(s).data();
            const int *arg = m_argmax.data() + std::size_t(s) * std::size_t(size);
            for (int j = 0; j < size; ++j)
                dx[arg[j]] = d[j];
        }
    }

private:
    std::vector<int> m_argmax; ///< per sample and output: the index of its maximum in the input
};

} // namespace

template<class S>
std::unique_ptr<LayerOp<S>> makePoolOp(const FeatureShape &in)
{
    return std::make_unique<PoolOp<S>>(in);
}

template std::unique_ptr<LayerOp<float>> makePoolOp<float>(const FeatureShape &);
template std::unique_ptr<LayerOp<double>> makePoolOp<double>(const FeatureShape &);

} // namespace bplab
