// TrainingWorker: the pace of a run, one sample at a time, the timeline's cursor, branches and
// the model file of the weights shown.

#include "trainingworker.h"

#include <classify.h>
#include <modelfile.h>

#include <QTimer>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bplab {

namespace {
// x = epoch + (batch + 1) / batchesPerEpoch of global batch i (0-based): epoch e ends at e + 1.
double lossX(std::size_t i, int perEpoch)
{
    const auto n = std::size_t(std::max(1, perEpoch));
    return double(i / n) + double(i % n + 1) / double(n);
}
} // namespace

void TrainingWorker::setPace(const Pace &pace)
{
    const bool wasSamples = m_session.pacer().pace().perSample;
    m_session.pacer().setPace(pace);
    if (wasSamples && !pace.perSample && m_samplesShown > 0) {
        // The batch whose samples were being shown is trained next, as one unit.
        m_samplesShown = int(m_sampleBatch.size());
    }
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
        if (m_sampleBatch.empty()) {
            m_sampleBatch = trainer()->inAllData(trainer()->nextBatchIndices());
            m_samplePredicted = classifySamples(trainer()->params(), m_data->train, m_sampleBatch,
                                                trainer()->activeConfig().normalize);
            m_samplesShown = 0;
        }
        if (m_samplesShown < int(m_sampleBatch.size())) {
            sendVisual(/*live=*/false, m_samplesShown++);
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

void TrainingWorker::restartTimeline()
{
    showHead();
    m_sampleBatch.clear();
    m_samplesShown = 0;
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
    const std::uint8_t *pixels = m_data->train.image(std::size_t(std::max(0, s->sampleIndex)));
    s->trace = forwardTrace(*m_fileModel, scaleInput<float>(pixels, trainer()->activeConfig().normalize), s->label);
    s->predicted = s->trace.predicted;
    s->weights = m_fileModel;
    s->gradients = std::make_shared<const ParamsF>(ParamsF::zeros());
    s->adjustments = s->gradients;
    s->replicas.reset();
    s->batchIndices.clear();
    s->batchPredicted.clear();
    s->weightsStep = 0;
    s->weightsEpoch = 0;
    s->atHead = false;
    s->modelFile = name;
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
    s->cluster = clusterIteration(*m_replay); // the Data parallel page shows its all-reduce too
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
        auto branch = std::make_shared<AbandonedBranch>();
        const int perEpoch = trainer()->batchesPerEpoch();
        branch->fromStep = k;
        branch->fromX = k == 0 ? 0.0 : lossX(k - 1, perEpoch);
        branch->learningRate = m_replay->activeConfig().lr;
        const std::vector<float> &losses = trainer()->lossHistory();
        for (std::size_t i = k; i < losses.size(); ++i) {
            if (!std::isfinite(losses[i]))
                continue;
            branch->x.push_back(lossX(i, perEpoch));
            branch->loss.push_back(double(losses[i]));
        }
        // The replay holds the exact state after batch k with its last batch: it becomes the
        // head, and the old head the next replay.
        m_replay = m_session.setTrainer(std::move(m_replay));
        trainer()->setLossLimit(kDivergenceLossLimit); // the replay ran without the guard's limit
        m_timeline.truncate(k);
        showHead();
        m_sampleBatch.clear();
        m_samplesShown = 0;
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
    if (const Status st = bplab::saveModel(file.toStdString(), t.params(), info); !st) {
        emit notice(ModelFailed{tr("The model was not saved to %1: %2").arg(file, QString::fromStdString(st.error()))});
        return;
    }
    emit notice(ModelSaved{file, tr("weights after batch %1").arg(t.step())});
}

} // namespace bplab
