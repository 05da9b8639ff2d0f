#include "automation.h"

#include "comparepage.h"
#include "errorpage.h"
#include "framecounter.h"
#include "mistakespage.h"
#include "panelui.h"
#include "trainingcontroller.h"
#include "trainview.h"

#include <datasetview.h>
#include <lossplot.h>
#include <networkchoice.h>
#include <stagestrip.h>
#include <stepview.h>

#include <io/json.h>
#include <nn/batchthreads.h>

#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QPixmap>
#include <QTimer>

#include <cmath>
#include <cstdio>
#include <ctime>

namespace bplab {

namespace {
/** Time for queued replots and layouts after the last snapshot, before the grab. */
constexpr int kSettleMs = 300;

/** CPU seconds the calling thread has used (0 where the clock is missing). */
double threadCpuSeconds()
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    timespec ts{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
#endif
    return 0;
}
} // namespace

ScreenshotRun::ScreenshotRun(AutomationHost *window, qint64 batches, const QString &file, QObject *parent)
    : QObject(parent), m_host(window), m_batches(batches), m_file(file)
{
    StageStrip::setAnimationsEnabled(false); // a picture shows the still result, not a frame mid-way
}

void ScreenshotRun::begin(bool dataRequested)
{
    TrainingController *c = m_host->controller();
    connect(c, &TrainingController::dataChanged, this, [this, c] {
        if (!c->dataset()) {
            grabSoon(3);
            return;
        }
        if (m_trainingStarted)
            return;
        m_trainingStarted = true;
        c->runBatches(m_batches);
    });
    connect(c, &TrainingController::stateChanged, this, [this](TrainingState s) {
        if (!m_trainingStarted)
            return;
        if (s == TrainingState::Running)
            m_sawRunning = true;
        else if ((s == TrainingState::Paused && m_sawRunning) || s == TrainingState::Finished)
            trained();
    });
    connect(c, &TrainingController::visualReady, this, [this](VisualPtr s) {
        if (m_waitingForBatch && m_timelineAt && qint64(s->weightsStep) == *m_timelineAt) {
            m_waitingForBatch = false;
            trained();
        }
    });
    connect(c, &TrainingController::notice, this, [this](const Notice &notice) {
        if (const auto *saved = std::get_if<ModelSaved>(&notice)) {
            std::fprintf(stderr, "backprop-lab: wrote %s (%s)\n", qPrintable(saved->path),
                         qPrintable(saved->description));
            m_waitingForModel = false;
            grabSoon(0);
        } else if (const auto *failed = std::get_if<ModelFailed>(&notice)) {
            std::fprintf(stderr, "backprop-lab: %s\n", qPrintable(failed->message));
            m_saveModel.clear();
            m_waitingForModel = false;
            grabSoon(1);
        } else if (std::holds_alternative<TrainingError>(notice)) {
            grabSoon(0);
        }
    });
    if (!dataRequested) {
        grabSoon(3);
    } else if (c->dataSplit() && !m_trainingStarted) {
        // The data was read before this run began (a lesson opened at a later step): train now;
        // when the lesson's replay has trained to the end, no state change will come.
        m_trainingStarted = true;
        if (c->state() == TrainingState::Finished)
            trained();
        else
            c->runBatches(m_batches);
    }
}

void ScreenshotRun::trained()
{
    if (m_grabbing || m_waitingForBatch || m_waitingForModel)
        return;
    TrainingController *c = m_host->controller();
    // The timeline's batch first (unless the views show it already), then the model file.
    if (m_timelineAt && (!c->shown() || qint64(c->shown()->weightsStep) != *m_timelineAt)) {
        m_waitingForBatch = true;
        c->showBatch(*m_timelineAt);
        return;
    }
    if (!m_saveModel.isEmpty()) {
        m_waitingForModel = true;
        const QString file = m_saveModel;
        m_saveModel.clear();
        c->saveModel(file);
        return;
    }
    grabSoon(0);
}

void ScreenshotRun::grabSoon(int exitCode)
{
    if (m_grabbing || m_waitingForModel)
        return;
    m_grabbing = true;
    QTimer::singleShot(kSettleMs, this, [this, exitCode] { grabNow(exitCode); });
}

std::optional<int> ScreenshotRun::exportPanel()
{
    if (!m_exportWait.isValid()) {
        m_host->panels()->prepareExport(m_exportPanel);
        m_exportWait.start();
    }
    // The confusion matrix and the gallery are evaluated off the GUI thread: wait for them (a
    // minute at most), then let the layout settle once more.
    if (!m_host->panels()->isCurrent(m_exportPanel) && m_exportWait.elapsed() < 60000)
        return std::nullopt;
    const std::optional<PanelExport> panel = m_host->panels()->exportNamed(m_exportPanel);
    const std::optional<ExportFormat> format = exportFormatOf(m_exportFile);
    if (!panel || !format || !panel->formats.contains(*format)) {
        QStringList offered;
        for (ExportFormat f : panel ? panel->formats : QList<ExportFormat>{})
            offered << QLatin1Char('.') + suffixOf(f);
        std::fprintf(stderr, "backprop-lab: %s cannot be written as %s; it can be written as %s.\n",
                     qPrintable(m_exportPanel), qPrintable(m_exportFile), qPrintable(offered.join(QStringLiteral(", "))));
        return 2;
    }
    if (const QString error = writePanel(*panel, m_exportFile); !error.isEmpty()) {
        std::fprintf(stderr, "backprop-lab: %s\n", qPrintable(error));
        return 1;
    }
    std::fprintf(stderr, "backprop-lab: wrote %s (%s, %s)\n", qPrintable(m_exportFile), qPrintable(m_exportPanel),
                 qPrintable(m_host->controller()->shownCaption()));
    return 0;
}

void ScreenshotRun::grabNow(int exitCode)
{
    if (exitCode == 0 && !m_exportPanel.isEmpty()) {
        const std::optional<int> exported = exportPanel();
        if (!exported) {
            QTimer::singleShot(50, this, [this, exitCode] { grabNow(exitCode); });
            return;
        }
        m_exportPanel.clear();
        exitCode = *exported;
    }
    if (m_file.isEmpty()) { // a model file or a panel only
        QCoreApplication::exit(exitCode);
        return;
    }
    // The Dataset view's answers come from the background: the picture shows them, not their wait.
    // So do the Compare view's runs (the picture shows how they ended), the Mistakes view's
    // matrix and a run Step through steps through (a minute at most: a run waited for may never
    // finish an epoch).
    if (!m_viewWait.isValid())
        m_viewWait.start();
    // (A Compare run it shows goes on training: the picture shows the run's last weights.)
    const bool mistakesPending = m_host->view() == View::Mistakes
                                 && (!mistakesPageIsCurrent(m_host->page(View::Mistakes))
                                     || !comparePageIsIdle(m_host->page(View::Compare)))
                                 && m_viewWait.elapsed() < 60000;
    // Step through waits the same way for a run it is to step through.
    const NetworkChoice *stepRun = m_host->stepView()->chooser()->networkBox();
    const bool stepPending = m_host->view() == View::Step
                             && (stepRun->waitingFor() > 0
                                 || (stepRun->chosen() && !comparePageIsIdle(m_host->page(View::Compare))))
                             && m_viewWait.elapsed() < 60000;
    if ((m_host->view() == View::Data && m_host->datasetView()->answersPending())
        || (m_host->view() == View::Compare && !comparePageIsIdle(m_host->page(View::Compare)))
        || mistakesPending || stepPending) {
        QTimer::singleShot(50, this, [this, exitCode] { grabNow(exitCode); });
        return;
    }
    m_host->trainView()->lossPlot()->drawPending(); // the last losses, not the plot of 0.4 s ago
    const QPixmap shot = m_host->grabWindow();
    if (!shot.save(m_file, "PNG")) {
        std::fprintf(stderr, "backprop-lab: could not write the screenshot %s: check that the folder "
                             "exists and is writable.\n", qPrintable(m_file));
        QCoreApplication::exit(1);
        return;
    }
    if (exitCode == 3)
        std::fprintf(stderr, "backprop-lab: no data (%s); the screenshot shows the error page.\n",
                     qPrintable(m_host->errorPage()->message()));
    std::fprintf(stderr, "backprop-lab: wrote %s (%dx%d, %llu batches)\n", qPrintable(m_file),
                 shot.width(), shot.height(),
                 static_cast<unsigned long long>(m_host->controller()->stepCount()));
    QCoreApplication::exit(exitCode);
}

ReportRun::ReportRun(AutomationHost *window, const QString &reportFile, bool quitWhenDone, QObject *parent)
    : QObject(parent), m_host(window), m_file(reportFile), m_quit(quitWhenDone), m_probe(5)
{
}

void ReportRun::begin(bool dataRequested)
{
    TrainingController *c = m_host->controller();
    if (m_quit)
        connect(c, &TrainingController::dataChanged, c, [c] {
            if (c->dataset())
                c->start();
        }, Qt::SingleShotConnection);
    // Without --quit-when-done the window is used as usual, and the report is written when it
    // closes (File > Quit, Ctrl+Q, the window's close button).
    connect(qApp, &QCoreApplication::aboutToQuit, this, [this] { finish(0, {}); });
    connect(c, &TrainingController::historyChanged, this, [this](const HistoryEvent &event) {
        if (const auto *e = std::get_if<EpochReport>(&event))
            m_epochs.append(*e);
    });
    connect(c, &TrainingController::stateChanged, this, [this](TrainingState s) {
        if (s == TrainingState::Running)
            startMeasuring();
        if (s == TrainingState::Finished && m_quit)
            finish(0, {});
    });
    connect(c, &TrainingController::notice, this, [this](const Notice &notice) {
        if (const auto *d = std::get_if<Divergence>(&notice)) {
            m_divergence = *d;
            if (m_quit)
                finish(2, QString::fromStdString(d->message));
        } else if (const auto *error = std::get_if<TrainingError>(&notice)) {
            finish(1, error->message);
        }
    });
    connect(c, &TrainingController::dataChanged, this, [this, c] {
        if (!c->dataset())
            finish(1, c->lastError());
    });
    if (!dataRequested)
        finish(1, c->lastError().isEmpty() ? QStringLiteral("no data folder found") : c->lastError());
}

void ReportRun::startMeasuring()
{
    // Measured from the first run on, like run_seconds (the worker's running time): reading the
    // data and laying out the window are not the dashboard's cost.
    if (m_wall.isValid())
        return;
    FrameCounter *frames = m_host->trainView()->frameCounter();
    m_framesAtStart = frames->frames();
    m_paintsAtStart = frames->paints();
    m_appliedAtStart = m_host->trainView()->appliedSnapshots();
    m_probe.start();
    m_guiCpuAtStart = threadCpuSeconds();
    m_wall.start();
}

void ReportRun::finish(int exitCode, const QString &error)
{
    if (m_done)
        return;
    m_done = true;
    m_error = error;
    m_probe.stop();
    m_wallSeconds = m_wall.isValid() ? double(m_wall.nsecsElapsed()) / 1e9 : 0;
    m_guiCpuSeconds = m_wall.isValid() ? threadCpuSeconds() - m_guiCpuAtStart : 0;
    FrameCounter *frames = m_host->trainView()->frameCounter();
    m_frames = frames->frames() - m_framesAtStart;
    m_paints = frames->paints() - m_paintsAtStart;
    m_applied = m_host->trainView()->appliedSnapshots() - m_appliedAtStart;
    for (const char *name : {"train", "step", "draw", "data"})
        m_views[QLatin1String(name)] = m_host->viewWeightsBatch(QLatin1String(name));
    if (!error.isEmpty())
        std::fprintf(stderr, "backprop-lab: %s\n", qPrintable(error));
    if (!m_file.isEmpty()) {
        QFile out(m_file);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(reportJson()) < 0) {
            std::fprintf(stderr, "backprop-lab: could not write the report %s: %s\n",
                         qPrintable(m_file), qPrintable(out.errorString()));
            exitCode = 1;
        }
    }
    if (m_quit || exitCode != 0)
        QCoreApplication::exit(exitCode);
}

