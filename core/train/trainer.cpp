#include "train/trainer.h"

#include "data/augment.h"
#include "nn/mlp.h"
#include "train/networktrainer.h"
#include "rng.h"
#include "train/snapshot.h"
#include "train/trainsubset.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <string>
#include <utility>

namespace bplab {

namespace {

/** "W1[3][200]" for the first element of m that is not finite; empty when all are. */
template <class M>
std::string firstNonFiniteIn(const M &m, const char *name, double &value)
{
    for (Eigen::Index c = 0; c < m.cols(); ++c)
        for (Eigen::Index r = 0; r < m.rows(); ++r)
            if (!std::isfinite(m(r, c))) {
                value = double(m(r, c));
                return m.cols() == 1 ? std::string(name) + "[" + std::to_string(r) + "]"
                                     : std::string(name) + "[" + std::to_string(r) + "][" + std::to_string(c) + "]";
            }
    return {};
}

/** The first non-finite value of p, named with prefix ("dL/d" -> "dL/dW1[3][200]"). */
std::string firstNonFinite(const ParamsF &p, const std::string &prefix, double &value)
{
    if (auto where = firstNonFiniteIn(p.W1, (prefix + "W1").c_str(), value); !where.empty())
        return where;
    if (auto where = firstNonFiniteIn(p.W2, (prefix + "W2").c_str(), value); !where.empty())
        return where;
    for (auto [v, name] : {std::pair<const Vec<float> *, const char *>{&p.b1, "b1"}, {&p.b2, "b2"}})
        if (auto where = firstNonFiniteIn(*v, (prefix + name).c_str(), value); !where.empty())
            return where;
    return {};
}

} // namespace

Divergence describeDivergence(const BatchReport &r, double lossLimit, int undone,
                              const ParamsF &grads, const ParamsF *velocity, const ParamsF &next,
                              double testLoss, const char *bufferName)
{
    Divergence d;
    d.epoch = r.epoch + 1;
    d.batch = r.batchInEpoch + 1;
    d.batchesPerEpoch = r.batchesPerEpoch;
    d.step = r.step + 1;
    d.lr = r.lr;
    d.lossLimit = lossLimit;
    d.suggestedLr = suggestedLearningRate(r.lr);
    d.batchesUndone = undone;
    std::string where;
    // A loss above the limit is the cause only when it undid the previous batch (else it was trained on).
    if (!std::isfinite(r.loss) || (r.loss > lossLimit && undone == 2)) {
        d.quantity = "the loss";
        d.value = r.loss;
    } else if (where = firstNonFinite(grads, "dL/d", d.value); !where.empty()) {
        d.quantity = "the gradient " + where;
    } else if (velocity && (where = firstNonFinite(*velocity, "v_", d.value), !where.empty())) {
        d.quantity = bufferName + where;
    } else if (where = firstNonFinite(next, "", d.value); !where.empty()) {
        d.quantity = (where[0] == 'W' ? "the weight " : "the bias ") + where;
    } else {
        d.quantity = "the test loss at the end of the epoch";
        d.value = testLoss;
    }
    std::string restored = "; the weights and the optimiser state are back to their values before this batch";
    if (undone == 2) {
        const float largest = std::max({next.W1.cwiseAbs().maxCoeff(), next.b1.cwiseAbs().maxCoeff(),
                                        next.W2.cwiseAbs().maxCoeff(), next.b2.cwiseAbs().maxCoeff()});
        restored = ": the weights the previous batch produced were too large for the forward pass (largest |w| " +
                   valueText(largest) +
                   "); the weights and the optimiser state are back to their values before that batch";
    }
    d.message = divergenceMessage(d, restored);
    return d;
}

Trainer::Trainer(std::shared_ptr<const DataSplit> data, TrainConfig config,
                 std::shared_ptr<GradientExchange> exchange)
    : m_all(std::move(data))
    , m_data(m_all)
    , m_exchange(std::move(exchange))
    , m_config(config)
    , m_active(config)
    , m_ws(std::max(config.batch, 1))
{
    if (m_exchange) {
        const auto local = std::size_t(std::max(m_exchange->localReplicas(), 0));
        m_replicaGrads.assign(local, ParamsF::zeros());
        m_replicaCounts.assign(local, 0);
        m_exchangeBuffers.assign(local, std::vector<float>(parameterCount(), 0.0f));
    }
    reset();
}

Trainer::~Trainer() = default;

const ParamsF &Trainer::replicaGradient(int i) const
{
    return m_exchange ? m_replicaGrads.at(std::size_t(i)) : m_grads;
}

int Trainer::replicaCount(int i) const
{
    return m_exchange ? m_replicaCounts.at(std::size_t(i)) : m_lastBatchCount;
}

Status Trainer::replicaGradients(std::size_t first, int total, double &loss)
{
    const Dataset &train = m_data->train;
    const int B = m_active.batch;
    double lossSum = 0;
    for (std::size_t i = 0; i < m_replicaGrads.size(); ++i) {
        const int w = m_exchange->firstLocal() + int(i);
        const int begin = std::min(total, w * B);
        const int count = std::min(total, (w + 1) * B) - begin;
        m_replicaCounts[i] = count;
        std::vector<float> &buf = m_exchangeBuffers[i];
        if (count <= 0) { // a short last batch leaves the last replicas without samples
            m_replicaGrads[i] = ParamsF::zeros();
            std::fill(buf.begin(), buf.end(), 0.0f);
            continue;
        }
        const std::uint32_t *idx = m_order.data() + first + std::size_t(begin);
        if (m_active.augment) // a function of (seed, epoch, sample): one replica's images
            gatherAugmentedBatch(train, idx, count, m_active.normalize, m_active.seed, m_epoch, m_ws);
        else
            gatherBatch(train, idx, count, m_active.normalize, m_ws);
        for (int c = 0; c < count; ++c)
            m_batchLabels[std::size_t(c)] = train.labels[idx[c]];
        lossSum += forwardBackwardBatch(m_params, m_batchLabels.data(), count, m_ws, m_replicaGrads[i]) * count;
        // Scaled by the count, the sum over replicas divided by the global count is the global
        // mean, also for a short last batch.
        flatten(m_replicaGrads[i], buf.data());
        const float weight = float(count);
        for (float &v : buf)
            v *= weight;
    }
    if (Status st = m_exchange->allReduce(m_exchangeBuffers, lossSum); !st)
        return st;
    loss = total > 0 ? lossSum / total : 0.0;
    // Every replica holds the same sum: the first local one stands for all.
    std::vector<float> &sum = m_exchangeBuffers.front();
    const float inv = 1.0f / float(std::max(total, 1));
    for (float &v : sum)
        v *= inv;
    unflatten(sum.data(), m_nextGrads);
    return Status::success();
}

Trainer::TrainingData Trainer::dataFor(const TrainConfig &config) const
{
    if (subsetSize(config.trainSubset, m_all->train.size()) == m_all->train.size())
        return {m_all, nullptr};
    if (m_subsetIndices && m_data->train.size() == config.trainSubset && m_active.seed == config.seed)
        return {m_data, m_subsetIndices}; // the subset in use: the same images
    auto indices = std::make_shared<const std::vector<std::uint32_t>>(
            balancedSubsetIndices(m_all->train, config.trainSubset, config.seed));
    auto cut = std::make_shared<DataSplit>();
    cut->name = m_all->name;
    cut->folder = m_all->folder;
    cut->classNames = m_all->classNames;
    cut->test = m_all->test;
    cut->train = subsetOf(m_all->train, *indices);
    return {cut, indices};
}

void Trainer::useData(TrainingData data)
{
    if (data.data == m_data)
        return;
    m_data = std::move(data.data);
    m_subsetIndices = std::move(data.indices);
    m_identity.reset();
}

std::vector<std::uint32_t> Trainer::inAllData(std::vector<std::uint32_t> indices) const
{
    if (m_subsetIndices)
        for (std::uint32_t &i : indices)
            i = (*m_subsetIndices)[i];
    return indices;
}

void Trainer::reset()
{
    useData(dataFor(m_config));
    m_active = m_config;
    m_active.batch = std::max(m_active.batch, 1);
    m_active.epochs = std::max(m_active.epochs, 0);
    m_active.replicas = replicas();
    if (m_ws.batch != m_active.batch)
        m_ws.resize(m_active.batch);
    m_batchLabels.assign(std::size_t(m_active.batch), 0);
    m_params = initParams(m_active.init, m_active.seed);
    m_network.reset();
    if (!m_active.network.isSourceNetwork() && validate(m_active.network)) {
        trainNetworkFrom(initMlp(m_active.network, m_active.init, m_active.seed));
    } else {
        m_active.network = Architecture::source();
    }
    m_optimizer = makeOptimizer(m_active);
    if (!m_optimizer) { // an unknown name (the front ends refuse it before): plain SGD
        m_active.optimizer = TrainConfig {}.optimizer;
        m_optimizer = makeOptimizer(m_active);
    }
    restart();
}

void Trainer::restart()
{
    m_grads = ParamsF::zeros();
    for (auto &g : m_replicaGrads)
        g = ParamsF::zeros();
    std::fill(m_replicaCounts.begin(), m_replicaCounts.end(), 0);
    m_optimizer->reset();
    m_previousKept = false;
    m_order.resize(m_data->train.size());
    std::iota(m_order.begin(), m_order.end(), std::uint32_t(0));
    m_epoch = 0;
    m_batchInEpoch = 0;
    m_step = 0;
    m_lastBatchStart = 0;
    m_lastBatchCount = 0;
    m_epochLossSum = 0;
    m_epochSeconds = 0;
    m_lossHistory.clear();
    // One float per batch; reserved up front (up to 4 MB) so that the batch loop does not allocate.
    m_lossHistory.reserve(std::min<std::size_t>(totalSteps(), std::size_t(1) << 20));
    m_epochReports.clear();
}

void Trainer::setParams(const ParamsF &params)
{
    m_params = params;
    restart();
}

bool Trainer::setNetworkParams(const MlpParamsF &params)
{
    if (!m_network || !params.hasShape(m_active.network))
        return false;
    trainNetworkFrom(params);
    restart();
    return true;
}

void Trainer::trainNetworkFrom(MlpParamsF initial)
{
    m_network = makeNetworkTrainer(m_data, m_active, std::move(initial));
}

std::unique_ptr<NetworkTrainer> Trainer::makeNetworkTrainer(std::shared_ptr<const DataSplit> data,
                                                            const TrainConfig &config, MlpParamsF initial) const
{
    // On the training set in use (data is the subset already), through the exchange's replicas.
    TrainConfig c = config;
    c.trainSubset = 0;
    auto network = std::make_unique<NetworkTrainer>(std::move(data), c, config.network, std::move(initial), m_exchange);
    network->setLossLimit(m_lossLimit);
    return network;
}

void Trainer::setLossLimit(double limit)
{
    m_lossLimit = limit;
    if (m_network)
        m_network->setLossLimit(limit);
}

void Trainer::setLearningRate(double lr)
{
    m_config.lr = lr;
    m_active.lr = lr;
    if (m_network)
        m_network->setLearningRate(lr);
}

void Trainer::setConfig(const TrainConfig &config)
{
    const double activeLr = m_active.lr;
    m_config = config;
    // Only the learning rate takes effect at once; the rest waits for reset().
    if (config.lr != activeLr)
        setLearningRate(config.lr);
}

int Trainer::batchesPerEpoch() const
{
    const std::size_t n = m_data->train.size();
    const auto b = std::size_t(globalBatch());
    return int((n + b - 1) / b);
}

std::size_t Trainer::totalSteps() const
{
    return std::size_t(m_active.epochs) * std::size_t(batchesPerEpoch());
}

bool Trainer::finished() const
{
    return m_step >= totalSteps();
}

void epochOrder(std::uint64_t seed, int epoch, std::vector<std::uint32_t> &order)
{
    std::iota(order.begin(), order.end(), std::uint32_t(0));
    Rng rng(mixSeed(mixSeed(seed, 1), std::uint64_t(epoch)));
    shuffle(order.data(), order.size(), rng);
}

EpochReport epochReport(int epoch, double lossSum, int batches, double seconds,
                        const ParamsF &params, const DataSplit &data, Normalize normalize)
{
    EpochReport e;
    e.epoch = epoch + 1;
    e.trainLoss = batches > 0 ? lossSum / batches : 0.0;
    const Evaluation ev = evaluate(params, data.test, normalize);
    e.testLoss = ev.loss;
    e.testAccuracy = ev.accuracy;
    e.confusion = ev.confusion;
    const Evaluation onTrain = evaluate(params, data.train, normalize);
    e.trainEvalLoss = onTrain.loss;
    e.trainAccuracy = onTrain.accuracy;
    e.seconds = seconds;
    e.samplesPerSecond = seconds > 0 ? double(data.train.size()) / seconds : 0.0;
    return e;
}

void Trainer::startEpoch()
{
    epochOrder(m_active.seed, m_epoch, m_order);
    m_epochLossSum = 0;
    m_epochSeconds = 0;
}

BatchReport Trainer::trainBatch()
{
    BatchReport r;
    if (finished())
        return r;
    if (m_network)
        return trainNetworkBatch();
    if (m_batchInEpoch == 0)
        startEpoch();
    const auto t0 = std::chrono::steady_clock::now();
    const Dataset &train = m_data->train;
    const int perEpoch = batchesPerEpoch();
    const std::size_t first = std::size_t(m_batchInEpoch) * std::size_t(globalBatch());
    const int count = int(std::min<std::size_t>(std::size_t(globalBatch()), train.size() - first));

    const double lr = scheduledLr(m_active, m_step, totalSteps());
    // Gather, forward, backward and the optimiser's step, split over the training threads: in
    // one call when the step is SGD's. The new weights and optimiser state go to second buffers:
    // when any new weight is not finite the step is dropped and the last finite state is still in
    // place. A NaN or Inf in a gradient or the optimiser's state always reaches the new weights,
    // so one check (step.finite) covers all three.
    const BatchSamples samples{&train, m_order.data() + first, m_active.normalize};
    if (m_active.augment && !m_exchange)
        gatherAugmentedBatch(train, m_order.data() + first, count, m_active.normalize, m_active.seed, m_epoch, m_ws);
    StepResult step;
    auto &labels = m_batchLabels; // in batch order, in a buffer sized by reset()
    if (!m_exchange)
        for (int c = 0; c < count; ++c)
            labels[std::size_t(c)] = train.labels[m_order[first + std::size_t(c)]];
    if (m_exchange) {
        if (Status st = replicaGradients(first, count, step.loss); !st) {
            r.exchangeError = st.error();
            return r;
        }
        m_optimizer->step(m_nextGrads, m_params, m_nextParams, float(lr));
        step.finite = m_nextParams.allFinite();
    } else if (SgdTarget target; m_optimizer->fusedTarget(float(lr), m_nextParams, target)) {
        step = forwardBackwardStep(m_params, labels.data(), count, m_ws, m_nextGrads, target,
                                   m_active.augment ? nullptr : &samples);
    } else {
        if (!m_active.augment)
            gatherBatch(train, m_order.data() + first, count, m_active.normalize, m_ws);
        step.loss = forwardBackwardBatch(m_params, labels.data(), count, m_ws, m_nextGrads);
        m_optimizer->step(m_nextGrads, m_params, m_nextParams, float(lr));
        step.finite = m_nextParams.allFinite();
    }
    const double loss = step.loss;
    r.epoch = m_epoch;
    r.batchInEpoch = m_batchInEpoch;
    r.batchesPerEpoch = perEpoch;
    r.step = m_step;
    r.count = count;
    r.loss = loss;
    r.lr = lr;
    // NaN or Inf; or above the limit while there is an earlier state to go back to. A finite loss
    // above the limit at weights that cannot be undone further (the first batch after a start,
    // a restore or an undo) is trained on: the learning rate then decides whether it recovers.
    if (!std::isfinite(loss) || (loss > m_lossLimit && m_previousKept)) {
        // The forward pass overflowed (or nearly): the weights the last batch produced are finite
        // but already too large. The weights before that batch are still in m_prevParams: swap back.
        int undone = 1;
        if (m_previousKept) {
            std::swap(m_params, m_prevParams);
            m_optimizer->rollback();
            m_previousKept = false;
            undone = 2;
        }
        r.divergence = describeDivergence(r, m_lossLimit, undone, m_nextGrads, nullptr,
                                          undone == 2 ? m_prevParams : m_nextParams);
        return r;
    }
    bool finite = step.finite;
    m_epochSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (finite && m_batchInEpoch + 1 == perEpoch) {
        // The epoch's report, on the new weights: its test loss must be finite too. The batch's
        // helper thread leaves the cores to the evaluation meanwhile.
        m_ws.helper.rest();
        r.epochEnded = epochReport(m_epoch, m_epochLossSum + loss, perEpoch, m_epochSeconds,
                                   m_nextParams, *m_data, m_active.normalize);
        finite = std::isfinite(r.epochEnded->testLoss);
    }
    if (!finite) {
        // The state before this batch is the one to recover from: a loss above the limit right
        // after it is trained on, not undone further (nor into the buffers this step wrote).
        m_previousKept = false;
        const double testLoss = r.epochEnded ? r.epochEnded->testLoss : 0.0;
        r.epochEnded.reset();
        r.divergence
                = describeDivergence(r, m_lossLimit, 1, m_nextGrads, m_optimizer->pendingBuffer(),
                                     m_nextParams, testLoss, m_optimizer->pendingBufferName());
        return r;
    }
    // Three weight buffers rotate (pointer swaps): previous <- current <- next <- the old previous.
    std::swap(m_prevParams, m_params);
    std::swap(m_params, m_nextParams);
    std::swap(m_grads, m_nextGrads);
    m_optimizer->commit();
    m_previousKept = true;
    m_lastBatchStart = first;
    m_lastBatchCount = count;
    m_epochLossSum += loss;
    m_lossHistory.push_back(float(loss));
    ++m_step;
    ++m_batchInEpoch;
    if (m_batchInEpoch == perEpoch) {
        m_epochReports.push_back(*r.epochEnded);
        ++m_epoch;
        m_batchInEpoch = 0;
    }
    return r;
}

BatchReport Trainer::trainNetworkBatch()
{
    // The NetworkTrainer draws the same epoch orders (epochOrder): m_order mirrors it for the
    // batches' indices.
    if (m_batchInEpoch == 0)
        startEpoch();
    const int perEpoch = batchesPerEpoch();
    const std::size_t first = std::size_t(m_batchInEpoch) * std::size_t(globalBatch());
    const int count = int(std::min<std::size_t>(std::size_t(globalBatch()), m_data->train.size() - first));
    NetworkBatch b = m_network->trainBatch();
    BatchReport r;
    r.epoch = m_epoch;
    r.batchInEpoch = m_batchInEpoch;
    r.batchesPerEpoch = perEpoch;
    r.step = m_step;
    r.count = count;
    r.loss = b.loss;
    r.lr = b.lr;
    if (b.exchangeError) {
        r.exchangeError = std::move(b.exchangeError);
        return r;
    }
    if (b.divergence) {
        r.divergence = std::move(b.divergence);
        return r;
    }
    r.epochEnded = std::move(b.epochEnded);
    m_lastBatchStart = first;
    m_lastBatchCount = count;
    m_epochLossSum += b.loss;
    m_lossHistory.push_back(float(b.loss));
    ++m_step;
    ++m_batchInEpoch;
    if (m_batchInEpoch == perEpoch) {
        if (r.epochEnded)
            m_epochReports.push_back(*r.epochEnded);
        ++m_epoch;
        m_batchInEpoch = 0;
    }
    return r;
}

void Trainer::run(const std::function<void(const BatchReport &)> &onBatch,
                  const std::function<void(const EpochReport &)> &onEpoch, const std::atomic<bool> *stop)
{
    while (!finished()) {
        if (stop && stop->load(std::memory_order_relaxed))
            return;
        const BatchReport r = trainBatch();
        if (onBatch)
            onBatch(r);
        if (r.divergence || r.exchangeError)
            return;
        if (r.epochEnded && onEpoch)
            onEpoch(*r.epochEnded);
    }
}

std::vector<std::uint32_t> Trainer::lastBatchIndices() const
{
    if (m_lastBatchCount == 0)
        return {};
    return {m_order.begin() + std::ptrdiff_t(m_lastBatchStart),
            m_order.begin() + std::ptrdiff_t(m_lastBatchStart) + m_lastBatchCount};
}

std::vector<std::uint32_t> Trainer::nextBatchIndices() const
{
    if (finished())
        return {};
    std::vector<std::uint32_t> fresh;
    const std::vector<std::uint32_t> *order = &m_order;
    if (m_batchInEpoch == 0) { // the next epoch's shuffle is drawn by trainBatch()
        fresh.resize(m_data->train.size());
        epochOrder(m_active.seed, m_epoch, fresh);
        order = &fresh;
    }
    const std::size_t first = std::size_t(m_batchInEpoch) * std::size_t(globalBatch());
    const std::size_t count = std::min<std::size_t>(std::size_t(globalBatch()), order->size() - first);
    return {order->begin() + std::ptrdiff_t(first), order->begin() + std::ptrdiff_t(first + count)};
}

} // namespace bplab

