#include "trainingworker.h"

#include "autosnapshots.h"
#include "trainervisuals.h"

#include <io/modelfile.h>
#include <train/networktrainer.h>
#include <replicaexchange.h>
#include <train/snapshotfolder.h>

#include <QFileInfo>
#include <QMetaObject>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace bplab {

std::unique_ptr<Trainer> TrainingWorker::makeTrainer(std::shared_ptr<const DataSplit> data,
                                                     const TrainConfig &config)
{
    // Several replicas: in one server joined by a ring, as backprop-lab-cli train --workers N.
    std::shared_ptr<GradientExchange> exchange;
    if (config.replicas > 1)
        exchange = std::make_shared<cluster::ReplicaExchange>(1, config.replicas);
    return std::make_unique<Trainer>(std::move(data), config, std::move(exchange));
}

TrainingWorker::TrainingWorker(QObject *parent) : QObject(parent)
{
    // The epochs' reports go with the gathered losses, not one by one: see flushLosses().
    m_session.setGatherReports(true);
    m_session.setObserver({[this](const BatchReport &b) { batchTrained(b); },
                           {},
                           [this](const Divergence &d, std::optional<double>) { divergedAt(d); },
                           [this](std::size_t step, double lr) { m_timeline.recordLearningRate(step, lr); }});
    // A paced run waits for its next unit on this timer (it moves to the worker's thread with
    // the worker, and is only started there).
    m_paceTimer = new QTimer(this);
    m_paceTimer->setSingleShot(true);
    m_paceTimer->setTimerType(Qt::PreciseTimer);
    connect(m_paceTimer, &QTimer::timeout, this, &TrainingWorker::runSlice);
}

TrainingWorker::~TrainingWorker() = default;

ParamsPtr TrainingWorker::currentWeights() const
{
    std::lock_guard lock(m_weightsMutex);
    return m_weights;
}

void TrainingWorker::publishWeights(ParamsPtr weights)
{
    std::lock_guard lock(m_weightsMutex);
    m_weights = std::move(weights);
}

void TrainingWorker::loadData(const QString &folder, const TrainConfig &config)
{
    loadFolder(folder, config);
}

bool TrainingWorker::loadFolder(const QString &folder, const TrainConfig &config)
{
    if (m_stop.load())
        return false;
    m_run.store(false);
    m_budget = -1;
    setState(TrainingState::Loading);
    auto loaded = loadDataFolder(folder.toStdString());
    QString problem;
    if (!loaded)
        problem = QString::fromStdString(loaded.error());
    else if (loaded->train.rows * loaded->train.cols != kInputs || loaded->train.size() == 0)
        problem = tr("%1 holds %2 training images of %3x%4 pixels; the network needs at least one "
                     "image of 28x28 pixels. Choose a folder with MNIST-style IDX files.")
                      .arg(folder)
                      .arg(loaded->train.size())
                      .arg(loaded->train.rows)
                      .arg(loaded->train.cols);
    if (!problem.isEmpty()) {
        m_session.setTrainer(nullptr);
        m_data.reset();
        publishWeights(nullptr);
        emit dataRead(folder, nullptr, problem);
        setState(TrainingState::NoData);
        return false;
    }

    m_data = std::make_shared<const DataSplit>(std::move(loaded.value()));
    m_session.setTrainer(makeTrainer(m_data, config));
    m_replay.reset();
    m_session.takeRequestedLearningRate(); // a rate asked for the old data is dropped
    clearHistory();
    // Published before the signals: a receiver of dataLoaded() reads currentWeights().
    publishWeights(headWeights());

    auto info = std::make_shared<DatasetInfo>();
    info->name = QString::fromStdString(m_data->name);
    info->folder = QString::fromStdString(m_data->folder);
    info->trainCount = qsizetype(m_data->train.size());
    info->testCount = qsizetype(m_data->test.size());
    for (const std::string &name : m_data->classNames)
        info->classNames << QString::fromStdString(name);
    info->data = m_data;
    emit dataRead(folder, info, {});
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
        m_session.setTrainer(makeTrainer(m_data, config));
        m_replay.reset();
    } else {
        trainer()->setConfig(config);
        trainer()->reset();
    }
    if (initial)
        trainer()->setParams(*initial);
    clearHistory();
    publishWeights(headWeights()); // before the restart
    emit historyChanged(HistoryRestart{progress(), {}});
    sendVisual();
    setState(TrainingState::Paused);
}

