#pragma once
// Owns the training thread and its worker; the GUI's single entry point to training. Every method
// is called from the GUI thread and never blocks (except shutdown(), bounded by one batch).

#include "clusterpagefeed.h"
#include "snapshots.h"

#include <train/comparison.h>
#include <io/modelfile.h>
#include <train/runhistory.h>
#include <train/trainer.h>

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class QThread;

namespace bplab {

class TrainingWorker;

class TrainingController : public QObject
{
    Q_OBJECT
public:
    explicit TrainingController(QObject *parent = nullptr);
    /** Stops the thread (shutdown()). */
    ~TrainingController() override;

    /** Stops training and the thread: stop flag, requestInterruption(), quit(), wait(). A batch
     *  in progress finishes first (milliseconds). Idempotent; no command works afterwards. */
    void shutdown();
    bool isShutDown() const { return m_shutDown; }
    /** Batches the worker finished after shutdown() asked it to stop: 0 or the one in progress. */
    std::uint64_t batchesTrainedWhileClosing() const { return m_batchesWhileClosing; }

    /** Reads a data folder in the worker thread; dataLoaded() or dataFailed() follows. */
    void loadData(const QString &folder);
    /** The settings, owned here: the toolbar shows them (configChanged()) and sends edits. The
     *  learning rate applies at once (also while running); batch size, epochs, seed,
     *  initialisation, normalisation and the schedule apply on the next reset() (resetPending()
     *  says so). */
    void setConfig(const TrainConfig &config);
    const TrainConfig &config() const { return m_config; }
    void setLearningRate(double lr);
    /** The settings the current weights were initialised and trained with (the learning rate as
     *  last applied): what the views use to scale inputs for these weights. */
    const TrainConfig &trainedConfig() const { return m_trainedConfig; }
    /** True when config() needs a reset to take effect (needsReset(), trainconfig.h). */
    bool resetPending() const;

    void start();
    void pause();
    void togglePause();
    /** Exactly one mini-batch (pauses first when running). */
    void step();
    /** Pauses and re-initialises the weights from the seed with the current configuration. */
    void reset();
    /** Trains n batches, then pauses (automation); stateChanged(Paused or Finished) follows. */
    void runBatches(qint64 n);

    TrainingState state() const { return m_state; }
    bool isRunning() const { return m_state == TrainingState::Running; }
    /** The last progress reported by the worker (step = batches since the last reset). */
    const Progress &progress() const { return m_progress; }
    std::uint64_t stepCount() const { return m_progress.step; }
    DatasetInfoPtr dataset() const { return m_dataset; }
    QString dataFolder() const { return m_folder; }
    /** The images and labels the worker loaded (null without data): the same immutable object the
     *  trainer reads, so views share it instead of reading the folder again. */
    DataSplitPtr dataSplit() const { return m_split; }
    QString lastError() const { return m_lastError; }
    /** The current weights, readable at any time (exact when not running, <= ~100 ms old while
     *  running); null without data. The object never changes. */
    ParamsPtr currentWeights() const;
    // Snapshots: the worker reads and writes the files; these calls only send the request.
    /** Automatic snapshots from now on (also on pause and on close, see AutoSnapshotSettings). */
    void setAutoSnapshot(const AutoSnapshotSettings &settings);
    const AutoSnapshotSettings &autoSnapshot() const { return m_auto; }
    /** Writes the training state to file; snapshotSaved() or snapshotFailed() follows. */
    void saveSnapshot(const QString &file);
    /** Continues from a snapshot file or a folder's newest valid snapshot (pauses first);
     *  snapshotRestored() or snapshotFailed() follows. */
    void openSnapshot(const QString &fileOrFolder);
    /** openSnapshot() of the automatic snapshot folder. */
    void resumeLatest() { openSnapshot(m_auto.folder); }

    // ---- Pace ----
    /** How fast a run goes (also while running): full speed, N batches/s, one sample at a time. */
    void setPace(const Pace &pace);
    const Pace &pace() const { return m_pace; }
    /** The next faster (+) or slower (-) pace of kPaces. */
    void changePace(int direction);
    /** One sample of the next batch through the network; after the batch's last, its update. */
    void stepSample();

