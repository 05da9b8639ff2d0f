#pragma once
// The one training loop that every front end drives (the app's worker, train, bench): a Trainer,
// a stop flag checked between batches, the divergence policy, a requested learning rate, the pace
// of a paced run, and the batch losses and epoch reports gathered for the views between two
// sends. Callbacks carry the reports out; it knows nothing of Qt or of threads beyond its flags.

#include "train/divergence.h"
#include "train/pacer.h"
#include "train/trainer.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bplab {

/** What a run reports, called on the thread that runs the session; each may be empty. */
struct SessionObserver
{
    /** Every batch that trained (never an undone one), in order, after its update; epochEnded is
     *  set on an epoch's last batch. */
    std::function<void(const BatchReport &)> onBatch;
    /** After onBatch of an epoch's last batch. */
    std::function<void(const EpochReport &)> onEpoch;
    /** A batch diverged and was undone. `rate`: the learning rate the run goes on at (the policy
     *  halved it); nullopt: the run stops, divergence.suggestedLr is the rate to suggest. */
    std::function<void(const Divergence &divergence, std::optional<double> rate)> onDivergence;
    /** The learning-rate setting changed between batches, before batch `step` (0-based): a
     *  requested rate (requestLearningRate()) or the policy's halving. */
    std::function<void(std::size_t step, double lr)> onLearningRate;
};

/** Why run() returned. */
enum class RunEnd {
    Finished,       ///< the trainer has trained every batch of its epochs
    Stopped,        ///< a stop flag was set (requestStop(), or the flag of setStopFlag())
    Limit,          ///< RunLimits: maxBatches trained, or stopBefore() said so
    Diverged,       ///< a batch diverged and the policy stops (RunResult::divergence)
    ExchangeFailed, ///< the gradient exchange failed (RunResult::error); nothing more can train
};

struct RunResult
{
    RunEnd end = RunEnd::Finished;
    std::size_t batches = 0; ///< batches trained by this call (undone ones not counted)
    std::optional<Divergence> divergence; ///< with RunEnd::Diverged
    std::string error;                    ///< with RunEnd::ExchangeFailed
};

struct RunLimits
{
    /** Batches this call trains at most; negative: no limit. */
    std::int64_t maxBatches = -1;
    /** Asked before every batch (the first too): true ends the call with RunEnd::Limit (a time
     *  slice, --stop-after, a pause). */
    std::function<bool()> stopBefore;
};

/** The losses and epoch reports of the batches trained since the views were last sent theirs:
 *  each finite batch loss at x = epoch + (batch + 1) / batchesPerEpoch (epoch e ends at e + 1). */
struct PendingReports
{
    std::vector<double> x;
    std::vector<double> loss;
    std::vector<EpochReport> epochs;
    bool empty() const { return x.empty() && epochs.empty(); }
};

/** What the views are due after a batch of a run at full speed (TrainingSession::due()). */
enum class ViewsDue {
    Nothing,
    Losses, ///< takePending(): the losses are sent at least every kLossFlushNs
    Visual, ///< a whole picture (with the losses): at most one per kVisualIntervalNs, one in flight
};

class TrainingSession
{
public:
    /** Monotonic nanoseconds; the default reads std::chrono::steady_clock. */
    using Clock = std::function<std::int64_t()>;
    /** At most one visual per 100 ms at full speed: ten pictures a second are more than anyone
     *  reads, and each one is a burst of painting on the GUI thread. On two cores that burst
     *  stops one of the two training threads, and the other waits for it: at one picture per
     *  50 ms the app trained at about 91 % of the command line's speed, at one per 100 ms at
     *  about 100 % (docs/benchmarks.md). */
    static constexpr std::int64_t kVisualIntervalNs = 100'000'000;
    /** The batch losses are sent at least this often while running (and with every visual). */
    static constexpr std::int64_t kLossFlushNs = 50'000'000;

    explicit TrainingSession(std::unique_ptr<Trainer> trainer = nullptr, Clock clock = {});

