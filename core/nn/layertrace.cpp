#include "nn/layertrace.h"

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {

/** L = -ln p_label from the logits: with d_k = z_k - z_label and M = max(0, max d_k),
 *  L = M + ln(e^-M + sum_{k != label} e^(d_k - M)), log1p when M = 0 (p_label near 1). */
double traceCrossEntropy(const Vec<double> &z, int label)
{
    double m = 0;
    for (Eigen::Index k = 0; k < z.size(); ++k)
        if (k != label)
            m = std::max(m, z[k] - z[label]);
    double sum = 0;
    for (Eigen::Index k = 0; k < z.size(); ++k)
        if (k != label)
            sum += std::exp(z[k] - z[label] - m);
    return m == 0 ? std::log1p(sum) : m + std::log(std::exp(-m) + sum);
}

/** The logits of x through the list, evaluation mode. */
Vec<double> traceLogits(LayerPass<double> &pass, const MlpParamsD &params, const Vec<double> &x)
{
    pass.X.col(0) = x;
    pass.forward(params, 1, PassContext {});
    return pass.values(pass.opCount() - 1).col(0);
}

} // namespace

double layerSampleLoss(const Architecture &arch, const MlpParamsD &params, const Vec<double> &x, int label)
{
    LayerPass<double> pass(arch, 1);
    return traceCrossEntropy(traceLogits(pass, params, x), label);
}

LayerTrace explainLayers(const Architecture &arch, const MlpParamsD &params, const Vec<double> &x, int label,
                         double lr)
{
    LayerTrace t;
    t.label = (label >= 0 && label < arch.outputs) ? label : -1;
    t.input = x;
    t.target = Vec<double>::Zero(arch.outputs);
    t.lr = lr;
    LayerPass<double> pass(arch, 1);
    pass.X.col(0) = x;
    t.gradients = MlpParamsD::zeros(arch);
    const std::uint8_t labelByte = std::uint8_t(std::max(0, t.label));
    if (t.label >= 0) {
        t.target(t.label) = 1;
        pass.forwardBackward(params, &labelByte, 1, t.gradients, 1, PassContext {});
    } else {
        pass.forward(params, 1, PassContext {});
    }
    const std::vector<LayerSpec> body = arch.body();
    for (int i = 0; i + 1 < pass.opCount(); ++i) {
        LayerTraceStage s;
        s.name = layerText(body[std::size_t(i)]);
        s.shape = pass.op(i).outShape;
        s.a = pass.values(i).col(0);
        s.delta = t.label >= 0 ? Vec<double>(pass.deltas(i).col(0)) : Vec<double>::Zero(s.a.size());
        t.stages.push_back(std::move(s));
    }
    t.logits = pass.values(pass.opCount() - 1).col(0);
    t.exp = t.logits.array().exp().matrix();
    t.expSum = t.exp.sum();
    t.expFinite = t.exp.allFinite() && std::isfinite(t.expSum);
    // p_k = e^(z_k - m) / sum_j e^(z_j - m), m = max z
    t.probabilities = (t.logits.array() - t.logits.maxCoeff()).exp().matrix();
    t.probabilities /= t.probabilities.sum();
    t.probabilities.maxCoeff(&t.predicted);
    if (t.label < 0) {
        t.deltaOut = Vec<double>::Zero(arch.outputs);
        return t;
    }
    t.loss = traceCrossEntropy(t.logits, t.label);
    // delta_out = p - y; for the label -(sum of the other p_k), which keeps its digits
    t.deltaOut = t.probabilities - t.target;
    double others = 0;
    for (Eigen::Index k = 0; k < t.probabilities.size(); ++k)
        others += k == t.label ? 0.0 : t.probabilities(k);
    t.deltaOut(t.label) = -others;
    // w = w - lr dL/dw, then the same sample again
    MlpParamsD after = params;
    for (std::size_t l = 0; l < after.layers.size(); ++l) {
        after.layers[l].W -= lr * t.gradients.layers[l].W;
        after.layers[l].b -= lr * t.gradients.layers[l].b;
    }
    const Vec<double> z = traceLogits(pass, after, x);
    t.lossAfter = traceCrossEntropy(z, t.label);
    z.maxCoeff(&t.predictedAfter);
    return t;
}

} // namespace bplab
