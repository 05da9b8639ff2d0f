#include "trainingworker.h"

#include "sessionfiles.h"
#include "sessiontrainer.h"
#include "trainervisuals.h"

#include <train/networktrainer.h>
#include <train/snapshotfolder.h>

#include <QMetaObject>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace bplab {

TrainingWorker::TrainingWorker(QObject *parent) : QObject(parent)
{
    // The epochs' reports go with the gathered losses, not one by one: see flushLosses().
    m_session.setGatherReports(true);
    m_session.setObserver({[this](const BatchReport &b) { batchTrained(b); },
                           {},
                           [this](const Divergence &d, std::optional<double>) { divergedAt(d); },
                           [this](std::size_t step, double lr) { m_view.timeline().recordLearningRate(step, lr); }});
    // A paced run waits for its next unit on this timer (it moves to the worker's thread with
    // the worker, and is only started there).
    m_paceTimer = new QTimer(this);
    m_paceTimer->setSingleShot(true);
    m_paceTimer->setTimerType(Qt::PreciseTimer);
    connect(m_paceTimer, &QTimer::timeout, this, &TrainingWorker::runSlice);
}

TrainingWorker::~TrainingWorker() = default;

bool TrainingWorker::loadFolder(const QString &folder, const TrainConfig &config)
{
    if (m_stop.load())
        return false;
    m_run.store(false);
    m_budget = -1;
    setState(TrainingState::Loading);
    const std::variant<DataSplitPtr, QString> read = SessionFiles::readDataFolder(folder);
    if (const QString *problem = std::get_if<QString>(&read)) {
        m_session.setTrainer(nullptr);
        m_data.reset();
        m_handoff.publish(nullptr);
        emit dataRead(folder, nullptr, *problem);
        setState(TrainingState::NoData);
        return false;
    }

    m_data = std::get<DataSplitPtr>(read);
    m_session.setTrainer(makeSessionTrainer(m_data, config));
    m_view.dropReplay();
    m_session.takeRequestedLearningRate(); // a rate asked for the old data is dropped
    clearHistory();
    // Published before the signals: a receiver of dataLoaded() reads currentWeights().
    m_handoff.publish(headWeights());

    emit dataRead(folder, SessionFiles::describeData(m_data), {});
    emit historyChanged(HistoryRestart{progress(), {}});
    sendVisual();
    setState(TrainingState::Paused);
    return true;
}

void TrainingWorker::reset(const TrainConfig &config, std::shared_ptr<const MlpParamsF> initial)
{
    m_session.takeRequestedLearningRate(); // the configuration's rate applies
    if (!trainer())
        return;
    m_run.store(false);
    m_budget = -1;
    if (config.replicas != trainer()->replicas()) {
        m_session.setTrainer(makeSessionTrainer(m_data, config));
        m_view.dropReplay();
    } else {
        trainer()->setConfig(config);
        trainer()->reset();
    }
    if (initial)
        trainer()->setParams(*initial);
    clearHistory();
    m_handoff.publish(headWeights()); // before the restart
    emit historyChanged(HistoryRestart{progress(), {}});
    sendVisual();
    setState(TrainingState::Paused);
}

void TrainingWorker::clearHistory()
{
    m_session.clearHistory();
    m_stats.restart(trainer() ? trainer()->activeConfig().lr : 0.0);
    m_autoSnapshots.restartAt(trainer() ? trainer()->step() : 0, now());
    m_samples.clear();
    m_view.restart(trainer());
}

void TrainingWorker::resume()
{
    if (!trainer() || m_sliceScheduled || m_stop.load() || !m_run.load())
        return;
    if (trainer()->finished()) {
        m_run.store(false);
        setState(TrainingState::Finished);
        return;
    }
    m_view.showHead(); // a run trains at the head, whatever batch was shown
    m_stats.beginRun(now());
    m_session.beginRun(); // the pace and the views' timers start now
    GuiPictureCost::take(); // what the GUI spent before this run does not pace its pictures
    setState(TrainingState::Running);
    scheduleSlice();
}

void TrainingWorker::runBatches(qint64 n)
{
    if (!trainer() || m_sliceScheduled)
        return;
    m_budget = std::max<qint64>(0, n);
    m_run.store(true);
    resume();
    if (!m_sliceScheduled) // nothing to do (finished, or n == 0): still report the exact state
        endRun();
}

