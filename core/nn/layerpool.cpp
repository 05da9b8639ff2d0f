// Max pooling 2 x 2 with stride 2 (layerop.h): each output is the largest of its window (the
// first of equal ones, in row order), whose place is kept so that backwards only it receives the
// output's delta. An odd last row or column is left out, as PyTorch's MaxPool2d(2) does.

#include "nn/layerop.h"

#include <vector>

namespace bplab {

namespace {

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
        const int size = o.size();
        for (int s = 0; s < n; ++s) {
            const S *x = in.col(s).data();
            S *y = out.col(s).data();
            int *arg = m_argmax.data() + std::size_t(s) * std::size_t(size);
            for (int c = 0; c < o.channels; ++c)
                for (int oy = 0; oy < o.height; ++oy) {
                    const int top = (c * i.height + 2 * oy) * i.width, below = top + i.width;
                    const int to = (c * o.height + oy) * o.width;
                    for (int ox = 0; ox < o.width; ++ox) {
                        // the window's values in row order; a later one wins only when larger
                        int best = top + 2 * ox;
                        S v = x[best];
                        if (x[top + 2 * ox + 1] > v) {
                            best = top + 2 * ox + 1;
                            v = x[best];
                        }
                        if (x[below + 2 * ox] > v) {
                            best = below + 2 * ox;
                            v = x[best];
                        }
                        if (x[below + 2 * ox + 1] > v) {
                            best = below + 2 * ox + 1;
                            v = x[best];
                        }
                        y[to + ox] = v;
                        arg[to + ox] = best;
                    }
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
                dx[arg[j]] += d[j];
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
