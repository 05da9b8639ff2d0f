#pragma once
// The training loop: seeded shuffling, mini-batches, an optimiser step (optimizer.h) on a constant
// or cosine schedule, per-batch and per-epoch reports, pause/stop between batches, the divergence
// guard and snapshots. One replica, or N data-parallel replicas through a GradientExchange
// (exchange.h) that sums their gradients: everything else is the same code. A network other than
// the source's (TrainConfig::network) trains through a NetworkTrainer on one replica, in the same
// sample order, with the same reports. Knows nothing of Qt.

#include "nn/batch.h"
#include "nn/batcheval.h"
#include "data/dataset.h"
#include "train/exchange.h"
#include "nn/mlp.h"
#include "nn/network.h"
#include "nn/optimizer.h"
#include "nn/sgd.h"
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
class NetworkTrainer;    // networktrainer.h

/** The order of the training samples in epoch `epoch` (0-based) for `seed`: identity, then a
 *  Fisher-Yates shuffle seeded by (seed, epoch). Fills all of `order` (its size is the set's). */
void epochOrder(std::uint64_t seed, int epoch, std::vector<std::uint32_t> &order);

/** The report of finished epoch `epoch` (0-based): the mean batch loss, the loss and accuracy
 *  with `params` of the training set and of the test set, and the training time without the
 *  evaluations. */
EpochReport epochReport(int epoch, double lossSum, int batches, double seconds,
                        const ParamsF &params, const DataSplit &data, Normalize normalize);

/**
 * What diverged first, in the order it is computed: the loss, the gradient, the optimiser's
 * buffer (`velocity`, may be null; named `bufferName` in the message), the weights `next` (the
 * step's result or, when two batches were undone, the too large weights of the previous step),
 * the test loss at the epoch's end. Fills every field of Divergence, message included; the
 * suggested rate is suggestedLearningRate() of the batch's rate.
 */