void TrainingWorker::scheduleSlice(int delayMs)
{
    m_sliceScheduled = true;
    if (delayMs > 0)
        m_paceTimer->start(delayMs);
    else
        QMetaObject::invokeMethod(this, &TrainingWorker::runSlice, Qt::QueuedConnection);
}

void TrainingWorker::runSlice()
{
    // A slice dropped by stopRunNow() may still be queued: it does nothing.
    if (!m_sliceScheduled)
        return;
    m_sliceScheduled = false;
    if (!trainer() || m_stop.load())
        return;
    if (!m_session.pacer().pace().full()) {
        runPaced();
        return;
    }
    const qint64 sliceEnd = now() + kSliceMs * kNsPerMs;
    // Flags are checked before every batch: a pause or stop never waits for more than one batch.
    // The budget counts down in batchTrained().
    m_inSlice = true;
    const RunResult ran = m_session.run({-1, [&] {
        return !m_run.load(std::memory_order_relaxed) || m_stop.load(std::memory_order_relaxed)
               || m_budget == 0 || now() >= sliceEnd;
    }});
    m_inSlice = false;
    if (m_stop.load())
        return;
    if (ran.end == RunEnd::Limit && m_run.load() && m_budget != 0) { // the slice's time is up
        scheduleSlice();
        return;
    }
    endRun();
}

void TrainingWorker::endRun()
{
    m_run.store(false);
    m_budget = -1;
    m_stats.endRun(now());
    sendVisual(); // the exact state at the pause, whatever the throttle says
    setState(trainer()->finished() ? TrainingState::Finished : TrainingState::Paused);
    maybeAutoSnapshot(true); // on every pause and at the end
}

bool TrainingWorker::readyToStep()
{
    if (!trainer() || m_sliceScheduled || m_stop.load())
        return false;
    if (trainer()->finished()) {
        setState(TrainingState::Finished);
        return false;
    }
    m_view.showHead();
    return true;
}

void TrainingWorker::step()
{
    if (!readyToStep())
        return;
    trainOne();
    sendVisual();
    setState(trainer()->finished() ? TrainingState::Finished : TrainingState::Paused);
}

bool TrainingWorker::trainOne()
{
    m_lossFailed = false;
    return m_session.run({1, {}}).batches == 1 && !m_lossFailed;
}

void TrainingWorker::divergedAt(const Divergence &divergence)
{
    // The trainer undid the batch: weights, momentum and position are the last finite ones.
    m_run.store(false);
    m_view.timeline().pin(*trainer());
    emit notice(divergence);
}

void TrainingWorker::batchTrained(const BatchReport &report)
{
    if (m_stop.load(std::memory_order_relaxed))
        ++m_batchesAfterStop;
    m_view.timeline().recordBatch(*trainer());
    m_samples.clear(); // one sample at a time starts on the next batch
    m_stats.countBatch(std::uint64_t(report.count), report.lr);
    if (m_budget > 0)
        --m_budget;
    if (!std::isfinite(report.loss)) { // not expected past the guard; never plotted or shown
        m_run.store(false);
        m_lossFailed = true;
        emit notice(TrainingError{tr("The loss of batch %1 is %2 at learning rate %3: the weights diverged. "
                              "Lower the learning rate and press Reset (Ctrl+R).")
                               .arg(report.step + 1)
                               .arg(report.loss)
                               .arg(report.lr)});
        return;
    }
    if (m_inSlice)
        afterBatch();
}

void TrainingWorker::afterBatch()
{
    m_stats.updateSpeed(now());
    // The session batches the losses (never dropped) and limits the pictures (one in flight).
    switch (m_session.due(m_handoff.inFlight())) {
    case ViewsDue::Visual:
        if (m_visualBudget.allows(now())) {
            sendVisual(/*live=*/true);
        } else { // the picture waits for the training thread's share (VisualBudget); not the losses
            m_session.visualSent();
            flushLosses();
        }
        break;
    case ViewsDue::Losses:
        flushLosses();
        break;
    case ViewsDue::Nothing:
        break;
    }
    maybeAutoSnapshot(false);
}

