#pragma once
// Mini-batch training of a network of any Architecture: SGD with or without momentum or Adam, a constant
// or cosine learning rate, augmentation, the whole training set or a balanced subset, what train --hidden and
// --activation run. The samples come in the order the source network's Trainer takes them
// (epochOrder), so one seed shuffles alike for every network. On libxsmm's kernels (the default
// where the build has them) a batch is split by neurons (networkpass.h); on Eigen's
// (BPLAB_KERNELS=eigen) it is two fixed halves of its samples through mlp.h's pass, each with its
// own share of the gradient, added in one order. The optimiser's step is split over the same two
// threads by parameter. Either way two threads (trainingThreads(), batchthreads.h) and one give
// the same bits; the two kernels give different ones (another order of the sums). A layer list
// (convolution, pooling, dropout: Architecture::layered()) always takes the two halves, each
// through its own LayerPass, on either kernel choice.

#include "nn/architecture.h"
#include "nn/batchthreads.h"
#include "nn/evaluation.h"
#include "nn/layerpass.h"
#include "data/dataset.h"
#include "train/divergence.h"
#include "nn/mlp.h"
#include "nn/networkeval.h"
#include "nn/sgdspan.h"
#include "result.h"
#include "train/trainconfig.h"
#include "train/trainevents.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace bplab {

class GradientExchange; // exchange.h
class HalfPair;         // batchpair.h
class NetworkPass;      // networkpass.h

/** An optimiser's state in a network's shapes: SGD's momentum buffer or Adam's first moment m
 *  (first), Adam's second moment v (second; no layers for SGD) and Adam's updates so far. */
struct NetworkOptimizerState
{
    MlpParamsF first, second;
    std::uint64_t steps = 0;
};

/** One trained batch. */
struct NetworkBatch
{
    int epoch = 0;        ///< 0-based epoch of the batch
    std::size_t step = 0; ///< 0-based global batch number
    double loss = 0;      ///< mean cross-entropy of the batch, before its update
    double lr = 0;
    /** Set when the loss was not finite, or the gradient or the new weights: the update was not
     *  applied, the weights are those before it; or when the loss was above the limit (or not
     *  finite) after a kept batch: that batch is undone too (batchesUndone 2), as the source
     *  network's Trainer does. */
    std::optional<Divergence> divergence;
    std::optional<EpochReport> epochEnded; ///< on an epoch's last batch, after its evaluation
    /** Set when the gradient exchange failed: nothing was trained, and training cannot go on. */
    std::optional<std::string> exchangeError;
};

class NetworkTrainer
{
public:
    /** initial must have arch's shapes (validate(arch) ok). With an exchange, data-parallel
     *  replicas as the source network's Trainer has them (exchange.h): config.batch samples each,
     *  a global batch of replicas() x config.batch, of which this trainer computes its local
     *  replicas' gradients; the exchange sums them, and every replica applies the same step. */
    NetworkTrainer(std::shared_ptr<const DataSplit> data, const TrainConfig &config, const Architecture &arch,
                   MlpParamsF initial, std::shared_ptr<GradientExchange> exchange = nullptr);
    ~NetworkTrainer();

    const Architecture &arch() const { return m_arch; }
    const TrainConfig &config() const { return m_config; }
    const MlpParamsF &params() const { return m_params; }
    /** The weights before the last batch's update (null before the first batch and after one
     *  that diverged): params() - *paramsBefore() is what the update changed. */
    const MlpParamsF *paramsBefore() const { return m_beforeKept ? &m_next : nullptr; }
    /** The learning rate from the next batch on (the schedule scales it as before). */
    void setLearningRate(double lr) { m_config.lr = lr; }
    /** A batch loss above `limit` counts as a divergence when the batch before it can be undone
     *  (Trainer::setLossLimit; default kDivergenceLossLimit). */
    void setLossLimit(double limit) { m_lossLimit = limit; }
    /** dL/dW and dL/db of the last batch trained, averaged over its samples. */
    const MlpParamsF &gradients() const { return m_grads; }
    /** Whether the last batch's first hidden layer skipped its zero inputs (networkpass.h). */
    bool skippedZeroInputs() const;
    /** Each sample's class in the last batch by the weights before its update (paramsBefore()),
     *  as its forward pass found them; empty when not known (no batch kept since the last start,
     *  an undone batch, replicas, or Eigen's pass). */
    std::vector<std::uint8_t> lastBatchPredicted() const;
    /** The data trained on: the training subset when the config asks for one, with the test set. */
    const DataSplit &data() const { return *m_data; }

    int batchesPerEpoch() const { return m_batchesPerEpoch; }
    std::size_t totalSteps() const { return std::size_t(m_batchesPerEpoch) * std::size_t(m_config.epochs); }
    std::size_t step() const { return m_step; }
    int epoch() const { return int(m_step / std::size_t(m_batchesPerEpoch)); }
    bool finished() const { return m_step >= totalSteps(); }

    /** Goes on from batch `step` (0-based, below totalSteps()) as if the batches before it had
     *  trained: the epoch's sample order is that batch's; the weights are the initial ones given. */
    void startAt(std::size_t step);
    /** startAt() for a training resumed exactly (a snapshot's): the epoch's batches before `step`
     *  count as trained, with these sums of their losses and seconds. */
    void resumeAt(std::size_t step, double epochLossSum, double epochSeconds);
    /** Seconds spent on this epoch's batches so far. */
    double epochSeconds() const { return m_epochSeconds; }
    /** The optimiser's state of a training that reached this point: SGD's momentum buffer v, or
     *  Adam's moments m (`first`) and v (`second`) after `steps` updates. Each must have arch()'s
     *  shapes; false, and nothing changed, when one does not or the optimiser keeps no such
     *  buffer (plain SGD: no momentum). */
    bool setOptimizerState(const MlpParamsF &first, const MlpParamsF *second, std::uint64_t steps);
    /** SGD's momentum buffer v or Adam's first moment m; Adam's second moment v (empty for SGD);
     *  Adam's updates so far. */
    const MlpParamsF &firstMoment() const { return m_velocity; }
    const MlpParamsF &secondMoment() const { return m_second; }
    std::uint64_t optimizerSteps() const { return m_adamSteps; }
    /** The three above in one value (second without layers for SGD). */
    NetworkOptimizerState optimizerState() const;

