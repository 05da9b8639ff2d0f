#include "trainer.h"

#include "rng.h"

#include <chrono>
#include <cmath>
#include <numeric>

namespace bplab {

TrainConfig sourceRecipe()
{
    TrainConfig c;
    c.epochs = 10;
    c.batch = 64;
    c.lr = 0.1;
    c.momentum = 0.0;
    c.schedule = Schedule::Constant;
    c.normalize = Normalize::None;
    c.init = Init::He;
    return c;
}

TrainConfig tunedRecipe()
{
    TrainConfig c = sourceRecipe();
    c.epochs = 15;
    c.lr = 0.05;
    c.momentum = 0.9;
    c.schedule = Schedule::Cosine;
    c.normalize = Normalize::Standard;
    return c;
}

double scheduledLr(const TrainConfig &config, std::size_t step, std::size_t totalSteps)
{
    if (config.schedule == Schedule::Constant || totalSteps == 0)
        return config.lr;
    // lr = base * 0.5 * (1 + cos(pi * step / total))
    constexpr double kPi = 3.14159265358979323846;
    const double t = std::min(1.0, double(step) / double(totalSteps));
    return config.lr * 0.5 * (1.0 + std::cos(kPi * t));
}

void Sgd::reset()
{
    m_velocity.W1.setZero();
    m_velocity.b1.setZero();
    m_velocity.W2.setZero();
    m_velocity.b2.setZero();
}

void Sgd::update(const ParamsF &grads, ParamsF &params, float lr, float momentum)
{
    if (momentum == 0.0f) {
        // w = w - lr * g
        params.W1 -= lr * grads.W1;
        params.b1 -= lr * grads.b1;
        params.W2 -= lr * grads.W2;
        params.b2 -= lr * grads.b2;
        return;
    }
    // v = momentum * v + g; w = w - lr * v
    m_velocity.W1 = momentum * m_velocity.W1 + grads.W1;
    m_velocity.b1 = momentum * m_velocity.b1 + grads.b1;
    m_velocity.W2 = momentum * m_velocity.W2 + grads.W2;
    m_velocity.b2 = momentum * m_velocity.b2 + grads.b2;
    params.W1 -= lr * m_velocity.W1;
    params.b1 -= lr * m_velocity.b1;
    params.W2 -= lr * m_velocity.W2;
    params.b2 -= lr * m_velocity.b2;
}

Trainer::Trainer(std::shared_ptr<const DataSplit> data, TrainConfig config)
    : m_data(std::move(data)), m_config(config), m_active(config), m_ws(std::max(config.batch, 1))
{
    reset();
}

void Trainer::reset()
{
    m_active = m_config;
    m_active.batch = std::max(m_active.batch, 1);
    m_active.epochs = std::max(m_active.epochs, 0);
    if (m_ws.batch != m_active.batch)
        m_ws.resize(m_active.batch);
    m_batchLabels.assign(std::size_t(m_active.batch), 0);
    m_params = initParams(m_active.init, m_active.seed);
    restart();
}

void Trainer::restart()
{
    m_grads = ParamsF::zeros();
    m_sgd.reset();
    m_order.resize(m_data->train.size());
    std::iota(m_order.begin(), m_order.end(), std::uint32_t(0));
    m_epoch = 0;
    m_batchInEpoch = 0;
    m_step = 0;
    m_lastBatchStart = 0;
    m_lastBatchCount = 0;
    m_epochLossSum = 0;
    m_epochSeconds = 0;
}

void Trainer::setParams(const ParamsF &params)
{
    m_params = params;
    restart();
}

void Trainer::setLearningRate(double lr)
{
    m_config.lr = lr;
    m_active.lr = lr;
}

void Trainer::setConfig(const TrainConfig &config)
{
    const double activeLr = m_active.lr;
    m_config = config;
    // Only the learning rate takes effect at once; the rest waits for reset().
    if (config.lr != activeLr)
        m_active.lr = config.lr;
}

int Trainer::batchesPerEpoch() const
{
    const std::size_t n = m_data->train.size();
    return int((n + std::size_t(m_active.batch) - 1) / std::size_t(m_active.batch));
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

EpochReport epochReport(int epoch, double lossSum, int batches, double seconds, std::size_t samples,
                        const ParamsF &params, const Dataset &test, Normalize normalize)
{
    EpochReport e;
    e.epoch = epoch + 1;
    e.trainLoss = batches > 0 ? lossSum / batches : 0.0;
    const Evaluation ev = evaluate(params, test, normalize);
    e.testLoss = ev.loss;
    e.testAccuracy = ev.accuracy;
    e.seconds = seconds;
    e.samplesPerSecond = seconds > 0 ? double(samples) / seconds : 0.0;
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
    if (m_batchInEpoch == 0)
        startEpoch();
    const auto t0 = std::chrono::steady_clock::now();
    const Dataset &train = m_data->train;
    const int perEpoch = batchesPerEpoch();
    const std::size_t first = std::size_t(m_batchInEpoch) * std::size_t(m_active.batch);
    const int count = int(std::min<std::size_t>(std::size_t(m_active.batch), train.size() - first));

    gatherBatch(train, m_order.data() + first, count, m_active.normalize, m_ws);
    // The labels in batch order, in a buffer sized by reset(): no allocation per batch.
    auto &labels = m_batchLabels;
    for (int c = 0; c < count; ++c)
        labels[std::size_t(c)] = train.labels[m_order[first + std::size_t(c)]];
    const double loss = forwardBackwardBatch(m_params, labels.data(), count, m_ws, m_grads);
    const double lr = scheduledLr(m_active, m_step, totalSteps());
    m_sgd.update(m_grads, m_params, float(lr), float(m_active.momentum));
    m_epochSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    r.epoch = m_epoch;
    r.batchInEpoch = m_batchInEpoch;
    r.batchesPerEpoch = perEpoch;
    r.step = m_step;
    r.count = count;
    r.loss = loss;
    r.lr = lr;
    m_lastBatchStart = first;
    m_lastBatchCount = count;
    m_epochLossSum += loss;
    ++m_step;
    ++m_batchInEpoch;
    if (m_batchInEpoch == perEpoch) {
        r.epochEnded = epochReport(m_epoch, m_epochLossSum, perEpoch, m_epochSeconds, train.size(),
                                   m_params, m_data->test, m_active.normalize);
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

} // namespace bplab
