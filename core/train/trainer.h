#pragma once
// The training loop of every network: seeded shuffling, mini-batches, the optimiser's step on a
// constant or cosine schedule, per-batch and per-epoch reports, pause/stop between batches, the
// divergence guard and snapshots. One replica, or N data-parallel replicas through a
// GradientExchange (exchange.h) that sums their gradients: everything else is the same code. The
// batches themselves run in a NetworkTrainer (networktrainer.h); this class adds the position in
// the epochs, the histories, the training subset and the snapshots. Knows nothing of Qt.

#include "data/dataset.h"
#include "nn/mlp.h"
#include "train/exchange.h"
#include "train/networktrainer.h"
#include "train/trainconfig.h"
#include "train/trainevents.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bplab {

struct TrainingSnapshot; // snapshot.h
struct DatasetIdentity;  // snapshot.h

/** The order of the training samples in epoch `epoch` (0-based) for `seed`: identity, then a
 *  Fisher-Yates shuffle seeded by (seed, epoch). Fills all of `order` (its size is the set's). */
void epochOrder(std::uint64_t seed, int epoch, std::vector<std::uint32_t> &order);

struct BatchReport {
    int epoch = 0;           ///< 0-based epoch the batch belongs to
    int batchInEpoch = 0;    ///< 0-based
    int batchesPerEpoch = 0;
    std::size_t step = 0;    ///< global batch index, 0-based
    int count = 0;           ///< samples in this batch (the last may be smaller)
    double loss = 0;         ///< mean cross-entropy of this batch (before the update); may be
                             ///< NaN/Inf when divergence is set: never plot such a report's loss
    double lr = 0;           ///< learning rate used
    std::optional<EpochReport> epochEnded; ///< set on the last batch of an epoch (after evaluation)
    /** Set when the batch diverged and was undone (then epochEnded is empty and step() did not
     *  advance). The caller pauses, or lowers the learning rate and trains again. */
    std::optional<Divergence> divergence;
    /** Set when the gradient exchange failed (another process stopped answering): nothing was
     *  trained, and training cannot go on. */
    std::optional<std::string> exchangeError;
};

class Trainer {
public:
    /** One replica; with an exchange, its replicas() (global batch = replicas x config.batch),
     *  of which this trainer computes the local ones and applies the summed gradient. */
    Trainer(std::shared_ptr<const DataSplit> data, TrainConfig config,
            std::shared_ptr<GradientExchange> exchange = nullptr);
    ~Trainer();

    /** Weights from the seed, optimiser state cleared, position back to the start; the training
     *  set becomes config().trainSubset's. A network validate() refuses trains as the default
     *  784-128-10 ReLU. */
    void reset();
    /** Replaces the weights (e.g. --init-from); position and optimiser are reset. False, and
     *  nothing changed, when they do not have network()'s shapes. */
    bool setParams(const MlpParamsF &params);

    const TrainConfig &config() const { return m_config; }
    /** The learning rate may change at any time; the rest only takes effect after reset(). */
    void setLearningRate(double lr);
    void setConfig(const TrainConfig &config);

    /** One mini-batch: forward, backward, update. Starts the next epoch's shuffle when needed.
     *  Must not be called when finished(). */
    BatchReport trainBatch();
    bool finished() const;

    /**
     * Trains until finished(), *stop becomes true (checked between batches) or a batch diverges
     * (reported to onBatch, then run() returns). Callbacks may be empty.
     */
    void run(const std::function<void(const BatchReport &)> &onBatch,
             const std::function<void(const EpochReport &)> &onEpoch,
             const std::atomic<bool> *stop = nullptr);

    /** The network trained since the last reset() (activeConfig().network). */
    const Architecture &network() const { return m_active.network; }
    /** Its weights now, W1, b1, ..., WL, bL. */
    const MlpParamsF &params() const { return m_network->params(); }
    /** The averaged gradient of the last batch (zeros before the first): with several replicas,
     *  the all-reduced sum over the global batch divided by its sample count. */
    const MlpParamsF &gradients() const { return m_network->gradients(); }
    /** The weights before the last batch's update (null before the first batch after a reset, a
     *  restore or an undone batch): params() - *paramsBeforeLastBatch() is what it changed. */
    const MlpParamsF *paramsBeforeLastBatch() const { return m_network->paramsBefore(); }
    /** The optimiser's state now (its momentum buffer or moments and step count). */
    NetworkOptimizerState optimizerState() const { return m_network->optimizerState(); }
    /** Each sample's class in the last batch (lastBatchIndices()' order) by the weights before
     *  its update, from the batch's own forward pass; empty when not known (then a pass of
     *  *paramsBeforeLastBatch() over those samples gives them). */
    std::vector<std::uint8_t> lastBatchPredicted() const { return m_network->lastBatchPredicted(); }
    /** Whether the last batch's first layer summed over the non-zero inputs only. */
    bool skippedZeroInputs() const { return m_network->skippedZeroInputs(); }

