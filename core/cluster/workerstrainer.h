#pragma once
// One trainer or N data-parallel replicas behind the same calls, so that a front end (the CLI's
// train --workers N) needs no second code path. With workers = 1 it is the plain Trainer.

#include "dataparallel.h"
#include "trainer.h"

#include <memory>

namespace bplab::cluster {

class WorkersTrainer
{
public:
    /** workers replicas of batch config.batch each (global batch workers x batch), in one server
     *  joined by a ring all-reduce; workers <= 1: the plain Trainer with config as given. */
    WorkersTrainer(std::shared_ptr<const DataSplit> data, const TrainConfig &config, int workers);

    int workers() const { return m_parallel ? m_parallel->replicas() : 1; }
    void setParams(const ParamsF &params);
    std::size_t totalSteps() const;
    std::size_t step() const;
    const ParamsF &params() const;
    void run(const std::function<void(const BatchReport &)> &onBatch,
             const std::function<void(const EpochReport &)> &onEpoch,
             const std::atomic<bool> *stop = nullptr);

private:
    std::unique_ptr<Trainer> m_single;
    std::unique_ptr<DataParallelTrainer> m_parallel;
};

} // namespace bplab::cluster
