// A network's batch on libxsmm's kernels, split by neurons over two threads (networkpass.h).

#include "nn/networkpass.h"

#include "nn/batchpair.h"
#include "nn/sparseinputs.h"

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {

int roundUp16(int n)
{
    return (n + 15) / 16 * 16;
}

/** The inputs [0, inputs) in runs of whole blocks of 8 (the transposition's tile), each run
 *  either inked (some input of each block is non-zero in some sample) or blank: run(first, end,
 *  inked) for each, in order. The sparse products touch only the inked inputs' rows of W^T and
 *  dW^T, so the per-batch transposes skip the blank ones (a batch of 64 MNIST images leaves 12-21
 *  of the 98 tiles blank, median 16: the borders). */
template <class Run>
void forInputRuns(const SparseInputs &sparse, int inputs, Run run)
{
    constexpr int kTile = 8;
    const auto blockInked = [&](int b) {
        for (int p = b; p < std::min(b + kTile, inputs); ++p)
            if (sparse.inked(p))
                return true;
        return false;
    };
    int first = 0;
    bool inked = inputs > 0 && blockInked(0);
    for (int b = kTile; b < inputs; b += kTile) {
        const bool next = blockInked(b);
        if (next != inked) {
            run(first, b, inked);
            first = b;
            inked = next;
        }
    }
    if (first < inputs)
        run(first, inputs, inked);
}

} // namespace

NeuronRange sideRange(int width, int side)
{
    const int mid = std::min(width, roundUp16((width + 1) / 2));
    return side == 0 ? NeuronRange {0, mid} : NeuronRange {mid, width};
}

/** A side's own copy of the batch's inputs (X: inputs x ld, and X^T) and labels, and of the output
 *  layer: its share of the logits, the logits and the deltas (ld x outputs, sample-major), and the
 *  batch's summed loss (side 0's). */
struct NetworkPass::Side
{
    Mat<float> X, XT;
    std::vector<std::uint8_t> labels;
    SparseInputs sparse; ///< X's non-zeros, when the first layer skips the zeros
    /** The first hidden layer's weights, sums, deltas and weight gradient on the side's neurons
     *  with the neurons as rows (rows rounded up to 16, the rest zero), for the sparse products. */
    Mat<float> WT, Zs, Ds, dWT;
    Mat<float> share, ZT, DeltaT;
    double lossSum = 0;
};

/** The kernels of one batch size, per side (a side without neurons in a layer has none there). */
struct NetworkPass::Kernels
{
    int count = -1;
    bool valid = false;
    std::array<std::vector<Gemm>, 2> forward; ///< hidden layer l: Z_l^T on the side's neurons
    std::array<std::vector<Gemm>, 2> weights; ///< layer l: dW_l^T on the side's neurons (inputs for the output layer)
    std::array<std::vector<Gemm>, 2> back;    ///< layer l >= 1: Delta_{l-1}^T on the side's neurons of layer l - 1
    std::array<Gemm, 2> share;                ///< the side's share of Z_out^T
};

/** One batch, as both sides see it. */
struct NetworkPass::Job
{
    NetworkPass *self = nullptr;
    const MlpParamsF *params = nullptr;
    MlpParamsF *grads = nullptr;
    const PassGather *gather = nullptr;
    const Kernels *kernels = nullptr;
    bool privateInputs = false; ///< each side its own copy of the inputs (two threads)
    int n = 0;
    float inv = 1; ///< 1 / meanOver
};