    /** N: 1, or the exchange's replicas. */
    int replicas() const { return m_exchange ? m_exchange->replicas() : 1; }
    /** Samples per step over all replicas: replicas() x config.batch. */
    int globalBatch() const { return m_active.batch * replicas(); }
    /** The exchange (null: one replica). */
    const GradientExchange *exchange() const { return m_exchange.get(); }
    /** Of the last step, the replicas this trainer computed (1 without an exchange), local replica
     *  i's own mean gradient of the output layer's weights and its sample count (0 when its
     *  slice was empty). */
    int localReplicas() const { return m_network->localReplicas(); }
    const RowMat<float> &replicaOutputGradient(int i) const { return m_network->replicaOutputGradient(i); }
    int replicaCount(int i) const { return m_network->replicaCount(i); }
    /** Indices into data().train of the last batch's samples. */
    std::vector<std::uint32_t> lastBatchIndices() const;
    /** Indices into data().train of the samples the next trainBatch() takes (empty when
     *  finished). */
    std::vector<std::uint32_t> nextBatchIndices() const;
    /** The data trained on: the given data, its training set cut to activeConfig().trainSubset
     *  images. Indices of batches point into data().train. */
    const DataSplit &data() const { return *m_data; }
    /** The data as given, whole. */
    const DataSplit &allData() const { return *m_all; }
    /** Indices into data().train as indices into allData().train (the same with no subset). */
    std::vector<std::uint32_t> inAllData(std::vector<std::uint32_t> indices) const;
    std::size_t step() const { return m_step; }
    int epoch() const { return m_epoch; }
    int batchesPerEpoch() const;
    std::size_t totalSteps() const;

    /** The configuration training runs with now (config() as of the last reset(), current lr). */
    const TrainConfig &activeConfig() const { return m_active; }

    /** The loss of every batch trained since the last reset(), in order (size() == step()). */
    const std::vector<float> &lossHistory() const { return m_lossHistory; }
    /** The report of every finished epoch since the last reset() (size() == epoch()). */
    const std::vector<EpochReport> &epochReports() const { return m_epochReports; }
    /** Index of the next batch in the current epoch (0-based). */
    int batchInEpoch() const { return m_batchInEpoch; }

    /**
     * A batch loss above `limit` counts as a divergence too (default kDivergenceLossLimit;
     * infinity: only NaN and Inf). The log-sum-exp loss overflows only when the weights are far
     * beyond repair; the limit catches a blow-up early enough for a smaller learning rate to
     * recover from the restored weights.
     */
    void setLossLimit(double limit);
    double lossLimit() const { return m_lossLimit; }

    /** The identity of data(): counted once per Trainer (about 50 ms for MNIST), then cached. */
    const DatasetIdentity &dataIdentity() const;
    /** The whole training state, between batches (snapshot.h). */
    TrainingSnapshot snapshot() const;
    /** snapshot() into `out`, reusing its buffers. Without `histories`: no loss history or epoch
     *  reports, and plain SGD's momentum buffer (always zeros) left empty; the timeline's
     *  checkpoints, which take those from elsewhere. */
    void snapshotInto(TrainingSnapshot &out, bool histories) const;
    /**
     * Continues from a snapshot: weights, optimiser state, position, histories and the
     * hyperparameters (config() and activeConfig() become snapshot.config; change its epochs
     * before to train to another total). Refused, with the trainer unchanged, when the snapshot
     * was taken on other data (dataIdentity()), is inconsistent, or does not fit the data's batch
     * count. Training then continues bit for bit as if never stopped (same build, same threads).
     */
    Status restore(const TrainingSnapshot &snapshot);

private:
    void startEpoch();
    /** A NetworkTrainer of config.network on data (the training set in use), with this trainer's
     *  exchange. */
    std::unique_ptr<NetworkTrainer> makeNetworkTrainer(std::shared_ptr<const DataSplit> data,
                                                       const TrainConfig &config, MlpParamsF initial) const;
    void restart(); // position and histories back to the start; weights kept

    /** m_all with config.trainSubset's training set (m_all itself, no indices, when that is the
     *  whole set) and where its images are in m_all's. */
    struct TrainingData
    {
        std::shared_ptr<const DataSplit> data;
        std::shared_ptr<const std::vector<std::uint32_t>> indices;
    };
    TrainingData dataFor(const TrainConfig &config) const;
    void useData(TrainingData data);

    std::shared_ptr<const DataSplit> m_all;  // as given
    std::shared_ptr<const DataSplit> m_data; // trained on
    std::shared_ptr<const std::vector<std::uint32_t>> m_subsetIndices; // m_data's in m_all (null: the same)
    std::shared_ptr<GradientExchange> m_exchange;
    TrainConfig m_config;
    TrainConfig m_active;
    double m_lossLimit = kDivergenceLossLimit;
    std::unique_ptr<NetworkTrainer> m_network; // the batches, the weights and the optimiser
    std::vector<std::uint32_t> m_order; // the epoch's order, as the NetworkTrainer draws it
    int m_epoch = 0;        // 0-based current epoch
    int m_batchInEpoch = 0; // next batch in the epoch
    std::size_t m_step = 0;
    std::size_t m_lastBatchStart = 0;
    int m_lastBatchCount = 0;
    double m_epochLossSum = 0;
    std::vector<float> m_lossHistory;
    std::vector<EpochReport> m_epochReports;
    mutable std::shared_ptr<const DatasetIdentity> m_identity; // dataIdentity(), once
};

} // namespace bplab