void TrainingWorker::flushLosses()
{
    // The epoch's evaluation goes with the losses (at the latest with the next visual), so the
    // loss plot and the class accuracy change in the dashboard's frame and not in one of their
    // own: on a small data set epochs end tens of times a second.
    const PendingReports pending = m_session.takePending();
    if (!pending.x.empty()) {
        auto chunk = std::make_shared<LossChunk>();
        chunk->progress = progress();
        chunk->x = QVector<double>(pending.x.begin(), pending.x.end());
        chunk->loss = QVector<double>(pending.loss.begin(), pending.loss.end());
        emit lossesReady(chunk);
    }
    for (const EpochReport &e : pending.epochs) {
        // Finite weights can still overflow a test logit: such an evaluation is said, not plotted.
        if (std::isfinite(e.trainLoss) && std::isfinite(e.testLoss) && std::isfinite(e.testAccuracy))
            emit historyChanged(e);
        else
            emit notice(TrainingError{tr("The evaluation on the test set after epoch %1 gave no finite "
                                  "loss: the weights have grown too large. Lower the learning "
                                  "rate and press Reset (Ctrl+R).").arg(e.epoch)});
    }
}

void TrainingWorker::sendVisual(bool live, int sampleInBatch)
{
    flushLosses();
    m_session.visualSent();
    if (!trainer())
        return;
    const qint64 start = now();
    std::shared_ptr<VisualSnapshot> s = makeVisual(*trainer(), live, sampleInBatch);
    m_visualBudget.spent(start, now(), GuiPictureCost::take());
    m_handoff.publish(s->weights);
    if (sampleInBatch < 0) // a sample of the next batch: no batch iterated since the last picture
        s->cluster = clusterIterationOf(*trainer(), m_clusterFeed.get());
    m_handoff.sent();
    emit visualReady(s);
}

std::shared_ptr<VisualSnapshot> TrainingWorker::makeVisual(const Trainer &trainer, bool live, int sampleInBatch) const
{
    const bool head = &trainer == this->trainer();
    // The adjustment shown is the last update's: at the head at the rate it trained with, in the
    // past at the schedule's rate of that batch.
    const double lr = head ? m_stats.lastLr() : scheduledLr(trainer.activeConfig(), trainer.step() - 1, trainer.totalSteps());
    std::shared_ptr<VisualSnapshot> s = visualOf(trainer, m_data->train, lr, &m_samples, sampleInBatch);
    s->progress = progress();
    s->live = live;
    s->atHead = head;
    s->duringRun = m_stats.running();
    const Timeline &timeline = m_view.timeline();
    s->historyFirst = timeline.empty() ? trainer.step() : timeline.first();
    return s;
}

void TrainingWorker::setState(TrainingState state)
{
    m_state = state;
    emit stateChanged(state, progress());
}

Progress TrainingWorker::progress() const
{
    return m_stats.progress(trainer(), now(), m_session.evaluationNs());
}

void TrainingWorker::setPace(const Pace &pace)
{
    const bool wasSamples = m_session.pacer().pace().perSample;
    m_session.pacer().setPace(pace);
    if (wasSamples && !pace.perSample && m_samples.started())
        m_samples.finish(); // the batch whose samples were being shown trains next, as one unit
    // A run waiting for its next unit at the old pace looks again now: a faster pace applies at
    // once, a slower one from the next unit.
    if (m_paceTimer->isActive()) {
        m_paceTimer->stop();
        scheduleSlice();
    }
}

void TrainingWorker::stopTimers()
{
    m_paceTimer->stop();
}

void TrainingWorker::stopRunNow()
{
    m_run.store(false);
    if (!m_sliceScheduled)
        return;
    m_paceTimer->stop();
    m_sliceScheduled = false; // a slice still queued finds nothing to do (runSlice())
    endRun();
}

void TrainingWorker::pauseNow()
{
    if (!m_run.load())
        stopRunNow();
}

void TrainingWorker::runPaced()
{
    if (!m_run.load() || m_budget == 0 || trainer()->finished()) {
        endRun();
        return;
    }
    qint64 wait = m_session.unitDueIn();
    // At a pace every unit is seen: the next one waits until the GUI has applied the last.
    if (wait <= 0 && m_handoff.inFlight() > 0)
        wait = kNsPerMs;
    if (wait > 0) {
        scheduleSlice(int((wait + kNsPerMs - 1) / kNsPerMs));
        return;
    }
    m_session.unitStarted();
    if (!trainUnit()) {
        endRun();
        return;
    }
    maybeAutoSnapshot(false);
    scheduleSlice(int(std::max<qint64>(1, m_session.unitDueIn() / kNsPerMs)));
}

