// backprop-lab: the desktop app. Parses the command line, opens the main window on the best data
// found, and hands the automation flags (--screenshot, --report) to their runs.

#include "automation.h"
#include "classroomui.h"
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
#include <openmpwait.h>

#include <QApplication>
#include <QStyle>

#include <cstdio>
#include <cstdlib>
#include <memory>

using namespace bplab;

namespace {
void nameApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("backprop-lab"));
    QCoreApplication::setOrganizationName(QStringLiteral("BackpropLab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BPLAB_VERSION));
}

/** True when the command line asks only for text: --help (-h, -?, --help-all) or --version (-v). */
bool asksForText(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--")
            break;
        if (a == "--help" || a == "-h" || a == "-?" || a == "--help-all" || a == "--version" || a == "-v")
            return true;
    }
    return false;
}
} // namespace

int main(int argc, char **argv)
{
    // --help and --version print and exit without a window: QApplication would abort where no
    // display is (a terminal over ssh, a build machine), so they are answered by a core
    // application before it exists. The same parser answers, so its errors are the window's too.
    if (asksForText(argc, argv)) {
        QCoreApplication text(argc, argv);
        nameApplication();
        GuiOptions o;
        bool exitNow = false;
        const QString problem = parseGuiOptions(QCoreApplication::arguments(), o, exitNow);
        if (exitNow)
            return 0;
        if (!problem.isEmpty()) {
            std::fprintf(stderr, "backprop-lab: %s\n", qPrintable(problem));
            return 2;
        }
        // A flag that takes a value took "--help" as its value: go on to the window.
    }
    preferPassiveOpenMpWait(argv); // OpenMP's idle threads leave the GUI its core (openmpwait.h)
    QApplication app(argc, argv);
    nameApplication();
    QApplication::setApplicationDisplayName(QStringLiteral("Backprop Lab"));
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
    // --classroom: listening (and its line printed) before the data is read.
    if (o.classroomPort) {
        ClassroomUi *classroom = classroomOf(&window);
        if (!classroom->start(QHostAddress(o.classroomBind), quint16(*o.classroomPort))) {
            std::fprintf(stderr, "backprop-lab: --classroom: %s\n", qPrintable(classroom->errorString()));
            return 2;
        }
    }
    // The lesson, then the data; a lesson that cannot be opened ends a scripted run with exit
    // code 2, and is a message in the window otherwise.
    const StartData start = openAtStart(window, o, remembered);
    if (!start.lessonError.isEmpty()) {
        std::fprintf(stderr, "backprop-lab: %s\n", qPrintable(start.lessonError));
        if (o.automation())
            return 2;
    }
    const bool lessonData = start.lessonData;
    const QString &folder = start.folder;
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
