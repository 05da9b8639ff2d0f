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

std::size_t WorkersTrainer::totalSteps() const
{
    return m_parallel ? m_parallel->totalSteps() : m_single->totalSteps();
}

std::size_t WorkersTrainer::step() const
{
    return m_parallel ? m_parallel->step() : m_single->step();
}

const ParamsF &WorkersTrainer::params() const
{
    return m_parallel ? m_parallel->params(0) : m_single->params();
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
