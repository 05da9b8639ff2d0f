#include "nn/mlptrace.h"

#include "nn/layerpass.h"

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {

/** A layer list's pass of one sample into t's layers and logits, in evaluation mode (dropout
 *  passes every value on): the list's own forward pass (layerpass.h), and with a label its
 *  backward pass (every layer's delta, the gradients into t.listGradients); z recomputed for the
 *  layers with parameters. */
template<class S>
void listPass(const Architecture &arch, const MlpParams<S> &params, MlpTrace<S> &t, bool backward)
{
    LayerPass<S> pass(arch, 1);
    pass.X.col(0) = t.input;
    const PassContext evaluation;
    const std::uint8_t labelByte = std::uint8_t(std::max(0, t.label));
    backward = backward && t.label >= 0;
    if (backward) {
        t.listGradients = MlpParams<S>::zeros(arch);
        pass.forwardBackward(params, &labelByte, 1, t.listGradients, 1, evaluation);
    } else {
        pass.forward(params, 1, evaluation);
    }
    const std::vector<LayerSpec> body = arch.body();
    t.hidden.resize(body.size());
    std::size_t param = 0;
    for (std::size_t i = 0; i < body.size(); ++i) {
        HiddenTrace<S> &h = t.hidden[i];
        h.spec = body[i];
        h.shape = pass.op(int(i)).outShape;
        h.a = pass.values(int(i)).col(0);
        h.delta = backward ? Vec<S>(pass.deltas(int(i)).col(0)) : Vec<S>::Zero(h.a.size());
        const Vec<S> &in = traceLayerInput(t, i);
        if (h.spec.kind == LayerKind::Conv)
            h.z = convolutionZ(h.spec, pass.op(int(i)).inShape, params.layers[param], in);
        else if (h.spec.kind == LayerKind::Dense) // z = W a_prev + b
            h.z = params.layers[param].W * in + params.layers[param].b;
        if (h.spec.hasParameters())
            ++param;
    }
    t.logits = pass.values(pass.opCount() - 1).col(0);
}

/** The forward pass of one sample into t (every layer's values, logits, e^z, probabilities);
 *  a layer list's with its backward pass when `backward`. */
template<class S>
void forwardOne(const Architecture &arch, const MlpParams<S> &params, MlpTrace<S> &t, bool backward = false)
{
    const std::size_t L = params.layers.size();
    if (arch.layered()) {
        listPass(arch, params, t, backward);
    } else {
        t.hidden.resize(L - 1);
        const Vec<S> *in = &t.input;
        for (std::size_t l = 0; l + 1 < L; ++l) {
            HiddenTrace<S> &h = t.hidden[l];
            h.spec = LayerSpec {LayerKind::Dense, arch.hidden[l]};
            h.shape = FeatureShape {arch.hidden[l], 1, 1, true};
            // z = W a_prev + b; a = f(z)
            h.z = params.layers[l].W * *in + params.layers[l].b;
            h.a.resize(h.z.size());
            activate<S>(arch.activation, h.z, h.a);
            in = &h.a;
        }
        // z_out = W_L a_{L-1} + b_L
        t.logits = params.layers[L - 1].W * *in + params.layers[L - 1].b;
    }
    t.exp = t.logits.array().exp().matrix();
    t.expSum = t.exp.sum();
    t.expFinite = t.exp.allFinite() && std::isfinite(double(t.expSum));
    // p_k = e^(z_k - m) / sum_j e^(z_j - m), m = max z: the same value, without overflow
    const S m = t.logits.maxCoeff();
    const Vec<S> shifted = (t.logits.array() - m).exp().matrix();
    const S shiftedSum = shifted.sum();
    t.probabilities = shifted / shiftedSum;
    t.probabilities.maxCoeff(&t.predicted);
    if (t.label < 0)
        return;
    if (t.logits(t.label) == m) {
        // L = ln(1 + sum_{j != label} e^(z_j - m)): log1p keeps the digits of a loss near 0,
        // which ln(sum) - 0 rounds away when the label's probability is close to 1.
        S rest = 0;
        for (Eigen::Index k = 0; k < shifted.size(); ++k)
            rest += k == t.label ? S(0) : shifted(k);
        t.loss = std::log1p(rest);
    } else {
        // L = -ln p_label = ln(sum_j e^(z_j - m)) - (z_label - m)
        t.loss = std::log(shiftedSum) - (t.logits(t.label) - m);
    }
}

} // namespace

template<class S>
const Vec<S> &traceLayerInput(const MlpTrace<S> &trace, std::size_t i)
{
    return i == 0 ? trace.input : trace.hidden[i - 1].a;
}

template<class S>
int traceLayerOf(const MlpTrace<S> &trace, int l)
{
    for (std::size_t i = 0; i < trace.hidden.size(); ++i)
        if (trace.hidden[i].spec.hasParameters() && l-- == 0)
            return int(i);
    return int(trace.hidden.size());
}

template<class S>
const Vec<S> &weightLayerInput(const MlpTrace<S> &trace, int l)
{
    return traceLayerInput(trace, std::size_t(traceLayerOf(trace, l)));
}