bool TrainingWorker::trainUnit()
{
    if (m_session.pacer().pace().perSample) {
        m_samples.begin(*trainer(), m_data->train);
        if (!m_samples.done()) {
            sendVisual(/*live=*/false, m_samples.next());
            return true;
        }
    }
    if (!trainOne())
        return false;
    m_stats.updateSpeed(now());
    sendVisual(); // exact: every batch's panels are shown at a pace
    return true;
}

void TrainingWorker::stepSample()
{
    if (!readyToStep())
        return;
    const Pace pace = m_session.pacer().pace();
    m_session.pacer().setPace({kSamplesPerSecond, true});
    trainUnit();
    m_session.pacer().setPace(pace);
    setState(trainer()->finished() ? TrainingState::Finished : TrainingState::Paused);
}

ParamsPtr TrainingWorker::headWeights() const
{
    return trainer() ? std::make_shared<const MlpParamsF>(trainer()->params()) : nullptr;
}

void TrainingWorker::showModel(ParamsPtr weights, const QString &name)
{
    if (!trainer() || m_stop.load() || !weights)
        return;
    stopRunNow();
    m_view.showModel(std::move(weights), name);
    // The head's sample through the file's weights; no batch of the file's is known.
    std::shared_ptr<VisualSnapshot> s = makeVisual(*trainer(), false);
    showModelFile(*s, m_view.fileModel(), name, m_data->train, trainer()->activeConfig().normalize);
    flushLosses();
    m_handoff.sent();
    emit visualReady(s);
}

void TrainingWorker::showBatch(qint64 step)
{
    const Timeline &timeline = m_view.timeline();
    if (!trainer() || m_stop.load() || timeline.empty())
        return;
    stopRunNow();
    const std::uint64_t k = std::clamp(std::uint64_t(std::max<qint64>(0, step)), timeline.first(), timeline.last());
    if (k == trainer()->step()) {
        m_view.showHead();
        sendVisual();
        return;
    }
    if (const Status st = m_view.showBatch(k, *trainer(), m_data); !st) {
        emit notice(TrainingError{tr("Batch %1 could not be shown again: %2").arg(k).arg(QString::fromStdString(st.error()))});
        return;
    }
    flushLosses();
    m_session.visualSent();
    m_handoff.sent();
    const Trainer &replay = m_view.shown(*trainer());
    std::shared_ptr<VisualSnapshot> s = makeVisual(replay, false);
    s->cluster = clusterIterationOf(replay, m_clusterFeed.get()); // the Data parallel page shows its all-reduce too
    emit visualReady(s);
}

void TrainingWorker::continueFromCursor(double lr)
{
    if (!trainer() || m_stop.load())
        return;
    stopRunNow();
    if (std::isnan(lr)) // the toolbar's rate, when it was changed while the past was shown
        lr = m_session.takeRequestedLearningRate().value_or(std::numeric_limits<double>::quiet_NaN());
    if (const std::optional<std::uint64_t> cursor = m_view.cursor()) {
        const std::uint64_t k = *cursor;
        std::shared_ptr<AbandonedBranch> branch =
                abandonedBranch(*trainer(), k, m_view.shown(*trainer()).activeConfig().lr);
        // The replay holds the exact state after batch k with its last batch: it becomes the
        // head, and the old head the next replay.
        m_view.keepAsReplay(m_session.setTrainer(m_view.takeReplay()));
        trainer()->setLossLimit(kDivergenceLossLimit); // the replay ran without the guard's limit
        m_view.timeline().truncate(k);
        m_view.showHead();
        m_samples.clear();
        m_stats.setLastLr(trainer()->activeConfig().lr);
        if (!std::isnan(lr) && lr > 0 && lr != trainer()->activeConfig().lr) {
            trainer()->setLearningRate(lr);
            m_view.timeline().recordLearningRate(k, lr);
        }
        branch->newLearningRate = trainer()->activeConfig().lr;
        emit historyChanged(BranchPtr(branch));
    } else if (!std::isnan(lr) && lr > 0) {
        m_session.requestLearningRate(lr);
    }
    sendVisual();
    setState(trainer()->finished() ? TrainingState::Finished : TrainingState::Paused);
}

