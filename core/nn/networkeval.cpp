// Evaluating any network (networkeval.h).

#include "nn/networkeval.h"

#include "nn/batchthreads.h"
#include "nn/kernels.h"
#include "nn/layerpass.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace bplab {

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

namespace {

constexpr int kEvalChunk = 1000;

/**
 * The forward pass of columns [c0, c0 + n) of ws.X into ws.Z and ws.A (the probabilities in
 * A.back()). On libxsmm's kernels the weights are copied column-major once per evaluation (they do
 * not change during one), so that the samples stay the columns: Z_l = W_l A_{l-1} on a plain
 * kernel. Thread-safe for disjoint column ranges.
 */
class ColumnForward
{
public:
    explicit ColumnForward(const MlpParamsF &params)
    {
        if (activeKernels() != Kernels::Xsmm)
            return;
        for (const Layer<float> &l : params.layers)
            m_W.emplace_back(l.W); // column-major
    }

    void run(const Architecture &arch, const MlpParamsF &params, int c0, int n, MlpWorkspace<float> &ws) const
    {
        const std::size_t L = params.layers.size();
        for (std::size_t l = 0; l < L; ++l) {
            const Layer<float> &layer = params.layers[l];
            const int out = int(layer.W.rows()), in = int(layer.W.cols());
            const Mat<float> &before = l == 0 ? ws.X : ws.A[l - 1];
            auto Z = ws.Z[l].middleCols(c0, n);
            // Z_l = W_l A_{l-1} + b_l; libxsmm keeps each shape's kernel: a look-up after the first chunk.
            const Gemm gemm = m_W.empty() ? Gemm() : Gemm({out, n, in, out, in, out});
            if (gemm.valid())
                gemm(m_W[l].data(), before.data() + std::size_t(c0) * std::size_t(in), Z.data());
            else
                Z.noalias() = layer.W * before.middleCols(c0, n);
            Z.colwise() += layer.b;
            if (l + 1 < L)
                activate<float>(arch.activation, Z, ws.A[l].middleCols(c0, n));
        }
        softmaxInto(ws.Z[L - 1], c0, n, ws.A[L - 1]);
    }

private:
    std::vector<Mat<float>> m_W;
};

/** Adds sample `s`'s loss, answer and confusion from its logits z and probabilities p. */
struct Tally
{
    Evaluation &ev;
    SampleAnswers *perSample;
    double lossSum = 0;
    std::size_t correct = 0;

    void add(std::size_t s, int y, const float *z, const float *p)
    {
        // L = -ln p_y = ln(sum_j e^(z_j - m)) - (z_y - m)
        const Eigen::Map<const Eigen::VectorXf> Z(z, kOutputs), P(p, kOutputs);
        const float m = Z.maxCoeff();
        const double loss = std::log(double((Z.array() - m).exp().sum())) - double(Z(y) - m);
        lossSum += loss;
        Eigen::Index predicted = 0;
        P.maxCoeff(&predicted);
        ++ev.confusion[std::size_t(y)][std::size_t(predicted)];
        correct += predicted == y;
        if (perSample) {
            for (int k = 0; k < kOutputs; ++k)
                perSample->probabilities[s * kOutputs + std::size_t(k)] = P(k);
            perSample->losses[s] = float(loss);
            perSample->predicted[s] = std::uint8_t(predicted);
        }
    }
};

/** A layer list's evaluation: each evaluation thread its own pass over its own samples (the
 *  layers keep per-batch scratch), in chunks of kLayeredChunk per thread. */
constexpr int kLayeredChunk = 250;

Evaluation evaluateLayered(const Architecture &arch, const MlpParamsF &params, const Dataset &data,
                           Normalize normalize, SampleAnswers *perSample)
{
    Evaluation ev = emptyEvaluation(data.size(), perSample);
    if (data.size() == 0)
        return ev;
    const int threads = std::max(1, evaluationThreads());
    std::vector<LayerPass<float>> passes;
    for (int t = 0; t < threads; ++t)
        passes.emplace_back(arch, kLayeredChunk);
    const int pixels = data.rows * data.cols;
    const std::size_t chunk = std::size_t(kLayeredChunk) * std::size_t(threads);
    Tally tally {ev, perSample};
    for (std::size_t first = 0; first < data.size(); first += chunk) {
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static, 1)
#endif
        for (int t = 0; t < threads; ++t) {
            const std::size_t from = first + std::size_t(t) * kLayeredChunk;
            const int n = from < data.size() ? int(std::min<std::size_t>(kLayeredChunk, data.size() - from)) : 0;
            LayerPass<float> &pass = passes[std::size_t(t)];
            for (int i = 0; i < n; ++i)
                scaleBytes(data.image(from + std::size_t(i)), pixels, normalize, pass.X.col(i).data());
            if (n > 0)
                pass.forward(params, n, PassContext {});
        }
        for (int t = 0; t < threads; ++t) {
            const std::size_t from = first + std::size_t(t) * kLayeredChunk;
            const int n = from < data.size() ? int(std::min<std::size_t>(kLayeredChunk, data.size() - from)) : 0;
            const LayerPass<float> &pass = passes[std::size_t(t)];
            const Mat<float> &Z = pass.values(pass.opCount() - 1);
            for (int i = 0; i < n; ++i)
                tally.add(from + std::size_t(i), data.label(from + std::size_t(i)), Z.col(i).data(),
                          pass.probabilities().col(i).data());
        }
    }
    ev.loss = tally.lossSum / double(data.size());
    ev.accuracy = 100.0 * double(tally.correct) / double(data.size());
    return ev;
}

} // namespace

