#pragma once
// The training loop: seeded shuffling, mini-batches, SGD (optionally momentum and a cosine
// schedule), per-batch and per-epoch reports, pause/stop between batches. Knows nothing of Qt.

#include "dataset.h"
#include "network.h"

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

enum class Schedule { Constant, Cosine };

/** "constant" or "cosine", the names the CLI and the files use; parseSchedule reads them back. */
std::string scheduleName(Schedule s);
std::optional<Schedule> parseSchedule(const std::string &name);

struct TrainConfig {
    int epochs = 10;
    int batch = 64;
    double lr = 0.1;       ///< base learning rate
    double momentum = 0.0; ///< 0 = plain SGD (the source's method)
    Schedule schedule = Schedule::Constant;
    Normalize normalize = Normalize::None;
    Init init = Init::He;
    std::uint64_t seed = 1;
    /** Random small shifts, rotations and scalings of the training images (augment.h), drawn
     *  from (seed, epoch, sample index): off in the source's recipe. */
    bool augment = false;
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
    /** The step in place. */
    void update(const ParamsF &grads, ParamsF &params, float lr, float momentum);
    /** The same step written into `next`; params and velocity() stay as they were until commit(),
     *  so a step whose result is not finite is dropped at no cost (the divergence guard). */
    void step(const ParamsF &grads, const ParamsF &params, ParamsF &next, float lr, float momentum);
    /** Makes the last step()'s momentum buffer the current one. */
    void commit();
    /** Undoes the last commit(): the buffer before it is current again (kept in a third buffer
     *  until the next commit()). */
    void rollback();
    const ParamsF &velocity() const { return m_velocity; }
    /** The momentum buffer step() computed (not yet committed); for messages. */
    const ParamsF &pendingVelocity() const { return m_next; }
    /** Replaces the momentum buffer (a restored snapshot). */
    void setVelocity(const ParamsF &velocity);
    /** The buffer a fused step (forwardBackwardStep, network.h) writes v' into instead of step():
     *  pendingVelocity(), pending for commit() when momentum is not 0. rollback() still works. */
    ParamsF &stepBuffer(float momentum);

private:
    ParamsF m_velocity = ParamsF::zeros();
    ParamsF m_next = ParamsF::zeros(); // step()'s buffer; becomes m_velocity on commit()
    ParamsF m_previous = ParamsF::zeros(); // m_velocity before the last commit(), for rollback()
    bool m_pending = false;            // m_next holds a step's buffer not yet committed
    bool m_swapped = false;            // the last commit() rotated: m_previous holds the buffer before it
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

/**
 * A batch whose loss, gradient, new weights or (at an epoch's end) test loss were not finite (NaN
 * or Inf). Its update was not applied: the weights, the momentum buffer, the position and the
 * histories are those before the batch, so training the same batch again with the same learning
 * rate fails again. When the loss itself is not finite or above the loss limit
 * (kDivergenceLossLimit), the weights were already too large for the forward pass: the previous
 * batch's update is undone too (batchesUndone 2), back to weights whose loss was finite; the
 * position and the histories stay (that batch's loss was real). A loss above the limit at weights
 * that cannot be undone further (the first batch after a start, a restore or an undo) is trained
 * on, so that a smaller learning rate can recover from them.
 */
struct Divergence {
    std::string quantity; ///< "the loss", "the gradient dL/dW1[3][200]", "the weight W2[1][5]", ...
    double value = 0;     ///< the value that was not finite (NaN, +Inf or -Inf), or the loss above lossLimit()
    double lr = 0;        ///< the learning rate of the batch
    int batchesUndone = 1; ///< 1: this batch's update was dropped; 2: the previous batch's too
    /** One line for a person, the same in the app and the CLI: "training diverged in epoch 1,
     *  batch 3/7 (step 3): the weight W1[5][300] became inf at learning rate 50; the weights and
     *  the optimiser state are back to their values before this batch; try a smaller learning
     *  rate (e.g. 5)". */
    std::string message;
};

/** A batch loss above this counts as a divergence too (Trainer::lossLimit()): the true class at
 *  e^-100 on average. An honest batch stays near ln 10 = 2.3 or below; a loss this high means the
 *  weights are blowing up, and the guard acts while they are still finite and can recover. The
 *  same rule for every front end and for one trainer or data-parallel replicas. */
inline constexpr double kDivergenceLossLimit = 100;

/**
 * What diverged first, in the order it is computed: the loss, the gradient, the momentum buffer
 * (`velocity`, may be null), the weights `next` (the step's result or, when two batches were
 * undone, the too large weights of the previous step), the test loss at the epoch's end. Fills
 * every field of Divergence, message included; baseLr is the rate the suggestion divides by 10.
 */
struct BatchReport;
Divergence describeDivergence(const BatchReport &report, double baseLr, double lossLimit, int undone,
                              const ParamsF &grads, const ParamsF *velocity, const ParamsF &next,
                              double testLoss = 0);

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
     * Trains until finished(), *stop becomes true (checked between batches) or a batch diverges
     * (reported to onBatch, then run() returns). Callbacks may be empty.
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
    void setLossLimit(double limit) { m_lossLimit = limit; }
    double lossLimit() const { return m_lossLimit; }

    /** The identity of data(): counted once per Trainer (about 50 ms for MNIST), then cached. */
    const DatasetIdentity &dataIdentity() const;
    /** The whole training state, between batches (snapshot.h). Copies about 0.8 MB plus the
     *  loss history. */
    TrainingSnapshot snapshot() const;
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
    void restart(); // position, gradients and optimiser back to the start; weights kept

    std::shared_ptr<const DataSplit> m_data;
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
    std::vector<float> m_lossHistory;
    std::vector<EpochReport> m_epochReports;
    mutable std::shared_ptr<const DatasetIdentity> m_identity; // dataIdentity(), once
};

} // namespace bplab
