#include "workerstrainer.h"

namespace bplab::cluster {

WorkersTrainer::WorkersTrainer(std::shared_ptr<const DataSplit> data, const TrainConfig &config,
                               int workers)
{
    if (workers > 1)
        m_parallel = std::make_unique<DataParallelTrainer>(std::move(data), config, 1, workers,
                                                           Algorithm::Ring);
    else
        m_single = std::make_unique<Trainer>(std::move(data), config);
}

void WorkersTrainer::setParams(const ParamsF &params)
{
    if (m_parallel)
        m_parallel->setParams(params);
    else
        m_single->setParams(params);
}

BatchReport WorkersTrainer::trainBatch()
{
    return m_parallel ? m_parallel->trainStep() : m_single->trainBatch();
}

bool WorkersTrainer::finished() const
{
    return m_parallel ? m_parallel->finished() : m_single->finished();
}

std::size_t WorkersTrainer::totalSteps() const
{
    return m_parallel ? m_parallel->totalSteps() : m_single->totalSteps();
}

std::size_t WorkersTrainer::step() const
{
    return m_parallel ? m_parallel->step() : m_single->step();
}

int WorkersTrainer::epoch() const
{
    return m_parallel ? m_parallel->epoch() : m_single->epoch();
}

int WorkersTrainer::batchesPerEpoch() const
{
    return m_parallel ? m_parallel->batchesPerEpoch() : m_single->batchesPerEpoch();
}

const ParamsF &WorkersTrainer::params() const
{
    return m_parallel ? m_parallel->params(0) : m_single->params();
}

const TrainConfig &WorkersTrainer::activeConfig() const
{
    return m_parallel ? m_parallel->config() : m_single->activeConfig();
}

void WorkersTrainer::setLearningRate(double lr)
{
    if (m_parallel)
        m_parallel->setLearningRate(lr);
    else
        m_single->setLearningRate(lr);
}

const std::vector<float> &WorkersTrainer::lossHistory() const
{
    return m_parallel ? m_parallel->lossHistory() : m_single->lossHistory();
}

const std::vector<EpochReport> &WorkersTrainer::epochReports() const
{
    return m_parallel ? m_parallel->epochReports() : m_single->epochReports();
}

TrainingSnapshot WorkersTrainer::snapshot() const
{
    return m_parallel ? m_parallel->snapshot() : m_single->snapshot();
}

Status WorkersTrainer::restore(const TrainingSnapshot &snapshot)
{
    return m_parallel ? m_parallel->restore(snapshot) : m_single->restore(snapshot);
}

void WorkersTrainer::run(const std::function<void(const BatchReport &)> &onBatch,
                         const std::function<void(const EpochReport &)> &onEpoch,
                         const std::atomic<bool> *stop)
{
    if (m_parallel)
        m_parallel->run(onBatch, onEpoch, stop);
    else
        m_single->run(onBatch, onEpoch, stop);
}

} // namespace bplab::cluster