Evaluation evaluateNetwork(const Architecture &arch, const MlpParamsF &params, const Dataset &data,
                           Normalize normalize, SampleAnswers *perSample)
{
    if (arch.layered())
        return evaluateLayered(arch, params, data, normalize, perSample);
    Evaluation ev = emptyEvaluation(data.size(), perSample);
    if (data.size() == 0)
        return ev;
    MlpWorkspace<float> ws(arch, int(std::min<std::size_t>(kEvalChunk, data.size())));
    const ColumnForward forward(params);
    const int pixels = data.rows * data.cols;
    double lossSum = 0;
    std::size_t correct = 0;
    for (std::size_t first = 0; first < data.size(); first += std::size_t(ws.batch)) {
        const int n = int(std::min<std::size_t>(std::size_t(ws.batch), data.size() - first));
        // Each thread takes a slice of the columns (in 16s): gather and forward are per sample.
        const int threads = evaluationThreads();
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
#endif
        {
            const TeamShare r = teamShare(n, 16);
            for (int i = r.first; i < r.first + r.size; ++i)
                scaleBytes(data.image(first + std::size_t(i)), pixels, normalize, ws.X.col(i).data());
            if (r.size > 0)
                forward.run(arch, params, r.first, r.size, ws);
        }
        (void)threads;
        const Mat<float> &Z = ws.Z.back();
        const Mat<float> &P = ws.A.back();
        for (int i = 0; i < n; ++i) {
            const int y = data.label(first + std::size_t(i));
            // L = -ln p_y = ln(sum_j e^(z_j - m)) - (z_y - m)
            const float m = Z.col(i).maxCoeff();
            const double loss = std::log(double((Z.col(i).array() - m).exp().sum())) - double(Z(y, i) - m);
            lossSum += loss;
            Eigen::Index predicted = 0;
            P.col(i).maxCoeff(&predicted);
            ++ev.confusion[std::size_t(y)][std::size_t(predicted)];
            correct += predicted == y;
            if (perSample) {
                const std::size_t s = first + std::size_t(i);
                for (int k = 0; k < kOutputs; ++k)
                    perSample->probabilities[s * kOutputs + std::size_t(k)] = P(k, i);
                perSample->losses[s] = float(loss);
                perSample->predicted[s] = std::uint8_t(predicted);
            }
        }
    }
    ev.loss = lossSum / double(data.size());
    ev.accuracy = 100.0 * double(correct) / double(data.size());
    return ev;
}

std::array<float, kOutputs> networkProbabilities(const Architecture &arch, const MlpParamsF &params,
                                                 const std::uint8_t *pixels, Normalize normalize)
{
    if (arch.layered()) {
        LayerPass<float> pass(arch, 1);
        scaleBytes(pixels, kInputs, normalize, pass.X.col(0).data());
        pass.forward(params, 1, PassContext {});
        std::array<float, kOutputs> p {};
        for (int k = 0; k < kOutputs; ++k)
            p[std::size_t(k)] = pass.probabilities()(k, 0);
        return p;
    }
    MlpWorkspace<float> ws(arch, 1);
    scaleBytes(pixels, kInputs, normalize, ws.X.col(0).data());
    mlpForward(params, 1, ws);
    std::array<float, kOutputs> p {};
    for (int k = 0; k < kOutputs; ++k)
        p[std::size_t(k)] = ws.A.back()(k, 0);
    return p;
}

} // namespace bplab
