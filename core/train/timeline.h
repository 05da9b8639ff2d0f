#pragma once
// The training's past, kept so that the state after any batch trained since the history began can
// be had again exactly: checkpoints of the whole training state every K batches within a memory
// budget, the learning-rate changes between them, and deterministic replay from the nearest
// checkpoint. K doubles (and every other checkpoint goes) whenever the budget would be exceeded,
// so memory stays bounded however long the run; a replay trains fewer than K batches. The budget's
// memory is taken when a history starts, and reused.

#include "result.h"
#include "train/snapshot.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bplab {

class Trainer;

class Timeline
{
public:
    /** 16 MiB: 41 checkpoints of plain SGD's weights, 20 with a momentum buffer; a replay then
     *  trains at most a fortieth of the run (about 0.2 ms a batch). */
    static constexpr std::size_t kDefaultBudgetBytes = std::size_t(16) << 20;
    /** A network larger than the source's gets a budget as many times larger, up to this factor:
     *  as many checkpoints, so that a replay trains as few (slower) batches. */
    static constexpr std::size_t kMaxBudgetScale = 8;
    /** The first interval K, in batches. */
    static constexpr std::uint64_t kFirstInterval = 32;

    /** budgetBytes: for the source network and smaller ones (see kMaxBudgetScale). */
    explicit Timeline(std::size_t budgetBytes = kDefaultBudgetBytes);

    /** Forgets everything; empty() afterwards. */
    void clear();
    /** A new history from the trainer's position (after a reset, a load or a restore): that
     *  state is the first checkpoint, first() == last() == trainer.step(). The budget follows the
     *  trainer's network. */
    void start(const Trainer &trainer);
    bool empty() const { return m_checkpoints.empty(); }

    /** After every batch the trainer kept: advances last() and keeps a checkpoint when the step
     *  is a multiple of interval(). */
    void recordBatch(const Trainer &trainer);
    /** After an undone batch (the divergence guard): the trainer's state at its step is not the
     *  one its batches produced, so it is kept as a checkpoint of its own, and a replay to that
     *  step restores it as it is. */
    void pin(const Trainer &trainer);
    /** The learning rate set on the trainer before batch `step` (0-based) was trained. */
    void recordLearningRate(std::uint64_t step, double lr);

    /** The earliest and latest step the history can reproduce (batches trained). */
    std::uint64_t first() const;
    std::uint64_t last() const { return m_last; }

    /**
     * Puts `replay` into the exact state the trainer had after `step` batches (first() <= step
     * <= last()), bit for bit: it restores the nearest checkpoint before `step` and trains the
     * batches from there with the recorded learning rates. When step > first() at least one
     * batch is trained, so replay's last batch, gradients and update are those of batch `step`.
     * `head` is the trainer at last(), whose loss history and epoch reports the replay starts
     * from. Fails only when the replay's data or replicas differ from the history's.
     */
    Status replayTo(std::uint64_t step, const Trainer &head, Trainer &replay) const;

    /** Forgets everything after `step` (a branch starts there); last() becomes `step`. */
    void truncate(std::uint64_t step);

    /** Memory held by the checkpoints and their spares (at most budgetBytes()). */
    std::size_t bytes() const { return m_bytes; }
    std::size_t budgetBytes() const { return m_budget; }
    /** The current checkpoint interval K. */
    std::uint64_t interval() const { return m_interval; }
    std::size_t checkpointCount() const { return m_checkpoints.size(); }

private:
    struct Checkpoint
    {
        TrainingSnapshot state; // without the loss history and epoch reports (head has them)
        bool pinned = false;       // pin(): replayed to as it is, never trained into
        std::size_t bytes = 0;
    };
    struct LrChange
    {
        std::uint64_t step = 0;
        double lr = 0;
    };
    void keep(const Trainer &trainer);
    void reserveSpares();
    void thin();
    static std::size_t bytesOf(const TrainingSnapshot &s);

    std::size_t m_givenBudget; // for the source network
    std::size_t m_budget;      // for the network of the history
    std::uint64_t m_interval = kFirstInterval;
    std::uint64_t m_last = 0;
    std::size_t m_bytes = 0;
    std::vector<Checkpoint> m_checkpoints; // ascending steps; the first is the history's origin
    std::vector<Checkpoint> m_spare;       // allocated, not in use: the next checkpoints' buffers
    std::vector<LrChange> m_lrChanges;     // ascending steps
    mutable TrainingSnapshot m_replayState; // replayTo()'s copy of a checkpoint
};

} // namespace bplab