template<class S>
Vec<S> convolutionZ(const LayerSpec &spec, const FeatureShape &inShape, const Layer<S> &layer, const Vec<S> &in)
{
    const int k = spec.kernel, s = spec.stride, pad = spec.same ? (k - 1) / 2 : 0;
    const int H = (inShape.height + 2 * pad - k) / s + 1, W = (inShape.width + 2 * pad - k) / s + 1;
    const int cin = inShape.channels, cout = int(layer.b.size());
    Vec<S> z(cout * H * W);
    for (int o = 0; o < cout; ++o)
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x) {
                S sum = layer.b[o];
                for (int c = 0; c < cin; ++c)
                    for (int ky = 0; ky < k; ++ky) {
                        const int iy = y * s - pad + ky;
                        if (iy < 0 || iy >= inShape.height)
                            continue;
                        for (int kx = 0; kx < k; ++kx) {
                            const int ix = x * s - pad + kx;
                            if (ix >= 0 && ix < inShape.width)
                                sum += layer.W(o, (c * k + ky) * k + kx) * in[(c * inShape.height + iy) * inShape.width + ix];
                        }
                    }
                z[(o * H + y) * W + x] = sum;
            }
    return z;
}

template<class S>
S sampleLossOf(const Architecture &arch, const MlpParams<S> &params, const Vec<S> &x, int label)
{
    MlpTrace<S> t;
    t.label = (label >= 0 && label < arch.outputs) ? label : -1;
    t.input = x;
    forwardOne(arch, params, t);
    return t.loss;
}

template<class S>
MlpTrace<S> traceSample(const Architecture &arch, const MlpParams<S> &params, const Vec<S> &x, int label)
{
    MlpTrace<S> t;
    t.label = (label >= 0 && label < arch.outputs) ? label : -1;
    t.input = x;
    t.target = Vec<S>::Zero(arch.outputs);
    if (t.label >= 0)
        t.target(t.label) = S(1);
    forwardOne(arch, params, t, true);
    const std::size_t L = params.layers.size();
    if (t.label < 0) {
        t.deltaOut = Vec<S>::Zero(arch.outputs);
        for (HiddenTrace<S> &h : t.hidden)
            h.delta = Vec<S>::Zero(h.a.size());
        return t;
    }
    // delta_out = p - y; for the label p - 1 = -(sum of the other p_k), which keeps its digits
    // where 1 - p is small
    t.deltaOut = t.probabilities - t.target;
    S others = 0;
    for (Eigen::Index k = 0; k < t.probabilities.size(); ++k)
        others += k == t.label ? S(0) : t.probabilities(k);
    t.deltaOut(t.label) = -others;
    if (!t.listGradients.layers.empty()) // a layer list: its pass gave every layer's delta
        return t;
    const Vec<S> *next = &t.deltaOut;
    for (std::size_t l = L - 1; l-- > 0;) {
        HiddenTrace<S> &h = t.hidden[l];
        // delta_l = (W_{l+1}^T delta_{l+1}) .* f'(z_l)
        h.delta = params.layers[l + 1].W.transpose() * *next;
        multiplyByDerivative<S>(arch.activation, h.z, h.a, h.delta);
        next = &h.delta;
    }
    return t;
}

template<class S>
MlpTrace<S> explainSample(const Architecture &arch, const MlpParams<S> &params, const Vec<S> &x,
                          int label, S lr)
{
    MlpTrace<S> t = traceSample(arch, params, x, label);
    t.lr = lr;
    if (t.label < 0)
        return t;
    // w = w - lr * dL/dw, then the same sample again
    MlpParams<S> after = params;
    sgdUpdate(gradientsOf(arch, t), lr, after);
    MlpTrace<S> again;
    again.label = t.label;
    again.input = x;
    forwardOne(arch, after, again);
    t.lossAfter = again.loss;
    t.predictedAfter = again.predicted;
    return t;
}

template<class S>
MlpParams<S> gradientsOf(const Architecture &arch, const MlpTrace<S> &trace)
{
    if (!trace.listGradients.layers.empty()) // a layer list's, from its own pass
        return trace.listGradients;
    MlpParams<S> g = MlpParams<S>::zeros(arch);
    if (trace.label < 0)
        return g;
    const std::size_t L = g.layers.size();
    for (std::size_t l = 0; l < L; ++l) {
        const Vec<S> &delta = l + 1 == L ? trace.deltaOut : trace.hidden[l].delta;
        const Vec<S> &in = l == 0 ? trace.input : trace.hidden[l - 1].a;
        // dW_l = delta_l a_{l-1}^T, db_l = delta_l
        g.layers[l].W.noalias() = delta * in.transpose();
        g.layers[l].b = delta;
    }
    return g;
}

template MlpTrace<float> traceSample(const Architecture &, const MlpParams<float> &, const Vec<float> &, int);
template MlpTrace<double> traceSample(const Architecture &, const MlpParams<double> &, const Vec<double> &, int);
template MlpTrace<float> explainSample(const Architecture &, const MlpParams<float> &,
                                       const Vec<float> &, int, float);
template MlpTrace<double> explainSample(const Architecture &, const MlpParams<double> &,
                                        const Vec<double> &, int, double);
template MlpParams<float> gradientsOf(const Architecture &, const MlpTrace<float> &);
template MlpParams<double> gradientsOf(const Architecture &, const MlpTrace<double> &);
template const Vec<float> &traceLayerInput(const MlpTrace<float> &, std::size_t);
template const Vec<double> &traceLayerInput(const MlpTrace<double> &, std::size_t);
template int traceLayerOf(const MlpTrace<float> &, int);
template int traceLayerOf(const MlpTrace<double> &, int);
template const Vec<float> &weightLayerInput(const MlpTrace<float> &, int);
template const Vec<double> &weightLayerInput(const MlpTrace<double> &, int);
template Vec<float> convolutionZ(const LayerSpec &, const FeatureShape &, const Layer<float> &, const Vec<float> &);
template Vec<double> convolutionZ(const LayerSpec &, const FeatureShape &, const Layer<double> &, const Vec<double> &);
template float sampleLossOf(const Architecture &, const MlpParams<float> &, const Vec<float> &, int);
template double sampleLossOf(const Architecture &, const MlpParams<double> &, const Vec<double> &, int);

} // namespace bplab
