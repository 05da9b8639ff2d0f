#include "trainingcontroller.h"

#include "trainingworker.h"

#include <QMetaObject>
#include <QThread>

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

    // Queued into the GUI thread (the context object lives here).
    connect(w, &TrainingWorker::dataLoaded, this, [this](DatasetInfoPtr info) {
        m_dataset = info;
        m_folder = info->folder;
        m_lastError.clear();
        m_split = info->data;
        emit dataSplitChanged(m_split);
        emit dataLoaded(info);
    });
    connect(w, &TrainingWorker::dataFailed, this, [this](const QString &folder, const QString &msg) {
        m_dataset.reset();
        m_folder = folder;
        m_lastError = msg;
        if (m_split) {
            m_split.reset();
            emit dataSplitChanged(nullptr);
        }
        emit dataFailed(folder, msg);
    });
    connect(w, &TrainingWorker::visualReady, this, [this](VisualPtr s) {
        updateProgress(s->progress);
        emit visualReady(s);
        // Applied (synchronously, by every receiver): the worker may send the next one.
        if (m_worker)
            m_worker->acknowledgeVisual();
    });
    connect(w, &TrainingWorker::lossesReady, this, [this](LossChunkPtr c) {
        updateProgress(c->progress);
        emit lossesReady(c);
    });
    connect(w, &TrainingWorker::epochFinished, this, &TrainingController::epochFinished);
    connect(w, &TrainingWorker::stateChanged, this, [this](TrainingState s, const Progress &p) {
        updateProgress(p);
        if (s != m_state) {
            m_state = s;
            emit stateChanged(s);
        }
    });
    connect(w, &TrainingWorker::wasReset, this, [this](const Progress &p) {
        updateProgress(p);
        emit wasReset();
    });
    connect(w, &TrainingWorker::trainingError, this, [this](const QString &msg) {
        m_lastError = msg;
        emit trainingError(msg);
    });
    connect(w, &TrainingWorker::diverged, this, [this](const Divergence &d) {
        m_lastError = QString::fromStdString(d.message);
        emit diverged(d);
    });
    connect(w, &TrainingWorker::snapshotSaved, this, &TrainingController::snapshotSaved);
    connect(w, &TrainingWorker::clusterIterationReady, this, &TrainingController::clusterIterationReady);
    connect(w, &TrainingWorker::snapshotFailed, this, &TrainingController::snapshotFailed);
    connect(w, &TrainingWorker::snapshotRestored, this, &TrainingController::snapshotRestored);
    connect(w, &TrainingWorker::configRestored, this, [this](const TrainConfig &config) {
        // The restored run's hyperparameters are the applied ones: no reset pending.
        m_config = config;
        setResetConfig(config);
        emit configChanged(config);
        emit configRestored(config);
    });
    m_thread->start();
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

void TrainingController::setConfig(const TrainConfig &config)
{
    if (m_shutDown)
        return;
    const bool lrChanged = config.lr != m_config.lr;
    const bool wasPending = resetPending();
    const bool changed = lrChanged || needsReset(m_config, config);
    m_config = config;
    if (lrChanged) {
        // The one channel of the learning rate: the worker applies it before its next batch.
        m_trainedConfig.lr = config.lr;
        m_worker->requestLearningRate(config.lr);
    }
    if (resetPending() != wasPending)
        emit resetPendingChanged(resetPending());
    if (changed)
        emit configChanged(m_config);
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
        emit resetPendingChanged(resetPending());
}

void TrainingController::start()
{
    if (m_shutDown)
        return;
    m_worker->setRunRequested(true);
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, "resume", Qt::QueuedConnection);
}

void TrainingController::pause()
{
    if (!m_shutDown)
        m_worker->setRunRequested(false);
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
    m_worker->setRunRequested(false);
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, "step", Qt::QueuedConnection);
}

void TrainingController::reset()
{
    if (m_shutDown)
        return;
    m_worker->setRunRequested(false);
    setResetConfig(m_config);
    const TrainConfig config = m_config;
    TrainingWorker *w = m_worker.get();
    QMetaObject::invokeMethod(w, [w, config] { w->reset(config); }, Qt::QueuedConnection);
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
    emit selectedHiddenNeuronChanged(neuron);
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
