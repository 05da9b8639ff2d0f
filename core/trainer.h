#pragma once
// The training loop: seeded shuffling, mini-batches, SGD (optionally momentum and a cosine
// schedule), per-batch and per-epoch reports, pause/stop between batches. Knows nothing of Qt.

#include "dataset.h"
#include "network.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace bplab {

enum class Schedule { Constant, Cosine };

struct TrainConfig {
    int epochs = 10;
    int batch = 64;
    double lr = 0.1;       ///< base learning rate
    double momentum = 0.0; ///< 0 = plain SGD (the source's method)
    Schedule schedule = Schedule::Constant;
    Normalize normalize = Normalize::None;
    Init init = Init::He;
    std::uint64_t seed = 1;
};

/** The "Source: plain SGD" and "Tuned: momentum + cosine" recipes. */
TrainConfig sourceRecipe();
TrainConfig tunedRecipe(); // standard scaling, momentum 0.9, lr 0.05, cosine, 15 epochs

/** lr at global step `step` of `totalSteps`: constant, or base * 0.5 * (1 + cos(pi * step / total)). */
double scheduledLr(const TrainConfig &config, std::size_t step, std::size_t totalSteps);

/** The order of the training samples in epoch `epoch` (0-based) for `seed`: identity, then a
 *  Fisher-Yates shuffle seeded by (seed, epoch). Fills all of `order` (its size is the set's). */
void epochOrder(std::uint64_t seed, int epoch, std::vector<std::uint32_t> &order);

/** v = momentum * v + g; w = w - lr * v  (momentum 0: w = w - lr * g). */
class Sgd {
public:
    void reset();
    void update(const ParamsF &grads, ParamsF &params, float lr, float momentum);
    const ParamsF &velocity() const { return m_velocity; }

private:
    ParamsF m_velocity = ParamsF::zeros();
};

struct EpochReport {
    int epoch = 0; ///< 1-based
    double trainLoss = 0; ///< mean over the epoch's batches
    double testLoss = 0;
    double testAccuracy = 0; ///< percent
    double seconds = 0;      ///< training time of the epoch (without evaluation)
    double samplesPerSecond = 0;
};

/** The report of finished epoch `epoch` (0-based): the mean batch loss, the test set's loss and
 *  accuracy with `params`, and the training time without the evaluation. */
EpochReport epochReport(int epoch, double lossSum, int batches, double seconds, std::size_t samples,
                        const ParamsF &params, const Dataset &test, Normalize normalize);

struct BatchReport {
    int epoch = 0;           ///< 0-based epoch the batch belongs to
    int batchInEpoch = 0;    ///< 0-based
    int batchesPerEpoch = 0;
    std::size_t step = 0;    ///< global batch index, 0-based
    int count = 0;           ///< samples in this batch (the last may be smaller)
    double loss = 0;         ///< mean cross-entropy of this batch (before the update)
    double lr = 0;           ///< learning rate used
    std::optional<EpochReport> epochEnded; ///< set on the last batch of an epoch (after evaluation)
};

class Trainer {
public:
    Trainer(std::shared_ptr<const DataSplit> data, TrainConfig config);

    /** Weights from the seed, optimiser state cleared, position back to the start. */
    void reset();
    /** Replaces the weights (e.g. --init-from); position and optimiser are reset. */
    void setParams(const ParamsF &params);

    const TrainConfig &config() const { return m_config; }
    /** The learning rate may change at any time; the rest only takes effect after reset(). */
    void setLearningRate(double lr);
    void setConfig(const TrainConfig &config);

    /** One mini-batch: forward, backward, update. Starts the next epoch's shuffle when needed.
     *  Must not be called when finished(). */
    BatchReport trainBatch();
    bool finished() const;

    /**
     * Trains until finished() or *stop becomes true (checked between batches). Callbacks may be
     * empty.
     */
    void run(const std::function<void(const BatchReport &)> &onBatch,
             const std::function<void(const EpochReport &)> &onEpoch,
             const std::atomic<bool> *stop = nullptr);

    const ParamsF &params() const { return m_params; }
    /** The averaged gradient of the last batch (zeros before the first). */
    const ParamsF &gradients() const { return m_grads; }
    /** What the last update subtracted, times lr: the gradient g (plain SGD) or the momentum
     *  buffer v = momentum * v + g. The weight adjustment was -lr * updateDirection(). */
    const ParamsF &updateDirection() const { return m_active.momentum != 0.0 ? m_sgd.velocity() : m_grads; }
    /** Indices into data().train of the last batch's samples. */
    std::vector<std::uint32_t> lastBatchIndices() const;
    const DataSplit &data() const { return *m_data; }
    std::size_t step() const { return m_step; }
    int epoch() const { return m_epoch; }
    int batchesPerEpoch() const;
    std::size_t totalSteps() const;

    /** The configuration training runs with now (config() as of the last reset(), current lr). */
    const TrainConfig &activeConfig() const { return m_active; }

private:
    void startEpoch();
    void restart(); // position, gradients and optimiser back to the start; weights kept

    std::shared_ptr<const DataSplit> m_data;
    TrainConfig m_config;
    TrainConfig m_active;
    ParamsF m_params;
    ParamsF m_grads;
    Sgd m_sgd;
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
};

} // namespace bplab