void TrainingWorker::sendShownOptimizerState(QObject *context, const OptimizerStateCallback &done)
{
    std::shared_ptr<const NetworkOptimizerState> state;
    std::uint64_t step = 0;
    if (trainer() && !m_view.fileModel() && !m_stop.load()) {
        const Trainer &shown = m_view.shown(*trainer());
        state = std::make_shared<const NetworkOptimizerState>(shown.optimizerState());
        step = shown.step();
    }
    QMetaObject::invokeMethod(context, [done, state, step] { done(state, step); }, Qt::QueuedConnection);
}

void TrainingWorker::saveModel(const QString &file)
{
    emit notice(SessionFiles::saveModel(file, trainer() ? &m_view.shown(*trainer()) : nullptr, m_view.fileModel(),
                                        m_view.fileModelName()));
}

void TrainingWorker::exportOnnx(const QString &file)
{
    emit notice(SessionFiles::exportOnnx(file, trainer() ? &m_view.shown(*trainer()) : nullptr, m_view.fileModel(),
                                         m_view.fileModelName()));
}

void TrainingWorker::saveSnapshot(const QString &file)
{
    emit notice(SessionFiles::saveSnapshot(file, trainer()));
}

void TrainingWorker::maybeAutoSnapshot(bool force)
{
    if (!trainer())
        return;
    if (const std::optional<Notice> said = m_autoSnapshots.writeIfDue(*trainer(), now(), force))
        emit notice(*said);
}

void TrainingWorker::openSnapshot(const QString &fileOrFolder)
{
    if (m_stop.load())
        return;
    m_run.store(false);
    auto loaded = loadSnapshotFrom(fileOrFolder.toStdString());
    if (!loaded) {
        emit notice(SnapshotFailed{QString::fromStdString(loaded.error()), SessionFiles::previousSnapshot(fileOrFolder)});
        return;
    }
    const TrainingSnapshot &snapshot = loaded->snapshot;
    const QString path = QString::fromStdString(loaded->path);
    // Other data (or none) loaded: read the folder the snapshot was taken on.
    if (!trainer() || !trainer()->dataIdentity().sameData(snapshot.data)) {
        const QString folder = QString::fromStdString(snapshot.data.folder);
        if (folder.isEmpty() || !loadFolder(folder, snapshot.config)) {
            emit notice(SessionFiles::dataMissing(path, snapshot));
            return;
        }
    }
    if (const Status restored = restoreSnapshot(m_session, m_data, snapshot); !restored) {
        emit notice(SnapshotFailed{QString::fromStdString(restored.error()), SessionFiles::previousSnapshot(path)});
        return;
    }
    announceRestored(SessionFiles::restored(*loaded));
}

// The GUI starts over from the restored state: configuration, cleared views, then the whole
// history in one chunk and one report per finished epoch, then the exact visual.
void TrainingWorker::announceRestored(const RestoredSnapshot &restored)
{
    m_session.takeRequestedLearningRate(); // the snapshot's rate applies
    clearHistory();
    m_handoff.publish(headWeights());
    emit historyChanged(HistoryRestart{progress(), trainer()->config()});

    const LossChunkPtr chunk = historyChunk(*trainer(), progress());
    if (!chunk->x.isEmpty())
        emit lossesReady(chunk);
    const std::vector<EpochReport> &epochs = trainer()->epochReports();
    for (std::size_t i = 0; i < epochs.size(); ++i) {
        EpochReport e = epochs[i];
        if (!std::isfinite(e.testLoss) || !std::isfinite(e.testAccuracy))
            continue;
        // A snapshot keeps no confusion matrix. Taken at the end of its last epoch, the weights
        // are that epoch's: the matrix (the per-class accuracies) is counted again from them.
        if (i + 1 == epochs.size() && trainer()->batchInEpoch() == 0) {
            const Normalize normalize = trainer()->activeConfig().normalize;
            e.confusion = evaluateNetwork(trainer()->network(), trainer()->params(), m_data->test, normalize).confusion;
        }
        emit historyChanged(e);
    }
    sendVisual();
    setState(trainer()->finished() ? TrainingState::Finished : TrainingState::Paused);
    emit historyChanged(restored);
}

} // namespace bplab