struct BatchReport;
Divergence describeDivergence(const BatchReport &report, double lossLimit, int undone,
                              const ParamsF &grads, const ParamsF *velocity, const ParamsF &next,
                              double testLoss = 0, const char *bufferName = "the momentum buffer ");

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
     *  set becomes config().trainSubset's. */
    void reset();
    /** Replaces the weights (e.g. --init-from); position and optimiser are reset. */
    void setParams(const ParamsF &params);
    /** The same for another network than the source's: weights in network()'s shapes; false, and
     *  nothing changed, when they are not or the trainer trains the source network. */
    bool setNetworkParams(const MlpParamsF &params);

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
    /** The source network (params(), gradients(), replicaGradient() and the rest below) or,
     *  when null, another one: networkTrainer() holds its weights and gradients, and trains
     *  through the same exchange (its replicas' own gradients are not kept). */
    bool trainsSourceNetwork() const { return !m_network; }
    const NetworkTrainer *networkTrainer() const { return m_network.get(); }

    // The source network's state (with another network: its initial weights, zero gradients).
    const ParamsF &params() const { return m_params; }
    /** The averaged gradient of the last batch (zeros before the first): with several replicas,
     *  the all-reduced sum over the global batch divided by its sample count. */
    const ParamsF &gradients() const { return m_grads; }

    /** N: 1, or the exchange's replicas. */
    int replicas() const { return m_exchange ? m_exchange->replicas() : 1; }
    /** Samples per step over all replicas: replicas() x config.batch. */
    int globalBatch() const { return m_active.batch * replicas(); }
    /** The exchange (null: one replica). */
    const GradientExchange *exchange() const { return m_exchange.get(); }
    /** Local replica i's own mean gradient of the last step (zeros when its slice was empty);
     *  with one replica, gradients(). */
    const ParamsF &replicaGradient(int i) const;
    /** Samples local replica i had in the last step. */
    int replicaCount(int i) const;
    /** What the last update subtracted, times lr: the gradient g (plain SGD), the momentum
     *  buffer v = momentum * v + g, or Adam's m^ / (sqrt(v^) + eps). The weight adjustment was
     *  -lr * updateDirection(). */
    const ParamsF &updateDirection() const { return m_optimizer->direction(m_grads); }
    /** The optimiser's state now (its momentum buffer or moments and step count). */
    OptimizerState optimizerState() const { return m_optimizer->state(); }
    /** Indices into data().train of the last batch's samples. */
    std::vector<std::uint32_t> lastBatchIndices() const;
    /** Indices into data().train of the samples the next trainBatch() takes (empty when
     *  finished). */
    std::vector<std::uint32_t> nextBatchIndices() const;
    /** The weights before the last batch's update (null before the first batch after a reset, a
     *  restore or an undone batch). */
    const ParamsF *paramsBeforeLastBatch() const { return m_previousKept ? &m_prevParams : nullptr; }
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
    /** The whole training state, between batches (snapshot.h), of any network. Copies about
     *  0.8 MB plus the loss history for the source network. */
    TrainingSnapshot snapshot() const;
    /** snapshot() into `out`, reusing its buffers. Without `histories`: no loss history or epoch
     *  reports, and plain SGD's momentum buffer (always zeros) left empty; the timeline's
     *  checkpoints, which take those from elsewhere. */
    void snapshotInto(TrainingSnapshot &out, bool histories) const;
    /**
     * Continues from a snapshot: weights, momentum buffer, position, histories and the
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
    /** snapshotInto() for another network than the source's. */
    void networkSnapshotInto(TrainingSnapshot &out, bool histories) const;
    /** m_network for m_active's network from these weights, at the start. */
    void trainNetworkFrom(MlpParamsF initial);
    /** trainBatch() of another network than the source's (m_network). */
    BatchReport trainNetworkBatch();
    void restart(); // position, gradients and optimiser back to the start; weights kept

    /** With several replicas: each local replica's gradient of its slice, the exchange, the
     *  average into m_nextGrads; the unfused optimiser step. Returns the global mean loss. */
    Status replicaGradients(std::size_t first, int count, double &loss);

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
    std::vector<ParamsF> m_replicaGrads;         // local replicas' own gradients
    std::vector<int> m_replicaCounts;
    std::vector<std::vector<float>> m_exchangeBuffers; // flat, count-weighted, then summed
    TrainConfig m_config;
    TrainConfig m_active;
    ParamsF m_params;
    ParamsF m_grads;
    // The next weights and gradients are computed here and swapped in only when finite, so the
    // last finite state is kept without a copy (the divergence guard).
    ParamsF m_nextParams = ParamsF::zeros();
    ParamsF m_nextGrads = ParamsF::zeros();
    // The weights before the last batch (while m_previousKept): a third buffer, because the
    // fused step writes m_nextParams before the batch's loss is known.
    ParamsF m_prevParams = ParamsF::zeros();
    double m_lossLimit = kDivergenceLossLimit;
    bool m_previousKept = false; // the weights before the last batch are kept (see Divergence)
    std::unique_ptr<Optimizer> m_optimizer; // made from m_active by reset() and restore()
    std::unique_ptr<NetworkTrainer> m_network; // another network's training (null: the source's)
    BatchWorkspace m_ws;
    std::vector<std::uint32_t> m_order;
    std::vector<std::uint8_t> m_batchLabels;
    int m_epoch = 0;        // 0-based current epoch
    int m_batchInEpoch = 0; // next batch in the epoch
    std::size_t m_step = 0;
    std::size_t m_lastBatchStart = 0;
    int m_lastBatchCount = 0;
    double m_epochLossSum = 0;
    double m_epochSeconds = 0;
    std::vector<float> m_lossHistory;
    std::vector<EpochReport> m_epochReports;
    mutable std::shared_ptr<const DatasetIdentity> m_identity; // dataIdentity(), once
};

} // namespace bplab
