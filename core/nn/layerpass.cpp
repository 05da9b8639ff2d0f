// The pass of a layer list (layerpass.h) and the one place that maps a layer's kind to its op.

#include "nn/layerpass.h"

#include <cmath>

namespace bplab {

template<class S>
std::unique_ptr<LayerOp<S>> makeLayerOp(const LayerSpec &spec, const FeatureShape &in, Activation act, bool output)
{
    switch (spec.kind) {
    case LayerKind::Dense:
        return makeDenseOp<S>(spec.size, in, act, output);
    case LayerKind::Conv:
        return makeConvOp<S>(spec, in, act);
    case LayerKind::Pool:
        return makePoolOp<S>(in);
    case LayerKind::Flatten:
        return makeFlattenOp<S>(in);
    case LayerKind::Dropout:
        return makeDropoutOp<S>(spec.rate, in);
    }
    return nullptr;
}

template<class S>
LayerPass<S>::LayerPass(const Architecture &arch, int batch)
    : m_arch(arch)
    , m_batch(std::max(1, batch))
{
    FeatureShape shape = inputShape();
    int params = 0;
    std::vector<LayerSpec> specs = arch.body();
    LayerSpec output;
    output.size = arch.outputs;
    specs.push_back(output);
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const bool last = i + 1 == specs.size();
        m_ops.push_back(makeLayerOp<S>(specs[i], shape, arch.activation, last));
        m_param.push_back(specs[i].hasParameters() ? params++ : -1);
        shape = m_ops.back()->outShape;
        m_ops.back()->reserve(m_batch);
        m_out.emplace_back(shape.size(), m_batch);
        m_d.emplace_back(shape.size(), m_batch);
    }
    X.resize(arch.inputs, m_batch);
    m_P.resize(arch.outputs, m_batch);
    m_losses.resize(m_batch);
}

template<class S>
LayerPass<S>::~LayerPass() = default;
template<class S>
LayerPass<S>::LayerPass(LayerPass &&) noexcept = default;

template<class S>
void LayerPass<S>::forward(const MlpParams<S> &params, int count, const PassContext &ctx)
{
    for (std::size_t i = 0; i < m_ops.size(); ++i) {
        const Layer<S> *p = m_param[i] >= 0 ? &params.layers[std::size_t(m_param[i])] : nullptr;
        m_ops[i]->forward(p, i == 0 ? X : m_out[i - 1], m_out[i], count, ctx);
    }
    softmaxInto(m_out.back(), 0, count, m_P);
}

template<class S>
double LayerPass<S>::forwardBackward(const MlpParams<S> &params, const std::uint8_t *labels, int count,
                                     MlpParams<S> &grads, int meanOver, const PassContext &ctx)
{
    forward(params, count, ctx);
    const Mat<S> &Z = m_out.back();
    Mat<S> &Delta = m_d.back();
    const S inv = S(1) / S(meanOver > 0 ? meanOver : count);
    double total = 0;
    for (Eigen::Index i = 0; i < count; ++i) {
        const int y = labels[i];
        // L = -ln p_y = ln(sum_j e^(z_j - m)) - (z_y - m); delta_out = (p - onehot(y)) / meanOver
        const S m = Z.col(i).maxCoeff();
        m_losses(i) = std::log((Z.col(i).array() - m).exp().sum()) - (Z(y, i) - m);
        total += double(m_losses(i));
        Delta.col(i) = m_P.col(i) * inv;
        Delta(y, i) -= inv;
    }
    for (std::size_t i = m_ops.size(); i-- > 0;) {
        const Layer<S> *p = m_param[i] >= 0 ? &params.layers[std::size_t(m_param[i])] : nullptr;
        Layer<S> *g = m_param[i] >= 0 ? &grads.layers[std::size_t(m_param[i])] : nullptr;
        m_ops[i]->backward(p, i == 0 ? X : m_out[i - 1], m_out[i], m_d[i], i == 0 ? nullptr : &m_d[i - 1], g, count,
                           ctx);
    }
    return total / double(count);
}

template class LayerPass<float>;
template class LayerPass<double>;
template std::unique_ptr<LayerOp<float>> makeLayerOp<float>(const LayerSpec &, const FeatureShape &, Activation, bool);
template std::unique_ptr<LayerOp<double>> makeLayerOp<double>(const LayerSpec &, const FeatureShape &, Activation,
                                                              bool);

} // namespace bplab
