#pragma once
// The status bar's contents: state, epoch, a batch progress bar, samples/s, ETA and the data set.

#include "snapshots.h"

#include <QElapsedTimer>
#include <QObject>

class QLabel;
class QTimer;
class QProgressBar;
class QStatusBar;

namespace bplab {

class StatusLine : public QObject
{
    Q_OBJECT
public:
    /** Adds its widgets to bar (permanent widgets, so messages do not hide them). */
    explicit StatusLine(QStatusBar *bar);

    void setProgress(const Progress &progress);
    void setState(TrainingState state);
    void setDataset(const DatasetInfo *info, const QString &folder);
    /** The images of the training set the weights are trained on (0: all of them). */
    void setTrainSubset(std::size_t images);
    void setPace(const Pace &pace);
    /** A message for a while: an epoch's test accuracy and loss, a new branch's start. */
    void sayHistory(const HistoryEvent &event);
    /** A message for a while: a model file saved. */
    void saySaved(const ModelSaved &saved);

signals:
    /** summaryText() changed. */
    void summaryChanged(const QString &text);

public:

    QString epochText() const;
    /** "batch 86 of 157, epoch 2 of 10" (the batches done in the epoch in progress). */
    QString batchText() const;
    /** At a pace, the pace ("10 batches/s"); at full speed while running the recent speed; paused
     *  or done the average since the last reset; "" before any training. */
    QString speedText() const;
    QString etaText() const;
    /** The state, and the pace or speed while running ("Running · 10 batches/s"), for where the
     *  status bar is hidden. */
    QString summaryText() const;

private:
    void refresh();
    static constexpr qint64 kRunningRefreshMs = 100;

    QStatusBar *m_bar = nullptr;
    QLabel *m_state = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_batch = nullptr;
    QLabel *m_speed = nullptr;
    QLabel *m_eta = nullptr;
    QLabel *m_dataset = nullptr;
    void showDataset();
    QString m_datasetName; // empty: no data
    qsizetype m_trainCount = 0, m_testCount = 0;
    std::size_t m_trainSubset = 0;
    Progress m_last;
    TrainingState m_stateValue = TrainingState::NoData;
    Pace m_pace;
    QString m_summary;
    QTimer *m_refreshTimer = nullptr; // a running training's numbers, a few times a second
    QElapsedTimer m_sinceRefresh;
};

} // namespace bplab