    /** The trainer (null: none yet). */
    Trainer *trainer() { return m_trainer.get(); }
    const Trainer *trainer() const { return m_trainer.get(); }
    /** Trains with `trainer` from now on and returns the one before (the halvings count again). */
    std::unique_ptr<Trainer> setTrainer(std::unique_ptr<Trainer> trainer);

    void setObserver(SessionObserver observer) { m_observer = std::move(observer); }
    void setDivergencePolicy(const DivergencePolicy &policy) { m_policy = policy; }

    // ---- Thread-safe: any thread, never blocks. ----
    /** Ends run() before its next batch, and every later run() until clearStop(). */
    void requestStop() { m_stop.store(true); }
    void clearStop() { m_stop.store(false); }
    /** requestStop() was called or the caller's flag (setStopFlag()) is set. */
    bool stopRequested() const;
    /** The learning-rate setting from the next batch on (also during a run). */
    void requestLearningRate(double lr) { m_requestedLr.store(lr); }
    /** The rate requested and not yet applied, now withdrawn (nullopt: none). */
    std::optional<double> takeRequestedLearningRate();

    /** A flag the caller owns (e.g. one a signal handler sets), checked between batches beside
     *  the session's own; null: none. */
    void setStopFlag(const std::atomic<bool> *flag) { m_externalStop = flag; }

    /**
     * The training loop. Before each batch: the stop flags, the limits, the requested learning
     * rate; then one Trainer::trainBatch(). A trained batch goes to onBatch (and onEpoch); a
     * diverged one to onDivergence, after which the run stops or, when the policy halves, trains
     * on from the restored state at the halved rate (the same batch again). Returns why it ended.
     */
    RunResult run(const RunLimits &limits = {});

    // ---- Pace (pacer.h), on the session's clock. ----
    Pacer &pacer() { return m_pacer; }
    const Pacer &pacer() const { return m_pacer; }
    std::int64_t now() const { return m_clock(); }
    /** A run (paced or not) begins now: its first unit is due at once, the views' timers start. */
    void beginRun();
    /** Nanoseconds until the paced run's next unit is due (<= 0: now). */
    std::int64_t unitDueIn() const { return m_pacer.dueIn(now()); }
    /** The paced run's unit starts now. */
    void unitStarted() { m_pacer.started(now()); }

    // ---- What the views are sent. ----
    /** Gather each trained batch's loss and epoch report for takePending() (off by default:
     *  the command line prints its own). */
    void setGatherReports(bool gather) { m_gather = gather; }
    /** What the views are due now, after a batch at full speed, with `visualsInFlight` pictures
     *  not yet applied by them. */
    ViewsDue due(int visualsInFlight) const;
    /** The reports gathered since the last call; the loss timer starts again. */
    PendingReports takePending();
    /** A picture was sent now (the visual timer starts again). */
    void visualSent() { m_lastVisualNs = now(); }
    /** Drops the gathered reports and the evaluation time (a reset, new data, a restore). */
    void clearHistory();
    /** Time spent evaluating the test set inside epoch-ending batches since clearHistory(): each
     *  such batch's time beyond the batch before it. */
    std::int64_t evaluationNs() const { return m_evalNs; }

private:
    void applyRequestedLearningRate();
    void gather(const BatchReport &report);

    std::unique_ptr<Trainer> m_trainer;
    Clock m_clock;
    SessionObserver m_observer;
    DivergencePolicy m_policy;
    int m_halvings = 0; // halvings in a row (DivergencePolicy::rateToTrainOn)
    std::atomic<bool> m_stop {false};
    const std::atomic<bool> *m_externalStop = nullptr;
    std::atomic<double> m_requestedLr;
    Pacer m_pacer;
    bool m_gather = false;
    PendingReports m_pending;
    std::int64_t m_lastVisualNs = 0;
    std::int64_t m_lastFlushNs = 0;
    std::int64_t m_prevBatchNs = 0; // the duration of the last batch that did not end an epoch
    std::int64_t m_evalNs = 0;
};

} // namespace bplab