    /** With an exchange, of the last batch: the replicas this trainer computed, local replica
     *  i's own mean gradient of the output layer's weights (10 x the last hidden width) and its
     *  sample count (0 when its slice was empty). Without one: one replica, the batch's. */
    int localReplicas() const { return m_exchange ? int(m_replicaOutput.size()) : 1; }
    const RowMat<float> &replicaOutputGradient(int i) const
    {
        return m_exchange ? m_replicaOutput[std::size_t(i)] : m_grads.layers.back().W;
    }
    int replicaCount(int i) const { return m_exchange ? m_replicaCounts[std::size_t(i)] : m_lastCount; }

    /** Forward, backward and update of the next mini-batch; at an epoch's last batch the test and
     *  training sets are evaluated. After a divergence the position stays at that batch. */
    NetworkBatch trainBatch();

    /** One half of a batch: its samples' columns, labels and share of the gradient. */
    struct Half
    {
        Half(const Architecture &arch, int capacity);
        MlpWorkspace<float> ws;                  ///< a dense network's (a layer list's: unused)
        std::unique_ptr<LayerPass<float>> layers; ///< a layer list's pass
        /** Where the half's inputs go (one column per sample). */
        Mat<float> &inputs() { return layers ? layers->X : ws.X; }
        MlpParamsF grads;
        std::vector<std::uint8_t> labels;
        int count = 0;
        double loss = 0; ///< the mean over its own samples
    };
    /** Where a training batch is augmented (augment.h): the run's seed and the batch's epoch. */
    struct AugmentAt
    {
        std::uint64_t seed = 0;
        int epoch = 0;
    };

private:
    /** Samples [at, at + count) of the epoch's order into the halves' columns and labels. */
    void gatherHalves(std::size_t at, int count, const AugmentAt *augment);
    /** Back to the state before the last kept batch (weights, momentum or Adam's moments); the
     *  position stays. */
    void undoLastBatch();
    /** Forward and backward pass of the batch's `count` samples gathered into its two halves
     *  (Eigen's products); m_grads = the halves' shares added. Returns the mean loss. */
    double forwardBackward(int count);
    /** The gradient of samples [at, at + count) of the epoch's order into m_grads (their mean
     *  loss's): on libxsmm's kernels split by neurons (networkpass.h) when they are chosen and
     *  can be made, else gathered into the halves and passed on to forwardBackward. */
    double computeGradients(std::size_t at, int count, const AugmentAt *augment);
    /** The optimiser's step of every parameter into m_next (m_nextVelocity, m_nextSecond), on both
     *  threads; false when a gradient or a value written is not finite. */
    bool stepAll(const StepRule &rule);
    /** Side h's part of stepAll; returns 0 x the values it read and wrote (NaN: not finite). */
    float stepSide(const StepRule &rule, int h);
    /** The second thread, or null when training runs on one. */
    HalfPair *pair();
    /** With an exchange: the local replicas' slices of the global batch [first, first + count),
     *  their gradients summed over all replicas into m_grads (the global mean); `loss` the
     *  global batch's mean loss. */
    Status exchangeGradients(std::size_t first, int count, const AugmentAt *augment, double &loss);
    void runHalf(int h, int count);

    std::shared_ptr<const DataSplit> m_data;
    TrainConfig m_config;
    Architecture m_arch;
    MlpParamsF m_params, m_grads, m_velocity, m_next, m_nextVelocity; // velocity: Adam's first moment m
    MlpParamsF m_second, m_nextSecond; ///< Adam's second moment v (empty for SGD)
    std::uint64_t m_adamSteps = 0;     ///< Adam's t
    bool m_beforeKept = false;         ///< m_next holds the weights before the last batch
    double m_lossLimit = kDivergenceLossLimit;
    int m_batch = 1; ///< samples per batch (the config's, at most the training set's)
    std::vector<Half> m_halves; ///< Eigen's pass only, from its first batch on
    std::unique_ptr<HalfPair> m_pair; ///< the second thread, from the first two-thread batch on
    std::unique_ptr<NetworkPass> m_pass; ///< libxsmm's pass (null in a build without libxsmm)
    std::shared_ptr<GradientExchange> m_exchange; ///< null: one replica
    int m_replicaBatch = 1;                        ///< samples per replica (config.batch)
    std::vector<std::vector<float>> m_exchangeBuffers; ///< one per local replica
    std::vector<RowMat<float>> m_replicaOutput;        ///< per local replica, its own output-layer dW
    std::vector<int> m_replicaCounts;
    int m_lastCount = 0; ///< samples of the last batch (one replica)
    bool m_passPredicted = false; ///< the last batch ran on m_pass (its predicted() is the batch's)
    std::size_t m_batchFirst = 0; ///< the batch's first position in the epoch's order
    std::size_t m_halvesAt = 0;   ///< the halves' first position in the epoch's order
    std::vector<std::uint32_t> m_order;
    int m_batchesPerEpoch = 1;
    std::size_t m_step = 0;
    double m_epochLossSum = 0;
    int m_epochBatches = 0; ///< batches trained in this epoch (fewer than all when it started mid-way)
    double m_epochSeconds = 0;
};

} // namespace bplab