NetworkPass::NetworkPass(const Architecture &arch, int batch)
    : m_arch(arch)
    , m_batch(std::max(1, batch))
    , m_ld(roundUp16(std::max(1, batch)))
    , m_sides(2)
    , m_kernels(2)
    , m_predicted(std::size_t(m_ld))
{
    for (int l = 0; l + 1 < arch.layerCount(); ++l) {
        const int width = arch.layerOutputs(l);
        m_ZT.emplace_back(m_ld, width);
        m_AT.emplace_back(m_ld, width);
        m_ldA.push_back(roundUp16(width));
        m_A.emplace_back(m_ldA.back(), m_ld);
        m_DeltaT.emplace_back(m_ld, width);
    }
    for (int i = 0; i < 2; ++i) {
        Side &side = m_sides[std::size_t(i)];
        if (arch.layerCount() > 1) {
            const int rows = roundUp16(sideRange(arch.layerOutputs(0), i).size());
            side.WT = Mat<float>::Zero(rows, arch.inputs);
            side.Zs = Mat<float>::Zero(rows, m_ld);
            side.Ds = Mat<float>::Zero(rows, m_ld);
            side.dWT = Mat<float>::Zero(rows, arch.inputs);
            side.sparse.reserve(arch.inputs, m_ld);
        }
        side.X.resize(arch.inputs, m_ld);
        side.XT.resize(m_ld, arch.inputs);
        side.labels.resize(std::size_t(m_ld));
        side.share = Mat<float>::Zero(m_ld, kOutputs);
        side.ZT.resize(m_ld, kOutputs);
        side.DeltaT.resize(m_ld, kOutputs);
    }
}

NetworkPass::~NetworkPass() = default;

int NetworkPass::stageCount() const
{
    // The gather with the first layer's forward pass, and the forward pass of each later hidden
    // layer (the last with the output layer's share; the share alone without one); the output
    // layer and the last hidden layer's deltas; the deltas of each hidden layer before it.
    const int hidden = m_arch.layerCount() - 1;
    return std::max(hidden, 1) + 1 + std::max(hidden - 1, 0);
}

const NetworkPass::Kernels &NetworkPass::kernelsFor(int count)
{
    for (const Kernels &k : m_kernels)
        if (k.count == count)
            return k;
    Kernels &k = m_kernels[count == m_batch ? 0 : 1];
    k = Kernels {};
    k.count = count;
    k.valid = xsmmBuilt();
    const int n = count, B = m_ld, L = m_arch.layerCount(), out = m_arch.layerOutputs(L - 1);
    // Column-major C (m x n) = A (m x k) op(B) (k x n), leading dimensions lda, ldb, ldc; a kernel
    // for a side without neurons there is left empty.
    const auto make = [&](std::vector<Gemm> &list, bool needed, const GemmShape &shape) {
        list.emplace_back(needed ? Gemm(shape) : Gemm());
        k.valid = k.valid && (!needed || list.back().valid());
    };
    for (int side = 0; side < 2; ++side) {
        for (int l = 0; l < L; ++l) {
            const int in = m_arch.layerInputs(l);
            const NeuronRange prev = sideRange(in, side);
            const int ldIn = l == 0 ? m_arch.inputs : m_ldA[std::size_t(l - 1)];
            if (l + 1 < L) {
                const NeuronRange own = sideRange(m_arch.layerOutputs(l), side);
                make(k.forward[side], own.size() > 0, {n, own.size(), in, B, in, B});      // Z^T = A_prev^T W^T
                make(k.weights[side], own.size() > 0, {in, own.size(), n, ldIn, B, in});   // dW^T = A_prev Delta^T
            } else {
                make(k.weights[side], prev.size() > 0, {prev.size(), out, n, ldIn, B, in}); // dW_out^T, own rows
                k.share[side] = prev.size() > 0 ? Gemm({n, out, prev.size(), B, in, B}) : Gemm();
                k.valid = k.valid && (prev.size() == 0 || k.share[side].valid());
            }
            // Delta_prev^T = Delta^T W on the side's neurons of the previous layer
            make(k.back[side], l > 0 && prev.size() > 0, {n, prev.size(), m_arch.layerOutputs(l), B, in, B, true});
        }
    }
    return k;
}

bool NetworkPass::ready(int count)
{
    return count >= 1 && count <= m_batch && kernelsFor(count).valid;
}

const NetworkPass::Side &NetworkPass::inputsOf(const Job &job, int side) const
{
    return m_sides[job.privateInputs ? std::size_t(side) : 0];
}

