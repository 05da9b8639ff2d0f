// The batched forward/backward pass used for training and evaluation. Every buffer lives in a
// BatchWorkspace sized once; the products write into it with .noalias(), so the batch loop does
// not allocate (tests/core/tst_batch.cpp counts it).

#include "network.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace bplab {

/** Samples per product in the batch path (see batchPart). */
constexpr int kGemmColumns = 128;

BatchWorkspace::BatchWorkspace(int batch)
{
    resize(batch);
}

void BatchWorkspace::resize(int newBatch)
{
    batch = std::max(newBatch, 1);
    X.resize(kInputs, batch);
    Z1.resize(kHidden, batch);
    A1.resize(kHidden, batch);
    Z2.resize(kOutputs, batch);
    P.resize(kOutputs, batch);
    Delta2.resize(kOutputs, batch);
    Delta1.resize(kHidden, batch);
    losses.resize(batch);
}

namespace {

/** Columns [c0, c0 + n) of ws.X from the samples indices[0 .. n). */
void gatherColumns(const Dataset &data, const std::uint32_t *indices, int c0, int n, Normalize normalize,
                   BatchWorkspace &ws)
{
    for (int c = 0; c < n; ++c)
        scaleBytes(data.image(indices[c]), kInputs, normalize, ws.X.col(c0 + c).data());
}

} // namespace

void gatherBatch(const Dataset &data, const std::uint32_t *indices, int count, Normalize normalize,
                 BatchWorkspace &ws)
{
    gatherColumns(data, indices, 0, std::min(count, ws.batch), normalize, ws);
}

