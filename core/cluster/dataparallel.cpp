#include "dataparallel.h"


#include <algorithm>
#include <chrono>

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
    m_epoch = 0;
    m_batchInEpoch = 0;
    m_step = 0;
    m_epochLossSum = 0;
    m_epochSeconds = 0;
    m_order.clear();
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

    applySchedule(m_schedule, m_buffers);

    // Every replica averages its (identical) reduced buffer and applies the same update.
    const double lr = scheduledLr(m_config, m_step, totalSteps());
    const float inv = 1.0f / float(total);
    for (int w = 0; w < n; ++w) {
        std::vector<float> &buf = m_buffers[std::size_t(w)];
        for (float &v : buf)
            v *= inv;
        unflatten(buf.data(), m_average);
        m_sgd[std::size_t(w)].update(m_average, m_params[std::size_t(w)], float(lr),
                                     float(m_config.momentum));
    }
    m_epochSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    const int perEpoch = batchesPerEpoch();
    r.epoch = m_epoch;
    r.batchInEpoch = m_batchInEpoch;
    r.batchesPerEpoch = perEpoch;
    r.step = m_step;
    r.count = total;
    r.loss = total > 0 ? lossSum / total : 0.0;
    r.lr = lr;
    m_epochLossSum += r.loss;
    ++m_step;
    ++m_batchInEpoch;
    if (m_batchInEpoch == perEpoch) {
        r.epochEnded = epochReport(m_epoch, m_epochLossSum, perEpoch, m_epochSeconds, train.size(),
                                   m_params[0], m_data->test, m_config.normalize);
        ++m_epoch;
        m_batchInEpoch = 0;
    }
    return r;
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

DataParallelSnapshot DataParallelTrainer::snapshot() const
{
    DataParallelSnapshot s;
    s.params = m_params[0];
    s.sgd = m_sgd[0];
    s.epoch = m_epoch;
    s.batchInEpoch = m_batchInEpoch;
    s.step = m_step;
    return s;
}

void DataParallelTrainer::restore(const DataParallelSnapshot &s)
{
    for (auto &p : m_params)
        p = s.params;
    for (auto &o : m_sgd)
        o = s.sgd;
    m_epoch = s.epoch;
    m_batchInEpoch = s.batchInEpoch;
    m_step = s.step;
    if (m_batchInEpoch > 0)
        makeOrder(m_epoch);
    else
        m_order.clear();
}

} // namespace bplab::cluster
