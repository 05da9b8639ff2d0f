#pragma once
// Real data parallelism: N replicas of the network, each computing the real gradient of its slice
// of one global mini-batch, a real all-reduce (ring or hierarchical) on the flattened gradients,
// then the same averaged SGD step on every replica. Replica w takes samples [w*B, (w+1)*B) of the
// global batch of N*B that a single trainer with batch N*B would take (same seed, same shuffle), so
// the averaged gradient equals that trainer's gradient up to float rounding. Augmentation, the
// divergence guard and snapshots follow the Trainer's rules (trainer.h, snapshot.h).

#include "allreduce.h"
#include "dataset.h"
#include "snapshot.h"
#include "trainer.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace bplab::cluster {

/** A global step's report: the single trainer's BatchReport (count = samples of all replicas,
 *  loss = their mean), so that code written for Trainer runs N replicas unchanged. */
using DataParallelStep = BatchReport;

class DataParallelTrainer
{
public:
    /** config.batch is the per-replica batch B; ranks = servers x gpusPerServer replicas. */
    DataParallelTrainer(std::shared_ptr<const DataSplit> data, TrainConfig config, int servers,
                        int gpusPerServer, Algorithm algorithm = Algorithm::Ring);

    /** Weights from the seed on every replica, optimisers cleared, position at the start. */
    void reset();
    /** Same weights on every replica (e.g. --init-from); position and optimisers reset. */
    void setParams(const ParamsF &params);

    /** One global step: N gradients, the all-reduce, the averaged update on every replica. A
     *  step whose loss (the replicas' mean) is above lossLimit() or not finite, or whose gradient,
     *  momentum buffer, weights or test loss are not finite, is undone on every replica as the
     *  Trainer undoes a batch (BatchReport::divergence, the same message). */
    DataParallelStep trainStep();
    bool finished() const;
    void run(const std::function<void(const DataParallelStep &)> &onStep,
             const std::function<void(const EpochReport &)> &onEpoch,
             const std::atomic<bool> *stop = nullptr);

    int replicas() const { return int(m_params.size()); }
    int globalBatch() const { return m_config.batch * replicas(); }
    const TrainConfig &config() const { return m_config; }
    /** The learning rate may change at any time (e.g. halved after a divergence). */
    void setLearningRate(double lr) { m_config.lr = lr; }
    /** As Trainer::setLossLimit (default kDivergenceLossLimit). */
    void setLossLimit(double limit) { m_lossLimit = limit; }
    double lossLimit() const { return m_lossLimit; }
    /** Replica w's weights (all equal bit for bit after every step). */
    const ParamsF &params(int replica = 0) const { return m_params[std::size_t(replica)]; }
    /** Replica w's own gradient of the last step (mean over its slice; zeros when it had none). */
    const ParamsF &replicaGradient(int replica) const { return m_grads[std::size_t(replica)]; }
    /** Samples replica w had in the last step. */
    int replicaCount(int replica) const { return m_counts[std::size_t(replica)]; }
    /** The averaged gradient every replica applied in the last step. */
    const ParamsF &averagedGradient() const { return m_average; }
    /** The all-reduce schedule the last step ran (for drawing). */
    const Schedule &schedule() const { return m_schedule; }
    bool replicasIdentical() const;

    std::size_t step() const { return m_step; }
    int epoch() const { return m_epoch; }
    /** The loss of every step since the last reset (size() == step()) and every finished epoch's report. */
    const std::vector<float> &lossHistory() const { return m_lossHistory; }
    const std::vector<EpochReport> &epochReports() const { return m_epochReports; }
    int batchesPerEpoch() const;
    std::size_t totalSteps() const;

    /** The identity of the data, counted once, then cached. */
    const DatasetIdentity &dataIdentity() const;
    /** The whole state (snapshot.h) with workers = replicas(): replica 0's weights and momentum
     *  buffer stand for all (they are identical after every step). */
    TrainingSnapshot snapshot() const;
    /** Back to a snapshot: every replica gets its weights and momentum buffer, and the following
     *  steps repeat exactly what followed it. Refused, with the trainer unchanged, for other data,
     *  another replica count or batch, or an inconsistent snapshot (resumeOrder). */
    Status restore(const TrainingSnapshot &s);

private:
    void makeOrder(int epoch);
    /** Every replica's step undone (`undoPrevious`: the one before it too); the report's divergence. */
    void undo(DataParallelStep &r, bool undoPrevious, double testLoss);

    std::shared_ptr<const DataSplit> m_data;
    TrainConfig m_config;
    int m_servers = 1;
    int m_gpus = 1;
    Algorithm m_algorithm = Algorithm::Ring;
    std::vector<ParamsF> m_params;
    // Each replica's next weights, swapped in only when finite; after a step they hold the weights
    // before it, for undoing it too when the following loss is not finite (as in Trainer).
    std::vector<ParamsF> m_next;
    bool m_previousKept = false;
    double m_lossLimit = kDivergenceLossLimit;
    std::vector<ParamsF> m_grads;
    std::vector<Sgd> m_sgd;
    std::vector<int> m_counts;
    std::vector<std::vector<float>> m_buffers;
    ParamsF m_average;
    Schedule m_schedule;
    BatchWorkspace m_ws;
    std::vector<std::uint8_t> m_labels;
    std::vector<std::uint32_t> m_order;
    int m_epoch = 0;
    int m_batchInEpoch = 0;
    std::size_t m_step = 0;
    double m_epochLossSum = 0;
    double m_epochSeconds = 0;
    std::vector<float> m_lossHistory;
    std::vector<EpochReport> m_epochReports;
    mutable std::shared_ptr<const DatasetIdentity> m_identity;
};

} // namespace bplab::cluster
