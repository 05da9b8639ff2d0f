#include "train/trainer.h"

#include "nn/optimizerchoice.h"
#include "train/snapshot.h"
#include "train/trainsubset.h"
#include "rng.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>

namespace bplab {

Trainer::Trainer(std::shared_ptr<const DataSplit> data, TrainConfig config,
                 std::shared_ptr<GradientExchange> exchange)
    : m_all(std::move(data))
    , m_data(m_all)
    , m_exchange(std::move(exchange))
    , m_config(config)
    , m_active(config)
{
    reset();
}

Trainer::~Trainer() = default;

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
    if (!validate(m_active.network))
        m_active.network = Architecture::source();
    m_network = makeNetworkTrainer(m_data, m_active, initMlp(m_active.network, m_active.init, m_active.seed));
    restart();
}

void Trainer::restart()
{
    m_order.resize(m_data->train.size());
    std::iota(m_order.begin(), m_order.end(), std::uint32_t(0));
    m_epoch = 0;
    m_batchInEpoch = 0;
    m_step = 0;
    m_lastBatchStart = 0;
    m_lastBatchCount = 0;
    m_epochLossSum = 0;
    m_lossHistory.clear();
    // One float per batch; reserved up front (up to 4 MB) so that the batch loop does not allocate.
    m_lossHistory.reserve(std::min<std::size_t>(totalSteps(), std::size_t(1) << 20));
    m_epochReports.clear();
}

bool Trainer::setParams(const MlpParamsF &params)
{
    if (!params.hasShape(m_active.network))
        return false;
    m_network = makeNetworkTrainer(m_data, m_active, params);
    restart();
    return true;
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
    m_network->setLossLimit(limit);
}

void Trainer::setLearningRate(double lr)
{
    m_config.lr = lr;
    m_active.lr = lr;
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

void Trainer::startEpoch()
{
    epochOrder(m_active.seed, m_epoch, m_order);
    m_epochLossSum = 0;
}

BatchReport Trainer::trainBatch()
{
    BatchReport r;
    if (finished())
        return r;
    // The NetworkTrainer draws the same epoch orders (epochOrder): m_order mirrors it for the
    // batches' indices.
    if (m_batchInEpoch == 0)
        startEpoch();
    const int perEpoch = batchesPerEpoch();
    const std::size_t first = std::size_t(m_batchInEpoch) * std::size_t(globalBatch());
    const int count = int(std::min<std::size_t>(std::size_t(globalBatch()), m_data->train.size() - first));
    NetworkBatch b = m_network->trainBatch();
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
    const NetworkTrainer &n = *m_network;
    s.epochSeconds = n.epochSeconds();
    s.networkParams = n.params(); // into s's own buffers when they have the size: no allocation
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
    if (!isOptimizerName(s.config.optimizer))
        return Error {"the snapshot's optimiser \"" + s.config.optimizer
                      + "\" is unknown to this program (it knows " + optimizerNames() + ")"};
    // resumeOrder() checked the shapes: a trainer on the whole global batch, at the snapshot's position.
    std::unique_ptr<NetworkTrainer> network = makeNetworkTrainer(data.data, s.config, s.networkParams);
    network->resumeAt(std::size_t(s.step), s.epochLossSum, s.epochSeconds);
    if (s.config.optimizer == "adam" && s.networkBuffers.empty())
        return Error {"the snapshot's optimiser state has no second moment, which Adam needs"};
    if (s.config.optimizer == "adam" || s.config.momentum != 0) {
        const MlpParamsF first = s.networkVelocity.layers.empty() ? MlpParamsF::zeros(s.config.network)
                                                                  : s.networkVelocity;
        if (!network->setOptimizerState(first, s.networkBuffers.empty() ? nullptr : &s.networkBuffers.front(),
                                        s.optimizerSteps))
            return Error {"the snapshot's optimiser state does not fit " + s.config.optimizer + " for "
                          + describe(s.config.network)};
    }

    useData(std::move(data));
    m_identity = std::move(identity);
    m_config = s.config;
    m_config.replicas = replicas(); // resumeOrder() checked it against the snapshot's workers
    m_active = m_config;
    m_network = std::move(network);
    m_order = std::move(*order);
    m_epoch = s.epoch;
    m_batchInEpoch = s.batchInEpoch;
    m_step = std::size_t(s.step);
    m_lastBatchStart = 0;
    m_lastBatchCount = 0;
    m_epochLossSum = s.epochLossSum;
    m_lossHistory = s.batchLosses;
    m_lossHistory.reserve(std::max(m_lossHistory.size(), std::min<std::size_t>(totalSteps(), std::size_t(1) << 20)));
    m_epochReports = s.epochs;
    return Status::success();
}

} // namespace bplab
