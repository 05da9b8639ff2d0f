#pragma once
// The automation runs behind the command-line flags: a screenshot after N batches, and a benchmark
// with the whole GUI live that writes a JSON report. Both end the event loop with an exit code.

#include "latencyprobe.h"
#include "snapshots.h"
#include "viewlist.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPixmap>
#include <QString>

#include <optional>

namespace bplab {

class DatasetView;
class ErrorPage;
class PanelUi;
class StepView;
class TrainView;
class TrainingController;

/** What the automation runs read and drive of the window (the main window implements it). */
class AutomationHost
{
public:
    virtual TrainingController *controller() const = 0;
    virtual TrainView *trainView() const = 0;
    virtual StepView *stepView() const = 0;
    virtual DatasetView *datasetView() const = 0;
    virtual ErrorPage *errorPage() const = 0;
    /** The panels' exports (--export-panel). */
    virtual PanelUi *panels() const = 0;
    virtual QWidget *page(View view) const = 0;
    virtual View view() const = 0;
    /** The batch of the weights a view shows ("train", "step", "draw", "data"; -1: none). */
    virtual qint64 viewWeightsBatch(const QString &view) const = 0;
    /** The window as it looks now (--screenshot). */
    virtual QPixmap grabWindow() = 0;

protected:
    ~AutomationHost() = default;
};

/** --screenshot FILE, --save-model FILE and/or --export-panel NAME [--after-batches N]
 *  [--timeline-at K]: waits for the data, trains N batches, shows batch K of the timeline when
 *  asked, lets the panels show that state, writes the model file and the panel and grabs the
 *  window, and exits (0; 3 when the data could not be read, with the error page in the picture;
 *  1 when a file could not be written; 2 when the panel cannot be written in that format). */
class ScreenshotRun : public QObject
{
    Q_OBJECT
public:
    /** file: the picture ("" for none). */
    ScreenshotRun(AutomationHost *window, qint64 batches, const QString &file, QObject *parent = nullptr);
    void setTimelineAt(std::optional<qint64> step) { m_timelineAt = step; }
    void setSaveModel(const QString &file) { m_saveModel = file; }
    /** --export-panel NAME --export-file FILE: written once the panel shows the weights (exit 2
     *  when the panel has no such format, 1 when it has nothing yet or the file is not written). */
    void setExportPanel(const QString &name, const QString &file)
    {
        m_exportPanel = name;
        m_exportFile = file;
    }
    /** Call after the data load was requested (or the error shown). */
    void begin(bool dataRequested);

private:
    /** Training is done: the timeline's batch, then the files. */
    void trained();
    void grabSoon(int exitCode);
    void grabNow(int exitCode);
    /** Writes the panel when it is current (else comes back in a moment); its exit code. */
    std::optional<int> exportPanel();

    std::optional<qint64> m_timelineAt;
    QString m_saveModel;
    QString m_exportPanel, m_exportFile;
    QElapsedTimer m_exportWait;
    QElapsedTimer m_viewWait; ///< since the first try to grab: how long a view's background work is waited for
    bool m_waitingForBatch = false;
    bool m_waitingForModel = false;

    AutomationHost *m_host;
    qint64 m_batches;
    QString m_file;
    bool m_trainingStarted = false;
    bool m_sawRunning = false;
    bool m_grabbing = false;
};

/** --quit-when-done / --report FILE: starts training when the data is loaded, measures the GUI
 *  thread's latency and the dashboard's frames, writes the report when the last epoch is done.
 *  A diverging batch pauses the training (the divergence policy's Stop): with --quit-when-done
 *  the report is then written at once and the app exits 2, as train does. The report holds the
 *  last divergence as {"divergence": {"epoch", "batch", "quantity", "rate", "suggested_rate"}},
 *  the object of backprop-lab-cli train --json. */
class ReportRun : public QObject
{
    Q_OBJECT
public:
    ReportRun(AutomationHost *window, const QString &reportFile, bool quitWhenDone, QObject *parent = nullptr);
    void begin(bool dataRequested);

    /** The report as JSON text (also for tests). */
    QByteArray reportJson() const;

private:
    /** Starts the measures: at the data's load (and the training with --quit-when-done). */
    void startMeasuring();
    void finish(int exitCode, const QString &error);

    AutomationHost *m_host;
    QString m_file;
    bool m_quit;
    bool m_done = false;
    LatencyProbe m_probe;
    QElapsedTimer m_wall;
    double m_wallSeconds = 0;
    double m_guiCpuAtStart = 0;
    double m_guiCpuSeconds = 0;
    qint64 m_framesAtStart = 0;
    qint64 m_paintsAtStart = 0;
    qint64 m_appliedAtStart = 0;
    qint64 m_frames = 0, m_paints = 0, m_applied = 0;
    QList<EpochReport> m_epochs;
    std::optional<Divergence> m_divergence; // the last one
    QHash<QString, qint64> m_views; // the batch of the weights each view showed at the end
    QString m_error;
};

} // namespace bplab
