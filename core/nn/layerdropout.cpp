// Dropout (layerop.h): in training each value is kept with probability 1 - p and scaled by
// 1 / (1 - p) (inverted dropout, so that evaluation passes the values unchanged), else set to 0.
// The decision for a value is a hash of (seed, batch, sample, neuron) alone: the same whichever
// thread or half computes it, and again when a batch is computed again (resume, timeline).

#include "nn/layerop.h"

#include "rng.h"

namespace bplab {

double dropoutUniform(std::uint64_t seed, std::uint64_t batch, int sample, int neuron)
{
    // Three rounds of SplitMix64's finaliser over the key's parts; the top 53 bits as [0, 1).
    std::uint64_t h = mixSeed(seed, 0x64726F706F7574ull); // "dropout"
    h = mixSeed(h, batch);
    h = mixSeed(h, (std::uint64_t(std::uint32_t(sample)) << 32) | std::uint32_t(neuron));
    return double(h >> 11) * 0x1.0p-53;
}

namespace {

template<class S>
class DropoutOp final : public LayerOp<S>
{
public:
    DropoutOp(double rate, const FeatureShape &in)
        : m_rate(rate)
    {
        this->inShape = in;
        this->outShape = in;
    }

    void reserve(int batch) override { m_mask.resize(this->outShape.size(), batch); }

    void forward(const Layer<S> *, const Mat<S> &in, Mat<S> &out, int n, const PassContext &ctx) override
    {
        // training: a = x m / (1 - p), m = 1 with probability 1 - p (u >= p), else 0;
        // evaluation: a = x
        if (!ctx.training || m_rate == 0) {
            out.leftCols(n) = in.leftCols(n);
            return;
        }
        const S scale = S(1.0 / (1.0 - m_rate));
        const int size = this->outShape.size();
        for (int s = 0; s < n; ++s)
            for (int j = 0; j < size; ++j)
                m_mask(j, s) = dropoutUniform(ctx.seed, ctx.batch, ctx.firstSample + s, j) >= m_rate ? scale : S(0);
        out.leftCols(n) = in.leftCols(n).cwiseProduct(m_mask.leftCols(n));
    }

    void backward(const Layer<S> *, const Mat<S> &, const Mat<S> &, Mat<S> &dOut, Mat<S> *dIn, Layer<S> *, int n,
                  const PassContext &ctx) override
    {
        // dL/dx = dL/da m / (1 - p)
        if (!dIn)
            return;
        if (!ctx.training || m_rate == 0)
            dIn->leftCols(n) = dOut.leftCols(n);
        else
            dIn->leftCols(n) = dOut.leftCols(n).cwiseProduct(m_mask.leftCols(n));
    }

    /** The last training batch's mask times 1 / (1 - p) (0 where a value was dropped). */
    const Mat<S> &mask() const { return m_mask; }

private:
    double m_rate;
    Mat<S> m_mask;
};

} // namespace

template<class S>
std::unique_ptr<LayerOp<S>> makeDropoutOp(double rate, const FeatureShape &in)
{
    return std::make_unique<DropoutOp<S>>(rate, in);
}

template std::unique_ptr<LayerOp<float>> makeDropoutOp<float>(double, const FeatureShape &);
template std::unique_ptr<LayerOp<double>> makeDropoutOp<double>(double, const FeatureShape &);

} // namespace bplab
