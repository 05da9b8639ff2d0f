#include "dataparallel.h"

#include "augment.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace bplab::cluster {

DataParallelTrainer::DataParallelTrainer(std::shared_ptr<const DataSplit> data, TrainConfig config,
                                         int servers, int gpusPerServer, Algorithm algorithm)
    : m_data(std::move(data))
    , m_config(config)
    , m_servers(std::max(servers, 1))
    , m_gpus(std::max(gpusPerServer, 1))
    , m_algorithm(algorithm)
    , m_ws(std::max(config.batch, 1))
{
    m_config.batch = std::max(m_config.batch, 1);
    m_config.epochs = std::max(m_config.epochs, 0);
    const int n = m_servers * m_gpus;
    m_params.assign(std::size_t(n), ParamsF::zeros());
    m_next.assign(std::size_t(n), ParamsF::zeros());
    m_grads.assign(std::size_t(n), ParamsF::zeros());
    m_sgd.assign(std::size_t(n), Sgd());
    m_counts.assign(std::size_t(n), 0);
    m_buffers.assign(std::size_t(n), std::vector<float>(parameterCount(), 0.0f));
    m_labels.assign(std::size_t(m_config.batch), 0);
    m_schedule = makeSchedule(m_algorithm, m_servers, m_gpus, parameterCount());
    reset();
}

void DataParallelTrainer::reset()
{
    setParams(initParams(m_config.init, m_config.seed));
}

void DataParallelTrainer::setParams(const ParamsF &params)
{
    for (auto &p : m_params)
        p = params;
    for (auto &g : m_grads)
        g = ParamsF::zeros();
    for (auto &s : m_sgd)
        s.reset();
    std::fill(m_counts.begin(), m_counts.end(), 0);
    m_average = ParamsF::zeros();
    m_previousKept = false;
    m_epoch = 0;
    m_batchInEpoch = 0;
    m_step = 0;
    m_epochLossSum = 0;
    m_epochSeconds = 0;
    m_order.clear();
    m_lossHistory.clear();
    m_epochReports.clear();
}

int DataParallelTrainer::batchesPerEpoch() const
{
    const std::size_t n = m_data->train.size();
    const std::size_t b = std::size_t(globalBatch());
    return int((n + b - 1) / b);
}

std::size_t DataParallelTrainer::totalSteps() const
{
    return std::size_t(m_config.epochs) * std::size_t(batchesPerEpoch());
}

bool DataParallelTrainer::finished() const
{
    return m_step >= totalSteps();
}

void DataParallelTrainer::makeOrder(int epoch)
{
    // The single trainer's order, so that one replica with batch N*B sees the same global batches.
    m_order.resize(m_data->train.size());
    epochOrder(m_config.seed, epoch, m_order);
}

DataParallelStep DataParallelTrainer::trainStep()
{
    DataParallelStep r;
    if (finished())
        return r;
    if (m_batchInEpoch == 0 || m_order.size() != m_data->train.size()) {
        makeOrder(m_epoch);
        if (m_batchInEpoch == 0) {
            m_epochLossSum = 0;
            m_epochSeconds = 0;
        }
    }
    const auto t0 = std::chrono::steady_clock::now();
    const Dataset &train = m_data->train;
    const int n = replicas();
    const int B = m_config.batch;
    const std::size_t first = std::size_t(m_batchInEpoch) * std::size_t(globalBatch());
    const int total = int(std::min<std::size_t>(std::size_t(globalBatch()), train.size() - first));

    // Each replica: the mean gradient of its slice, scaled by its sample count (so that the
    // all-reduce's sum divided by the global count is the global mean, also for a short last
    // batch).
    double lossSum = 0;
    for (int w = 0; w < n; ++w) {
        const int begin = std::min(total, w * B);
        const int count = std::min(total, (w + 1) * B) - begin;
        m_counts[std::size_t(w)] = count;
        std::vector<float> &buf = m_buffers[std::size_t(w)];
        if (count <= 0) {
            m_grads[std::size_t(w)] = ParamsF::zeros();
            std::fill(buf.begin(), buf.end(), 0.0f);
            continue;
        }
        const std::uint32_t *idx = m_order.data() + first + std::size_t(begin);
        if (m_config.augment) // a function of (seed, epoch, sample): the single trainer's images
            gatherAugmentedBatch(train, idx, count, m_config.normalize, m_config.seed, m_epoch, m_ws);
        else
            gatherBatch(train, idx, count, m_config.normalize, m_ws);
        for (int c = 0; c < count; ++c)
            m_labels[std::size_t(c)] = train.labels[idx[c]];
        const double loss = forwardBackwardBatch(m_params[std::size_t(w)], m_labels.data(), count,
                                                 m_ws, m_grads[std::size_t(w)]);
        lossSum += loss * count;
        flatten(m_grads[std::size_t(w)], buf.data());
        const float weight = float(count);
        for (float &v : buf)
            v *= weight;
    }

    const int perEpoch = batchesPerEpoch();
    const double lr = scheduledLr(m_config, m_step, totalSteps());
    r.epoch = m_epoch;
    r.batchInEpoch = m_batchInEpoch;
    r.batchesPerEpoch = perEpoch;
    r.step = m_step;
    r.count = total;
    r.loss = total > 0 ? lossSum / total : 0.0;
    r.lr = lr;
    // NaN or Inf, or above the limit with an earlier state to go back to: the Trainer's rule.
    if (!std::isfinite(r.loss) || (r.loss > m_lossLimit && m_previousKept)) {
        undo(r, true, 0.0);
        return r;
    }

    applySchedule(m_schedule, m_buffers);

    // Every replica averages its (identical) reduced buffer and computes the same update into its
    // second buffer; it is swapped in only when finite (the Trainer's divergence guard).
    const float inv = 1.0f / float(total);
    for (int w = 0; w < n; ++w) {
        std::vector<float> &buf = m_buffers[std::size_t(w)];
        for (float &v : buf)
            v *= inv;
        unflatten(buf.data(), m_average);
        m_sgd[std::size_t(w)].step(m_average, m_params[std::size_t(w)], m_next[std::size_t(w)], float(lr),
                                   float(m_config.momentum));
    }
    // The replicas' new weights are identical bit for bit: replica 0's stand for all. A NaN or
    // Inf in the gradient or the momentum buffer always reaches them.
    bool finite = m_next[0].allFinite();
    m_epochSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (finite && m_batchInEpoch + 1 == perEpoch) {
        r.epochEnded = epochReport(m_epoch, m_epochLossSum + r.loss, perEpoch, m_epochSeconds, train.size(),
                                   m_next[0], m_data->test, m_config.normalize);
        finite = std::isfinite(r.epochEnded->testLoss);
    }
    if (!finite) {
        m_previousKept = false; // the second buffers now hold this failed step
        undo(r, false, r.epochEnded ? r.epochEnded->testLoss : 0.0);
        return r;
    }
    for (int w = 0; w < n; ++w) {
        std::swap(m_params[std::size_t(w)], m_next[std::size_t(w)]);
        m_sgd[std::size_t(w)].commit();
    }
    m_previousKept = true;
    m_epochLossSum += r.loss;
    m_lossHistory.push_back(float(r.loss));
    ++m_step;
    ++m_batchInEpoch;
    if (m_batchInEpoch == perEpoch) {
        m_epochReports.push_back(*r.epochEnded);
        ++m_epoch;
        m_batchInEpoch = 0;
    }
    return r;
}