namespace bplab {

const DatasetIdentity &Trainer::dataIdentity() const
{
    if (!m_identity)
        m_identity = std::make_shared<const DatasetIdentity>(datasetIdentity(*m_data));
    return *m_identity;
}

TrainingSnapshot Trainer::snapshot() const
{
    TrainingSnapshot s;
    snapshotInto(s, true);
    return s;
}

void Trainer::snapshotInto(TrainingSnapshot &s, bool histories) const
{
    s.config = m_active;
    s.workers = replicas();
    s.data = dataIdentity();
    s.epoch = m_epoch;
    s.batchInEpoch = m_batchInEpoch;
    s.batchesPerEpoch = batchesPerEpoch();
    s.step = m_step;
    // Mid-epoch m_order is epochOrder(seed, epoch); its checksum lets restore() prove it regenerates.
    s.orderCrc = m_batchInEpoch > 0 ? orderChecksum(m_order) : 0;
    s.epochLossSum = m_epochLossSum;
    s.epochSeconds = m_epochSeconds;
    if (m_network) {
        networkSnapshotInto(s, histories);
        return;
    }
    s.networkParams.layers.clear();
    s.networkVelocity.layers.clear();
    s.networkBuffers.clear();
    s.params = m_params; // into s's own buffers when they have the size: no allocation
    if (!histories && m_active.optimizer == "sgd" && m_active.momentum == 0) {
        s.velocity = ParamsF{}; // plain SGD keeps no buffer: 400 KB neither copied nor kept
        s.optimizerBuffers.clear();
        s.optimizerSteps = 0;
        return;
    }
    OptimizerState state = m_optimizer->state();
    s.velocity = std::move(state.first);
    s.optimizerBuffers = std::move(state.more);
    s.optimizerSteps = state.steps;
    if (histories) {
        s.batchLosses = m_lossHistory;
        s.epochs = m_epochReports;
    }
}

void Trainer::networkSnapshotInto(TrainingSnapshot &s, bool histories) const
{
    const NetworkTrainer &n = *m_network;
    s.epochSeconds = n.epochSeconds();
    s.params = ParamsF {};
    s.velocity = ParamsF {};
    s.optimizerBuffers.clear();
    s.networkParams = n.params();
    const bool adam = m_active.optimizer == "adam";
    if (adam || m_active.momentum != 0)
        s.networkVelocity = n.firstMoment();
    else
        s.networkVelocity.layers.clear(); // plain SGD keeps no buffer
    if (adam)
        s.networkBuffers.assign(1, n.secondMoment());
    else
        s.networkBuffers.clear();
    s.optimizerSteps = n.optimizerSteps();
    if (histories) {
        s.batchLosses = m_lossHistory;
        s.epochs = m_epochReports;
    }
}

Status Trainer::restore(const TrainingSnapshot &s)
{
    // The snapshot's training set: its subset of the data given (the same images again).
    TrainingData data = dataFor(s.config);
    std::shared_ptr<const DatasetIdentity> identity = data.data == m_data ? m_identity : nullptr;
    if (!identity)
        identity = std::make_shared<const DatasetIdentity>(datasetIdentity(*data.data));
    Result<std::vector<std::uint32_t>> order = resumeOrder(s, *identity, data.data->train.size(), replicas());
    if (!order)
        return Error{order.error()};
    std::unique_ptr<Optimizer> optimizer = makeOptimizer(s.config);
    if (!optimizer)
        return Error {"the snapshot's optimiser \"" + s.config.optimizer
                      + "\" is unknown to this program (it knows " + optimizerNames() + ")"};
    const bool source = s.config.network.isSourceNetwork();
    std::unique_ptr<NetworkTrainer> network;
    if (source) {
        if (Status st = optimizer->setState({s.velocity, s.optimizerBuffers, s.optimizerSteps}); !st)
            return st;
    } else {
        // Another network (resumeOrder() checked its shapes): its own trainer on the whole global
        // batch, at the snapshot's position.
        network = makeNetworkTrainer(data.data, s.config, s.networkParams);
        network->resumeAt(std::size_t(s.step), s.epochLossSum, s.epochSeconds);
        const bool adam = s.config.optimizer == "adam";
        if (adam || s.config.momentum != 0) {
            const MlpParamsF first = s.networkVelocity.layers.empty() ? MlpParamsF::zeros(s.config.network)
                                                                      : s.networkVelocity;
            if (!network->setOptimizerState(first, s.networkBuffers.empty() ? nullptr : &s.networkBuffers.front(),
                                            s.optimizerSteps))
                return Error {"the snapshot's optimiser state does not fit " + s.config.optimizer + " for "
                              + describe(s.config.network)};
        }
    }

    useData(std::move(data));
    m_identity = std::move(identity);
    m_config = s.config;
    m_config.replicas = replicas(); // resumeOrder() checked it against the snapshot's workers
    m_active = m_config;
    if (m_ws.batch != m_active.batch)
        m_ws.resize(m_active.batch);
    m_batchLabels.assign(std::size_t(m_active.batch), 0);
    if (source)
        m_params = s.params;
    m_grads = ParamsF::zeros();
    for (auto &g : m_replicaGrads)
        g = ParamsF::zeros();
    std::fill(m_replicaCounts.begin(), m_replicaCounts.end(), 0);
    m_optimizer = std::move(optimizer);
    m_network = std::move(network);
    m_previousKept = false;
    m_order = std::move(*order);
    m_epoch = s.epoch;
    m_batchInEpoch = s.batchInEpoch;
    m_step = std::size_t(s.step);
    m_lastBatchStart = 0;
    m_lastBatchCount = 0;
    m_epochLossSum = s.epochLossSum;
    m_epochSeconds = s.epochSeconds;
    m_lossHistory = s.batchLosses;
    m_lossHistory.reserve(std::max(m_lossHistory.size(), std::min<std::size_t>(totalSteps(), std::size_t(1) << 20)));
    m_epochReports = s.epochs;
    return Status::success();
}

} // namespace bplab
