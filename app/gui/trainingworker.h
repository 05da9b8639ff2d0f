#pragma once
// The bridge between the core's training session and the GUI: lives in the controller's QThread,
// takes commands as queued calls or atomic flags, drives the session's loop in time slices or at a
// pace, and turns its reports into value snapshots sent out as signals.

#include "autosnapshots.h"
#include "clusterpagefeed.h"
#include "runstats.h"
#include "snapshots.h"
#include "timelinecursor.h"
#include "trainervisuals.h"
#include "visualhandoff.h"

#include <data/dataset.h>
#include <train/pacer.h>
#include <train/timeline.h>
#include <train/trainer.h>
#include <train/trainingsession.h>

#include <QObject>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

class QTimer;

namespace bplab {

class TrainingWorker : public QObject
{
    Q_OBJECT
public:
    /** At most one visual snapshot per this many milliseconds while running at full speed: 20
     *  a second, more than anyone reads, and each one is GUI-thread time taken from training on
     *  a machine with two cores (paced runs show every batch). */
    static constexpr int kVisualIntervalMs = int(TrainingSession::kVisualIntervalNs / 1'000'000);
    /** A run slice returns to the event loop after this long so queued commands get through. */
    static constexpr int kSliceMs = 20;
    /** Nanoseconds per millisecond: the session's clock counts nanoseconds, Qt's timers milliseconds. */
    static constexpr qint64 kNsPerMs = 1'000'000;

    explicit TrainingWorker(QObject *parent = nullptr);
    ~TrainingWorker() override;

    // ---- Thread-safe: callable from any thread, never block. ----
    /** Start (true) or pause (false); a pause takes effect before the next batch. */
    void setRunRequested(bool run) { m_run.store(run); }
    bool runRequested() const { return m_run.load(); }
    /** Ends every loop for good (shutdown); checked before every batch. */
    void requestStop()
    {
        m_stop.store(true);
        m_session.requestStop();
    }
    /** Stops the worker's timers; called in the worker's thread as it ends. */
    void stopTimers();
    /** The learning rate from the next batch on, also while running: the one way a new rate
     *  reaches the trainer (the rest of the settings come with reset() and loadData()). */
    void requestLearningRate(double lr) { m_session.requestLearningRate(lr); }
    /** The GUI has applied a visual snapshot, so the next throttled one may be sent. */
    void acknowledgeVisual() { m_handoff.acknowledged(); }
    /** The current weights: exact when not running, at most ~100 ms old while running; null
     *  without data. The object never changes (a new one is published instead). */
    ParamsPtr currentWeights() const { return m_handoff.weights(); }
    /** Batches finished after requestStop(); read once the thread has ended. */
    std::uint64_t batchesAfterStop() const { return m_batchesAfterStop; }
    /** The simulated cluster each trained batch is timed on (the Data parallel page's choice). */
    void setLiveCluster(const std::optional<cluster::SimConfig> &chosen) { m_clusterFeed.set(chosen); }

    // ---- Worker thread only: call through QMetaObject::invokeMethod(..., Qt::QueuedConnection). ----
    /** Reads the folder and builds a fresh trainer with this configuration (weights from its seed). */
    void loadData(const QString &folder, const bplab::TrainConfig &config) { loadFolder(folder, config); }
    // resume() and step() are invoked by name: a member-function invokeMethod builds its slot
    // object on the GUI thread and reads it here, through Qt's uninstrumented event queue, which
    // ThreadSanitizer reports as a race; by name, nothing of ours crosses (tests/sanitizers).
    /** Runs batches while the run flag is set (returns to the event loop between slices). */
    Q_INVOKABLE void resume();
    /** Trains exactly one mini-batch (when not running and not finished). */
    Q_INVOKABLE void step();
    /** Ends a run at once after setRunRequested(false), also one waiting for its paced unit. */
    Q_INVOKABLE void pauseNow();
    /** Trains n batches (or up to the end), then pauses; for automation. */
    void runBatches(qint64 n);
    /** Applies the configuration and re-initialises the weights from its seed, or (another
     *  network than the source's, in its shapes) starts from `initial`. */
    void reset(const bplab::TrainConfig &config, std::shared_ptr<const MlpParamsF> initial = nullptr);

    // Pace and timeline.
    /** How fast a run goes from the next unit on, also while running. */
    void setPace(const bplab::Pace &pace);
    const Pace &pace() const { return m_session.pacer().pace(); }
    /** One sample of the next batch through the current weights; after the batch's last sample,
     *  the batch itself is trained (when not running and not finished). */
    Q_INVOKABLE void stepSample();
    /** Shows the exact state after batch `step` of the timeline (clamped to what it holds): the
     *  views get a visual with those weights. A run is paused first. The head's step follows it
     *  again (see atHead). */
    void showBatch(qint64 step);
    /** Continues training from the batch shown: the batches after it are abandoned (branched()
     *  sends their losses) and training goes on from there, at learning rate `lr` unless NaN. At
     *  the head it only applies the rate. */
    void continueFromCursor(double lr);
    /** Shows a model file's weights (named `name`) in every view until training goes on. */
    void showModel(bplab::ParamsPtr weights, const QString &name);
    /** Writes the weights shown (the cursor's) as a model file; modelSaved() or modelFailed(). */
    void saveModel(const QString &file);
    /** Writes the network shown (the cursor's weights) as an ONNX model; notice() says ModelSaved or ModelFailed. */
    void exportOnnx(const QString &file);
    /** The optimiser's state at the weights shown (the head's, or a past batch's the timeline
     *  replayed), handed to `done` on `context`'s thread with the batch it belongs to; a null
     *  state while a model file is shown or without data. */
    void sendShownOptimizerState(QObject *context, const bplab::OptimizerStateCallback &done);
    /** The timeline (worker thread only; tests). */
    const Timeline &timeline() const { return m_view.timeline(); }

