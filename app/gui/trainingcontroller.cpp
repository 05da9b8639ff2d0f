#include "trainingcontroller.h"

#include "trainingworker.h"

#include <io/modelfile.h>

#include <QFileInfo>
#include <QLocale>
#include <QMetaObject>
#include <QThread>

#include <algorithm>
#include <limits>

namespace bplab {

TrainingController::TrainingController(QObject *parent)
    : QObject(parent), m_thread(new QThread(this)), m_worker(std::make_unique<TrainingWorker>())
{
    registerSnapshotTypes();
    m_config = sourceRecipe();
    m_trainedConfig = m_config;
    m_thread->setObjectName(QStringLiteral("bplab-training"));
    m_worker->moveToThread(m_thread);
    TrainingWorker *w = m_worker.get();

    // Queued into the GUI thread (the context object lives here), in the order they happened.
    connect(w, &TrainingWorker::dataRead, this, &TrainingController::onDataRead);
    connect(w, &TrainingWorker::visualReady, this, &TrainingController::onVisual);
    connect(w, &TrainingWorker::lossesReady, this, [this](LossChunkPtr c) {
        updateProgress(c->progress);
        m_history->appendBatches(c->x.constData(), c->loss.constData(), std::size_t(std::min(c->x.size(), c->loss.size())));
        emit lossesAdded();
    });
    connect(w, &TrainingWorker::stateChanged, this, &TrainingController::onState);
    connect(w, &TrainingWorker::historyChanged, this, &TrainingController::onHistory);
    connect(w, &TrainingWorker::notice, this, &TrainingController::onNotice);
    // The worker's timers belong to its thread: they are stopped there, as the thread ends,
    // and not by the worker's destructor in this one.
    connect(m_thread, &QThread::finished, w, &TrainingWorker::stopTimers, Qt::DirectConnection);
    m_thread->start();
}

void TrainingController::onDataRead(const QString &folder, DatasetInfoPtr info, const QString &error)
{
    m_dataset = info;
    m_folder = info ? info->folder : folder;
    m_lastError = error;
    m_split = info ? info->data : nullptr;
    emit dataChanged();
}

void TrainingController::onVisual(VisualPtr visual)
{
    m_shown = visual;
    updateProgress(visual->progress);
    emit visualReady(visual);
    // Applied (synchronously, by every receiver): the worker may send the next one.
    if (m_worker)
        m_worker->acknowledgeVisual();
    // A scrubber dragged faster than batches replay: only its latest position is shown next.
    m_cursorInFlight.reset();
    if (m_nextCursor) {
        const qint64 next = *m_nextCursor;
        m_nextCursor.reset();
        showBatch(next);
    }
}

void TrainingController::onState(TrainingState state, const Progress &progress)
{
    updateProgress(progress);
    if (state != m_state) {
        m_state = state;
        emit stateChanged(state);
    }
}

void TrainingController::onHistory(const HistoryEvent &event)
{
    if (const auto *restart = std::get_if<HistoryRestart>(&event)) {
        updateProgress(restart->progress);
        if (restart->restoredConfig) {
            // The restored run's hyperparameters are the applied ones: no reset pending.
            m_config = *restart->restoredConfig;
            m_trainedConfig = m_config;
            emit settingsChanged();
        }
        m_history->clear();
    } else if (const auto *epoch = std::get_if<EpochReport>(&event)) {
        m_history->appendEpoch(*epoch);
    } else if (const auto *branch = std::get_if<BranchPtr>(&event)) {
        const AbandonedBranch &b = **branch;
        m_history->branchFrom(b.fromStep, b.fromX, b.learningRate, b.x.constData(), b.loss.constData(),
                              std::size_t(std::min(b.x.size(), b.loss.size())));
    }
    emit historyChanged(event);
}

void TrainingController::onNotice(const Notice &notice)
{
    if (const auto *error = std::get_if<TrainingError>(&notice))
        m_lastError = error->message;
    else if (const auto *divergence = std::get_if<Divergence>(&notice))
        m_lastError = QString::fromStdString(divergence->message);
    emit this->notice(notice);
}

TrainingController::~TrainingController()
{
    shutdown();
}

void TrainingController::shutdown()
{
    if (m_shutDown)
        return;
    m_shutDown = true;
    m_worker->setRunRequested(false);
    m_worker->requestStop();
    m_thread->requestInterruption();
    m_thread->quit();
    m_thread->wait();
    // The thread has ended, so the worker may be called here: the snapshot on close.
    m_worker->finalSnapshot();
    m_finalWeights = m_worker->currentWeights();
    m_batchesWhileClosing = m_worker->batchesAfterStop();
    // The thread has ended: the worker processes no more events and may be deleted here.
    m_worker.reset();
}

void TrainingController::loadData(const QString &folder)
{
    if (m_shutDown)
        return;
    m_worker->setRunRequested(false);
    m_folder = folder;
    setResetConfig(m_config);
    const TrainConfig config = m_config;
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, folder, config] { w->loadData(folder, config); },
                              Qt::QueuedConnection);
}

