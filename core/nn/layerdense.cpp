// A dense layer of a layer list: z = W a + b, a' = f(z) (layerop.h).

#include "nn/layerop.h"

namespace bplab {

namespace {

template<class S>
class DenseOp final : public LayerOp<S>
{
public:
    DenseOp(int outputs, const FeatureShape &in, Activation act, bool linear)
        : m_act(act)
        , m_linear(linear)
    {
        this->inShape = in;
        this->outShape = {outputs, 1, 1, true};
    }

    void reserve(int batch) override { m_Z.resize(this->outShape.size(), batch); }

    void forward(const Layer<S> *p, const Mat<S> &in, Mat<S> &out, int n, const PassContext &) override
    {
        // Z = W A_in + b; A_out = f(Z) (the output layer: Z itself)
        auto Z = m_Z.leftCols(n);
        Z.noalias() = p->W * in.leftCols(n);
        Z.colwise() += p->b;
        if (m_linear)
            out.leftCols(n) = Z;
        else
            activate<S>(m_act, Z, out.leftCols(n));
    }

    void backward(const Layer<S> *p, const Mat<S> &in, const Mat<S> &out, Mat<S> &dOut, Mat<S> *dIn, Layer<S> *g,
                  int n, const PassContext &) override
    {
        // Delta = dL/dA_out .* f'(Z); dW = Delta A_in^T; db = sum over samples of Delta;
        // dL/dA_in = W^T Delta
        auto Delta = dOut.leftCols(n);
        if (!m_linear)
            multiplyByDerivative<S>(m_act, m_Z.leftCols(n), out.leftCols(n), Delta);
        g->W.noalias() = Delta * in.leftCols(n).transpose();
        g->b = Delta.rowwise().sum();
        if (dIn)
            dIn->leftCols(n).noalias() = p->W.transpose() * Delta;
    }

private:
    Activation m_act;
    bool m_linear;
    Mat<S> m_Z;
};

} // namespace

template<class S>
std::unique_ptr<LayerOp<S>> makeDenseOp(int outputs, const FeatureShape &in, Activation act, bool linear)
{
    return std::make_unique<DenseOp<S>>(outputs, in, act, linear);
}

template std::unique_ptr<LayerOp<float>> makeDenseOp<float>(int, const FeatureShape &, Activation, bool);
template std::unique_ptr<LayerOp<double>> makeDenseOp<double>(int, const FeatureShape &, Activation, bool);

} // namespace bplab
