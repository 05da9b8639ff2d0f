// Flatten (layerop.h): the values stay in their order (channel, row, column, as PyTorch's
// flatten takes them); only the shape forgets the picture. A dense layer after a convolution or
// pooling flattens its input alike without one.

#include "nn/layerop.h"

namespace bplab {

namespace {

template<class S>
class FlattenOp final : public LayerOp<S>
{
public:
    explicit FlattenOp(const FeatureShape &in)
    {
        this->inShape = in;
        this->outShape = {in.size(), 1, 1, true};
    }
    void reserve(int) override {}
    void forward(const Layer<S> *, const Mat<S> &in, Mat<S> &out, int n, const PassContext &) override
    {
        out.leftCols(n) = in.leftCols(n);
    }
    void backward(const Layer<S> *, const Mat<S> &, const Mat<S> &, Mat<S> &dOut, Mat<S> *dIn, Layer<S> *, int n,
                  const PassContext &) override
    {
        if (dIn)
            dIn->leftCols(n) = dOut.leftCols(n);
    }
};

} // namespace

template<class S>
std::unique_ptr<LayerOp<S>> makeFlattenOp(const FeatureShape &in)
{
    return std::make_unique<FlattenOp<S>>(in);
}

template std::unique_ptr<LayerOp<float>> makeFlattenOp<float>(const FeatureShape &);
template std::unique_ptr<LayerOp<double>> makeFlattenOp<double>(const FeatureShape &);

} // namespace bplab