void TrainingController::setConfig(const TrainConfig &wanted)
{
    if (m_shutDown)
        return;
    const TrainConfig &config = wanted;
    const bool lrChanged = config.lr != m_config.lr;
    const bool wasPending = resetPending();
    const bool changed = lrChanged || needsReset(m_config, config);
    m_config = config;
    if (lrChanged) {
        // The one channel of the learning rate: the worker applies it before its next batch.
        m_trainedConfig.lr = config.lr;
        m_worker->requestLearningRate(config.lr);
    }
    if (changed || resetPending() != wasPending)
        emit settingsChanged();
}

void TrainingController::setLearningRate(double lr)
{
    TrainConfig c = m_config;
    c.lr = lr;
    setConfig(c);
}

bool TrainingController::resetPending() const
{
    return needsReset(m_trainedConfig, m_config);
}

void TrainingController::setResetConfig(const TrainConfig &config)
{
    const bool wasPending = resetPending();
    m_trainedConfig = config;
    if (resetPending() != wasPending)
        emit settingsChanged();
}

void TrainingController::start()
{
    if (m_shutDown)
        return;
    followTraining();
    m_worker->setRunRequested(true);
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, "resume", Qt::QueuedConnection);
}

void TrainingController::pause()
{
    if (m_shutDown)
        return;
    m_worker->setRunRequested(false);
    // A paced run may be waiting up to a second for its next batch: it ends now.
    QMetaObject::invokeMethod(m_worker.get(), "pauseNow", Qt::QueuedConnection);
}

void TrainingController::togglePause()
{
    // The request flag, not the reported state: two quick presses cancel each other.
    if (m_shutDown)
        return;
    if (m_worker->runRequested())
        pause();
    else
        start();
}

void TrainingController::step()
{
    if (m_shutDown)
        return;
    followTraining();
    m_worker->setRunRequested(false);
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, "step", Qt::QueuedConnection);
}

void TrainingController::reset()
{
    if (m_shutDown)
        return;
    resetFrom(nullptr);
}

void TrainingController::resetFrom(std::shared_ptr<const MlpParamsF> initial)
{
    followTraining();
    m_worker->setRunRequested(false);
    setResetConfig(m_config);
    const TrainConfig config = m_config;
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, config, initial] { w->reset(config, initial); }, Qt::QueuedConnection);
}

void TrainingController::trainFrom(const NetworkModel &model)
{
    if (m_shutDown)
        return;
    TrainConfig config = withNetwork(m_config, model.arch.hidden, model.arch.activation);
    config.network = model.arch; // a layer list's too (withNetwork sets the widths alone)
    setConfig(config);
    resetFrom(std::make_shared<const MlpParamsF>(model.params));
}

void TrainingController::runBatches(qint64 n)
{
    if (m_shutDown)
        return;
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, n] { w->runBatches(n); }, Qt::QueuedConnection);
}

void TrainingController::setAutoSnapshot(const AutoSnapshotSettings &settings)
{
    m_auto = settings;
    if (m_shutDown)
        return;
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, settings] { w->setAutoSnapshot(settings); }, Qt::QueuedConnection);
}

void TrainingController::saveSnapshot(const QString &file)
{
    if (m_shutDown)
        return;
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, file] { w->saveSnapshot(file); }, Qt::QueuedConnection);
}

void TrainingController::openSnapshot(const QString &fileOrFolder)
{
    if (m_shutDown)
        return;
    m_worker->setRunRequested(false);
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, fileOrFolder] { w->openSnapshot(fileOrFolder); },
                              Qt::QueuedConnection);
}

void TrainingController::setPace(const Pace &pace)
{
    if (m_shutDown || pace == m_pace)
        return;
    m_pace = pace;
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, pace] { w->setPace(pace); }, Qt::QueuedConnection);
    emit settingsChanged();
}

void TrainingController::changePace(int direction)
{
    const int i = std::clamp(paceIndex(m_pace) + (direction > 0 ? -1 : 1), 0, int(kPaces.size()) - 1);
    setPace(kPaces[std::size_t(i)]);
}

void TrainingController::stepSample()
{
    if (m_shutDown)
        return;
    followTraining();
    m_worker->setRunRequested(false);
    QMetaObject::invokeMethod(m_worker.get(), "stepSample", Qt::QueuedConnection);
}

void TrainingController::showBatch(qint64 step)
{
    if (m_shutDown)
        return;
    if (stepCount() == 0)
        return; // nothing trained: the untrained weights are already shown
    if (m_cursorInFlight) {
        m_nextCursor = step;
        return;
    }
    m_cursorInFlight = step;
    m_following = false;
    m_worker->setRunRequested(false);
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, step] { w->showBatch(step); }, Qt::QueuedConnection);
}

void TrainingController::followTraining()
{
    // A position asked for and not answered (nothing trained yet) must not hold the cursor.
    m_cursorInFlight.reset();
    m_nextCursor.reset();
    m_following = true;
}

