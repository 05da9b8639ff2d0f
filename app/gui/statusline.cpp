#include "statusline.h"

#include <train/trainsubset.h>

#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {
QString duration(double seconds)
{
    const qint64 s = qint64(std::llround(seconds));
    if (s >= 3600)
        return QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
    if (s >= 60)
        return QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1 s").arg(s);
}
const QString kSeparator = QStringLiteral("\u00B7 ");
} // namespace

StatusLine::StatusLine(QStatusBar *bar) : QObject(bar), m_bar(bar)
{
    // A screen reader names the bar by its message; between messages, by what it is.
    const auto nameBar = [bar](const QString &message) {
        bar->setAccessibleName(message.isEmpty() ? tr("Status bar") : QString());
    };
    nameBar(bar->currentMessage());
    connect(bar, &QStatusBar::messageChanged, this, nameBar);
    m_state = new QLabel;
    m_state->setToolTip(tr("What the training is doing"));
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("batchProgress"));
    m_progress->setToolTip(tr("Mini-batches done in this epoch"));
    m_progress->setAccessibleName(tr("Mini-batches done in this epoch"));
    // The words beside the bar, not on it: text drawn over the bar changes colour where the
    // bar's chunk ends, mid-word.
    m_progress->setTextVisible(false);
    m_batch = new QLabel;
    m_batch->setObjectName(QStringLiteral("batchText"));
    m_batch->setToolTip(tr("Mini-batches done in the epoch in progress (an epoch is a pass over the "
                           "whole training set)"));
    m_speed = new QLabel;
    m_speed->setToolTip(tr("Training speed: images per second over the last half second"));
    m_eta = new QLabel;
    m_eta->setToolTip(tr("Time left for the remaining epochs at the current speed (without the "
                         "evaluations on the test set)"));
    m_dataset = new QLabel;
    m_dataset->setToolTip(tr("The data set in use and its folder"));
    // The last field gives way first: a narrow window (or a longer language) cuts it rather than
    // growing past the screen.
    m_dataset->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    bar->addPermanentWidget(m_state);
    bar->addPermanentWidget(m_batch);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_speed);
    bar->addPermanentWidget(m_eta);
    bar->addPermanentWidget(m_dataset, 1);
    m_refreshTimer = new QTimer(this);
    m_refreshTimer->setSingleShot(true);
    connect(m_refreshTimer, &QTimer::timeout, this, &StatusLine::refresh);
    refresh();
}

void StatusLine::setProgress(const Progress &progress)
{
    m_last = progress;
    // While training runs, progress comes with every visual and every loss chunk (up to some
    // forty times a second); each change of its words lays out the status bar again, so they
    // change at most every kRunningRefreshMs. Pauses, steps and the end show at once (setState()).
    if (m_stateValue == TrainingState::Running && m_sinceRefresh.isValid()
        && m_sinceRefresh.elapsed() < kRunningRefreshMs) {
        if (!m_refreshTimer->isActive())
            m_refreshTimer->start(int(kRunningRefreshMs - m_sinceRefresh.elapsed()));
        return;
    }
    refresh();
}

void StatusLine::setPace(const Pace &pace)
{
    m_pace = pace;
    refresh();
}

void StatusLine::setState(TrainingState state)
{
    m_stateValue = state;
    refresh();
}

void StatusLine::setDataset(const DatasetInfo *info, const QString &folder)
{
    m_datasetName = info ? info->name : QString();
    m_trainCount = info ? info->trainCount : 0;
    m_testCount = info ? info->testCount : 0;
    showDataset();
    if (info) {
        m_dataset->setToolTip(tr("Data folder: %1").arg(info->folder));
    } else {
        m_dataset->setToolTip(folder.isEmpty() ? tr("No data folder found")
                                               : tr("Could not read %1").arg(folder));
    }
}

void StatusLine::setTrainSubset(std::size_t images)
{
    m_trainSubset = images;
    showDataset();
}

void StatusLine::showDataset()
{
    const QLocale c; // the user's number format
    if (m_datasetName.isEmpty()) {
        m_dataset->setText(kSeparator + tr("No data"));
        return;
    }
    const QString train = subsetSize(m_trainSubset, std::size_t(m_trainCount)) < std::size_t(m_trainCount)
                                  ? tr("%1 of %2 training").arg(c.toString(qulonglong(m_trainSubset)),
                                                                c.toString(qlonglong(m_trainCount)))
                                  : tr("%1 training").arg(c.toString(qlonglong(m_trainCount)));
    m_dataset->setText(kSeparator + tr("%1: %2 / %3 test images").arg(m_datasetName, train,
                                                                      c.toString(qlonglong(m_testCount))));
}