void NetworkPass::gatherStage(const Job &job, int side)
{
    // The whole batch into the side's own X and X^T, so that no input crosses between the cores:
    // each group of samples is transposed while it is still in the first-level cache, and the next
    // group's images are asked for before it is converted (they are scattered over the data set).
    if (!job.privateInputs && side == 1)
        return;
    Side &mine = m_sides[std::size_t(side)];
    const int inputs = m_arch.inputs;
    constexpr int kGroup = 8;
    const PassGather &g = *job.gather;
    if (g.prefetch)
        g.prefetch(g.context, 0, std::min(job.n, kGroup));
    for (int c = 0; c < job.n; c += kGroup) {
        const int w = std::min(kGroup, job.n - c);
        if (g.prefetch && c + w < job.n)
            g.prefetch(g.context, c + w, std::min(kGroup, job.n - c - w));
        float *X = mine.X.data() + std::size_t(c) * std::size_t(inputs);
        g.run(g.context, c, w, X, inputs, mine.labels.data() + c);
        transposeInto(X, inputs, inputs, w, mine.XT.data() + c, m_ld);
    }
    if (m_arch.layerCount() > 1 && SparseInputs::enabled()) // for sparseFirst()
        mine.sparse.build(mine.X.data(), inputs, mine.XT.data(), m_ld, inputs, job.n);
}

bool NetworkPass::sparseFirst(const Job &job, int side) const
{
    // An epoch of 784-256-128-10 on MNIST takes two thirds of the dense kernels' time this way.
    return m_arch.layerCount() > 1 && inputsOf(job, side).sparse.worthSkipping();
}

void NetworkPass::prefetchNextBatch(const Job &job, int side)
{
    // While the last stage computes, each side asks for half of the next batch's images, which
    // the next gather would otherwise wait for one group at a time.
    const PassGather &g = *job.gather;
    if (!g.prefetch)
        return;
    const NeuronRange half = sideRange(job.n, side);
    g.prefetch(g.context, job.n + half.first, half.size());
}

void NetworkPass::forwardStage(const Job &job, int l, int side)
{
    const std::size_t i = std::size_t(l);
    const NeuronRange own = sideRange(m_arch.layerOutputs(l), side);
    if (own.size() == 0)
        return;
    const Layer<float> &layer = job.params->layers[i];
    const int in = m_arch.layerInputs(l), n = job.n;
    // Z_l = W_l A_{l-1} + b_l, as Z_l^T = A_{l-1}^T W_l^T (row-major W_l is W_l^T column-major)
    if (l == 0 && sparseFirst(job, side))
        sparseForward(job, side);
    else
        job.kernels->forward[side][i](l == 0 ? inputsOf(job, side).XT.data() : m_AT[i - 1].data(),
                                      layer.W.data() + std::size_t(own.first) * std::size_t(in),
                                      m_ZT[i].data() + std::size_t(own.first) * std::size_t(m_ld));
    auto Z = m_ZT[i].block(0, own.first, n, own.size());
    Z.rowwise() += layer.b.segment(own.first, own.size()).transpose();
    auto AT = m_AT[i].block(0, own.first, n, own.size());
    activate<float>(m_arch.activation, Z, AT);
    // A_l itself (neurons as rows) for the next layer's dW.
    transposeInto(AT.data(), m_ld, n, own.size(), m_A[i].data() + own.first, m_ldA[i]);
    if (l + 2 == m_arch.layerCount())
        outputShare(job, side);
}

void NetworkPass::sparseForward(const Job &job, int side)
{
    // Z_1 = W_1 X over X's non-zeros: the side's rows of W_1 as W_1^T, Z_1 per sample, then Z_1^T
    Side &mine = m_sides[std::size_t(side)];
    const NeuronRange own = sideRange(m_arch.layerOutputs(0), side);
    const int in = m_arch.inputs, ld = int(mine.WT.rows());
    const SparseInputs &sparse = inputsOf(job, side).sparse;
    const float *W = job.params->layers[0].W.data() + std::size_t(own.first) * std::size_t(in);
    // Only the rows of W^T that times() reads: the inputs some sample inks.
    forInputRuns(sparse, in, [&](int first, int end, bool inked) {
        if (inked)
            transposeInto(W + first, in, end - first, own.size(), mine.WT.data() + std::size_t(first) * std::size_t(ld),
                          ld);
    });
    sparse.times(mine.WT.data(), ld, own.size(), mine.Zs.data(), ld);
    transposeInto(mine.Zs.data(), ld, own.size(), job.n, m_ZT[0].data() + std::size_t(own.first) * std::size_t(m_ld),
                  m_ld);
}