    // Snapshots; all file work happens here, on the worker thread.
    void setAutoSnapshot(const bplab::AutoSnapshotSettings &settings) { m_autoSnapshots.setSettings(settings); }
    /** Writes the whole training state to `file`; snapshotSaved() or snapshotFailed() follows. */
    void saveSnapshot(const QString &file);
    /** Continues from a snapshot file or a folder's newest valid one (reading the snapshot's data
     *  folder first when other data is loaded); snapshotRestored() or snapshotFailed() follows. */
    void openSnapshot(const QString &fileOrFolder);
    /** The automatic snapshot on close: only after the thread has ended (the controller calls it
     *  from its thread then). Writes nothing when automatic snapshots are off or nothing changed. */
    void finalSnapshot() { maybeAutoSnapshot(true); }

signals:
    // Six reports, queued to the controller in the order they happen (one sender, one receiver).
    /** A data folder was read (info) or could not be (info null, error says why). */
    void dataRead(const QString &folder, bplab::DatasetInfoPtr info, const QString &error);
    void visualReady(bplab::VisualPtr snapshot);
    void lossesReady(bplab::LossChunkPtr chunk);
    void stateChanged(bplab::TrainingState state, const bplab::Progress &progress);
    void historyChanged(const bplab::HistoryEvent &event);
    void notice(const bplab::Notice &notice);

private:
    void runSlice();
    /** Queues runSlice(): now, or after delayMs (a paced run waiting for its next unit). */
    void scheduleSlice(int delayMs = 0);
    /** A paced run's next unit when it is due (runSlice() at a pace). */
    void runPaced();
    /** Ends a run at once, between batches (a scheduled slice is dropped). */
    void stopRunNow();
    /** A step or a sample step may train now (the views follow the head again); false without
     *  data, while a run slice is pending or stopping, and when finished (which it says). */
    bool readyToStep();
    /** One unit of a paced run or a step: a sample (one sample at a time) or a batch. */
    bool trainUnit();
    /** One batch through the session's loop; false when it did not train (diverged, stopped). */
    bool trainOne();
    /** The session's callbacks: a trained batch, a divergence (trainOne(), runSlice()). */
    void batchTrained(const BatchReport &report);
    void divergedAt(const Divergence &divergence);
    /** After each batch of a run at full speed: the views' rate-limited feed, auto snapshots. */
    void afterBatch();
    Trainer *trainer() { return m_session.trainer(); }
    const Trainer *trainer() const { return m_session.trainer(); }
    qint64 now() const { return m_session.now(); }
    void endRun();
    void flushLosses();
    /** A picture of the trainer's state to the views (makeVisual()); with sampleInBatch >= 0 the
     *  next batch's sample of that index, by the weights before its update. */
    void sendVisual(bool live = false, int sampleInBatch = -1);
    /** A visual of `trainer`'s state (the head's or the replay's): its last batch and that
     *  batch's first sample; with sampleInBatch >= 0 (one sample at a time), the next batch
     *  (m_samples) and its sample sampleInBatch instead, by the weights before its update (visualOf()). */
    std::shared_ptr<VisualSnapshot> makeVisual(const Trainer &trainer, bool live, int sampleInBatch = -1) const;
    void setState(TrainingState state);
    void clearHistory();
    Progress progress() const;
    /** A copy of the head's source-network weights (null without data or for another network). */
    ParamsPtr headWeights() const;
    bool loadFolder(const QString &folder, const TrainConfig &config);
    void announceRestored(const RestoredSnapshot &restored);
    void maybeAutoSnapshot(bool force);

    // Shared with other threads.
    std::atomic<bool> m_run{false};
    std::atomic<bool> m_stop{false};
    VisualHandoff m_handoff;

    // Worker thread only.
    std::shared_ptr<const DataSplit> m_data;
    // The trainer (its activeConfig() is the settings of its weights), the loop, the pace, the
    // requested rate and the reports gathered for the views.
    TrainingSession m_session;
    bool m_inSlice = false;   // runSlice() is running batches at full speed
    bool m_lossFailed = false; // the last batch's loss was not finite (trainOne())
    TrainingState m_state = TrainingState::NoData;
    bool m_sliceScheduled = false;
    qint64 m_budget = -1; // batches left in runBatches(); -1: unlimited
    std::uint64_t m_batchesAfterStop = 0;
    RunStats m_stats;
    TimelineCursor m_view;                  // the timeline, and a past batch or model file shown
    QTimer *m_paceTimer = nullptr;          // a paced run's wait for its next unit
    SampleWalk m_samples;                   // one sample at a time: the next batch's samples
    VisualBudget m_visualBudget;            // the share of this thread the live pictures take
    AutoSnapshots m_autoSnapshots;
    LiveClusterFeed m_clusterFeed;
};

} // namespace bplab