namespace {

std::atomic<int> g_trainingThreads{0};   // 0: not chosen yet (see trainingThreads())
std::atomic<int> g_evaluationThreads{0}; // 0: OpenMP's maximum

int maxThreads()
{
#ifdef _OPENMP
    return std::max(1, omp_get_max_threads());
#else
    return 1;
#endif
}

int threadIndex()
{
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

int threadCount()
{
#ifdef _OPENMP
    return omp_get_num_threads();
#else
    return 1;
#endif
}

/** Thread t's share [first, first + size) of `total` items, in multiples of `align`. */
struct Range {
    int first;
    int size;
};
Range share(int total, int t, int threads, int align)
{
    const int units = (total + align - 1) / align;
    const int first = std::min(total, (units * t / threads) * align);
    const int last = std::min(total, (units * (t + 1) / threads) * align);
    return {first, last - first};
}

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

/** P = softmax(Z2) per column (max subtracted); losses(c) = ln(sum e^(z - m)) - (z_label - m). */
void softmaxColumns(int c0, int n, const std::uint8_t *labels, BatchWorkspace &ws)
{
    for (int c = c0; c < c0 + n; ++c) {
        const float *z = ws.Z2.col(c).data();
        float *p = ws.P.col(c).data();
        float m = z[0];
        for (int k = 1; k < kOutputs; ++k)
            m = std::max(m, z[k]);
        float sum = 0;
        for (int k = 0; k < kOutputs; ++k) {
            p[k] = std::exp(z[k] - m);
            sum += p[k];
        }
        const float inv = 1.0f / sum;
        for (int k = 0; k < kOutputs; ++k)
            p[k] *= inv;
        // L = -ln p_label, computed as log-sum-exp so it stays finite when p_label underflows.
        ws.losses(c) = labels ? std::log(sum) - (z[labels[c]] - m) : 0.0f;
    }
}

/**
 * One thread's part of the batch: hidden neurons [h.first, h.first + h.size). Layer 1 splits
 * cleanly by hidden neuron (its rows of Z1, A1, Delta1, dW1, db1 depend only on its rows of W1 and
 * on W2's matching columns); layer 2 (10 outputs) is small and runs on one thread between.
 */
void batchPart(const ParamsF &params, const std::uint8_t *labels, int n, BatchWorkspace &ws, ParamsF &grads,
               Range h, bool parallel)
{
    auto X = ws.X.leftCols(n);
    auto Z1 = ws.Z1.block(h.first, 0, h.size, n);
    auto A1 = ws.A1.block(h.first, 0, h.size, n);
    // Z1 = W1 X + b1 1^T; A1 = max(0, Z1). In pieces of at most kGemmColumns samples, so that
    // Eigen's packing buffers stay under EIGEN_STACK_ALLOCATION_LIMIT (core/CMakeLists.txt) and
    // live on the stack: no heap allocation for any batch size.
    if (h.size > 0) {
        for (int c = 0; c < n; c += kGemmColumns) {
            const int w = std::min(kGemmColumns, n - c);
            Z1.middleCols(c, w).noalias() = params.W1.middleRows(h.first, h.size) * X.middleCols(c, w);
        }
        Z1.colwise() += params.b1.segment(h.first, h.size);
        A1 = Z1.cwiseMax(0.0f);
    }
#ifdef _OPENMP
    if (parallel) {
#pragma omp barrier
    }
#endif
    if (!parallel || threadIndex() == 0) {
        auto A1all = ws.A1.leftCols(n);
        auto Z2 = ws.Z2.leftCols(n);
        // Z2 = W2 A1 + b2 1^T
        Z2.noalias() = params.W2 * A1all;
        Z2.colwise() += params.b2;
        softmaxColumns(0, n, labels, ws);
        // delta2 = (p - y) / n: the 1/n of the batch average is applied once, here.
        auto D2 = ws.Delta2.leftCols(n);
        const float invN = 1.0f / float(n);
        D2 = ws.P.leftCols(n) * invN;
        for (int c = 0; c < n; ++c)
            D2(labels[c], c) -= invN;
        // dW2 = delta2 a1^T, db2 = sum over the batch of delta2
        grads.W2.noalias() = D2 * A1all.transpose();
        grads.b2.noalias() = D2.rowwise().sum();
    }
#ifdef _OPENMP
    if (parallel) {
#pragma omp barrier
    }
#endif
    if (h.size > 0) {
        auto D2 = ws.Delta2.leftCols(n);
        auto D1 = ws.Delta1.block(h.first, 0, h.size, n);
        // delta1 = (W2^T delta2) .* relu'(z1)
        D1.noalias() = params.W2.middleCols(h.first, h.size).transpose() * D2;
        D1 = (Z1.array() > 0.0f).select(D1, 0.0f);
        // dW1 = delta1 x^T, db1 = sum over the batch of delta1 (summed in pieces, as above)
        auto dW1 = grads.W1.middleRows(h.first, h.size);
        dW1.noalias() = D1.leftCols(std::min(kGemmColumns, n)) * X.leftCols(std::min(kGemmColumns, n)).transpose();
        for (int c = kGemmColumns; c < n; c += kGemmColumns) {
            const int w = std::min(kGemmColumns, n - c);
            dW1.noalias() += D1.middleCols(c, w) * X.middleCols(c, w).transpose();
        }
        grads.b1.segment(h.first, h.size).noalias() = D1.rowwise().sum();
    }
}

} // namespace

int trainingThreads()
{
    int n = g_trainingThreads.load(std::memory_order_relaxed);
    if (n > 0)
        return n;
    n = kDefaultTrainingThreads;
    if (const char *env = std::getenv("BPLAB_THREADS"); env && *env)
        n = std::atoi(env);
    n = std::clamp(n, 1, maxThreads());
    g_trainingThreads.store(n, std::memory_order_relaxed);
    return n;
}

void setTrainingThreads(int threads)
{
    g_trainingThreads.store(std::clamp(threads, 1, maxThreads()), std::memory_order_relaxed);
}

int evaluationThreads()
{
    const int n = g_evaluationThreads.load(std::memory_order_relaxed);
    return n > 0 ? n : maxThreads();
}

void setEvaluationThreads(int threads)
{
    g_evaluationThreads.store(std::clamp(threads, 1, maxThreads()), std::memory_order_relaxed);
}

double forwardBackwardBatch(const ParamsF &params, const std::uint8_t *labels, int count, BatchWorkspace &ws,
                            ParamsF &grads)
{
    const int n = std::min(count, ws.batch);
    if (n <= 0) {
        grads.W1.setZero();
        grads.b1.setZero();
        grads.W2.setZero();
        grads.b2.setZero();
        return 0.0;
    }
    const int threads = trainingThreads();
    if (threads == 1) {
        batchPart(params, labels, n, ws, grads, {0, kHidden}, false);
    } else {
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
        batchPart(params, labels, n, ws, grads, share(kHidden, threadIndex(), threadCount(), 16), threadCount() > 1);
#endif
    }
    double loss = 0;
    for (int c = 0; c < n; ++c)
        loss += ws.losses(c);
    return loss / n;
}

Evaluation evaluate(const ParamsF &params, const Dataset &data, Normalize normalize)
{
    Evaluation ev;
    ev.count = data.size();
    if (data.size() == 0)
        return ev;
    constexpr int kChunk = 1000;
    BatchWorkspace ws(int(std::min<std::size_t>(kChunk, data.size())));
    std::vector<std::uint32_t> idx(std::size_t(ws.batch));
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
            const Range r = share(n, threadIndex(), threadCount(), 8);
            if (r.size > 0) {
                gatherColumns(data, idx.data() + r.first, r.first, r.size, normalize, ws);
                forwardColumns(params, r.first, r.size, ws);
                softmaxColumns(r.first, r.size, data.labels.data() + first, ws);
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
        }
    }
    ev.loss = lossSum / double(data.size());
    ev.accuracy = 100.0 * double(correct) / double(data.size());
    return ev;
}

} // namespace bplab