    // ---- Timeline and the model every view shows ----
    /** The exact weights after batch `step` (clamped to the history) go to every view; a run is
     *  paused first. At the head's step the views follow the training again. */
    void showBatch(qint64 step);
    /** Moves the cursor by `batches` (Left/Right), within first..latest: it never trains. */
    void moveCursor(qint64 batches);
    /** A new branch from the batch shown, at learning rate lr (unchanged when empty). */
    void continueFromHere(std::optional<double> lr = std::nullopt);
    /** The last visual every view was given: the weights at the cursor (or a model file's). */
    VisualPtr shown() const { return m_shown; }
    /** shownNetwork()'s weights. */
    ParamsPtr shownWeights() const;
    /** Trains the model's network from now on, from its weights (any network): its widths and
     *  activation become the settings, and a Reset starts from them. */
    void trainFrom(const NetworkModel &model);
    /** The weights every view shows with their network and input scaling: shown()'s, or
     *  currentWeights() before any visual (null weights without data). */
    OtherNetwork shownNetwork() const;
    /** Batches behind shown()'s weights (0 for a model file or none). */
    std::uint64_t shownStep() const { return m_shown ? m_shown->weightsStep : 0; }
    /** Says which weights the views show: "weights after batch 1,250 (epoch 10)". */
    QString shownCaption() const;
    static QString captionOf(const VisualSnapshot &shown);
    /** The caption of the training's latest weights (progress()). */
    QString headCaption() const;
    /** The timeline's range: batches historyFirst() .. stepCount() can be shown. */
    std::uint64_t historyFirst() const { return m_shown ? m_shown->historyFirst : 0; }
    /** The optimiser's state at the weights shown (a momentum buffer, Adam's moments), handed to
     *  `done` on `context`'s thread with the batch it belongs to; a null state for a model file,
     *  without data or after shutdown. Read on the worker thread: the GUI never waits for it. */
    void fetchShownOptimizerState(QObject *context, const OptimizerStateCallback &done);
    /** Writes the weights shown as a model file (the CLI's format); modelSaved() or modelFailed(). */
    void saveModel(const QString &file);
    /** Writes the network shown as an ONNX model on the worker thread; notice() says ModelSaved or ModelFailed. */
    void exportOnnx(const QString &file);
    /** Reads a model file (.bplab or .npz) and shows its weights in every view until training
     *  goes on; false, with the reason in *error, when it cannot be read. */
    bool openModel(const QString &file, QString *error = nullptr);

    /** The run's losses, epoch reports and abandoned branches since the last reset, load or
     *  restore, as the views draw them (kept here alone; changed only on the GUI thread, before
     *  lossesAdded() or historyChanged()). */
    std::shared_ptr<const RunHistory> history() const { return m_history; }

    /** The hidden neuron selected on the heatmap (-1: none); shared by the views. */
    int selectedHiddenNeuron() const { return m_selectedHidden; }
    void setSelectedHiddenNeuron(int neuron);
    /** The simulated cluster the training's batches are timed on (nullopt: none). */
    void setLiveCluster(const std::optional<cluster::SimConfig> &chosen);

signals:
    // Eight notifications of what changed here; the views read the rest through the accessors.
    /** dataSplit(), dataset() and lastError() changed: a folder was read (dataset() set) or could
     *  not be (dataset() null, lastError() says why). The views drop the old images. */
    void dataChanged();
    /** config(), resetPending(), pace() or selectedHiddenNeuron() changed: an edit, a recipe, a
     *  restored snapshot, a reset, a click on a neuron. */
    void settingsChanged();
    void stateChanged(bplab::TrainingState state);
    void progressChanged(const bplab::Progress &progress);
    /** Every view shows this from now on (shown()). */
    void visualReady(bplab::VisualPtr snapshot);
    /** history() has more batch losses: none is dropped. */
    void lossesAdded();
    /** The history started again, an epoch ended, a branch was abandoned or a snapshot restored;
     *  history() shows it already. */
    void historyChanged(const bplab::HistoryEvent &event);
    /** A message for the person at the screen: an error, a divergence, a file written or not. */
    void notice(const bplab::Notice &notice);

private:
    void updateProgress(const Progress &progress);
    void setResetConfig(const TrainConfig &config);
    /** Reset with the settings in use: weights from the seed, or `initial` (another network's). */
    void resetFrom(std::shared_ptr<const MlpParamsF> initial);
    // The worker's reports, applied to what this object owns before the views are told.
    void onDataRead(const QString &folder, DatasetInfoPtr info, const QString &error);
    void onVisual(VisualPtr visual);
    void onState(TrainingState state, const Progress &progress);
    void onHistory(const HistoryEvent &event);
    void onNotice(const Notice &notice);

    QThread *m_thread = nullptr;
    std::unique_ptr<TrainingWorker> m_worker;
    TrainConfig m_config;        // the settings to train with from the next reset on
    TrainConfig m_trainedConfig; // those of the current weights (last reset, load or restore)
    TrainingState m_state = TrainingState::NoData;
    Progress m_progress;
    std::shared_ptr<RunHistory> m_history = std::make_shared<RunHistory>();
    DatasetInfoPtr m_dataset;
    DataSplitPtr m_split;
    ParamsPtr m_finalWeights; // after shutdown()
    QString m_folder;
    QString m_lastError;
    int m_selectedHidden = -1;
    AutoSnapshotSettings m_auto;
    Pace m_pace;
    qint64 cursor() const;  // the batch the views show or were last asked to show
    void followTraining();  // the next visuals are the training's own again
    VisualPtr m_shown;
    std::optional<qint64> m_cursorInFlight; // a showBatch() not yet answered by a visual
    std::optional<qint64> m_nextCursor;  // the latest position asked meanwhile
    bool m_following = true;             // trained on since the last position asked
    bool m_shutDown = false;
    std::uint64_t m_batchesWhileClosing = 0;
};

} // namespace bplab