void NetworkPass::sparseWeightGradient(const Job &job, int side)
{
    // dW_1^T = X Delta_1^T over X's non-zeros, from Delta_1 per sample; then dW_1's rows of the side
    Side &mine = m_sides[std::size_t(side)];
    const NeuronRange own = sideRange(m_arch.layerOutputs(0), side);
    const int in = m_arch.inputs, ld = int(mine.WT.rows());
    transposeInto(m_DeltaT[0].data() + std::size_t(own.first) * std::size_t(m_ld), m_ld, job.n, own.size(),
                  mine.Ds.data(), ld);
    const SparseInputs &sparse = inputsOf(job, side).sparse;
    sparse.outer(mine.Ds.data(), ld, own.size(), mine.dWT.data(), ld);
    // The blank inputs' columns of dW_1 are zero: written as such, not transposed.
    float *dW = job.grads->layers[0].W.data() + std::size_t(own.first) * std::size_t(in);
    forInputRuns(sparse, in, [&](int first, int end, bool inked) {
        if (inked) {
            transposeInto(mine.dWT.data() + std::size_t(first) * std::size_t(ld), ld, own.size(), end - first,
                          dW + first, in);
            return;
        }
        for (int r = 0; r < own.size(); ++r)
            std::fill_n(dW + std::size_t(r) * std::size_t(in) + first, end - first, 0.0f);
    });
}

void NetworkPass::outputShare(const Job &job, int side)
{
    // Z_out^T = sum over the sides of A_prev^T[:, own] W_out^T[own, :]; side 0 adds b_out.
    const int L = m_arch.layerCount(), in = m_arch.layerInputs(L - 1);
    const NeuronRange own = sideRange(in, side);
    Side &mine = m_sides[std::size_t(side)];
    if (own.size() > 0) {
        const float *prev = L == 1 ? inputsOf(job, side).XT.data() : m_AT[std::size_t(L - 2)].data();
        job.kernels->share[side](prev + std::size_t(own.first) * std::size_t(m_ld),
                                 job.params->layers.back().W.data() + own.first, mine.share.data());
    } else {
        mine.share.topRows(job.n).setZero();
    }
    if (side == 0)
        mine.share.topRows(job.n).rowwise() += job.params->layers.back().b.transpose();
}

void NetworkPass::outputStage(const Job &job, int side)
{
    const int n = job.n, L = m_arch.layerCount();
    Side &mine = m_sides[std::size_t(side)];
    // Each side its own copy of the logits and deltas, from the same sums in the same order.
    mine.ZT.topRows(n) = m_sides[0].share.topRows(n) + m_sides[1].share.topRows(n);
    // Per sample: L = -ln p_y = ln(sum_j e^(z_j - m)) - (z_y - m), m = max_j z_j;
    // delta_out = (p - onehot(y)) / meanOver with p_k = e^(z_k - m) / sum_j e^(z_j - m).
    double lossSum = 0;
    for (int s = 0; s < n; ++s) {
        float m = mine.ZT(s, 0);
        int largest = 0;
        for (int k = 1; k < kOutputs; ++k)
            if (mine.ZT(s, k) > m) {
                m = mine.ZT(s, k);
                largest = k;
            }
        if (side == 0)
            m_predicted[std::size_t(s)] = std::uint8_t(largest);
        float sum = 0;
        for (int k = 0; k < kOutputs; ++k) {
            mine.DeltaT(s, k) = std::exp(mine.ZT(s, k) - m);
            sum += mine.DeltaT(s, k);
        }
        const int y = inputsOf(job, side).labels[std::size_t(s)];
        if (side == 0)
            lossSum += double(std::log(sum) - (mine.ZT(s, y) - m));
        const float scale = job.inv / sum;
        for (int k = 0; k < kOutputs; ++k)
            mine.DeltaT(s, k) *= scale;
        mine.DeltaT(s, y) -= job.inv;
    }
    mine.lossSum = lossSum;
    weightGradients(job, L - 1, side);
    if (L > 1)
        deltaStage(job, L - 1, side);
}