QString StatusLine::epochText() const
{
    if (m_last.epochs <= 0)
        return tr("Epoch -");
    const int shown = std::min(m_last.epoch + 1, m_last.epochs);
    return tr("Epoch %1 / %2").arg(shown).arg(m_last.epochs);
}

QString StatusLine::batchText() const
{
    const QLocale c; // the user's number format
    const bool finishedEpochs = m_last.totalSteps > 0 && m_last.step >= m_last.totalSteps;
    const int perEpoch = std::max(1, m_last.batchesPerEpoch);
    const int done = finishedEpochs ? perEpoch : std::clamp(m_last.batchInEpoch, 0, perEpoch);
    const int epoch = std::clamp(finishedEpochs ? m_last.epochs : m_last.epoch + 1, 1, std::max(1, m_last.epochs));
    return tr("batch %1 of %2, epoch %3 of %4")
            .arg(c.toString(done), c.toString(perEpoch))
            .arg(epoch)
            .arg(m_last.epochs);
}

QString StatusLine::speedText() const
{
    // !(x > 0) is also true for NaN: no number that is not finite reaches a label.
    const QLocale c; // the user's number format
    if (m_stateValue == TrainingState::Running && !m_pace.full())
        return m_pace.perSample ? tr("one sample at a time")
                                : tr("%1 batches/s").arg(c.toString(m_pace.perSecond));
    if (m_stateValue == TrainingState::Running && m_last.samplesPerSecond > 0 && std::isfinite(m_last.samplesPerSecond))
        return tr("%1 samples/s").arg(c.toString(qlonglong(std::llround(m_last.samplesPerSecond))));
    // Paused or done: the average of the time spent running since the last reset.
    if (m_last.runSeconds > 0 && m_last.totalSamples > 0 && std::isfinite(m_last.runSeconds))
        return tr("averaged %1 samples/s")
                .arg(c.toString(qlonglong(std::llround(double(m_last.totalSamples) / m_last.runSeconds))));
    return {};
}

QString StatusLine::etaText() const
{
    if (m_stateValue == TrainingState::Finished)
        return tr("done");
    if (m_stateValue != TrainingState::Running || !(m_last.samplesPerSecond > 0)
        || !std::isfinite(m_last.samplesPerSecond))
        return {};
    const double remaining = double(m_last.totalSteps - std::min(m_last.step, m_last.totalSteps))
                             * m_last.batchSize / m_last.samplesPerSecond;
    return tr("ETA %1").arg(duration(remaining));
}

QString StatusLine::summaryText() const
{
    // The batch is in the timeline's caption; the average speed is for a desk, not a projector.
    QStringList parts{stateName(m_stateValue)};
    if (m_stateValue == TrainingState::Running)
        if (const QString speed = speedText(); !speed.isEmpty())
            parts << speed;
    return parts.join(QStringLiteral(" \u00B7 "));
}

void StatusLine::refresh()
{
    m_refreshTimer->stop();
    m_sinceRefresh.start();
    m_state->setText(stateName(m_stateValue));
    const int perEpoch = std::max(1, m_last.batchesPerEpoch);
    const bool finishedEpochs = m_last.totalSteps > 0 && m_last.step >= m_last.totalSteps;
    m_progress->setRange(0, perEpoch);
    m_progress->setVisible(m_last.batchesPerEpoch > 0);
    m_progress->setFixedWidth(m_progress->fontMetrics().height() * 5);
    const int done = finishedEpochs ? perEpoch : std::clamp(m_last.batchInEpoch, 0, perEpoch);
    m_progress->setValue(done);
    m_batch->setText(m_last.batchesPerEpoch > 0 ? batchText() : QString());
    m_speed->setText(speedText());
    // Fields side by side read as one line ("... samples/s · done · MNIST ..."): a dot between them.
    const QString eta = etaText();
    m_eta->setText(eta.isEmpty() ? QString() : kSeparator + eta);
    const QString summary = summaryText();
    if (summary != m_summary) {
        m_summary = summary;
        emit summaryChanged(summary);
    }
}

void StatusLine::sayHistory(const HistoryEvent &event)
{
    if (const auto *e = std::get_if<EpochReport>(&event)) {
        m_bar->showMessage(tr("Epoch %1: test accuracy %2 %, test loss %3")
                                   .arg(e->epoch)
                                   .arg(e->testAccuracy, 0, 'f', 2)
                                   .arg(e->testLoss, 0, 'f', 4),
                           8000);
    } else if (const auto *branch = std::get_if<BranchPtr>(&event)) {
        m_bar->showMessage(tr("A new branch from batch %1: the earlier one stays on the loss plot, faint")
                                   .arg((*branch)->fromStep),
                           8000);
    }
}

void StatusLine::saySaved(const ModelSaved &saved)
{
    m_bar->showMessage(tr("Saved %1 (%2)").arg(saved.path, saved.description), 8000);
}

} // namespace bplab
