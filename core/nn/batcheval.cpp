// Chunks of 1,000 samples, each split by sample over the evaluation threads.

#include "nn/batcheval.h"

#include "nn/batch.h"
#include "nn/batchcolumns.h"

#include <algorithm>
#include <vector>

namespace bplab {

namespace {

/** Forward pass of columns [c0, c0 + n) of ws.X into Z1, A1, Z2. */
void forwardColumns(const ParamsF &params, int c0, int n, BatchWorkspace &ws)
{
    auto X = ws.X.middleCols(c0, n);
    auto Z1 = ws.Z1.middleCols(c0, n);
    auto A1 = ws.A1.middleCols(c0, n);
    auto Z2 = ws.Z2.middleCols(c0, n);
    // Z1 = W1 X + b1 1^T; A1 = max(0, Z1)
    Z1.noalias() = params.W1 * X;
    Z1.colwise() += params.b1;
    A1 = Z1.cwiseMax(0.0f);
    // Z2 = W2 A1 + b2 1^T
    Z2.noalias() = params.W2 * A1;
    Z2.colwise() += params.b2;
}

/**
 * The forward pass of evaluate() on libxsmm's kernels: Z1 = W1 X with W1 copied column-major once
 * per evaluation (the weights do not change during one), so that the samples stay the columns;
 * the hidden layer in a column-major buffer of its own.
 */
class EvaluationGemms
{
public:
    EvaluationGemms(const ParamsF &params, int chunk)
    {
        if (activeKernels() != Kernels::Xsmm)
            return;
        m_W1 = params.W1;
        m_A1.resize(kHidden, chunk);
        m_valid = true;
    }
    bool valid() const { return m_valid; }

    /** Z2 of columns [c0, c0 + n) of ws.X (thread-safe for disjoint column ranges). */
    void forward(const ParamsF &params, int c0, int n, BatchWorkspace &ws) const
    {
        // libxsmm keeps each shape's kernel once made: these are look-ups after the first chunk.
        const Gemm z1({kHidden, n, kInputs, kHidden, kInputs, kHidden});
        const Gemm z2({kOutputs, n, kHidden, kOutputs, kHidden, kOutputs});
        if (!z1.valid() || !z2.valid()) {
            forwardColumns(params, c0, n, ws);
            return;
        }
        float *a1 = const_cast<float *>(m_A1.data()) + std::size_t(c0) * kHidden;
        // Z1 = W1 X + b1 1^T; A1 = max(0, Z1)
        z1(m_W1.data(), ws.X.data() + std::size_t(c0) * kInputs, a1);
        Eigen::Map<Mat<float>> A1(a1, kHidden, n);
        A1 = (A1.colwise() + params.b1).cwiseMax(0.0f);
        // Z2 = W2 A1 + b2 1^T
        auto Z2 = ws.Z2.middleCols(c0, n);
        z2(params.W2.data(), a1, Z2.data());
        Z2.colwise() += params.b2;
    }

private:
    Mat<float> m_W1, m_A1;
    bool m_valid = false;
};

} // namespace

Evaluation emptyEvaluation(std::size_t count, SampleAnswers *perSample)
{
    Evaluation ev;
    ev.count = count;
    if (perSample) {
        perSample->probabilities.assign(count * kOutputs, 0.0f);
        perSample->losses.assign(count, 0.0f);
        perSample->predicted.assign(count, 0);
    }
    return ev;
}

Evaluation evaluate(const ParamsF &params, const Dataset &data, Normalize normalize, SampleAnswers *perSample)
{
    Evaluation ev = emptyEvaluation(data.size(), perSample);
    if (data.size() == 0)
        return ev;
    constexpr int kChunk = 1000;
    BatchWorkspace ws(int(std::min<std::size_t>(kChunk, data.size())));
    std::vector<std::uint32_t> idx(std::size_t(ws.batch));
    EvaluationGemms xsmm(params, ws.batch);
    double lossSum = 0;
    std::size_t correct = 0;
    for (std::size_t first = 0; first < data.size(); first += std::size_t(ws.batch)) {
        const int n = int(std::min<std::size_t>(std::size_t(ws.batch), data.size() - first));
        for (int c = 0; c < n; ++c)
            idx[std::size_t(c)] = std::uint32_t(first + std::size_t(c));
        // Each thread takes a slice of the columns: gather, forward and SoftMax are per sample.
        const int threads = evaluationThreads();
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
#endif
        {
            const TeamShare r = teamShare(n, 8);
            if (r.size > 0) {
                gatherColumns(data, idx.data() + r.first, r.first, r.size, normalize, ws.X);
                if (xsmm.valid())
                    xsmm.forward(params, r.first, r.size, ws);
                else
                    forwardColumns(params, r.first, r.size, ws);
                softmaxColumns(r.first, r.size, data.labels.data() + first, ws.Z2, ws.P, ws.losses);
            }
        }
        (void)threads;
        for (int c = 0; c < n; ++c) {
            Eigen::Index predicted = 0;
            ws.P.col(c).maxCoeff(&predicted);
            const int truth = data.label(first + std::size_t(c));
            ++ev.confusion[std::size_t(truth)][std::size_t(predicted)];
            correct += (predicted == truth);
            lossSum += ws.losses(c);
            if (perSample) {
                const std::size_t i = first + std::size_t(c);
                std::copy_n(ws.P.col(c).data(), kOutputs, perSample->probabilities.data() + i * kOutputs);
                perSample->losses[i] = ws.losses(c);
                perSample->predicted[i] = std::uint8_t(predicted);
            }
        }
    }
    ev.loss = lossSum / double(data.size());
    ev.accuracy = 100.0 * double(correct) / double(data.size());
    return ev;
}

} // namespace bplab
