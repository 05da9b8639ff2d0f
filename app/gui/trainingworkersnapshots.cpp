// TrainingWorker: training snapshots (core/snapshot.h). Every file is read and written here, on
// the worker thread; the GUI only sends the request and shows the answer.

#include "trainingworker.h"

#include <snapshotfolder.h>

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bplab {

namespace {
constexpr qint64 kNsPerMinute = 60'000'000'000;

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
    m_auto = settings;
    m_auto.keep = std::max(1, m_auto.keep);
    m_autoFailed = false;
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
    if (!m_auto.enabled || !trainer() || m_auto.folder.isEmpty() || trainer()->step() == m_autoStep)
        return;
    if (!force) {
        const bool byBatches = m_auto.everyBatches > 0
                               && trainer()->step() - m_autoStep >= std::uint64_t(m_auto.everyBatches);
        const bool byTime = m_auto.everyMinutes > 0
                            && now() - m_autoNs >= m_auto.everyMinutes * kNsPerMinute;
        if (!byBatches && !byTime)
            return;
    }
    writeAutoSnapshot();
}

bool TrainingWorker::writeAutoSnapshot()
{
    m_autoStep = trainer()->step();
    m_autoNs = now();
    const TrainingSnapshot snapshot = trainer()->snapshot();
    const auto written = saveSnapshotToFolder(m_auto.folder.toStdString(), snapshot, m_auto.keep);
    if (!written) {
        // Said once per setting; training goes on (a full disk must not stop a lesson).
        if (!m_autoFailed)
            emit notice(SnapshotFailed{tr("Automatic snapshot not written: %1").arg(toQString(written.error())), {}});
        m_autoFailed = true;
        return false;
    }
    m_autoFailed = false;
    emit notice(SnapshotSaved{toQString(*written), toQString(describeSnapshot(snapshot)), true});
    return true;
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
    publishWeights(std::make_shared<const ParamsF>(trainer()->params()));
    emit historyChanged(HistoryRestart{progress(), trainer()->config()});

    const std::vector<float> &losses = trainer()->lossHistory();
    const int perEpoch = std::max(1, trainer()->batchesPerEpoch());
    auto chunk = std::make_shared<LossChunk>();
    chunk->progress = progress();
    chunk->x.reserve(qsizetype(losses.size()));
    chunk->loss.reserve(qsizetype(losses.size()));
    for (std::size_t i = 0; i < losses.size(); ++i) {
        if (!std::isfinite(losses[i]))
            continue;
        // x = epoch + (batch + 1) / batchesPerEpoch, as while training
        chunk->x.push_back(double(i / std::size_t(perEpoch)) + double(i % std::size_t(perEpoch) + 1) / perEpoch);
        chunk->loss.push_back(double(losses[i]));
    }
    if (!chunk->x.isEmpty())
        emit lossesReady(chunk);
    const std::vector<EpochReport> &epochs = trainer()->epochReports();
    for (std::size_t i = 0; i < epochs.size(); ++i) {
        EpochReport e = epochs[i];
        if (!std::isfinite(e.testLoss) || !std::isfinite(e.testAccuracy))
            continue;
        // A snapshot keeps no confusion matrix. Taken at the end of its last epoch, the weights
        // are that epoch's: the matrix (the per-class accuracies) is counted again from them.
        if (i + 1 == epochs.size() && trainer()->batchInEpoch() == 0)
            e.confusion = evaluate(trainer()->params(), m_data->test, trainer()->activeConfig().normalize).confusion;
        emit historyChanged(e);
    }
    sendVisual();
    setState(trainer()->finished() ? TrainingState::Finished : TrainingState::Paused);
    emit historyChanged(restored);
}

} // namespace bplab
