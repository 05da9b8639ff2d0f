#include "trainingworker.h"

#include <classify.h>
#include <replicaexchange.h>

#include <QMetaObject>
#include <QTimer>

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
    publishWeights(std::make_shared<const ParamsF>(trainer()->params()));

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

void TrainingWorker::reset(const TrainConfig &config)
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
    clearHistory();
    publishWeights(std::make_shared<const ParamsF>(trainer()->params())); // before the restart
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
    m_autoStep = trainer() ? trainer()->step() : 0;
    m_autoNs = now();
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
    m_sampleBatch.clear(); // one sample at a time starts on the next batch
    m_samplesShown = 0;
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
        s->cluster = clusterIteration(*trainer());
    m_visualsInFlight.fetch_add(1);
    emit visualReady(s);
}

std::shared_ptr<VisualSnapshot> TrainingWorker::makeVisual(const Trainer &trainer, bool live, int sampleInBatch) const
{
    auto s = std::make_shared<VisualSnapshot>();
    s->progress = progress();
    s->live = live;
    const Progress at = positionOf(trainer);
    s->weightsStep = at.step;
    s->weightsEpoch = at.step == 0 ? 0 : int((at.step - 1) / std::uint64_t(std::max(1, at.batchesPerEpoch))) + 1;
    s->atHead = &trainer == this->trainer();
    s->duringRun = m_running;
    s->historyFirst = m_timeline.first();
    const Dataset &train = m_data->train;
    const bool oneSample = sampleInBatch >= 0 && std::size_t(sampleInBatch) < m_sampleBatch.size();
    // Indices into the whole training set (the views' data), also when a subset is trained on.
    std::vector<std::uint32_t> indices = oneSample ? m_sampleBatch : trainer.inAllData(trainer.lastBatchIndices());
    const std::size_t index = oneSample ? indices[std::size_t(sampleInBatch)] : indices.empty() ? 0 : indices.front();
    const std::uint8_t *pixels = train.image(index);
    const Normalize normalize = trainer.activeConfig().normalize;
    s->sampleIndex = int(index);
    s->label = train.label(index);
    s->digit = QImage(pixels, kImageSide, kImageSide, kImageSide, QImage::Format_Grayscale8).copy();
    auto weights = std::make_shared<const ParamsF>(trainer.params());
    // Scaled as the weights were trained, whatever the toolbar's pending settings say.
    s->trace = forwardTrace(*weights, scaleInput<float>(pixels, normalize), s->label);
    s->predicted = s->trace.predicted;
    // The batch's mosaic: each sample's class by the weights the batch was (or will be) trained from.
    if (oneSample) {
        s->batchPredicted = m_samplePredicted;
        s->sampleInBatch = sampleInBatch;
    } else if (const ParamsF *before = trainer.paramsBeforeLastBatch(); before && !indices.empty()) {
        s->batchPredicted = classifySamples(*before, train, indices, normalize);
    }
    s->batchIndices = std::move(indices);
    // The real adjustment of the last update: -lr * g, or -lr * v with momentum.
    const double lr = s->atHead ? m_lastLr : scheduledLr(trainer.activeConfig(), trainer.step() - 1, trainer.totalSteps());
    s->adjustments = std::make_shared<const ParamsF>(adjustmentsOf(trainer.updateDirection(), float(lr)));
    if (trainer.replicas() > 1)
        s->replicas = std::make_shared<const cluster::ReplicaGradients>(cluster::replicaGradients(trainer));
    s->weights = std::move(weights);
    s->gradients = std::make_shared<const ParamsF>(trainer.gradients());
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

Progress TrainingWorker::positionOf(const Trainer &trainer)
{
    Progress p;
    p.step = trainer.step();
    p.totalSteps = trainer.totalSteps();
    p.epochs = trainer.config().epochs;
    p.batchSize = trainer.config().batch;
    p.replicas = trainer.replicas();
    p.batchesPerEpoch = trainer.batchesPerEpoch();
    const std::uint64_t perEpoch = std::uint64_t(std::max(1, p.batchesPerEpoch));
    p.epoch = int(p.step / perEpoch);
    p.batchInEpoch = int(p.step % perEpoch);
    p.learningRate = trainer.activeConfig().lr;
    return p;
}

// The Data parallel page's live graph: after a trained batch, that batch timed on the simulated
// cluster the page chose (clusterpagefeed.h).
void TrainingWorker::setLiveCluster(const std::optional<cluster::SimConfig> &chosen)
{
    m_clusterFeed.set(chosen);
}

LiveIterationPtr TrainingWorker::clusterIteration(const Trainer &trainer) const
{
    const std::optional<cluster::SimConfig> chosen = m_clusterFeed.get();
    if (!chosen)
        return nullptr;
    auto it = std::make_shared<cluster::LiveIteration>();
    it->step = trainer.step();
    it->replicas = trainer.replicas();
    if (it->step > 0) {
        // The samples each replica had in the last batch (fewer in an epoch's short last batch).
        const int samples = int(trainer.lastBatchIndices().size());
        const int perReplica = (samples + it->replicas - 1) / it->replicas;
        // One iteration of a few ranks: microseconds to simulate, next to a batch's milliseconds.
        it->result = cluster::simulate(
                cluster::liveIterationConfig(*chosen, it->replicas, perReplica));
    }
    return it;
}

} // namespace bplab
