#pragma once
// One trainer or N data-parallel replicas behind the same calls, so that a front end (the CLI's
// train --workers N) needs no second code path: the batch step with the divergence guard,
// the learning rate, the histories and snapshots. With workers = 1 it is the plain Trainer.

#include "dataparallel.h"
#include "snapshot.h"
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
    /** One batch (one global step with several workers); see Trainer::trainBatch. */
    BatchReport trainBatch();
    bool finished() const;
    std::size_t totalSteps() const;
    std::size_t step() const;
    int epoch() const;
    int batchesPerEpoch() const;
    const ParamsF &params() const;
    /** The settings in use, with the learning rate as last set. */
    const TrainConfig &activeConfig() const;
    void setLearningRate(double lr);
    const std::vector<float> &lossHistory() const;
    const std::vector<EpochReport> &epochReports() const;
    /** The whole state (TrainingSnapshot::workers says how many replicas). */
    TrainingSnapshot snapshot() const;
    /** Refused when the snapshot's worker count is not workers() (see resumeOrder). */
    Status restore(const TrainingSnapshot &snapshot);
    void run(const std::function<void(const BatchReport &)> &onBatch,
             const std::function<void(const EpochReport &)> &onEpoch,
             const std::atomic<bool> *stop = nullptr);

private:
    std::unique_ptr<Trainer> m_single;
    std::unique_ptr<DataParallelTrainer> m_parallel;
};

} // namespace bplab::cluster
