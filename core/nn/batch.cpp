// The batched forward/backward pass used for training and evaluation (batch.h). Every buffer
// lives in a BatchWorkspace sized once; the products write into it with .noalias() or with
// libxsmm's kernels, so the batch loop does not allocate (tests/core/tst_batch.cpp counts it).

#include "nn/batch.h"

#include "nn/batchcolumns.h"
#include "nn/batchpair.h"
#include "nn/sgdspan.h"

#include <algorithm>
#include <chrono>
#include <cmath>
namespace bplab {

/** Samples per product in the batch path (see forwardHalf). */
constexpr int kGemmColumns = 128;

void prefetchImages(const Dataset &data, const std::uint32_t *indices, int n)
{
    for (int c = 0; c < n; ++c) {
        const std::uint8_t *image = data.image(indices[c]);
        for (int b = 0; b < kInputs; b += 64)
            __builtin_prefetch(image + b);
    }
}

/** Columns [c0, c0 + n) of X from the samples indices[0 .. n). */
void gatherColumns(const Dataset &data, const std::uint32_t *indices, int c0, int n,
                   Normalize normalize, Eigen::Ref<Mat<float>> X)
{
    // The images are scattered over the data set, where no hardware prefetcher follows: ask for
    // the next image's 13 cache lines while this one is converted.
    for (int c = 0; c < n; ++c) {
        if (c + 1 < n) {
            const std::uint8_t *next = data.image(indices[c + 1]);
            for (int b = 0; b < kInputs; b += 64)
                __builtin_prefetch(next + b);
        }
        scaleBytes(data.image(indices[c]), kInputs, normalize, X.col(c0 + c).data());
    }
}

void gatherBatch(const Dataset &data, const std::uint32_t *indices, int count, Normalize normalize,
                 BatchWorkspace &ws)
{
    gatherColumns(data, indices, 0, std::min(count, ws.batch), normalize, ws.X);
}

/** P = softmax(Z2) per column (max subtracted); losses(c) = ln(sum e^(z - m)) - (z_label - m). */
void softmaxColumns(int c0, int n, const std::uint8_t *labels,
                    const Eigen::Ref<const Mat<float>> &Z2, Eigen::Ref<Mat<float>> P,
                    Eigen::Ref<Vec<float>> losses)
{
    for (int c = c0; c < c0 + n; ++c) {
        const float *z = Z2.col(c).data();
        float *p = P.col(c).data();
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
        losses(c) = labels ? std::log(sum) - (z[labels[c]] - m) : 0.0f;
    }
}

namespace {

/** The hidden neurons [first, first + kHalfRows) of half h. */
constexpr int kHalves = 2;
constexpr int kHalfRows = kHidden / kHalves;
static_assert(kHidden % (kHalves * 16) == 0, "each half's rows start on a 64-byte boundary");

/** One batch's inputs and outputs, shared by the two halves. */
struct BatchJob
{
    const ParamsF *params = nullptr;
    const std::uint8_t *labels = nullptr;
    int n = 0;
    BatchWorkspace *ws = nullptr;
    ParamsF *grads = nullptr;
    // The samples to gather first; null: ws.X is filled. With two threads each half gathers the
    // whole batch into an input matrix of its own (ws.X, ws.halves[1].X): converting 64 samples
    // takes about 12 us, less than the cores spend passing one shared matrix between them.
    const BatchSamples *samples = nullptr;
    bool privateInputs = false;
    // Two threads: each half transposes the inputs into its own ws.halves[h].XT (libxsmm path);
    // one thread: half 0 does it once into ws.halves[0].XT for both.
    bool privateTransposes = false;
    // The fused SGD step (forwardBackwardStep); null for the gradient alone.
    const SgdTarget *step = nullptr;
    // libxsmm's kernels of this batch's shape; null: Eigen's products.
    const BatchGemms *gemms = nullptr;
    // Both halves run on the caller's thread, half 0 first.
    bool together = false;
};

/** Runs product `id` of half h, timed when profiling is on (bench). */
template<class F>
void product(int h, GemmId id, double flops, F &&run)
{
    if (!gemmProfiling()) {
        run();
        return;
    }
    const auto t0 = std::chrono::steady_clock::now();
    run();
    addGemmTime(h, id, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
                flops);
}

/** Runs phase `id` of half h (work outside the products), timed when profiling is on. */
template<class F>
void phase(int h, PhaseId id, F &&run)
{
    if (!gemmProfiling()) {
        run();
        return;
    }
    const auto t0 = std::chrono::steady_clock::now();
    run();
    addPhaseTime(h, id,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}

/** 2 m k n: the FLOPs of an (m x k) (k x n) product. */
double flopsOf(int m, int k, int n)
{
    return 2.0 * double(m) * double(k) * double(n);
}

using MatRef = Eigen::Ref<Mat<float>>;
using VecRef = Eigen::Ref<Vec<float>>;

/** The input matrix half h reads: kInputs x ws.batch. */
MatRef inputsOf(const BatchJob &job, int h)
{
    return job.privateInputs && h == 1 ? MatRef(job.ws->halves[1].X) : MatRef(job.ws->X);
}

/** The transposed inputs half h reads (libxsmm path). */
BatchWorkspace::Half::View &transposedInputsOf(const BatchJob &job, int h)
{
    return job.ws->halves[job.privateTransposes ? h : 0].XT;
}

/** Whether half h transposes the inputs itself (libxsmm path): there is one copy per thread. */
bool transposes(const BatchJob &job, int h)
{
    return job.gemms && (h == 0 || job.privateTransposes);
}

/**
 * Half h's gather: the whole batch into its own input matrix, or (one thread) into ws.X once. On
 * the libxsmm path each group of 8 samples is transposed as soon as it is converted, while it is
 * still in the first-level cache.
 */
void gatherHalf(const BatchJob &job, int h)
{
    if (!job.privateInputs && h == 1)
        return;
    MatRef X = inputsOf(job, h);
    const BatchSamples &s = *job.samples;
    if (!transposes(job, h)) {
        gatherColumns(*s.data, s.indices, 0, job.n, s.normalize, X);
        return;
    }
    auto &XT = transposedInputsOf(job, h);
    constexpr int kGroup = 8;
    // The images are scattered over the data set: while a group is converted, the next group's
    // images are asked for (the first group's before the loop).
    prefetchImages(*s.data, s.indices, std::min(job.n, kGroup));
    for (int c = 0; c < job.n; c += kGroup) {
        const int w = std::min(kGroup, job.n - c);
        if (c + w < job.n)
            prefetchImages(*s.data, s.indices + c + w, std::min(kGroup, job.n - c - w));
        gatherColumns(*s.data, s.indices + c, c, w, s.normalize, X);
        transposeInto(X.col(c).data(), kInputs, kInputs, w, XT.data() + c, int(XT.rows()));
    }
}

/**
 * Half h before the meeting: Z1 = W1 X + b1 and A1 = max(0, Z1) on its rows, and its share of the
 * logits, W2[:, rows] A1[rows] (half 0 adds b2), in ws.halves[h].Z2share.
 */
void forwardHalf(const BatchJob &job, int h)
{
    const ParamsF &params = *job.params;
    BatchWorkspace &ws = *job.ws;
    const int n = job.n, r0 = h * kHalfRows;
    const MatRef inputs = inputsOf(job, h);
    auto X = inputs.leftCols(n);
    auto Z1 = ws.Z1.block(r0, 0, kHalfRows, n);
    auto A1 = ws.A1.block(r0, 0, kHalfRows, n);
    const auto W1 = params.W1.middleRows(r0, kHalfRows);
    BatchWorkspace::Half &mine = ws.halves[h];
    if (job.gemms) {
        // Z1^T = X^T W1^T: libxsmm's A operand is not transposed, and W1 is row-major (its
        // memory is W1^T, column-major), so the samples are the kernel's rows: X^T, then Z1^T
        // lands in the row-major Z1 as it is.
        auto &XT = transposedInputsOf(job, h);
        if (!job.samples && transposes(job, h)) // else done by the gather
            phase(h, PhaseId::Gather,
                  [&] { transposeInto(X.data(), kInputs, kInputs, n, XT.data(), ws.batch); });
        product(h, GemmId::Z1, flopsOf(kHalfRows, kInputs, n), [&] {
            job.gemms->z1(XT.data(), params.W1.data() + std::size_t(r0) * kInputs,
                          ws.Z1.data() + std::size_t(r0) * ws.batch);
        });
    } else {
        // Z1 = W1 X + b1 1^T; A1 = max(0, Z1). In pieces of at most kGemmColumns samples, so that
        // Eigen's packing buffers stay under EIGEN_STACK_ALLOCATION_LIMIT (core/CMakeLists.txt)
        // and live on the stack: no heap allocation for any batch size.
        product(h, GemmId::Z1, flopsOf(kHalfRows, kInputs, n), [&] {
            for (int c = 0; c < n; c += kGemmColumns) {
                const int w = std::min(kGemmColumns, n - c);
                Z1.middleCols(c, w).noalias() = W1 * X.middleCols(c, w);
            }
        });
    }
    phase(h, PhaseId::Activations, [&] {
        Z1.colwise() += params.b1.segment(r0, kHalfRows);
        A1 = Z1.cwiseMax(0.0f);
    });
    // Z2 = W2 A1 + b2 1^T = (W2[:, half 0] A1[half 0] + b2) + W2[:, half 1] A1[half 1]
    if (job.gemms) {
        // Z2share^T = A1^T W2[:, rows]^T (the row-major A1 is A1^T column-major).
        product(h, GemmId::Z2, flopsOf(kOutputs, kHalfRows, n), [&] {
            job.gemms->z2(ws.A1.data() + std::size_t(r0) * ws.batch,
                          params.W2.data() + std::size_t(r0) * kOutputs, mine.Z2shareT.data());
        });
        if (h == 0)
            phase(h, PhaseId::Activations,
                  [&] { mine.Z2shareT.topRows(n).rowwise() += params.b2.transpose(); });
        return;
    }
    auto share = mine.Z2share.leftCols(n);
    product(h, GemmId::Z2, flopsOf(kOutputs, kHalfRows, n),
            [&] { share.noalias() = params.W2.middleCols(r0, kHalfRows) * A1; });
    if (h == 0)
        share.colwise() += params.b2;
}

/** The fused SGD step of the parameters half h owns, each a contiguous range: its rows of W1
 *  (row-major) and b1, its columns of W2 (column-major), and b2 (half 0). Leaves the finiteness
 *  sum of what it wrote in ws.halves[h].finite. */
void stepHalf(const BatchJob &job, int h)
{
    const SgdTarget &s = *job.step;
    const ParamsF &w = *job.params;
    const ParamsF &g = *job.grads;
    const ParamsF &v = *s.velocity;
    ParamsF &next = *s.next;
    ParamsF &nv = *s.nextVelocity;
    const auto part = [&](auto member, std::size_t first, std::size_t count) {
        return sgdSpan((w.*member).data() + first, (g.*member).data() + first,
                       (v.*member).data() + first, (nv.*member).data() + first,
                       (next.*member).data() + first, count, s.lr, s.momentum);
    };
    const std::size_t r0 = std::size_t(h) * kHalfRows;
    float zero = part(&ParamsF::W1, r0 * kInputs, std::size_t(kHalfRows) * kInputs);
    zero += part(&ParamsF::b1, r0, kHalfRows);
    zero += part(&ParamsF::W2, r0 * kOutputs, std::size_t(kHalfRows) * kOutputs);
    if (h == 0)
        zero += part(&ParamsF::b2, 0, kOutputs);
    job.ws->halves[h].finite = zero;
}

/**
 * Half h after the meeting: the logits (shares added in a fixed order), SoftMax, losses and
 * delta2 (half 0 into the workspace's public buffers, half 1 into its own copy: the same bits);
 * delta1, dW1, db1 on its rows; dW2 on its columns; db2 (half 0); then the fused SGD step, if
 * any, of exactly those parameters (while they are in this core's cache).
 */
void backwardHalf(const BatchJob &job, int h)
{
    const ParamsF &params = *job.params;
    BatchWorkspace &ws = *job.ws;
    ParamsF &grads = *job.grads;
    const int n = job.n, r0 = h * kHalfRows;
    BatchWorkspace::Half &mine = ws.halves[h];
    // On one thread half 1 takes half 0's output layer (the same values from the same sums)
    // instead of computing it again.
    const bool own = h == 0 || !job.together;
    BatchWorkspace::Half &layer = own ? mine : ws.halves[0];
    MatRef Z2 = h == 0 ? MatRef(ws.Z2) : MatRef(mine.Z2);
    MatRef P = h == 0 ? MatRef(ws.P) : MatRef(mine.P);
    MatRef Delta2 = own && h == 1 ? MatRef(mine.Delta2) : MatRef(ws.Delta2);
    VecRef losses = h == 0 ? VecRef(ws.losses) : VecRef(mine.losses);
    auto D2 = Delta2.leftCols(n);
    if (own)
        phase(h, PhaseId::SoftMax, [&] {
            if (job.gemms)
                Z2.leftCols(n)
                        = (ws.halves[0].Z2shareT.topRows(n) + ws.halves[1].Z2shareT.topRows(n))
                                  .transpose();
            else
                Z2.leftCols(n)
                        = ws.halves[0].Z2share.leftCols(n) + ws.halves[1].Z2share.leftCols(n);
            softmaxColumns(0, n, job.labels, Z2, P, losses);
            // delta2 = (p - y) / n: the 1/n of the batch average is applied once, here.
            const float invN = 1.0f / float(n);
            D2 = P.leftCols(n) * invN;
            for (int c = 0; c < n; ++c)
                D2(job.labels[c], c) -= invN;
        });

    const MatRef inputs = inputsOf(job, h);
    auto X = inputs.leftCols(n);
    auto Z1 = ws.Z1.block(r0, 0, kHalfRows, n);
    auto A1 = ws.A1.block(r0, 0, kHalfRows, n);
    auto D1 = ws.Delta1.block(r0, 0, kHalfRows, n);
    auto dW1 = grads.W1.middleRows(r0, kHalfRows);
    float *d1 = ws.Delta1.data() + std::size_t(r0) * ws.batch;   // delta1^T, column-major
    const float *a1 = ws.A1.data() + std::size_t(r0) * ws.batch; // A1^T, column-major
    // delta1 = (W2^T delta2) .* relu'(z1)
    if (job.gemms) {
        // delta1^T = delta2^T W2[:, rows]
        if (own)
            phase(h, PhaseId::Backward, [&] { mine.Delta2T.topRows(n) = D2.transpose(); });
        product(h, GemmId::Back, flopsOf(kHalfRows, kOutputs, n), [&] {
            job.gemms->back(layer.Delta2T.data(), params.W2.data() + std::size_t(r0) * kOutputs,
                            d1);
        });
    } else {
        product(h, GemmId::Back, flopsOf(kHalfRows, kOutputs, n),
                [&] { D1.noalias() = params.W2.middleCols(r0, kHalfRows).transpose() * D2; });
    }
    phase(h, PhaseId::Backward, [&] { D1 = (Z1.array() > 0.0f).select(D1, 0.0f); });
    // dW1 = delta1 x^T, db1 = sum over the batch of delta1
    if (job.gemms) {
        // dW1^T = X delta1^T, written straight into the row-major gradient (its memory is dW1^T).
        product(h, GemmId::dW1, flopsOf(kHalfRows, n, kInputs),
                [&] { job.gemms->dW1(X.data(), d1, grads.W1.data() + std::size_t(r0) * kInputs); });
    } else {
        // In pieces, as in forwardHalf.
        product(h, GemmId::dW1, flopsOf(kHalfRows, n, kInputs), [&] {
            const int w0 = std::min(kGemmColumns, n);
            dW1.noalias() = D1.leftCols(w0) * X.leftCols(w0).transpose();
            for (int c = kGemmColumns; c < n; c += kGemmColumns) {
                const int w = std::min(kGemmColumns, n - c);
                dW1.noalias() += D1.middleCols(c, w) * X.middleCols(c, w).transpose();
            }
        });
    }
    phase(h, PhaseId::Backward,
          [&] { grads.b1.segment(r0, kHalfRows).noalias() = D1.rowwise().sum(); });
    // dW2 = delta2 a1^T (its columns), db2 = sum over the batch of delta2
    if (job.gemms) {
        product(h, GemmId::dW2, flopsOf(kOutputs, n, kHalfRows), [&] {
            job.gemms->dW2(Delta2.data(), a1, grads.W2.data() + std::size_t(r0) * kOutputs);
        });
    } else {
        product(h, GemmId::dW2, flopsOf(kOutputs, n, kHalfRows),
                [&] { grads.W2.middleCols(r0, kHalfRows).noalias() = D2 * A1.transpose(); });
    }
    if (h == 0)
        phase(h, PhaseId::Backward, [&] { grads.b2.noalias() = D2.rowwise().sum(); });

    if (job.step)
        phase(h, PhaseId::Step, [&] { stepHalf(job, h); });
}

/** libxsmm's kernels for a batch of n samples in ws (made at the first batch of that size, kept
 *  in the workspace); null when a kernel cannot be made (then Eigen's products run). */
const BatchGemms *xsmmGemms(BatchWorkspace &ws, int n)
{
    if (ws.halves[1].XT.rows() != ws.batch)
        ws.resizeXsmmBuffers(); // the kernels were switched after the workspace was sized
    for (BatchGemms &g : ws.gemms)
        if (g.n == n && g.batch == ws.batch)
            return g.valid() ? &g : nullptr;
    // Slot 0 for the full batch, slot 1 for any other size.
    BatchGemms &g = ws.gemms[n == ws.batch ? 0 : 1];
    const int B = ws.batch;
    g.n = n;
    g.batch = B;
    // Column-major C (m x n) = A (m x k) op(B) (k x n), leading dimensions lda, ldb, ldc.
    g.z1 = Gemm({n, kHalfRows, kInputs, B, kInputs, B});           // Z1^T = X^T W1^T
    g.z2 = Gemm({n, kOutputs, kHalfRows, B, kOutputs, B, true});   // Z2^T = A1^T W2^T
    g.back = Gemm({n, kHalfRows, kOutputs, B, kOutputs, B});       // delta1^T = delta2^T W2
    g.dW2 = Gemm({kOutputs, kHalfRows, n, kOutputs, B, kOutputs}); // dW2 = delta2 A1^T
    g.dW1 = Gemm({kInputs, kHalfRows, n, kInputs, B, kInputs});    // dW1^T = X delta1^T
    return g.valid() ? &g : nullptr;
}

} // namespace

namespace {

/** The batch's loss; with a step, also whether every new weight was finite. */
StepResult runBatchPasses(BatchJob &job);

/** runBatchPasses, its wall time added to the profile when profiling is on. */
StepResult runBatch(BatchJob &job)
{
    if (!gemmProfiling())
        return runBatchPasses(job);
    const auto t0 = std::chrono::steady_clock::now();
    const StepResult r = runBatchPasses(job);
    addBatchTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    return r;
}

StepResult runBatchPasses(BatchJob &job)
{
    BatchWorkspace &ws = *job.ws;
    StepResult result;
    if (job.n <= 0) {
        job.grads->W1.setZero();
        job.grads->b1.setZero();
        job.grads->W2.setZero();
        job.grads->b2.setZero();
        if (job.step) {
            for (int h = 0; h < kHalves; ++h)
                stepHalf(job, h);
            result.finite = ws.halves[0].finite + ws.halves[1].finite == 0.0f;
        }
        return result;
    }
    if (activeKernels() == Kernels::Xsmm)
        job.gemms = xsmmGemms(ws, job.n);
    HalfPair *helper = trainingThreads() > 1 ? ws.helper.get() : nullptr;
    if (helper) {
        job.privateInputs = job.samples != nullptr;
        job.privateTransposes = true;
        // Half 1 on the helper, half 0 here; they meet between the forward pass and the backward
        // pass, and at the end.
        helper->run(&job, [](const void *context, int h, HalfPair &pair) {
            const BatchJob &j = *static_cast<const BatchJob *>(context);
            if (j.samples)
                phase(h, PhaseId::Gather, [&] { gatherHalf(j, h); });
            forwardHalf(j, h);
            phase(h, PhaseId::Wait, [&] { pair.meet(h); });
            backwardHalf(j, h);
        });
    } else {
        job.together = true;
        if (job.samples)
            phase(0, PhaseId::Gather, [&] {
                gatherHalf(job, 0);
                gatherHalf(job, 1);
            });
        forwardHalf(job, 0);
        forwardHalf(job, 1);
        backwardHalf(job, 0);
        backwardHalf(job, 1);
    }
    double loss = 0;
    for (int c = 0; c < job.n; ++c)
        loss += ws.losses(c);
    result.loss = loss / job.n;
    if (job.step)
        result.finite = ws.halves[0].finite + ws.halves[1].finite == 0.0f;
    return result;
}

} // namespace

double forwardBackwardBatch(const ParamsF &params, const std::uint8_t *labels, int count,
                            BatchWorkspace &ws, ParamsF &grads)
{
    BatchJob job;
    job.params = &params;
    job.labels = labels;
    job.n = std::min(count, ws.batch);
    job.ws = &ws;
    job.grads = &grads;
    return runBatch(job).loss;
}

StepResult forwardBackwardStep(const ParamsF &params, const std::uint8_t *labels, int count,
                               BatchWorkspace &ws, ParamsF &grads, const SgdTarget &step,
                               const BatchSamples *samples)
{
    BatchJob job;
    job.params = &params;
    job.labels = labels;
    job.n = std::min(count, ws.batch);
    job.ws = &ws;
    job.grads = &grads;
    job.samples = samples;
    job.step = &step;
    return runBatch(job);
}

double forwardBackwardUpdate(ParamsF &params, const std::uint8_t *labels, int count,
                             BatchWorkspace &ws, ParamsF &grads, float lr, float momentum,
                             ParamsF &velocity)
{
    const SgdTarget step {lr, momentum, &velocity, &velocity, &params};
    return forwardBackwardStep(params, labels, count, ws, grads, step).loss;
}

} // namespace bplab
