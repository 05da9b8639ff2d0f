#pragma once
// The automation runs behind the command-line flags: a screenshot after N batches, and a benchmark
// with the whole GUI live that writes a JSON report. Both end the event loop with an exit code.

#include "latencyprobe.h"
#include "snapshots.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

namespace bplab {

class MainWindow;

/** --screenshot FILE [--after-batches N]: waits for the data, trains N batches, lets the panels
 *  show that state, grabs the window and exits (0; 3 when the data could not be read, with the
 *  error page in the picture; 1 when the file could not be written). */
class ScreenshotRun : public QObject
{
    Q_OBJECT
public:
    ScreenshotRun(MainWindow *window, qint64 batches, const QString &file, QObject *parent = nullptr);
    /** Call after the data load was requested (or the error shown). */
    void begin(bool dataRequested);

private:
    void grabSoon(int exitCode);
    void grabNow(int exitCode);

    MainWindow *m_window;
    qint64 m_batches;
    QString m_file;
    bool m_trainingStarted = false;
    bool m_sawRunning = false;
    bool m_grabbing = false;
};

/** --quit-when-done / --report FILE: starts training when the data is loaded, measures the GUI
 *  thread's latency and the dashboard's frames, writes the report when the last epoch is done. */
class ReportRun : public QObject
{
    Q_OBJECT
public:
    ReportRun(MainWindow *window, const QString &reportFile, bool quitWhenDone, QObject *parent = nullptr);
    void begin(bool dataRequested);

    /** The report as JSON text (also for tests). */
    QByteArray reportJson() const;

private:
    void finish(int exitCode, const QString &error);

    MainWindow *m_window;
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
    QString m_error;
};

} // namespace bplab
