#include "nn/mlptrace.h"

#include <cmath>

namespace bplab {

namespace {

/** The forward pass of one sample into t (hidden z and a, logits, e^z, probabilities). */
template<class S>
void forwardOne(const Architecture &arch, const MlpParams<S> &params, MlpTrace<S> &t)
{
    const std::size_t L = params.layers.size();
    t.hidden.resize(L - 1);
    const Vec<S> *in = &t.input;
    for (std::size_t l = 0; l + 1 < L; ++l) {
        HiddenTrace<S> &h = t.hidden[l];
        // z = W a_prev + b; a = f(z)
        h.z = params.layers[l].W * *in + params.layers[l].b;
        h.a.resize(h.z.size());
        activate<S>(arch.activation, h.z, h.a);
        in = &h.a;
    }
    // z_out = W_L a_{L-1} + b_L
    t.logits = params.layers[L - 1].W * *in + params.layers[L - 1].b;
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
MlpTrace<S> traceSample(const Architecture &arch, const MlpParams<S> &params, const Vec<S> &x, int label)
{
    MlpTrace<S> t;
    t.label = (label >= 0 && label < arch.outputs) ? label : -1;
    t.input = x;
    t.target = Vec<S>::Zero(arch.outputs);
    if (t.label >= 0)
        t.target(t.label) = S(1);
    forwardOne(arch, params, t);
    const std::size_t L = params.layers.size();
    if (t.label < 0) {
        t.deltaOut = Vec<S>::Zero(arch.outputs);
        for (HiddenTrace<S> &h : t.hidden)
            h.delta = Vec<S>::Zero(h.z.size());
        return t;
    }
    // delta_out = p - y; for the label p - 1 = -(sum of the other p_k), which keeps its digits
    // where 1 - p is small
    t.deltaOut = t.probabilities - t.target;
    S others = 0;
    for (Eigen::Index k = 0; k < t.probabilities.size(); ++k)
        others += k == t.label ? S(0) : t.probabilities(k);
    t.deltaOut(t.label) = -others;
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

} // namespace bplab