void TrainingWorker::clearHistory()
{
    m_session.clearHistory();
    m_totalSamples = 0;
    m_runSecondsBefore = 0;
    m_running = false;
    m_speed = 0;
    m_lastLr = trainer() ? trainer()->activeConfig().lr : 0.0;
    m_autoSnapshots.restartAt(trainer() ? trainer()->step() : 0, now());
    restartTimeline();
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
    m_running = true;
    showHead(); // a run trains at the head, whatever batch was shown
    m_runStartNs = now();
    m_session.beginRun(); // the pace and the views' timers start now
    m_speedStartNs = m_runStartNs;
    m_speedSamples = 0;
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
    if (m_running) {
        m_runSecondsBefore += double(now() - m_runStartNs) / 1e9;
        m_running = false;
    }
    m_speed = 0;
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
    showHead();
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
    m_timeline.pin(*trainer());
    emit notice(divergence);
}

void TrainingWorker::batchTrained(const BatchReport &report)
{
    if (m_stop.load(std::memory_order_relaxed))
        ++m_batchesAfterStop;
    m_timeline.recordBatch(*trainer());
    m_samples.clear(); // one sample at a time starts on the next batch
    m_totalSamples += std::uint64_t(report.count);
    m_speedSamples += std::uint64_t(report.count);
    m_lastLr = report.lr;
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

void TrainingWorker::updateSpeed()
{
    const qint64 t = now();
    if (t - m_speedStartNs >= 500 * kNsPerMs) {
        m_speed = double(m_speedSamples) / (double(t - m_speedStartNs) / 1e9);
        m_speedStartNs = t;
        m_speedSamples = 0;
    }
}

void TrainingWorker::afterBatch()
{
    updateSpeed();
    // The session batches the losses (never dropped) and limits the pictures (one in flight).
    switch (m_session.due(m_visualsInFlight.load())) {
    case ViewsDue::Visual:
        sendVisual(/*live=*/true);
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
    std::shared_ptr<VisualSnapshot> s = makeVisual(*trainer(), live, sampleInBatch);
    publishWeights(s->weights);
    if (sampleInBatch < 0) // a sample of the next batch: no batch iterated since the last picture
        s->cluster = clusterIterationOf(*trainer(), m_clusterFeed.get());
    m_visualsInFlight.fetch_add(1);
    emit visualReady(s);
}

std::shared_ptr<VisualSnapshot> TrainingWorker::makeVisual(const Trainer &trainer, bool live, int sampleInBatch) const
{
    const bool head = &trainer == this->trainer();
    // The adjustment shown is the last update's: at the head at the rate it trained with, in the
    // past at the schedule's rate of that batch.
    const double lr = head ? m_lastLr : scheduledLr(trainer.activeConfig(), trainer.step() - 1, trainer.totalSteps());
    std::shared_ptr<VisualSnapshot> s = visualOf(trainer, m_data->train, lr, &m_samples, sampleInBatch);
    s->progress = progress();
    s->live = live;
    s->atHead = head;
    s->duringRun = m_running;
    s->historyFirst = m_timeline.empty() ? trainer.step() : m_timeline.first();
    return s;
}

void TrainingWorker::setState(TrainingState state)
{
    m_state = state;
    emit stateChanged(state, progress());
}

double TrainingWorker::runSeconds() const
{
    double s = m_runSecondsBefore;
    if (m_running)
        s += double(now() - m_runStartNs) / 1e9;
    return s;
}

Progress TrainingWorker::progress() const
{
    Progress p;
    p.learningRate = m_lastLr;
    p.samplesPerSecond = m_running ? m_speed : 0.0;
    p.totalSamples = m_totalSamples;
    p.runSeconds = runSeconds();
    p.evalSeconds = double(m_session.evaluationNs()) / 1e9;
    if (!trainer())
        return p;
    const Progress at = positionOf(*trainer());
    p.step = at.step;
    p.totalSteps = at.totalSteps;
    p.epochs = at.epochs;
    p.batchSize = at.batchSize;
    p.replicas = at.replicas;
    p.batchesPerEpoch = at.batchesPerEpoch;
    p.epoch = at.epoch;
    p.batchInEpoch = at.batchInEpoch;
    return p;
}

// The Data parallel page's live graph: after a trained batch, that batch timed on the simulated
// cluster the page chose (clusterpagefeed.h).
void TrainingWorker::setLiveCluster(const std::optional<cluster::SimConfig> &chosen)
{
    m_clusterFeed.set(chosen);
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
    if (wait <= 0 && m_visualsInFlight.load() > 0)
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
    updateSpeed();
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

Trainer &TrainingWorker::replayTrainer()
{
    if (!m_replay || m_replay->replicas() != trainer()->replicas()) {
        TrainConfig c = trainer()->activeConfig();
        c.replicas = trainer()->replicas();
        m_replay = makeTrainer(m_data, c);
    }
    return *m_replay;
}

ParamsPtr TrainingWorker::headWeights() const
{
    return trainer() && trainer()->network() == Architecture::source()
                   ? std::make_shared<const ParamsF>(toSourceParams(trainer()->params()))
                   : nullptr;
}

void TrainingWorker::restartTimeline()
{
    showHead();
    m_samples.clear();
    if (trainer())
        m_timeline.start(*trainer());
    else
        m_timeline.clear();
}

void TrainingWorker::showHead()
{
    m_cursor.reset();
    m_fileModel.reset();
}

void TrainingWorker::showModel(ParamsPtr weights, const QString &name)
{
    if (!trainer() || m_stop.load() || !weights)
        return;
    stopRunNow();
    showHead();
    m_fileModel = std::move(weights);
    m_fileModelName = name;
    // The head's sample through the file's weights; no batch of the file's is known.
    std::shared_ptr<VisualSnapshot> s = makeVisual(*trainer(), false);
    showModelFile(*s, m_fileModel, name, m_data->train, trainer()->activeConfig().normalize);
    flushLosses();
    m_visualsInFlight.fetch_add(1);
    emit visualReady(s);
}

const Trainer &TrainingWorker::shownTrainer() const
{
    return m_cursor && m_replay ? *m_replay : *trainer();
}

void TrainingWorker::showBatch(qint64 step)
{
    if (!trainer() || m_stop.load() || m_timeline.empty())
        return;
    stopRunNow();
    const std::uint64_t k = std::clamp(std::uint64_t(std::max<qint64>(0, step)), m_timeline.first(), m_timeline.last());
    if (k == trainer()->step()) {
        showHead();
        sendVisual();
        return;
    }
    if (const Status st = m_timeline.replayTo(k, *trainer(), replayTrainer()); !st) {
        showHead();
        emit notice(TrainingError{tr("Batch %1 could not be shown again: %2").arg(k).arg(QString::fromStdString(st.error()))});
        return;
    }
    m_cursor = k;
    flushLosses();
    m_session.visualSent();
    m_visualsInFlight.fetch_add(1);
    std::shared_ptr<VisualSnapshot> s = makeVisual(*m_replay, false);
    s->cluster = clusterIterationOf(*m_replay, m_clusterFeed.get()); // the Data parallel page shows its all-reduce too
    emit visualReady(s);
}

void TrainingWorker::continueFromCursor(double lr)
{
    if (!trainer() || m_stop.load())
        return;
    stopRunNow();
    if (std::isnan(lr)) // the toolbar's rate, when it was changed while the past was shown
        lr = m_session.takeRequestedLearningRate().value_or(std::numeric_limits<double>::quiet_NaN());
    if (m_cursor && m_replay) {
        const std::uint64_t k = *m_cursor;
        std::shared_ptr<AbandonedBranch> branch = abandonedBranch(*trainer(), k, m_replay->activeConfig().lr);
        // The replay holds the exact state after batch k with its last batch: it becomes the
        // head, and the old head the next replay.
        m_replay = m_session.setTrainer(std::move(m_replay));
        trainer()->setLossLimit(kDivergenceLossLimit); // the replay ran without the guard's limit
        m_timeline.truncate(k);
        showHead();
        m_samples.clear();
        m_lastLr = trainer()->activeConfig().lr;
        if (!std::isnan(lr) && lr > 0 && lr != trainer()->activeConfig().lr) {
            trainer()->setLearningRate(lr);
            m_timeline.recordLearningRate(k, lr);
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
    if (trainer() && !m_fileModel && !m_stop.load()) {
        const Trainer &shown = shownTrainer();
        state = std::make_shared<const NetworkOptimizerState>(shown.optimizerState());
        step = shown.step();
    }
    QMetaObject::invokeMethod(context, [done, state, step] { done(state, step); }, Qt::QueuedConnection);
}

void TrainingWorker::saveModel(const QString &file)
{
    if (!trainer()) {
        emit notice(ModelFailed{tr("There are no weights to save yet: open a data folder first.")});
        return;
    }
    if (m_fileModel) { // a model file shown: its weights, as they came
        if (const Status st = bplab::saveModel(file.toStdString(), *m_fileModel); !st)
            emit notice(ModelFailed{tr("The model was not saved to %1: %2").arg(file, QString::fromStdString(st.error()))});
        else
            emit notice(ModelSaved{file, tr("weights from the model file %1").arg(m_fileModelName)});
        return;
    }
    const Trainer &t = shownTrainer();
    const std::vector<EpochReport> &epochs = t.epochReports();
    std::optional<double> accuracy;
    if (!epochs.empty() && t.batchInEpoch() == 0)
        accuracy = epochs.back().testAccuracy;
    const ModelInfo info = modelInfoFor(t.activeConfig(), t.data(), t.epoch(), accuracy);
    if (const Status st = saveNetworkModel(file.toStdString(), t.network(), t.params(), &info); !st) {
        emit notice(ModelFailed{tr("The model was not saved to %1: %2").arg(file, QString::fromStdString(st.error()))});
        return;
    }
    emit notice(ModelSaved{file, tr("weights after batch %1").arg(t.step())});
}

namespace {
/** The newest snapshot of file's folder that is older than file ("" when none). */
QString previousSnapshot(const QString &file)
{
    const QFileInfo info(file);
    if (!info.isFile())
        return {};
    const std::string self = info.absoluteFilePath().toStdString();
    const auto all = listSnapshots(info.absolutePath().toStdString());
    const auto me = std::find_if(all.begin(), all.end(), [&](const SnapshotFile &f) {
        return QFileInfo(QString::fromStdString(f.path)).absoluteFilePath().toStdString() == self;
    });
    if (me == all.end() || me + 1 == all.end())
        return {};
    return QString::fromStdString((me + 1)->path);
}

QString toQString(const std::string &s)
{
    return QString::fromStdString(s);
}
} // namespace

void TrainingWorker::setAutoSnapshot(const AutoSnapshotSettings &settings)
{
    m_autoSnapshots.setSettings(settings);
}

void TrainingWorker::saveSnapshot(const QString &file)
{
    if (!trainer()) {
        emit notice(SnapshotFailed{tr("There is no training to save yet: open a data folder first."), {}});
        return;
    }
    const TrainingSnapshot snapshot = trainer()->snapshot();
    const Status saved = bplab::saveSnapshot(file.toStdString(), snapshot);
    if (!saved) {
        emit notice(SnapshotFailed{toQString(saved.error()), {}});
        return;
    }
    emit notice(SnapshotSaved{file, toQString(describeSnapshot(snapshot)), false});
}

void TrainingWorker::maybeAutoSnapshot(bool force)
{
    if (!trainer())
        return;
    if (const std::optional<Notice> said = m_autoSnapshots.writeIfDue(*trainer(), now(), force))
        emit notice(*said);
}

void TrainingWorker::finalSnapshot()
{
    maybeAutoSnapshot(true);
}

void TrainingWorker::openSnapshot(const QString &fileOrFolder)
{
    if (m_stop.load())
        return;
    m_run.store(false);
    auto loaded = loadSnapshotFrom(fileOrFolder.toStdString());
    if (!loaded) {
        emit notice(SnapshotFailed{toQString(loaded.error()), previousSnapshot(fileOrFolder)});
        return;
    }
    const TrainingSnapshot &snapshot = loaded->snapshot;
    const QString path = toQString(loaded->path);
    // Other data (or none) loaded: read the folder the snapshot was taken on.
    if (!trainer() || !trainer()->dataIdentity().sameData(snapshot.data)) {
        const QString folder = toQString(snapshot.data.folder);
        if (folder.isEmpty() || !loadFolder(folder, snapshot.config)) {
            emit notice(SnapshotFailed{tr("%1 was taken on %2 in %3, which cannot be read now; open that "
                                   "data folder, then the snapshot again.")
                                        .arg(path, toQString(snapshot.data.name), folder),
                                previousSnapshot(path)});
            return;
        }
    }
    // A data-parallel snapshot continues exactly only with its replica count: a trainer of that
    // many replicas takes it, and replaces the current one only when it did.
    std::unique_ptr<Trainer> replicas;
    if (snapshot.workers != trainer()->replicas()) {
        TrainConfig c = snapshot.config;
        c.replicas = snapshot.workers;
        replicas = makeTrainer(m_data, c);
    }
    const Status restored = (replicas ? *replicas : *trainer()).restore(snapshot);
    if (!restored) {
        emit notice(SnapshotFailed{toQString(restored.error()), previousSnapshot(path)});
        return;
    }
    if (replicas)
        m_session.setTrainer(std::move(replicas));
    RestoredSnapshot r;
    r.path = path;
    r.description = toQString(describeSnapshot(snapshot));
    for (const std::string &skipped : loaded->skipped)
        r.skipped << toQString(skipped);
    announceRestored(r);
}

// The GUI starts over from the restored state: configuration, cleared views, then the whole
// history in one chunk and one report per finished epoch, then the exact visual.
void TrainingWorker::announceRestored(const RestoredSnapshot &restored)
{
    m_session.takeRequestedLearningRate(); // the snapshot's rate applies
    clearHistory();
    m_lastLr = trainer()->activeConfig().lr;
    publishWeights(headWeights());
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