qint64 TrainingController::cursor() const
{
    // The latest position asked for counts, not the visual still on screen: keys pressed faster
    // than batches replay (or train) move on from where the previous key went.
    if (m_nextCursor)
        return *m_nextCursor;
    if (m_cursorInFlight)
        return *m_cursorInFlight;
    if (!m_following && m_shown && !m_shown->atHead && m_shown->modelFile.isEmpty())
        return qint64(m_shown->weightsStep);
    return qint64(stepCount()); // following the training
}

void TrainingController::moveCursor(qint64 batches)
{
    // Never past the latest batch: moving through time trains nothing, Step (S) does.
    const qint64 to = std::clamp(cursor() + batches, qint64(historyFirst()), qint64(stepCount()));
    if (to != cursor())
        showBatch(to);
}

void TrainingController::continueFromHere(std::optional<double> lr)
{
    if (m_shutDown)
        return;
    followTraining();
    m_worker->setRunRequested(false);
    const double rate = lr ? *lr : std::numeric_limits<double>::quiet_NaN();
    if (lr) {
        // The toolbar shows the new rate; the worker applies it to the branch itself.
        m_config.lr = *lr;
        m_trainedConfig.lr = *lr;
        emit settingsChanged();
    }
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, rate] { w->continueFromCursor(rate); }, Qt::QueuedConnection);
}

ParamsPtr TrainingController::shownWeights() const
{
    return shownNetwork().weights;
}

OtherNetwork TrainingController::shownNetwork() const
{
    OtherNetwork n;
    n.normalize = m_trainedConfig.normalize;
    if (m_shown && m_shown->weights) {
        n.arch = m_shown->network;
        n.weights = m_shown->weights;
    } else if (ParamsPtr head = currentWeights(); head && head->hasShape(m_trainedConfig.network)) {
        n.arch = m_trainedConfig.network;
        n.weights = std::move(head);
    }
    if (n.weights)
        n.label = describe(n.arch);
    return n;
}

QString TrainingController::shownCaption() const
{
    return m_shown ? captionOf(*m_shown) : QString();
}

QString TrainingController::captionOf(const VisualSnapshot &s)
{
    if (!s.modelFile.isEmpty())
        return tr("weights from the model file %1").arg(s.modelFile);
    // The network names itself first: "784-32-10 sigmoid, weights after ...".
    const QString network = QString::fromStdString(describe(s.network)) + QStringLiteral(", ");
    if (s.weightsStep == 0)
        return network + tr("untrained weights (batch 0)");
    const QString at = tr("weights after batch %1 (epoch %2)")
                               .arg(QLocale().toString(qulonglong(s.weightsStep)))
                               .arg(s.weightsEpoch);
    return network + (s.atHead ? at : tr("%1, from the timeline").arg(at));
}

QString TrainingController::headCaption() const
{
    VisualSnapshot head;
    head.network = m_trainedConfig.network;
    head.weightsStep = m_progress.step;
    const auto perEpoch = std::uint64_t(std::max(1, m_progress.batchesPerEpoch));
    head.weightsEpoch = m_progress.step == 0 ? 0 : int((m_progress.step - 1) / perEpoch) + 1;
    return captionOf(head);
}

void TrainingController::saveModel(const QString &file)
{
    if (m_shutDown)
        return;
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, file] { w->saveModel(file); }, Qt::QueuedConnection);
}

void TrainingController::exportOnnx(const QString &file)
{
    if (m_shutDown)
        return;
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, file] { w->exportOnnx(file); }, Qt::QueuedConnection);
}

void TrainingController::fetchShownOptimizerState(QObject *context, const OptimizerStateCallback &done)
{
    if (m_shutDown || !m_split) {
        QMetaObject::invokeMethod(context, [done] { done(nullptr, 0); }, Qt::QueuedConnection);
        return;
    }
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, context, done] { w->sendShownOptimizerState(context, done); },
                              Qt::QueuedConnection);
}

bool TrainingController::openModel(const QString &file, QString *error)
{
    Result<MlpParamsF> model = loadAnyModel(file.toStdString());
    if (!model) {
        if (error)
            *error = QString::fromStdString(model.error());
        return false;
    }
    if (m_shutDown)
        return false;
    m_worker->setRunRequested(false);
    auto weights = std::make_shared<const MlpParamsF>(std::move(*model));
    const QString name = QFileInfo(file).fileName();
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, weights, name] { w->showModel(weights, name); }, Qt::QueuedConnection);
    return true;
}

ParamsPtr TrainingController::currentWeights() const
{
    return m_worker ? m_worker->currentWeights() : m_finalWeights;
}

void TrainingController::setSelectedHiddenNeuron(int neuron)
{
    if (neuron < -1 || neuron >= kHidden)
        neuron = -1;
    if (neuron == m_selectedHidden)
        return;
    m_selectedHidden = neuron;
    emit settingsChanged();
}

void TrainingController::setLiveCluster(const std::optional<cluster::SimConfig> &chosen)
{
    if (!m_shutDown)
        m_worker->setLiveCluster(chosen);
}

void TrainingController::updateProgress(const Progress &progress)
{
    m_progress = progress;
    emit progressChanged(progress);
}

} // namespace bplab