void NetworkPass::deltaStage(const Job &job, int l, int side)
{
    // Delta_{l-1} = (W_l^T Delta_l) .* f'(Z_{l-1}) on the side's neurons of layer l - 1, as
    // Delta_{l-1}^T = Delta_l^T W_l (all of Delta_l: the side's own copy of the output layer's,
    // both sides' neurons of a hidden layer's)
    const std::size_t i = std::size_t(l), prev = i - 1;
    const float *deltaT = l + 1 == m_arch.layerCount() ? m_sides[std::size_t(side)].DeltaT.data() : m_DeltaT[i].data();
    const NeuronRange own = sideRange(m_arch.layerInputs(l), side);
    if (own.size() > 0) {
        const int n = job.n;
        job.kernels->back[side][i](deltaT, job.params->layers[i].W.data() + own.first,
                                   m_DeltaT[prev].data() + std::size_t(own.first) * std::size_t(m_ld));
        multiplyByDerivative<float>(m_arch.activation, m_ZT[prev].block(0, own.first, n, own.size()),
                                    m_AT[prev].block(0, own.first, n, own.size()),
                                    m_DeltaT[prev].block(0, own.first, n, own.size()));
    }
    weightGradients(job, l - 1, side);
}

void NetworkPass::weightGradients(const Job &job, int l, int side)
{
    const std::size_t i = std::size_t(l);
    const int L = m_arch.layerCount(), in = m_arch.layerInputs(l), n = job.n;
    Layer<float> &g = job.grads->layers[i];
    const float *prev = l == 0 ? inputsOf(job, side).X.data() : m_A[i - 1].data();
    if (l + 1 == L) {
        // dW_out = Delta_out A_prev^T on the side's columns (rows of the column-major dW_out^T);
        // db_out = the sum over the samples of Delta_out (side 0)
        const NeuronRange own = sideRange(in, side);
        const Side &mine = m_sides[std::size_t(side)];
        if (own.size() > 0)
            job.kernels->weights[side][i](prev + own.first, mine.DeltaT.data(), g.W.data() + own.first);
        if (side == 0)
            g.b = mine.DeltaT.topRows(n).colwise().sum().transpose();
        return;
    }
    // dW_l = Delta_l A_{l-1}^T on the side's rows, as dW_l^T = A_{l-1} Delta_l^T (the row-major
    // gradient's memory); db_l = the sum over the samples of Delta_l
    const NeuronRange own = sideRange(m_arch.layerOutputs(l), side);
    if (own.size() == 0)
        return;
    const float *delta = m_DeltaT[i].data() + std::size_t(own.first) * std::size_t(m_ld);
    if (l == 0 && sparseFirst(job, side))
        sparseWeightGradient(job, side);
    else
        job.kernels->weights[side][i](prev, delta, g.W.data() + std::size_t(own.first) * std::size_t(in));
    g.b.segment(own.first, own.size()) = m_DeltaT[i].block(0, own.first, n, own.size()).colwise().sum().transpose();
}

void NetworkPass::stage(const Job &job, int s, int side)
{
    const int hidden = m_arch.layerCount() - 1, forward = std::max(hidden, 1);
    if (s + 1 == stageCount())
        prefetchNextBatch(job, side);
    if (s == 0)
        gatherStage(job, side);
    if (s < forward && hidden == 0)
        outputShare(job, side);
    else if (s < forward)
        forwardStage(job, s, side);
    else if (s == forward)
        outputStage(job, side);
    else
        deltaStage(job, hidden - 1 - (s - forward - 1), side);
}

double NetworkPass::forwardBackward(const MlpParamsF &params, int count, const PassGather &gather, MlpParamsF &grads,
                                    int meanOver, HalfPair *pair)
{
    Job job;
    job.self = this;
    job.params = &params;
    job.grads = &grads;
    job.gather = &gather;
    job.kernels = &kernelsFor(count);
    job.privateInputs = pair != nullptr;
    job.n = count;
    job.inv = 1.0f / float(meanOver > 0 ? meanOver : count);
    if (pair) {
        pair->run(&job, [](const void *context, int side, HalfPair &p) {
            const Job &j = *static_cast<const Job *>(context);
            const int stages = j.self->stageCount();
            for (int s = 0; s < stages; ++s) {
                j.self->stage(j, s, side);
                if (s + 1 < stages)
                    p.meet(side);
            }
        });
    } else {
        for (int s = 0; s < stageCount(); ++s) {
            stage(job, s, 0);
            stage(job, s, 1);
        }
    }
    m_skippedZeros = sparseFirst(job, 0);
    return m_sides[0].lossSum / double(count);
}

} // namespace bplab