QByteArray ReportRun::reportJson() const
{
    const TrainingController *c = m_host->controller();
    const Progress &p = c->progress();
    const double trainSeconds = p.runSeconds - p.evalSeconds;
    // Members in the order a person reads the report: speed and the GUI's latency first, then what
    // was run, the epochs, and what the views show.
    Json o = Json::object();
    // Samples over the running time without the test-set evaluations: the CLI's measure
    // (EpochReport.seconds), but here with every cost of the live GUI included.
    o["samples_per_second"] = jsonNumberOf(trainSeconds > 0 ? double(p.totalSamples) / trainSeconds : 0.0);
    o["samples_per_second_wall"] = jsonNumberOf(p.runSeconds > 0 ? double(p.totalSamples) / p.runSeconds : 0.0);
    o["ui_latency_ms_p50"] = jsonNumberOf(m_probe.percentileMs(50));
    o["ui_latency_ms_p99"] = jsonNumberOf(m_probe.percentileMs(99));
    o["ui_latency_ms_max"] = jsonNumberOf(m_probe.maxMs());
    o["latency_samples"] = jsonNumberOf(double(m_probe.sampleCount()));
    o["frames"] = jsonNumberOf(double(m_frames));
    o["frames_per_second"] = jsonNumberOf(m_wallSeconds > 0 ? double(m_frames) / m_wallSeconds : 0.0);
    o["panel_paints"] = jsonNumberOf(double(m_paints));
    o["snapshots_applied"] = jsonNumberOf(double(m_applied));
    o["seconds"] = jsonNumberOf(m_wallSeconds);
    // How busy the GUI thread was: CPU it took from the training on a machine with few cores.
    o["gui_thread_cpu_seconds"] = jsonNumberOf(m_guiCpuSeconds);
    o["run_seconds"] = jsonNumberOf(p.runSeconds);
    o["eval_seconds"] = jsonNumberOf(p.evalSeconds);
    o["samples"] = jsonNumberOf(double(p.totalSamples));
    o["batches"] = jsonNumberOf(double(p.step));
    o["epochs"] = p.epochs;
    o["batch"] = p.batchSize;
    o["seed"] = jsonNumberOf(double(c->config().seed));
    o["lr"] = jsonNumberOf(c->config().lr);
    o["train_subset"] = jsonNumberOf(double(c->config().trainSubset));
    if (const DatasetInfoPtr d = c->dataset()) {
        o["dataset"] = d->name.toStdString();
        o["data_folder"] = d->folder.toStdString();
    }
    Json epochs = Json::array();
    for (const EpochReport &e : m_epochs) {
        Json r = Json::object();
        r["epoch"] = e.epoch;
        r["train_loss"] = jsonNumberOf(e.trainLoss);
        r["test_loss"] = jsonNumberOf(e.testLoss);
        r["test_accuracy"] = jsonNumberOf(e.testAccuracy);
        r["seconds"] = jsonNumberOf(e.seconds);
        r["samples_per_second"] = jsonNumberOf(e.samplesPerSecond);
        if (std::isfinite(e.trainEvalLoss) && std::isfinite(e.trainAccuracy)) { // unknown in a file's epochs
            r["train_eval_loss"] = jsonNumberOf(e.trainEvalLoss);
            r["train_accuracy"] = jsonNumberOf(e.trainAccuracy);
        }
        epochs.push_back(std::move(r));
    }
    o["epoch_reports"] = std::move(epochs);
    // The batch of the weights each view shows (-1: a model file's, or none).
    Json views = Json::object();
    for (const char *name : {"train", "step", "draw", "data"})
        views[name] = Json{{"weights_batch", jsonNumberOf(double(m_views.value(QLatin1String(name), -1)))}};
    o["views"] = std::move(views);
    o["pace"] = describePace(c->pace());
    o["training_threads"] = trainingThreads();
    if (m_divergence) { // numbered as epoch_reports: 1-based epoch, 1-based batch in it
        Json d = Json::object();
        d["epoch"] = m_divergence->epoch;
        d["batch"] = jsonNumberOf(double(m_divergence->batch));
        d["quantity"] = m_divergence->quantity;
        d["rate"] = jsonNumberOf(m_divergence->lr);
        d["suggested_rate"] = jsonNumberOf(m_divergence->suggestedLr);
        o["divergence"] = std::move(d);
    }
    if (!m_error.isEmpty())
        o["error"] = m_error.toStdString();
    return QByteArray::fromStdString(o.dump(4, ' ', false, Json::error_handler_t::replace)) + '\n';
}

} // namespace bplab
