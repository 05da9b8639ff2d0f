#include "train/networktrainer.h"

#include "data/augment.h"
#include "nn/batchcolumns.h"
#include "nn/batchpair.h"
#include "train/exchange.h"
#include "nn/kernels.h"
#include "nn/networkpass.h"
#include "nn/batchthreads.h"
#include "train/trainer.h"
#include "train/trainsubset.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <string>
#include <utility>

namespace bplab {

namespace {

/** Columns 0 .. count of X: the images data[indices[i]], scaled as normalize says; with `augment`,
 *  each first transformed as augmentTransform() says, as the source network's Trainer does. */
void gatherColumns(const Dataset &data, const std::uint32_t *indices, int count, Normalize normalize, float *X,
                   int ldx, std::uint8_t *labels, const NetworkTrainer::AugmentAt *augment = nullptr)
{
    const int pixels = data.rows * data.cols;
    std::array<std::uint8_t, kInputs> image;
    for (int i = 0; i < count; ++i) {
        const std::uint8_t *pixelsOf = data.image(indices[i]);
        if (augment) {
            applyAffine(pixelsOf, augmentTransform(augment->seed, augment->epoch, indices[i]), image.data());
            pixelsOf = image.data();
        }
        scaleBytes(pixelsOf, pixels, normalize, X + std::size_t(i) * std::size_t(ldx));
        labels[i] = data.labels[indices[i]];
    }
}

/** "W2[3][7]" (or "b1[5]") for the first value of p that is not finite, prefixed; empty if none. */
std::string firstNonFinite(const MlpParamsF &p, const std::string &prefix, double &value)
{
    for (std::size_t l = 0; l < p.layers.size(); ++l) {
        const std::string n = std::to_string(l + 1);
        const auto &W = p.layers[l].W;
        for (Eigen::Index r = 0; r < W.rows(); ++r)
            for (Eigen::Index c = 0; c < W.cols(); ++c)
                if (!std::isfinite(W(r, c))) {
                    value = W(r, c);
                    return prefix + "W" + n + "[" + std::to_string(r) + "][" + std::to_string(c) + "]";
                }
        const auto &b = p.layers[l].b;
        for (Eigen::Index r = 0; r < b.size(); ++r)
            if (!std::isfinite(b(r))) {
                value = b(r);
                return prefix + "b" + n + "[" + std::to_string(r) + "]";
            }
    }
    return {};
}

std::shared_ptr<const DataSplit> trainingData(std::shared_ptr<const DataSplit> all, const TrainConfig &config)
{
    if (subsetSize(config.trainSubset, all->train.size()) == all->train.size())
        return all;
    auto cut = std::make_shared<DataSplit>(*all);
    cut->train = balancedSubset(all->train, config.trainSubset, config.seed);
    return cut;
}

} // namespace

NetworkTrainer::Half::Half(const Architecture &arch, int capacity)
    : ws(arch.layered() ? Architecture {} : arch, arch.layered() ? 1 : capacity)
    , layers(arch.layered() ? std::make_unique<LayerPass<float>>(arch, capacity) : nullptr)
    , grads(MlpParamsF::zeros(arch))
    , labels(std::size_t(capacity))
{
}

NetworkTrainer::NetworkTrainer(std::shared_ptr<const DataSplit> data, const TrainConfig &config,
                               const Architecture &arch, MlpParamsF initial,
                               std::shared_ptr<GradientExchange> exchange)
    : m_data(trainingData(std::move(data), config))
    , m_config(config)
    , m_arch(arch)
    , m_params(std::move(initial))
    , m_grads(MlpParamsF::zeros(arch))
    , m_velocity(MlpParamsF::zeros(arch))
    , m_next(MlpParamsF::zeros(arch))
    , m_nextVelocity(MlpParamsF::zeros(arch))
    , m_second(config.optimizer == "adam" ? MlpParamsF::zeros(arch) : MlpParamsF {})
    , m_nextSecond(config.optimizer == "adam" ? MlpParamsF::zeros(arch) : MlpParamsF {})
    , m_batch(std::max(1, std::min(config.batch, int(std::max<std::size_t>(m_data->train.size(), 1)))))
    , m_exchange(std::move(exchange))
    , m_replicaBatch(std::max(1, config.batch))
    , m_order(m_data->train.size())
{
    if (m_exchange) { // the global batch of all replicas; the halves hold one replica's slice
        m_batch = m_replicaBatch * m_exchange->replicas();
        m_exchangeBuffers.assign(std::size_t(m_exchange->localReplicas()), std::vector<float>(arch.parameterCount()));
    }
    if (m_exchange) { // each local replica's own output-layer gradient, kept for the views
        const Layer<float> &output = m_grads.layers.back();
        m_replicaOutput.assign(m_exchangeBuffers.size(), RowMat<float>::Zero(output.W.rows(), output.W.cols()));
        m_replicaCounts.assign(m_exchangeBuffers.size(), 0);
    }
    // The batch (or a replica's slice) on libxsmm's kernels; the halves of Eigen's pass are made at
    // its first batch (gatherHalves).
    if (xsmmBuilt() && !arch.layered())
        m_pass = std::make_unique<NetworkPass>(arch, m_exchange ? m_replicaBatch : m_batch);
    const std::size_t n = m_data->train.size();
    m_batchesPerEpoch = std::max(1, int((n + std::size_t(m_batch) - 1) / std::size_t(m_batch)));
}

NetworkTrainer::~NetworkTrainer() = default;

void NetworkTrainer::runHalf(int h, int count)
{
    // The half's share of the batch's gradient: its samples' summed loss gradient / count.
    Half &half = m_halves[std::size_t(h)];
    if (half.count > 0 && half.layers) {
        // Dropout's draws are keyed by the sample's place in the (global) batch.
        PassContext ctx;
        ctx.training = true;
        ctx.seed = m_config.seed;
        ctx.batch = m_step;
        ctx.firstSample = int(m_halvesAt - m_batchFirst) + (h ? m_halves[0].count : 0);
        half.loss = half.layers->forwardBackward(m_params, half.labels.data(), half.count, half.grads, count, ctx);
    } else if (half.count > 0) {
        half.loss = mlpForwardBackward(m_params, half.labels.data(), half.count, half.ws, half.grads, count);
    }
}

void NetworkTrainer::gatherHalves(std::size_t at, int count, const AugmentAt *augment)
{
    // Half 0 takes the first ceil(n / 2) samples of a batch (or of a replica's slice), half 1 the rest.
    if (m_halves.empty())
        for (int h = 0; h < 2; ++h)
            m_halves.emplace_back(m_arch, std::max(1, ((m_exchange ? m_replicaBatch : m_batch) + 1) / 2));
    // The images are scattered over the data set: all of the batch's are asked for at once, and
    // arrive while the first are converted (the libxsmm pass asks group by group).
    prefetchImages(m_data->train, m_order.data() + at, count);
    const int firstHalf = (count + 1) / 2;
    m_halvesAt = at;
    for (int h = 0; h < 2; ++h) {
        Mat<float> &X = m_halves[std::size_t(h)].inputs();
        gatherColumns(m_data->train, m_order.data() + at + (h ? std::size_t(firstHalf) : 0),
                      h ? count - firstHalf : firstHalf, m_config.normalize, X.data(), int(X.rows()),
                      m_halves[std::size_t(h)].labels.data(), augment);
    }
}

Status NetworkTrainer::exchangeGradients(std::size_t first, int count, const AugmentAt *augment, double &loss)
{
    // Replica w takes samples [w B, (w + 1) B) of the global batch; each sends its mean gradient
    // times its sample count, so that the sum over all replicas / count is the global mean.
    double lossSum = 0;
    for (std::size_t i = 0; i < m_exchangeBuffers.size(); ++i) {
        const int w = m_exchange->firstLocal() + int(i);
        const int begin = std::min(count, w * m_replicaBatch);
        const int n = std::min(count, (w + 1) * m_replicaBatch) - begin;
        std::vector<float> &buf = m_exchangeBuffers[i];
        m_replicaCounts[i] = std::max(n, 0);
        if (n <= 0) { // a short last batch leaves the last replicas without samples
            std::fill(buf.begin(), buf.end(), 0.0f);
            m_replicaOutput[i].setZero();
            continue;
        }
        lossSum += computeGradients(first + std::size_t(begin), n, augment) * n;
        m_replicaOutput[i] = m_grads.layers.back().W;
        flatten(m_grads, buf.data());
        const float weight = float(n);
        for (float &v : buf)
            v *= weight;
    }
    if (Status st = m_exchange->allReduce(m_exchangeBuffers, lossSum); !st)
        return st;
    loss = lossSum / std::max(count, 1);
    std::vector<float> &sum = m_exchangeBuffers.front(); // every replica holds the same sum
    const float inv = 1.0f / float(std::max(count, 1));
    for (float &v : sum)
        v *= inv;
    unflatten(sum.data(), m_grads);
    return Status::success();
}

HalfPair *NetworkTrainer::pair()
{
    if (trainingThreads() < 2)
        return nullptr;
    if (!m_pair)
        m_pair = std::make_unique<HalfPair>();
    return m_pair.get();
}

double NetworkTrainer::computeGradients(std::size_t at, int count, const AugmentAt *augment)
{
    if (m_pass && activeKernels() == Kernels::Xsmm && m_pass->ready(count)) {
        // The batch's samples [first, first + n), from the epoch's order at `at`.
        struct Context
        {
            const NetworkTrainer *self;
            std::size_t at;
            const AugmentAt *augment;
            const std::uint32_t *indices(int first) const { return self->m_order.data() + at + std::size_t(first); }
        } context {this, at, augment};
        const PassGather gather {
                &context,
                [](const void *c, int first, int n, float *X, int ldx, std::uint8_t *labels) {
                    const Context &g = *static_cast<const Context *>(c);
                    gatherColumns(g.self->m_data->train, g.indices(first), n, g.self->m_config.normalize, X, ldx,
                                  labels, g.augment);
                },
                [](const void *c, int first, int n) {
                    // The epoch's order goes on into the next batch (none after its last).
                    const Context &g = *static_cast<const Context *>(c);
                    const std::size_t from = std::min(g.at + std::size_t(first), g.self->m_order.size());
                    const int left = int(std::min(std::size_t(n), g.self->m_order.size() - from));
                    prefetchImages(g.self->m_data->train, g.indices(first), left);
                }};
        m_passPredicted = !m_exchange;
        return m_pass->forwardBackward(m_params, count, gather, m_grads, 0, pair());
    }
    m_passPredicted = false;
    gatherHalves(at, count, augment);
    return forwardBackward(count);
}

double NetworkTrainer::forwardBackward(int count)
{
    m_halves[0].count = (count + 1) / 2;
    m_halves[1].count = count - m_halves[0].count;
    struct Job
    {
        NetworkTrainer *self;
        int count;
    } job {this, count};
    if (m_halves[1].count > 0 && pair()) {
        m_pair->run(&job, [](const void *context, int h, HalfPair &) {
            const Job &j = *static_cast<const Job *>(context);
            j.self->runHalf(h, j.count);
        });
    } else {
        runHalf(0, count);
        runHalf(1, count);
    }
    // dL/dW = share 0 + share 1, always in this order.
    for (std::size_t l = 0; l < m_grads.layers.size(); ++l) {
        if (m_halves[1].count > 0) {
            m_grads.layers[l].W = m_halves[0].grads.layers[l].W + m_halves[1].grads.layers[l].W;
            m_grads.layers[l].b = m_halves[0].grads.layers[l].b + m_halves[1].grads.layers[l].b;
        } else {
            m_grads.layers[l].W = m_halves[0].grads.layers[l].W;
            m_grads.layers[l].b = m_halves[0].grads.layers[l].b;
        }
    }
    // The mean loss from the halves' means.
    return (m_halves[0].loss * m_halves[0].count + (m_halves[1].count ? m_halves[1].loss * m_halves[1].count : 0.0))
           / count;
}

void NetworkTrainer::startAt(std::size_t step)
{
    m_step = std::min(step, totalSteps());
    m_beforeKept = false;
    m_epochLossSum = 0;
    m_epochSeconds = 0;
    m_epochBatches = 0;
    if (m_step % std::size_t(m_batchesPerEpoch) != 0)
        epochOrder(m_config.seed, epoch(), m_order);
}

NetworkOptimizerState NetworkTrainer::optimizerState() const
{
    NetworkOptimizerState out;
    out.first = m_velocity;
    if (m_config.optimizer == "adam")
        out.second = m_second;
    out.steps = m_adamSteps;
    return out;
}

void NetworkTrainer::undoLastBatch()
{
    // After a kept batch m_next, m_nextVelocity and m_nextSecond hold the state before it.
    const bool adam = m_config.optimizer == "adam";
    std::swap(m_params, m_next);
    if (adam || m_config.momentum > 0)
        std::swap(m_velocity, m_nextVelocity);
    if (adam) {
        std::swap(m_second, m_nextSecond);
        --m_adamSteps;
    }
    m_beforeKept = false;
}

void NetworkTrainer::resumeAt(std::size_t step, double epochLossSum, double epochSeconds)
{
    startAt(step);
    m_epochLossSum = epochLossSum;
    m_epochSeconds = epochSeconds;
    m_epochBatches = int(m_step % std::size_t(m_batchesPerEpoch));
}

bool NetworkTrainer::setOptimizerState(const MlpParamsF &first, const MlpParamsF *second, std::uint64_t steps)
{
    const bool adam = m_config.optimizer == "adam";
    if (!first.hasShape(m_arch) || (adam && (!second || !second->hasShape(m_arch))) || (!adam && m_config.momentum == 0))
        return false;
    m_velocity = first;
    if (adam) {
        m_second = *second;
        m_adamSteps = steps;
    }
    return true;
}

float NetworkTrainer::stepSide(const StepRule &rule, int h)
{
    // The side's part of every tensor (the first part of a hidden layer's W is the rows side 0
    // computed the gradient of).
    const bool adam = rule.adam, momentum = rule.momentum > 0;
    float zero = 0;
    for (std::size_t l = 0; l < m_params.layers.size(); ++l) {
        const auto tensor = [&](auto member) {
            StepArrays a;
            a.w = (m_params.layers[l].*member).data();
            a.g = (m_grads.layers[l].*member).data();
            a.next = (m_next.layers[l].*member).data();
            if (adam || momentum) {
                a.v = (m_velocity.layers[l].*member).data();
                a.nv = (m_nextVelocity.layers[l].*member).data();
            }
            if (adam) {
                a.s = (m_second.layers[l].*member).data();
                a.ns = (m_nextSecond.layers[l].*member).data();
            }
            const NeuronRange part = sideRange(int((m_params.layers[l].*member).size()), h);
            zero += stepSpan(rule, a, std::size_t(part.first), std::size_t(part.size()));
        };
        tensor(&Layer<float>::W);
        tensor(&Layer<float>::b);
    }
    return zero;
}

bool NetworkTrainer::stepAll(const StepRule &rule)
{
    struct Job
    {
        NetworkTrainer *self;
        const StepRule *rule;
        float *zero;
    };
    float zero[2] = {0, 0};
    const Job job {this, &rule, zero};
    if (HalfPair *p = pair()) {
        p->run(&job, [](const void *context, int h, HalfPair &) {
            const Job &j = *static_cast<const Job *>(context);
            j.zero[h] = j.self->stepSide(*j.rule, h);
        });
    } else {
        zero[0] = stepSide(rule, 0);
        zero[1] = stepSide(rule, 1);
    }
    return zero[0] + zero[1] == 0.0f;
}

NetworkBatch NetworkTrainer::trainBatch()
{
    NetworkBatch r;
    if (finished() || m_data->train.size() == 0)
        return r;
    const int inEpoch = int(m_step % std::size_t(m_batchesPerEpoch));
    r.epoch = epoch();
    r.step = m_step;
    if (inEpoch == 0) {
        epochOrder(m_config.seed, r.epoch, m_order);
        m_epochLossSum = 0;
        m_epochSeconds = 0;
        m_epochBatches = 0;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const std::size_t first = std::size_t(inEpoch) * std::size_t(m_batch);
    m_batchFirst = first;
    const int count = int(std::min<std::size_t>(std::size_t(m_batch), m_order.size() - first));
    const AugmentAt augmentAt {m_config.seed, r.epoch};
    const AugmentAt *augment = m_config.augment ? &augmentAt : nullptr;
    r.lr = scheduledLr(m_config, m_step, totalSteps());
    if (m_exchange) {
        if (Status st = exchangeGradients(first, count, augment, r.loss); !st) {
            r.exchangeError = st.error();
            return r;
        }
    } else {
        r.loss = computeGradients(first, count, augment);
        m_lastCount = count;
    }

    Divergence d;
    d.lossLimit = m_lossLimit;
    std::string where;
    // What the weights are after a divergence (empty: those before this batch). Made only when
    // needed: a batch that trains on allocates nothing.
    std::string restored;
    // The report of a divergence at this batch; the weights are as `restored` says.
    const auto diverged = [&]() -> NetworkBatch & {
        d.epoch = r.epoch + 1;
        d.batch = inEpoch + 1;
        d.batchesPerEpoch = m_batchesPerEpoch;
        d.step = m_step + 1;
        d.lr = r.lr;
        d.suggestedLr = suggestedLearningRate(r.lr);
        d.message = divergenceMessage(d, restored.empty() ? "; the weights are those before this batch" : restored);
        m_beforeKept = false; // m_next holds the refused step (or the undone batch's weights)
        r.divergence = std::move(d);
        return r;
    };
    // NaN or Inf; or above the limit while there is an earlier state to go back to, as the source
    // network's Trainer does: the weights the previous batch produced already overflow the
    // forward pass, so that batch is undone too (before this batch's update overwrites the state
    // kept from before it). A finite loss above the limit at weights that cannot be undone further
    // (the first batch after a start, a restore or an undo) is trained on.
    if (!std::isfinite(r.loss) || (r.loss > m_lossLimit && m_beforeKept)) {
        d.quantity = "the loss";
        d.value = r.loss;
        if (m_beforeKept) {
            float largest = 0;
            for (const Layer<float> &l : m_params.layers)
                largest = std::max({largest, l.W.cwiseAbs().maxCoeff(), l.b.cwiseAbs().maxCoeff()});
            undoLastBatch();
            d.batchesUndone = 2;
            restored = ": the weights the previous batch produced were too large for the forward pass (largest |w| "
                       + valueText(largest)
                       + "); the weights and the optimiser state are back to their values before that batch";
        }
    }

    if (!d.quantity.empty()) // the loss: no update computed
        return diverged();

    // v' = momentum v + g, w' = w - lr v' (momentum 0: w' = w - lr g), or Adam's step (stepSpan), into
    // spare buffers so that a step whose result is not finite leaves the weights as they were.
    const bool adam = m_config.optimizer == "adam";
    const float mu = adam ? 0.0f : float(m_config.momentum);
    const std::uint64_t t = m_adamSteps + 1;
    StepRule rule;
    rule.adam = adam;
    rule.lr = float(r.lr);
    rule.momentum = mu;
    rule.c1 = 1.0f - float(std::pow(double(kNetworkAdamBeta1), double(t)));
    rule.c2 = 1.0f - float(std::pow(double(kNetworkAdamBeta2), double(t)));
    rule.weightDecay = float(m_config.weightDecay);
    if (!stepAll(rule)) { // something is not finite: find the first value, in this order
        if (where = firstNonFinite(m_grads, "dL/d", d.value); !where.empty()) {
            d.quantity = "the gradient " + where;
        } else if (where = mu > 0 || adam ? firstNonFinite(m_nextVelocity, adam ? "m_" : "v_", d.value)
                                          : std::string();
                   !where.empty()) {
            d.quantity = (adam ? "the first moment " : "the momentum buffer ") + where;
        } else if (where = adam ? firstNonFinite(m_nextSecond, "v_", d.value) : std::string(); !where.empty()) {
            d.quantity = "the second moment " + where;
        } else if (where = firstNonFinite(m_next, "", d.value); !where.empty()) {
            d.quantity = (where[0] == 'W' ? "the weight " : "the bias ") + where;
        }
    }
    if (!d.quantity.empty())
        return diverged();
    std::swap(m_params, m_next);
    m_beforeKept = true;
    if (mu > 0 || adam)
        std::swap(m_velocity, m_nextVelocity);
    if (adam) {
        std::swap(m_second, m_nextSecond);
        ++m_adamSteps;
    }
    m_epochLossSum += r.loss;
    ++m_epochBatches;
    m_epochSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ++m_step;

    if (inEpoch + 1 == m_batchesPerEpoch) {
        // The evaluation runs on OpenMP's threads: the pair's second thread sleeps now instead of
        // spinning for the next batch on a core they need.
        if (m_pair)
            m_pair->rest();
        EpochReport e;
        e.epoch = r.epoch + 1;
        e.trainLoss = m_epochLossSum / m_epochBatches;
        const Evaluation test = evaluateNetwork(m_arch, m_params, m_data->test, m_config.normalize);
        e.testLoss = test.loss;
        e.testAccuracy = test.accuracy;
        e.confusion = test.confusion;
        const Evaluation train = evaluateNetwork(m_arch, m_params, m_data->train, m_config.normalize);
        e.trainEvalLoss = train.loss;
        e.trainAccuracy = train.accuracy;
        e.seconds = m_epochSeconds;
        e.samplesPerSecond = m_epochSeconds > 0 ? double(m_data->train.size()) / m_epochSeconds : 0.0;
        r.epochEnded = e;
    }
    return r;
}

std::vector<std::uint8_t> NetworkTrainer::lastBatchPredicted() const
{
    if (!m_beforeKept || !m_passPredicted)
        return {};
    return {m_pass->predicted(), m_pass->predicted() + m_lastCount};
}

bool NetworkTrainer::skippedZeroInputs() const
{
    return m_pass && activeKernels() == Kernels::Xsmm && m_pass->skippedZeros();
}

} // namespace bplab
