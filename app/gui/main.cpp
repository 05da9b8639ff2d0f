// backprop-lab: the desktop app. Parses the command line, opens the main window on the best data
// found, and hands the automation flags (--screenshot, --report) to their runs.

#include "automation.h"
#include "datasetcatalog.h"
#include "guioptions.h"
#include "iconstyle.h"
#include "language.h"
#include "lessonrunner.h"
#include "lessonui.h"
#include "mainwindow.h"
#include "trainingcontroller.h"

#include <messagebanner.h>
#include <stepview.h>

#include <nn/batchthreads.h>
#include <data/dataset.h>

#include <QApplication>
#include <QStyle>

#include <cstdio>
#include <cstdlib>
#include <memory>

#ifdef __linux__
#include <unistd.h>
#endif

using namespace bplab;

namespace {
/**
 * OpenMP's threads spin after every parallel product by default; next to a GUI thread on a
 * machine with few cores that spinning takes the core the GUI needs (measured here: training
 * 1.5x slower, GUI latency 2x worse). libgomp reads OMP_WAIT_POLICY once, before main(), so the
 * process restarts itself once with the passive policy unless the user chose a policy.
 */
void preferPassiveOpenMpWait(char **argv)
{
#ifdef __linux__
    if (std::getenv("OMP_WAIT_POLICY"))
        return;
    setenv("OMP_WAIT_POLICY", "passive", 1);
    execv("/proc/self/exe", argv); // returns only on failure: then run as we are
#else
    (void)argv;
#endif
}
} // namespace

int main(int argc, char **argv)
{
    preferPassiveOpenMpWait(argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("backprop-lab"));
    QApplication::setApplicationDisplayName(QStringLiteral("Backprop Lab"));
    QApplication::setOrganizationName(QStringLiteral("BackpropLab"));
    QApplication::setApplicationVersion(QStringLiteral(BPLAB_VERSION));
    // The installed desktop entry's name: Wayland compositors match the window to it.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.backproplab.BackpropLab"));
    QApplication::setWindowIcon(IconStyle::applicationIcon());
    QApplication::setStyle(new IconStyle(QApplication::style()->name()));
    // The training threads: the core's policy, the same as the command line's (batchthreads.h).
    setTrainingThreads(defaultTrainingThreads());

    GuiOptions o;
    bool exitNow = false;
    const QString problem = parseGuiOptions(QApplication::arguments(), o, exitNow);
    if (exitNow)
        return 0;
    if (!problem.isEmpty()) {
        std::fprintf(stderr, "backprop-lab: %s\n", qPrintable(problem));
        return 2;
    }

    // The language before the first widget: --lang, else the stored choice (automation runs do not
    // read the settings: the system's language unless --lang says otherwise).
    const QString language = o.language       ? *o.language
                             : o.automation() ? QString()
                                              : storedLanguage();
    if (const QString used = applyLanguage(language); !language.isEmpty() && used != language)
        std::fprintf(stderr,
                     "backprop-lab: no \"%s\" translation in share/backprop-lab/translations "
                     "beside the program: the window stays English.\n",
                     qPrintable(language));

    MainWindow window;
    // Automation runs are reproducible: they neither read nor write the remembered settings.
    const QString remembered = o.automation() ? QString() : window.loadSettings();

    applySessionOptions(window, o);
    if (o.size.isValid())
        window.resize(o.size);
    else if (o.automation())
        window.resize(MainWindow::defaultSize());

    // The data: the flags, else the last data set, else the best one found (core's lookup order).
    QString folder, findError;
    if (!o.dataDir.isEmpty() || !o.dataset.isEmpty() || remembered.isEmpty()
        || !looksLikeDataFolder(remembered)) {
        const auto found = findDataFolder(o.dataDir.toStdString(), parseKnownDataset(o.dataset.toStdString()));
        if (found)
            folder = QString::fromStdString(*found);
        else
            findError = QString::fromStdString(found.error());
    } else {
        folder = remembered;
    }

    std::unique_ptr<ScreenshotRun> screenshot;
    std::unique_ptr<ReportRun> report;
    if (o.afterBatchesRun()) {
        screenshot = std::make_unique<ScreenshotRun>(&window, o.afterBatches, o.screenshot);
        screenshot->setTimelineAt(o.timelineAt);
        screenshot->setSaveModel(o.saveModel);
        screenshot->setExportPanel(o.exportPanel, o.exportFile);
    }
    else if (o.quitWhenDone || !o.report.isEmpty())
        report = std::make_unique<ReportRun>(&window, o.report, o.quitWhenDone);

    if (o.presentation)
        window.setPresentationMode(true, /*fullScreen=*/o.screenshot.isEmpty());
    window.show();
    // A lesson brings its own data set and settings; one that cannot be opened is a message in
    // the window (and ends a scripted run with exit code 2).
    QString lessonError;
    if (!o.lesson.isEmpty()) {
        lessonError = window.lessons()->open(o.lesson, o.lessonStep - 1);
        if (!lessonError.isEmpty()) {
            std::fprintf(stderr, "backprop-lab: %s\n", qPrintable(lessonError));
            if (o.automation())
                return 2;
            window.banner()->showMessage(QCoreApplication::translate("bplab", "This lesson cannot be opened: %1").arg(lessonError));
        }
    }
    const bool lessonData = !o.lesson.isEmpty() && lessonError.isEmpty(); // being read by the lesson
    // A folder the flags name is for this session; the remembered or the best found is the user's.
    const bool flagData = !o.dataDir.isEmpty() || !o.dataset.isEmpty();
    if (!lessonData && !folder.isEmpty())
        window.openData(folder, flagData ? SettingOrigin::Session : SettingOrigin::User);
    else if (!lessonData)
        window.showDataError(findError);
    if (screenshot && lessonData && o.lessonStep > 1) {
        // The picture or export is of step N: after the steps before it have replayed.
        QObject::connect(window.lessons()->runner(), &LessonRunner::ready, screenshot.get(),
                         [&screenshot] { screenshot->begin(true); }, Qt::SingleShotConnection);
    } else if (screenshot) {
        screenshot->begin(lessonData || !folder.isEmpty());
    }
    if (report)
        report->begin(lessonData || !folder.isEmpty());
    return app.exec();
}
