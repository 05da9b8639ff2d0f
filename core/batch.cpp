// The batched forward/backward pass used for training and evaluation. Every buffer lives in a
// BatchWorkspace sized once; the products write into it with .noalias(), so the batch loop does
// not allocate (tests/core/tst_batch.cpp counts it).

#include "network.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <thread>
#if defined(__linux__)
#include <sched.h>
#endif
#ifdef _OPENMP
#include <omp.h>
#endif

namespace bplab {

/** Samples per product in the batch path (see forwardHalf). */
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
    for (Half &h : halves) {
        h.Z2share.resize(kOutputs, batch);
        h.Z2.resize(kOutputs, batch);
        h.P.resize(kOutputs, batch);
        h.Delta2.resize(kOutputs, batch);
        h.losses.resize(batch);
    }
    halves[1].X.resize(kInputs, batch);
}

namespace {

/** Columns [c0, c0 + n) of X from the samples indices[0 .. n). */
void gatherColumns(const Dataset &data, const std::uint32_t *indices, int c0, int n, Normalize normalize,
                   Mat<float> &X)
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

} // namespace

void gatherBatch(const Dataset &data, const std::uint32_t *indices, int count, Normalize normalize,
                 BatchWorkspace &ws)
{
    gatherColumns(data, indices, 0, std::min(count, ws.batch), normalize, ws.X);
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

/** Training threads: the two halves of a batch, on at most the machine's cores. */
int maxTrainingThreads()
{
    return int(std::clamp(std::thread::hardware_concurrency(), 1u, 2u));
}

/**
 * Whether the machine has a core to spare for the second training thread: the last minute's load
 * average (runnable programs, low-priority ones included) is below the cores minus one half. The
 * two halves of a batch wait for each other, so a second thread only pays off when both run
 * uninterrupted; on busy cores one thread is faster (docs/benchmarks.md).
 */
bool aCoreIsFree()
{
    double load = 0;
    if (getloadavg(&load, 1) != 1)
        return true;
    return load < double(maxTrainingThreads()) - 0.5;
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
void softmaxColumns(int c0, int n, const std::uint8_t *labels, const Mat<float> &Z2, Mat<float> &P,
                    Vec<float> &losses)
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

/** The hidden neurons [first, first + kHalfRows) of half h. */
constexpr int kHalves = 2;
constexpr int kHalfRows = kHidden / kHalves;
static_assert(kHidden % (kHalves * 16) == 0, "each half's rows start on a 64-byte boundary");

/** One batch's inputs and outputs, shared by the two halves. */
struct BatchJob {
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
    // The fused SGD step (forwardBackwardStep); null for the gradient alone.
    const SgdTarget *step = nullptr;
};

/** The input matrix half h reads. */
const Mat<float> &inputsOf(const BatchJob &job, int h)
{
    return job.privateInputs && h == 1 ? job.ws->halves[1].X : job.ws->X;
}

/** Half h's gather: the whole batch into its own input matrix, or (one thread) into ws.X once. */
void gatherHalf(const BatchJob &job, int h)
{
    if (!job.privateInputs && h == 1)
        return;
    gatherColumns(*job.samples->data, job.samples->indices, 0, job.n, job.samples->normalize,
                  job.privateInputs && h == 1 ? job.ws->halves[1].X : job.ws->X);
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
    auto X = inputsOf(job, h).leftCols(n);
    auto Z1 = ws.Z1.block(r0, 0, kHalfRows, n);
    auto A1 = ws.A1.block(r0, 0, kHalfRows, n);
    const auto W1 = params.W1.middleRows(r0, kHalfRows);
    // Z1 = W1 X + b1 1^T; A1 = max(0, Z1). In pieces of at most kGemmColumns samples, so that
    // Eigen's packing buffers stay under EIGEN_STACK_ALLOCATION_LIMIT (core/CMakeLists.txt) and
    // live on the stack: no heap allocation for any batch size.
    for (int c = 0; c < n; c += kGemmColumns) {
        const int w = std::min(kGemmColumns, n - c);
        Z1.middleCols(c, w).noalias() = W1 * X.middleCols(c, w);
    }
    Z1.colwise() += params.b1.segment(r0, kHalfRows);
    A1 = Z1.cwiseMax(0.0f);
    // Z2 = W2 A1 + b2 1^T = (W2[:, half 0] A1[half 0] + b2) + W2[:, half 1] A1[half 1]
    auto share = ws.halves[h].Z2share.leftCols(n);
    share.noalias() = params.W2.middleCols(r0, kHalfRows) * A1;
    if (h == 0)
        share.colwise() += params.b2;
}

/**
 * Sgd::step's expressions on a part: next = w - lr * g, or nv = momentum * v + g; next = w - lr * nv
 * (next may be w itself and nv may be v: every element is read before it is written). Returns the
 * sum of next * 0: 0 when every new value is finite, NaN otherwise (vectorised, in cache).
 */
template <class N, class W, class G, class V, class NV>
float sgdPart(N &&next, const W &w, const G &g, const V &v, NV &&nv, float lr, float momentum)
{
    if (momentum == 0.0f) {
        next = w - lr * g;
    } else {
        nv = momentum * v + g;
        next = w - lr * nv;
    }
    return (next.array() * 0.0f).sum();
}

/** The fused SGD step of the parameters half h owns: its rows of W1 and b1, its columns of W2,
 *  and b2 (half 0). Leaves the finiteness sum of what it wrote in ws.halves[h].finite. */
void stepHalf(const BatchJob &job, int h)
{
    const int r0 = h * kHalfRows;
    const SgdTarget &s = *job.step;
    const ParamsF &w = *job.params;
    const ParamsF &g = *job.grads;
    const ParamsF &v = *s.velocity;
    ParamsF &next = *s.next;
    ParamsF &nv = *s.nextVelocity;
    float zero = sgdPart(next.W1.middleRows(r0, kHalfRows), w.W1.middleRows(r0, kHalfRows),
                         g.W1.middleRows(r0, kHalfRows), v.W1.middleRows(r0, kHalfRows),
                         nv.W1.middleRows(r0, kHalfRows), s.lr, s.momentum);
    zero += sgdPart(next.b1.segment(r0, kHalfRows), w.b1.segment(r0, kHalfRows), g.b1.segment(r0, kHalfRows),
                    v.b1.segment(r0, kHalfRows), nv.b1.segment(r0, kHalfRows), s.lr, s.momentum);
    zero += sgdPart(next.W2.middleCols(r0, kHalfRows), w.W2.middleCols(r0, kHalfRows),
                    g.W2.middleCols(r0, kHalfRows), v.W2.middleCols(r0, kHalfRows),
                    nv.W2.middleCols(r0, kHalfRows), s.lr, s.momentum);
    if (h == 0)
        zero += sgdPart(next.b2, w.b2, g.b2, v.b2, nv.b2, s.lr, s.momentum);
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
    Mat<float> &Z2 = h == 0 ? ws.Z2 : mine.Z2;
    Mat<float> &P = h == 0 ? ws.P : mine.P;
    Mat<float> &Delta2 = h == 0 ? ws.Delta2 : mine.Delta2;
    Vec<float> &losses = h == 0 ? ws.losses : mine.losses;
    Z2.leftCols(n) = ws.halves[0].Z2share.leftCols(n) + ws.halves[1].Z2share.leftCols(n);
    softmaxColumns(0, n, job.labels, Z2, P, losses);
    // delta2 = (p - y) / n: the 1/n of the batch average is applied once, here.
    auto D2 = Delta2.leftCols(n);
    const float invN = 1.0f / float(n);
    D2 = P.leftCols(n) * invN;
    for (int c = 0; c < n; ++c)
        D2(job.labels[c], c) -= invN;

    auto X = inputsOf(job, h).leftCols(n);
    auto Z1 = ws.Z1.block(r0, 0, kHalfRows, n);
    auto A1 = ws.A1.block(r0, 0, kHalfRows, n);
    auto D1 = ws.Delta1.block(r0, 0, kHalfRows, n);
    // delta1 = (W2^T delta2) .* relu'(z1)
    D1.noalias() = params.W2.middleCols(r0, kHalfRows).transpose() * D2;
    D1 = (Z1.array() > 0.0f).select(D1, 0.0f);
    // dW1 = delta1 x^T, db1 = sum over the batch of delta1 (summed in pieces, as in forwardHalf)
    auto dW1 = grads.W1.middleRows(r0, kHalfRows);
    dW1.noalias() = D1.leftCols(std::min(kGemmColumns, n)) * X.leftCols(std::min(kGemmColumns, n)).transpose();
    for (int c = kGemmColumns; c < n; c += kGemmColumns) {
        const int w = std::min(kGemmColumns, n - c);
        dW1.noalias() += D1.middleCols(c, w) * X.middleCols(c, w).transpose();
    }
    grads.b1.segment(r0, kHalfRows).noalias() = D1.rowwise().sum();
    // dW2 = delta2 a1^T (its columns), db2 = sum over the batch of delta2
    grads.W2.middleCols(r0, kHalfRows).noalias() = D2 * A1.transpose();
    if (h == 0)
        grads.b2.noalias() = D2.rowwise().sum();

    if (job.step)
        stepHalf(job, h);
}

} // namespace

/**
 * The second thread of a workspace: runs half 1 of every two-thread batch while the caller runs
 * half 0. Persistent (no thread start per batch). A waiting thread spins on the shared counter
 * with the CPU's pause instruction, because a batch's halves take the same time and the gap
 * between two batches is some 10 us: a thread that yielded its core or slept there came back up
 * to 100 us late, as much as the half it was to run. It stops spinning and sleeps
 * (std::atomic::wait) after kSpinBudget without news (a paused or stopped trainer, an epoch's
 * evaluation: no CPU spent), and yields its core at once when its partner is queued on the same
 * core (a loaded machine), where spinning would only delay the partner.
 */
class BatchHelper {
public:
    using Task = void (*)(const BatchJob &job, int half, BatchHelper &pair);

    BatchHelper() : m_thread([this] { loop(); }) {}
    ~BatchHelper()
    {
        m_stop.store(true, std::memory_order_relaxed);
        signal(m_go);
        m_thread.join();
    }
    BatchHelper(const BatchHelper &) = delete;
    BatchHelper &operator=(const BatchHelper &) = delete;

    /** task(job, 1) on the helper and task(job, 0) here; returns when both have finished. */
    void run(const BatchJob *job, Task task)
    {
        m_job = job;
        m_task = task;
        m_rest.store(false, std::memory_order_relaxed);
        signal(m_go);
        task(*job, 0, *this);
        meet(0);
    }

    /** The next batch is not coming soon: the helper sleeps at once instead of spinning. */
    void rest() { m_rest.store(true, std::memory_order_relaxed); }

    /** Returns when both threads have called it (once each per meeting); half: the caller's. */
    void meet(int half)
    {
        const unsigned phase = m_phase.load(std::memory_order_acquire);
        if (m_arrived.fetch_add(1, std::memory_order_acq_rel) == 1) {
            m_arrived.store(0, std::memory_order_relaxed);
            signal(m_phase);
        } else {
            waitForChange(m_phase, phase, half);
        }
    }

private:
    using Clock = std::chrono::steady_clock;
    /** Spinning this long without news means the partner is not coming soon: sleep. */
    static constexpr auto kSpinBudget = std::chrono::milliseconds(2);
    /** Waiting this long inside a batch (a half takes about 50 us) means the partner lost its
     *  core: yield to it on every check from then on. */
    static constexpr auto kYieldAfter = std::chrono::microseconds(200);

    /** Bumps a counter the partner waits on; wakes it only when it sleeps. */
    void signal(std::atomic<unsigned> &value)
    {
        value.fetch_add(1, std::memory_order_seq_cst);
        if (m_sleepers.load(std::memory_order_seq_cst) > 0)
            value.notify_all();
    }

    void waitForChange(std::atomic<unsigned> &value, unsigned old, int half)
    {
        const auto start = Clock::now();
        for (unsigned i = 1;; ++i) {
            if (value.load(std::memory_order_acquire) != old)
                return;
            cpuRelax();
            if (i % 64 != 0) // about 2 us of pauses between the checks below
                continue;
            const int cpu = currentCpu();
            m_cpu[half].value.store(cpu, std::memory_order_relaxed);
            const auto waited = Clock::now() - start;
            if (waited > kSpinBudget || (&value == &m_go && m_rest.load(std::memory_order_relaxed)))
                break;
            const bool together = cpu >= 0 && m_cpu[1 - half].value.load(std::memory_order_relaxed) == cpu;
            if (waited > kYieldAfter || together)
                std::this_thread::yield();
        }
        // seq_cst with signal(): either the signaller sees the sleeper, or the sleeper sees the change.
        m_sleepers.fetch_add(1, std::memory_order_seq_cst);
        while (value.load(std::memory_order_seq_cst) == old)
            value.wait(old, std::memory_order_seq_cst);
        m_sleepers.fetch_sub(1, std::memory_order_seq_cst);
    }
    static void cpuRelax()
    {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
    static int currentCpu()
    {
#if defined(__linux__)
        return sched_getcpu();
#else
        return -1;
#endif
    }
    void loop()
    {
        unsigned seen = 0;
        for (;;) {
            waitForChange(m_go, seen, 1);
            seen = m_go.load(std::memory_order_acquire);
            if (m_stop.load(std::memory_order_relaxed))
                return;
            m_task(*m_job, 1, *this);
            meet(1);
        }
    }

    /** One value per cache line: the two threads write their own without disturbing the other's. */
    struct alignas(64) PaddedInt {
        std::atomic<int> value{-1};
    };

    const BatchJob *m_job = nullptr;
    Task m_task = nullptr;
    alignas(64) std::atomic<unsigned> m_go{0};  // bumped once per batch (and to stop)
    std::atomic<unsigned> m_arrived{0};         // threads at the current meeting
    std::atomic<unsigned> m_phase{0};           // bumped when a meeting is complete
    std::atomic<int> m_sleepers{0};             // threads in std::atomic::wait
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_rest{false};            // rest(): sleep instead of spinning for the next batch
    PaddedInt m_cpu[2];                         // the core each thread last waited on (-1: unknown)
    std::thread m_thread;                       // last: starts after the members above exist
};

BatchWorkspace::Helper::~Helper()
{
    delete m_helper;
}

BatchHelper *BatchWorkspace::Helper::get()
{
    if (!m_helper)
        m_helper = new BatchHelper;
    return m_helper;
}

void BatchWorkspace::Helper::rest()
{
    if (m_helper)
        m_helper->rest();
}

int trainingThreads()
{
    int n = g_trainingThreads.load(std::memory_order_relaxed);
    if (n > 0)
        return n;
    n = kDefaultTrainingThreads;
    if (const char *env = std::getenv("BPLAB_THREADS"); env && *env)
        n = std::atoi(env);
    else if (!aCoreIsFree())
        n = 1;
    n = std::clamp(n, 1, maxTrainingThreads());
    g_trainingThreads.store(n, std::memory_order_relaxed);
    return n;
}

void setTrainingThreads(int threads)
{
    g_trainingThreads.store(std::clamp(threads, 1, maxTrainingThreads()), std::memory_order_relaxed);
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

namespace {

/** The batch's loss; with a step, also whether every new weight was finite. */
StepResult runBatch(BatchJob &job)
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
    BatchHelper *helper = trainingThreads() > 1 ? ws.helper.get() : nullptr;
    if (helper) {
        job.privateInputs = job.samples != nullptr;
        // Half 1 on the helper, half 0 here; they meet between the forward pass and the backward
        // pass, and at the end.
        helper->run(&job, [](const BatchJob &j, int h, BatchHelper &pair) {
            if (j.samples)
                gatherHalf(j, h);
            forwardHalf(j, h);
            pair.meet(h);
            backwardHalf(j, h);
        });
    } else {
        if (job.samples) {
            gatherHalf(job, 0);
            gatherHalf(job, 1);
        }
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

double forwardBackwardBatch(const ParamsF &params, const std::uint8_t *labels, int count, BatchWorkspace &ws,
                            ParamsF &grads)
{
    BatchJob job;
    job.params = &params;
    job.labels = labels;
    job.n = std::min(count, ws.batch);
    job.ws = &ws;
    job.grads = &grads;
    return runBatch(job).loss;
}

StepResult forwardBackwardStep(const ParamsF &params, const std::uint8_t *labels, int count, BatchWorkspace &ws,
                               ParamsF &grads, const SgdTarget &step, const BatchSamples *samples)
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

double forwardBackwardUpdate(ParamsF &params, const std::uint8_t *labels, int count, BatchWorkspace &ws,
                             ParamsF &grads, float lr, float momentum, ParamsF &velocity)
{
    const SgdTarget step{lr, momentum, &velocity, &velocity, &params};
    return forwardBackwardStep(params, labels, count, ws, grads, step).loss;
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
                gatherColumns(data, idx.data() + r.first, r.first, r.size, normalize, ws.X);
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
        }
    }
    ev.loss = lossSum / double(data.size());
    ev.accuracy = 100.0 * double(correct) / double(data.size());
    return ev;
}

} // namespace bplab
