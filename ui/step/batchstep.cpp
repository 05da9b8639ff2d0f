#include "batchstep.h"

namespace bplab {

BatchStep computeBatchStep(const ParamsF &params, const std::vector<std::uint8_t> &pixels,
                           const std::vector<int> &labels, Normalize normalize, float lr)
{
    BatchStep b;
    b.size = int(labels.size());
    b.labels = labels;
    if (b.size == 0 || pixels.size() < std::size_t(b.size) * kInputs)
        return b;
    b.ws.resize(b.size);
    std::vector<std::uint8_t> labelBytes(labels.begin(), labels.end());
    // X = [x_1 ... x_B], one scaled sample per column
    for (int s = 0; s < b.size; ++s)
        scaleBytes(pixels.data() + std::size_t(s) * kInputs, kInputs, normalize, b.ws.X.col(s).data());
    b.gradients = params; // the right shapes; overwritten
    b.meanLoss = forwardBackwardBatch(params, labelBytes.data(), b.size, b.ws, b.gradients);
    b.adjustments = adjustmentsOf(b.gradients, lr);
    b.after = params;
    // w_new = w_old + delta_w
    b.after.W1 += b.adjustments.W1;
    b.after.b1 += b.adjustments.b1;
    b.after.W2 += b.adjustments.W2;
    b.after.b2 += b.adjustments.b2;

    b.before.reserve(std::size_t(b.size));
    b.afterTraces.reserve(std::size_t(b.size));
    double lossAfter = 0;
    for (int s = 0; s < b.size; ++s) {
        const Vec<float> x = b.ws.X.col(s);
        b.before.push_back(forwardTrace(params, x, labels[std::size_t(s)]));
        b.afterTraces.push_back(forwardTrace(b.after, x, labels[std::size_t(s)]));
        lossAfter += double(b.afterTraces.back().loss);
    }
    b.meanLossAfter = lossAfter / b.size;
    return b;
}

NetworkBatchStep computeNetworkBatchStep(const Architecture &arch, const MlpParamsF &params,
                                         const std::vector<std::uint8_t> &pixels, const std::vector<int> &labels,
                                         Normalize normalize, float lr)
{
    NetworkBatchStep b;
    b.size = int(labels.size());
    if (b.size == 0 || pixels.size() < std::size_t(b.size) * kInputs)
        return b;
    MlpWorkspace<float> ws(arch, b.size);
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
    MlpParamsF after = params;
    sgdUpdate(gradients, lr, after);
    b.meanLossAfter = mlpForwardBackward(after, labelBytes.data(), b.size, ws, gradients);
    for (int s = 0; s < b.size; ++s)
        b.before[std::size_t(s)].lossAfter = ws.losses(s);
    return b;
}

} // namespace bplab

namespace bplab {

std::vector<float> perSampleOutputTerms(const BatchStep &b, int k, int j)
{
    std::vector<float> terms;
    for (const TraceF &t : b.before)
        terms.push_back(t.delta2[k] * t.a1[j]); // dW2_kj^(s) = delta_k^(s) a_j^(s)
    return terms;
}

std::vector<float> perSampleHiddenTerms(const BatchStep &b, int j, int i)
{
    std::vector<float> terms;
    for (const TraceF &t : b.before)
        terms.push_back(t.delta1[j] * t.input[i]); // dW1_ji^(s) = delta_j^(s) x_i^(s)
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