void DataParallelTrainer::undo(DataParallelStep &r, bool undoPrevious, double testLoss)
{
    int undone = 1;
    if (undoPrevious && m_previousKept) {
        for (std::size_t w = 0; w < m_params.size(); ++w) {
            std::swap(m_params[w], m_next[w]);
            m_sgd[w].rollback();
        }
        m_previousKept = false;
        undone = 2;
    }
    r.epochEnded.reset();
    // Before the update (the loss's check) no momentum buffer was computed.
    const bool stepped = !undoPrevious;
    r.divergence = describeDivergence(
            r, m_lossLimit, undone, m_average,
            stepped && m_config.momentum != 0.0 ? &m_sgd[0].pendingVelocity() : nullptr, m_next[0],
            testLoss);
}

void DataParallelTrainer::run(const std::function<void(const DataParallelStep &)> &onStep,
                              const std::function<void(const EpochReport &)> &onEpoch,
                              const std::atomic<bool> *stop)
{
    while (!finished()) {
        if (stop && stop->load(std::memory_order_relaxed))
            return;
        const DataParallelStep r = trainStep();
        if (onStep)
            onStep(r);
        if (r.divergence)
            return;
        if (r.epochEnded && onEpoch)
            onEpoch(*r.epochEnded);
    }
}

bool DataParallelTrainer::replicasIdentical() const
{
    for (std::size_t w = 1; w < m_params.size(); ++w) {
        if (!(m_params[w] == m_params[0]))
            return false;
        if (!(m_sgd[w].velocity() == m_sgd[0].velocity()))
            return false;
    }
    return true;
}

const DatasetIdentity &DataParallelTrainer::dataIdentity() const
{
    if (!m_identity)
        m_identity = std::make_shared<const DatasetIdentity>(datasetIdentity(*m_data));
    return *m_identity;
}

TrainingSnapshot DataParallelTrainer::snapshot() const
{
    TrainingSnapshot s;
    s.config = m_config;
    s.workers = replicas();
    s.data = dataIdentity();
    s.epoch = m_epoch;
    s.batchInEpoch = m_batchInEpoch;
    s.batchesPerEpoch = batchesPerEpoch();
    s.step = m_step;
    s.orderCrc = m_batchInEpoch > 0 ? orderChecksum(m_order) : 0;
    s.epochLossSum = m_epochLossSum;
    s.epochSeconds = m_epochSeconds;
    s.params = m_params[0];
    s.velocity = m_sgd[0].velocity();
    s.batchLosses = m_lossHistory;
    s.epochs = m_epochReports;
    return s;
}

Status DataParallelTrainer::restore(const TrainingSnapshot &s)
{
    Result<std::vector<std::uint32_t>> order = resumeOrder(s, dataIdentity(), m_data->train.size(), replicas());
    if (!order)
        return Error{order.error()};
    m_config = s.config;
    if (m_ws.batch != m_config.batch)
        m_ws.resize(m_config.batch);
    m_labels.assign(std::size_t(m_config.batch), 0);
    for (auto &p : m_params)
        p = s.params;
    for (auto &o : m_sgd) {
        o.reset();
        o.setVelocity(s.velocity);
    }
    m_previousKept = false;
    m_order = std::move(*order);
    m_epoch = s.epoch;
    m_batchInEpoch = s.batchInEpoch;
    m_step = std::size_t(s.step);
    m_epochLossSum = s.epochLossSum;
    m_epochSeconds = s.epochSeconds;
    m_lossHistory = s.batchLosses;
    m_epochReports = s.epochs;
    return Status::success();
}

} // namespace bplab::cluster
