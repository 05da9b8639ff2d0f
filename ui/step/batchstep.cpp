#include "batchstep.h"

#include "nn/network.h" // scaleBytes

namespace bplab {

BatchStep computeBatchStep(const Architecture &arch, const MlpParamsF &params, const std::vector<std::uint8_t> &pixels,
                           const std::vector<int> &labels, Normalize normalize, float lr)
{
    BatchStep b;
    b.size = int(labels.size());
    b.labels = labels;
    if (b.size == 0 || pixels.size() < std::size_t(b.size) * kInputs)
        return b;
    MlpWorkspace<float> ws(arch, b.size);
    // X = [x_1 ... x_B], one scaled sample per column
    for (int s = 0; s < b.size; ++s)
        scaleBytes(pixels.data() + std::size_t(s) * kInputs, kInputs, normalize, ws.X.col(s).data());
    const std::vector<std::uint8_t> labelBytes(labels.begin(), labels.end());
    MlpParamsF gradients = MlpParamsF::zeros(arch);
    b.meanLoss = mlpForwardBackward(params, labelBytes.data(), b.size, ws, gradients);
    b.adjustments = adjustmentsOf(gradients, lr);
    b.before.reserve(std::size_t(b.size));
    for (int s = 0; s < b.size; ++s) {
        b.before.push_back(traceSample<float>(arch, params, ws.X.col(s), labels[std::size_t(s)]));
        b.before.back().lr = lr;
    }
    // The same samples again with w = w - lr * dL/dw (the same core pass; its gradient unused).
    b.after = params;
    sgdUpdate(gradients, lr, b.after);
    b.afterTraces.reserve(std::size_t(b.size));
    for (int s = 0; s < b.size; ++s)
        b.afterTraces.push_back(traceSample<float>(arch, b.after, ws.X.col(s), labels[std::size_t(s)]));
    b.meanLossAfter = mlpForwardBackward(b.after, labelBytes.data(), b.size, ws, gradients);
    for (int s = 0; s < b.size; ++s)
        b.before[std::size_t(s)].lossAfter = ws.losses(s);
    return b;
}

std::vector<float> perSampleTerms(const BatchStep &b, int l, int j, int i)
{
    std::vector<float> terms;
    for (const MlpTraceF &t : b.before) {
        const bool output = l == int(t.hidden.size());
        const float delta = output ? t.deltaOut[j] : t.hidden[std::size_t(l)].delta[j];
        const float in = l == 0 ? t.input[i] : t.hidden[std::size_t(l - 1)].a[i];
        terms.push_back(delta * in); // dW_ji^(s) = delta_j^(s) in_i^(s)
    }
    return terms;
}

double sumOf(const std::vector<float> &values)
{
    double sum = 0;
    for (float v : values)
        sum += double(v);
    return sum;
}

} // namespace bplab
