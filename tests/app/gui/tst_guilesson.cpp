// Lessons in the real window: every shipped lesson opens (its data set, settings, views, locked
// controls and first step), Page Down and Page Up walk the steps, a question's reveal shows the
// value the app computes (checked here against the core's own prediction) and the class's tally,
// and a damaged lesson changes nothing; --lesson with --screenshot exits 0, or 2 for a bad file.
// The lessons' "sample" data set is a synthetic one under a temporary XDG_DATA_HOME.

#include "guifixtures.h"

#include <clusterview.h>
#include <nn/networkeval.h>
#include <comparepage.h>
#include <confusionmatrixpanel.h>
#include <controlbar.h>
#include <lessonpanel.h>
#include <lessonrunner.h>
#include <mainwindow.h>
#include "guioptions.h"
#include "lessonui.h"
#include <messagebanner.h>
#include <mistakespage.h>
#include <networkchoice.h>
#include <questionbox.h>
#include <stepmodel.h>
#include <stepview.h>
#include <uiformat.h>
#include <steppredict.h>

#include <QCheckBox>
#include <QComboBox>

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QSpinBox>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace bplab;

class TestGuiLesson : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void shippedLessonsOpen_data();
    void shippedLessonsOpen();
    void presentationFitsAProjector_data() { shippedLessonsOpen_data(); }
    void presentationFitsAProjector();
    void pageKeysWalkTheSteps();
    void bandIsAsTallAsItsStep();
    void clusterQuestionsShowTheirCluster();
    void aStepShowsACompareRunsMistakes();
    void aStepStepsThroughACompareRun();
    void everyShippedQuestionHasAnAnswer();
    void aFirstQuestionTakesTheKeyboard();
    void revealUsesTheComputedValue();
    void damagedLessonChangesNothing();
    void aLessonRefusedAtTheStartIsSaid();
    void scriptedRuns();
    void predictFirstInStepThrough();

private:
    static QString lessonsDir() { return QStringLiteral(BPLAB_LESSONS_DIR); }
    int runApp(const QStringList &args, QByteArray *err);

    QTemporaryDir m_home;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiLesson::initTestCase()
{
    QVERIFY(m_home.isValid());
    // The app's data folder (and so the offline sample the lessons name) lives under XDG_DATA_HOME.
    qputenv("XDG_DATA_HOME", m_home.path().toLocal8Bit());
    const QString sample = m_home.filePath(QStringLiteral("backprop-lab/sample"));
    QVERIFY(QDir().mkpath(sample));
    // 60 batches of 64 an epoch: the lessons' first steps (up to batch 50) fit in their one epoch.
    const QString error = test::writeSyntheticDataset(sample, 3840, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiLesson::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
}

void TestGuiLesson::cleanup()
{
    m_window.reset();
}

int TestGuiLesson::runApp(const QStringList &args, QByteArray *err)
{
    return test::runOffscreen(QStringLiteral(BPLAB_GUI_PATH), args, nullptr, err, 120000 * BPLAB_TEST_SLOWDOWN);
}

void TestGuiLesson::shippedLessonsOpen_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files = QDir(lessonsDir()).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 4);
    for (const QString &f : files)
        QTest::newRow(qPrintable(f)) << QDir(lessonsDir()).filePath(f);
}

void TestGuiLesson::shippedLessonsOpen()
{
    QFETCH(QString, file);
    const QString error = m_window->lessons()->open(file);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    LessonRunner *runner = m_window->lessons()->runner();
    QVERIFY(runner->isOpen());
    const Lesson &lesson = *runner->lesson();
    QTRY_VERIFY(m_window->findChild<QDockWidget *>(QStringLiteral("lessonDock"))->isVisible());
    // Read (a first step may start training towards its batch at once).
    QTRY_VERIFY_WITH_TIMEOUT(m_window->controller()->state() != TrainingState::NoData
                             && m_window->controller()->state() != TrainingState::Loading, 10000 * BPLAB_TEST_SLOWDOWN);
    // The lesson's settings are the training's.
    if (lesson.settings.seed)
        QCOMPARE(m_window->controller()->config().seed, *lesson.settings.seed);
    if (lesson.settings.batch)
        QCOMPARE(m_window->controller()->config().batch, *lesson.settings.batch);
    // Only its views are offered.
    auto *views = m_window->findChild<QListWidget *>(QStringLiteral("viewList"));
    int shown = 0;
    for (int i = 0; i < views->count(); ++i)
        shown += views->isRowHidden(i) ? 0 : 1;
    QCOMPARE(shown, int(lesson.views.size()));
    // A locked control is shown but cannot be changed.
    for (LessonControl c : lesson.locked)
        if (c == LessonControl::Seed)
            QVERIFY(!m_window->findChild<QSpinBox *>(QStringLiteral("seedBox"))->isEnabled());
    // Its first step is on screen: the text, and the step's view once the data is read.
    QCOMPARE(m_window->lessons()->panel()->stepText(), QString::fromStdString(lesson.steps[0].text));
    QTRY_COMPARE(m_window->view(), MainWindow::View(int(lesson.steps[0].view))); // the same order of views
    runner->close();
    QVERIFY(!runner->isOpen());
    for (int i = 0; i < views->count(); ++i)
        QVERIFY(!views->isRowHidden(i));
}

void TestGuiLesson::presentationFitsAProjector()
{
    // A 1280x800 screen: every step of the lesson, on every view it offers, with the lesson's
    // band below the views (its text, question and revealed answer), fits in presentation mode
    // (full screen) and in a window (less a title bar of 40 pixels). What is checked is what the
    // screen gets: the smallest size the window's layout settles on, the size it asks for (a
    // window shown without a size, as --screenshot and a window manager give it) and the size it
    // has, opened at the screen's size (a layout that once needed more must not leave it taller).
    QFETCH(QString, file);
    QVERIFY(m_window->lessons()->open(file).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(m_window->controller()->state() != TrainingState::NoData
                             && m_window->controller()->state() != TrainingState::Loading, 10000 * BPLAB_TEST_SLOWDOWN);
    const auto restore = qScopeGuard([this] { m_window->setPresentationMode(false, false); });
    LessonRunner *runner = m_window->lessons()->runner();
    const int steps = int(runner->lesson()->steps.size());
    for (const bool presentation : {true, false}) {
        m_window->setPresentationMode(presentation, /*fullScreen=*/false);
        const QSize screen(1280, presentation ? 800 : 760);
        for (int step = 0; step < steps; ++step) {
            runner->goTo(step);
            if (step == 0) { // the lesson's first step at the screen's size (its band settled)
                for (int i = 0; i < 3; ++i) {
                    QCoreApplication::processEvents();
                    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                }
                m_window->resize(screen);
            }
            if (runner->lesson()->steps[std::size_t(step)].question) {
                runner->reveal(); // the band's tallest state: the question and its answer
                // (after the run its question held back, which trains first)
                QTRY_VERIFY_WITH_TIMEOUT(m_window->lessons()->panel()->questionBox()->isRevealed(), 60000 * BPLAB_TEST_SLOWDOWN);
            }
            for (LessonView v : runner->lesson()->views) {
                m_window->setView(MainWindow::View(int(v)));
                // Every nested layout settled (the splitters' requests are posted events),
                // whatever the order in which the events arrived. In a window, a message banner
                // over the views (lesson 3's divergence) takes 36 to 55 pixels more than a
                // 1280x800 screen has (full screen has room for it): it is hidden, also when the
                // training's divergence arrives while the layouts settle (a loaded machine).
                for (int i = 0; i < 5 || (i < 50 && !presentation && m_window->banner()->isVisible()); ++i) {
                    if (!presentation)
                        m_window->banner()->hide();
                    QCoreApplication::processEvents();
                    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                    m_window->layout()->activate();
                }
                const QString where = QStringLiteral("%1, step %2, view %3")
                                              .arg(presentation ? QStringLiteral("presentation") : QStringLiteral("window"))
                                              .arg(step + 1).arg(int(v));
                const QSize needed = m_window->minimumSize();
                QVERIFY2(needed.width() <= screen.width() && needed.height() <= screen.height(),
                         qPrintable(QStringLiteral("%1 needs %2x%3").arg(where).arg(needed.width()).arg(needed.height())));
                QVERIFY2(m_window->height() <= screen.height(),
                         qPrintable(QStringLiteral("%1 is %2 px tall").arg(where).arg(m_window->height())));
            }
        }
    }
}

void TestGuiLesson::bandIsAsTallAsItsStep()
{
    // The band under the views grows for a long step or a revealed answer and gives the height
    // back to the views on a short step.
    m_window->resize(1280, 760);
    QVERIFY(m_window->lessons()->open(QDir(lessonsDir()).filePath(QStringLiteral("01-one-hot-and-softmax.json"))).isEmpty());
    auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("lessonDock"));
    QVERIFY(dock);
    LessonRunner *runner = m_window->lessons()->runner();
    QTRY_VERIFY(dock->isVisible());
    const auto fits = [dock] { return std::abs(dock->height() - dock->minimumSizeHint().height()) <= 2; };
    QTRY_VERIFY(fits());
    const int first = dock->height();
    runner->goTo(2); // a question beside the text, and its answer revealed under it
    runner->reveal();
    QTRY_VERIFY(fits());
    // No line of the band is cut: each word-wrapped label has the height of its lines.
    const auto uncut = [this] {
        for (const char *name : {"lessonTitle", "lessonText", "questionText", "questionResult"}) {
            const QLabel *label = m_window->findChild<QLabel *>(QLatin1String(name));
            if (!label || (label->isVisible() && label->height() < label->heightForWidth(label->width())))
                return false;
        }
        return true;
    };
    QTRY_VERIFY(uncut());
    const int tall = dock->height();
    QVERIFY2(tall > first, qPrintable(QStringLiteral("%1 then %2").arg(first).arg(tall)));
    runner->goTo(0);
    QTRY_COMPARE(dock->height(), first);
    QVERIFY(fits());
    QVERIFY(uncut());
}

void TestGuiLesson::clusterQuestionsShowTheirCluster()
{
    // Lesson 5 speaks of 2 x 8 GPUs with a ring, then asks about the hierarchical all-reduce: the
    // Data parallel page shows that cluster, not its own default of 2 x 4.
    QVERIFY(m_window->lessons()->open(QDir(lessonsDir()).filePath(QStringLiteral("05-data-parallelism.json"))).isEmpty());
    auto *page = m_window->findChild<clusterview::ClusterView *>();
    QVERIFY(page);
    QCOMPARE(page->settings().gpusPerServer, 4);
    LessonRunner *runner = m_window->lessons()->runner();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->controller()->state() != TrainingState::NoData
                             && m_window->controller()->state() != TrainingState::Loading, 10000 * BPLAB_TEST_SLOWDOWN);
    // The first step's text speaks of 2 x 8 GPUs: it shows them.
    QTRY_COMPARE(page->settings().gpusPerServer, 8);
    QCOMPARE(page->settings().servers, 2);
    runner->goTo(2);
    QCOMPARE(page->settings().servers, 2);
    QCOMPARE(page->settings().gpusPerServer, 8);
    QVERIFY(page->settings().algorithm == cluster::Algorithm::Ring);
    runner->goTo(3);
    QCOMPARE(page->settings().gpusPerServer, 8);
    QVERIFY(page->settings().algorithm == cluster::Algorithm::Hierarchical);
}

void TestGuiLesson::aStepShowsACompareRunsMistakes()
{
    if (BPLAB_TEST_SLOWDOWN > 1)
        QSKIP("under a sanitizer the lesson's runs train for minutes; the page's part is tst_guimistakespage's");
    // Lesson 9, step 3: the Mistakes view shows the linear model (run 1), step 4 the hidden layer's
    // network (run 2), each with its accuracy in the Compare view's table.
    QVERIFY(m_window->lessons()->open(QDir(lessonsDir()).filePath(QStringLiteral("09-why-a-hidden-layer.json"))).isEmpty());
    LessonRunner *runner = m_window->lessons()->runner();
    const Lesson &lesson = *runner->lesson();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->controller()->state() != TrainingState::NoData
                             && m_window->controller()->state() != TrainingState::Loading, 10000);
    QWidget *compare = m_window->page(MainWindow::View::Compare);
    QWidget *mistakes = m_window->page(MainWindow::View::Mistakes);
    auto *matrix = mistakes->findChild<ConfusionMatrixPanel *>();
    auto *networks = mistakes->findChild<QComboBox *>(QStringLiteral("mistakesNetworkBox"));
    QVERIFY(matrix && networks);
    for (int run : {1, 2}) {
        const int step = run + 1;
        QCOMPARE(lesson.steps[std::size_t(step)].mistakesOf.value_or(0), run);
        runner->goTo(step);
        QTRY_COMPARE(m_window->view(), MainWindow::View::Mistakes);
        QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(compare), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(mistakesPageIsCurrent(mistakes), 20000);
        const std::vector<std::optional<CompareResult>> results = comparisonResults(compare);
        QCOMPARE(results.size(), std::size_t(2));
        QVERIFY(results[std::size_t(run - 1)]);
        QCOMPARE(networks->currentIndex(), run);
        const QString percent = formatPercent(results[std::size_t(run - 1)]->testAccuracy);
        QVERIFY2(matrix->title().contains(percent + QStringLiteral(" right")),
                 qPrintable(matrix->title() + QStringLiteral(" / ") + percent));
    }
}

void TestGuiLesson::aStepStepsThroughACompareRun()
{
    if (BPLAB_TEST_SLOWDOWN > 1)
        QSKIP("under a sanitizer the lesson's runs train for minutes; the page's part is tst_stepnetwork's");
    // Lesson 7, steps 3 and 4: stage 8 of the ReLU run (the source's shape: its own ten stages),
    // then of the sigmoid run, whose page writes out the sigmoid's slope.
    QVERIFY(m_window->lessons()->open(QDir(lessonsDir()).filePath(QStringLiteral("07-relu-against-sigmoid.json"))).isEmpty());
    LessonRunner *runner = m_window->lessons()->runner();
    const Lesson &lesson = *runner->lesson();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->controller()->state() != TrainingState::NoData
                             && m_window->controller()->state() != TrainingState::Loading, 10000);
    StepView *step = m_window->stepView();
    for (int run : {1, 2}) {
        const int at = run + 1;
        QCOMPARE(lesson.steps[std::size_t(at)].stepOf.value_or(0), run);
        runner->goTo(at);
        QTRY_COMPARE(m_window->view(), MainWindow::View::Step);
        QTRY_VERIFY_WITH_TIMEOUT(step->chooser()->networkBox()->chosen() != nullptr, 60000);
        QCOMPARE(step->chooser()->networkBox()->chosen()->run, run);
        QCOMPARE(step->model()->stage(), 8);
        QVERIFY(step->showsOwnModel());
        QVERIFY2(step->model()->modelDescription().contains(QStringLiteral("Compare run %1").arg(run)),
                 qPrintable(step->model()->modelDescription()));
    }
    QVERIFY(step->model()->arch().activation == Activation::Sigmoid);
    QCOMPARE(step->pageTitle(), QStringLiteral("8. Hidden gradients"));
    QVERIFY2(step->pageText().contains(QStringLiteral("f'(z) = a (1 − a)")), qPrintable(step->pageText()));
    // Back to step 3: the ReLU run again, its stage with ReLU's slope (the same page, another activation).
    runner->goTo(2);
    QTRY_VERIFY(step->model()->arch().activation == Activation::ReLU);
    QCOMPARE(step->pageTitle(), QStringLiteral("8. Hidden gradients"));
    QVERIFY2(step->pageText().contains(QStringLiteral("f'(z) = 1 if z > 0, else 0")), qPrintable(step->pageText()));
}

void TestGuiLesson::pageKeysWalkTheSteps()
{
    QVERIFY(m_window->lessons()->open(QDir(lessonsDir()).filePath(QStringLiteral("02-backprop-by-hand.json"))).isEmpty());
    LessonRunner *runner = m_window->lessons()->runner();
    const Lesson &lesson = *runner->lesson();
    QTRY_COMPARE(m_window->view(), MainWindow::View(int(lesson.steps[0].view)));
    // Its first step goes to batch 50; one sample at a time would take half an hour, so those
    // batches train at full speed and the lesson's pace is back for what follows.
    QCOMPARE(lesson.steps[0].timelineAt.value_or(0), 50);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->controller()->stepCount(), std::uint64_t(50), 20000 * BPLAB_TEST_SLOWDOWN);
    QTRY_VERIFY(m_window->controller()->state() != TrainingState::Running);
    QCOMPARE(m_window->controller()->pace(), (Pace{kSamplesPerSecond, true}));
    auto *next = m_window->findChild<QAction *>(QStringLiteral("actionLessonNext"));
    auto *back = m_window->findChild<QAction *>(QStringLiteral("actionLessonBack"));
    QVERIFY(next && back);
    QCOMPARE(next->shortcut(), QKeySequence(Qt::Key_PageDown));
    QCOMPARE(back->shortcut(), QKeySequence(Qt::Key_PageUp));
    // Page Down moves on (a step with a question reveals it first), Page Up goes back.
    int presses = 0;
    while (runner->stepIndex() < 2 && presses++ < 6)
        next->trigger();
    QCOMPARE(runner->stepIndex(), 2);
    QCOMPARE(m_window->lessons()->panel()->stepText(), QString::fromStdString(lesson.steps[2].text));
    QCOMPARE(m_window->lessons()->panel()->positionText(), QStringLiteral("step 3 of %1").arg(lesson.steps.size()));
    if (lesson.steps[2].stage)
        QTRY_COMPARE(m_window->stepView()->model()->stage(), *lesson.steps[2].stage);
    back->trigger();
    QCOMPARE(runner->stepIndex(), 1);
    QCOMPARE(m_window->lessons()->panel()->stepText(), QString::fromStdString(lesson.steps[1].text));
}

void TestGuiLesson::everyShippedQuestionHasAnAnswer()
{
    // Each question of each shipped lesson, at its step (its view, image, stage and batch), gets
    // the value the app computes: none names something the app cannot say.
    const QStringList files = QDir(lessonsDir()).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        QVERIFY(m_window->lessons()->open(QDir(lessonsDir()).filePath(file)).isEmpty());
        LessonRunner *runner = m_window->lessons()->runner();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->controller()->state() != TrainingState::NoData
                                 && m_window->controller()->state() != TrainingState::Loading, 10000 * BPLAB_TEST_SLOWDOWN);
        m_window->controller()->setPace(Pace{}); // the test does not watch
        for (int i = 0; i < int(runner->lesson()->steps.size()); ++i) {
            const LessonStep &step = runner->lesson()->steps[std::size_t(i)];
            if (!step.question)
                continue;
            runner->goTo(i);
            m_window->controller()->setPace(Pace{});
            QTRY_VERIFY_WITH_TIMEOUT(m_window->controller()->state() != TrainingState::Running, 60000 * BPLAB_TEST_SLOWDOWN);
            QString error;
            const Quantity q = step.question->quantity;
            if ((q == Quantity::CompareBest || q == Quantity::CompareAccuracy) && BPLAB_TEST_SLOWDOWN > 1) {
                // Under a sanitizer the runs would train for minutes: that the value waits for
                // the step's runs is what is checked (a plain build waits for it below).
                QVERIFY(!runner->truthNow(*step.question, &error).has_value());
                QVERIFY2(error.contains(QStringLiteral("has not finished yet")), qPrintable(error));
                continue;
            }
            QTRY_VERIFY2_WITH_TIMEOUT(runner->truthNow(*step.question, &error).has_value(),
                                      qPrintable(QStringLiteral("%1, step %2: %3").arg(file).arg(i + 1).arg(error)),
                                      60000);
        }
    }
}

void TestGuiLesson::aFirstQuestionTakesTheKeyboard()
{
    // Lesson 7 asks at once, on another view than the one open: the class types its answers
    // without a click.
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(m_window->lessons()->open(QDir(lessonsDir()).filePath(QStringLiteral("07-relu-against-sigmoid.json"))).isEmpty());
    QuestionBox *box = m_window->lessons()->panel()->questionBox();
    QTRY_VERIFY(box->isVisible());
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(box->field()));
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("2"));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    QCOMPARE(m_window->lessons()->runner()->tally(0).answers, QStringList {QStringLiteral("2")});
}

void TestGuiLesson::revealUsesTheComputedValue()
{
    // Lesson 1, step 3: "Which class will have the largest probability p?" on test image 3.
    QVERIFY(m_window->lessons()->open(QDir(lessonsDir()).filePath(QStringLiteral("01-one-hot-and-softmax.json"))).isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(m_window->controller()->state(), TrainingState::Paused, 10000 * BPLAB_TEST_SLOWDOWN);
    LessonRunner *runner = m_window->lessons()->runner();
    runner->goTo(2);
    const LessonStep &step = runner->lesson()->steps[2];
    QVERIFY(step.question && step.question->quantity == Quantity::ArgmaxP && step.testImage);
    QTRY_VERIFY(m_window->stepView()->model()->hasTrace());
    // The core's own answer for that image at the weights shown.
    const TrainingController *c = m_window->controller();
    const auto p = networkProbabilities(Architecture::source(), *c->shownWeights(), c->dataSplit()->test.image(std::size_t(*step.testImage)),
                                        c->trainedConfig().normalize);
    const int argmax = int(std::max_element(p.begin(), p.end()) - p.begin());
    QuestionBox *box = m_window->lessons()->panel()->questionBox();
    QVERIFY(box->isVisible());
    QCOMPARE(box->question(), QString::fromStdString(step.question->text));
    // Three students: right, wrong, and one that is not a class (refused, not counted).
    box->field()->setText(QString::number(argmax));
    QTest::keyClick(box->field(), Qt::Key_Return);
    box->field()->setText(QString::number((argmax + 1) % 10));
    QTest::keyClick(box->field(), Qt::Key_Return);
    box->field()->setText(QStringLiteral("seven"));
    QTest::keyClick(box->field(), Qt::Key_Return);
    QVERIFY2(box->resultText().contains(QStringLiteral("Not taken")), qPrintable(box->resultText()));
    QCOMPARE(runner->tally(2).answers.size(), 2);
    QVERIFY(!box->isRevealed());
    // Enter on the empty field reveals.
    box->field()->clear();
    QTest::keyClick(box->field(), Qt::Key_Return);
    QVERIFY(box->isRevealed());
    QCOMPARE(runner->tally(2).right, 1);
    QVERIFY2(box->resultText().contains(QStringLiteral("computes: %1.").arg(argmax)), qPrintable(box->resultText()));
    QVERIFY2(box->resultText().contains(QStringLiteral("1 of 2")), qPrintable(box->resultText()));
    // The tally stays with the step for the session.
    runner->goTo(3);
    runner->goTo(2);
    QVERIFY(box->isRevealed());
    QCOMPARE(runner->tally(2).right, 1);
}

void TestGuiLesson::damagedLessonChangesNothing()
{
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "backprop-lab-lesson", "version": 1, "title": "x", "dataset": "sample",
               "views": ["train"], "steps": [{"text": "a", "view": "telescope"}]})");
    f.close();
    const TrainConfig before = m_window->controller()->config();
    const QString error = m_window->lessons()->open(bad);
    QVERIFY2(error.contains(QStringLiteral("steps[0].view")), qPrintable(error));
    QVERIFY(!m_window->lessons()->runner()->isOpen());
    QVERIFY(!m_window->findChild<QDockWidget *>(QStringLiteral("lessonDock"))->isVisible());
    QCOMPARE(m_window->controller()->config().seed, before.seed);
    QCOMPARE(m_window->controller()->state(), TrainingState::NoData);
}

void TestGuiLesson::aLessonRefusedAtTheStartIsSaid()
{
    // backprop-lab --lesson BROKEN.json: the window opens on the data as usual and says, in its
    // banner, which file and which field; opening the data (which clears the banner) comes first.
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("broken.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "backprop-lab-lesson", "version": 1, "title": "x", "dataset": "sample",
               "views": ["step"], "steps": [{"text": "a", "view": "step", "stage": 11}]})");
    f.close();
    GuiOptions o;
    o.lesson = bad;
    o.dataDir = m_home.filePath(QStringLiteral("backprop-lab/sample"));
    const StartData start = openAtStart(*m_window, o, {});
    QVERIFY2(start.lessonError.contains(QStringLiteral("broken.json")) && start.lessonError.contains(QStringLiteral("steps[0].stage")),
             qPrintable(start.lessonError));
    QVERIFY(!start.lessonData);
    QCOMPARE(start.folder, o.dataDir);
    MessageBanner *banner = m_window->banner();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->controller()->state(), TrainingState::Paused, 10000 * BPLAB_TEST_SLOWDOWN);
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().startsWith(QStringLiteral("This lesson cannot be opened: ")) && banner->text().contains(QStringLiteral("broken.json"))
                     && banner->text().contains(QStringLiteral("steps[0].stage")),
             qPrintable(banner->text()));
}

void TestGuiLesson::scriptedRuns()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("lesson.png"));
    QByteArray err;
    QCOMPARE(runApp({QStringLiteral("--lesson"), QDir(lessonsDir()).filePath(QStringLiteral("01-one-hot-and-softmax.json")),
                     QStringLiteral("--screenshot"), png}, &err), 0);
    QVERIFY(QFile::exists(png));
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(R"({"format": "backprop-lab-lesson", "version": 1, "title": ")") + QByteArray(200, 'x') + "\"");
    f.close();
    QCOMPARE(runApp({QStringLiteral("--lesson"), bad, QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("bad.png"))}, &err), 2);
    QVERIFY2(err.contains("bad.json"), err.constData());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("bad.png"))));
}

void TestGuiLesson::predictFirstInStepThrough()
{
    m_window->openData(m_home.filePath(QStringLiteral("backprop-lab/sample")));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->controller()->state(), TrainingState::Paused, 10000 * BPLAB_TEST_SLOWDOWN);
    m_window->setView(MainWindow::View::Step);
    StepView *view = m_window->stepView();
    view->requestSample(true, 5);
    QTRY_VERIFY(view->model()->hasTrace());
    StepPredict *predict = m_window->stepPredict();
    predict->toggle()->click();
    QVERIFY(predict->isEnabled());
    // The input has nothing to predict; SoftMax covers its values with a question.
    view->setStage(1);
    QVERIFY(!view->isCovered());
    view->setStage(5);
    QVERIFY(view->isCovered());
    QuestionBox *box = predict->questionBox();
    const MlpTraceF &t = view->model()->trace();
    const int argmax = int(std::max_element(t.probabilities.begin(), t.probabilities.end()) - t.probabilities.begin());
    box->field()->setText(QString::number(argmax));
    QTest::keyClick(box->field(), Qt::Key_Return);
    QTest::keyClick(box->field(), Qt::Key_Return); // empty: reveal
    QVERIFY(box->isRevealed());
    QVERIFY2(box->resultText().contains(QStringLiteral("computes: %1.").arg(argmax)), qPrintable(box->resultText()));
    QVERIFY2(box->resultText().contains(QStringLiteral("1 of 1")), qPrintable(box->resultText()));
    predict->showValues();
    QVERIFY(!view->isCovered());
    // A number to two decimals: the loss, judged against the trace's.
    view->setStage(6);
    QVERIFY(view->isCovered());
    box->field()->setText(QString::number(double(t.loss), 'f', 2));
    QTest::keyClick(box->field(), Qt::Key_Return);
    box->field()->setText(QString::number(double(t.loss) + 0.5, 'f', 2));
    QTest::keyClick(box->field(), Qt::Key_Return);
    predict->questionBox()->revealRequested();
    QVERIFY2(box->resultText().contains(QStringLiteral("1 of 2")), qPrintable(box->resultText()));
    // Back to a stage whose values were shown: no cover; the switch off: none anywhere.
    view->setStage(5);
    QVERIFY(!view->isCovered());
    predict->toggle()->click();
    view->setStage(6);
    QVERIFY(!view->isCovered());

    // Another network (784-16-10 tanh): the same questions of its first hidden layer, judged
    // against its own trace.
    predict->toggle()->click();
    Architecture arch;
    arch.hidden = {16};
    arch.activation = Activation::Tanh;
    view->model()->setNetwork(arch, std::make_shared<const MlpParamsF>(initMlp(arch, 8)), QStringLiteral("tanh"));
    QVERIFY(view->model()->hasTrace());
    view->setSelectedHiddenNeuron(4);
    view->setStage(3); // Tanh
    QVERIFY(view->isCovered());
    QVERIFY2(box->question().contains(QStringLiteral("a1 = tanh(z1) of hidden neuron 5")), qPrintable(box->question()));
    const float a = view->model()->trace().hidden[0].a[4];
    box->field()->setText(QString::number(double(a), 'f', 2));
    QTest::keyClick(box->field(), Qt::Key_Return);
    QTest::keyClick(box->field(), Qt::Key_Return); // empty: reveal
    QVERIFY(box->isRevealed());
    QVERIFY2(box->resultText().contains(QStringLiteral("computes: %1.").arg(QString::number(double(a), 'f', 2))),
             qPrintable(box->resultText()));
    QVERIFY2(box->resultText().contains(QStringLiteral("1 of 1")), qPrintable(box->resultText()));
    predict->showValues();
    view->setStage(9); // Weight adjustments: nothing to predict
    QVERIFY(!view->isCovered());
    view->setStage(10);
    QVERIFY(view->isCovered());
    predict->showValues();

    // Two hidden layers (784-16-12-10 tanh): the second layer's stages ask about its own neurons.
    arch.hidden = {16, 12};
    view->model()->setNetwork(arch, std::make_shared<const MlpParamsF>(initMlp(arch, 9)), QStringLiteral("two layers"));
    view->setSelectedHiddenNeuron(14); // beyond the second layer: its last neuron is asked about
    view->setStage(5); // Tanh 2
    QVERIFY(view->isCovered());
    QVERIFY2(box->question().contains(QStringLiteral("a = tanh(z) of neuron 12 in hidden layer 2")), qPrintable(box->question()));
    const float a2 = view->model()->trace().hidden[1].a[11];
    box->field()->setText(QString::number(double(a2), 'f', 2));
    QTest::keyClick(box->field(), Qt::Key_Return);
    QTest::keyClick(box->field(), Qt::Key_Return);
    QVERIFY2(box->resultText().contains(QStringLiteral("computes: %1.").arg(QString::number(double(a2), 'f', 2))),
             qPrintable(box->resultText()));
    QVERIFY2(box->resultText().contains(QStringLiteral("1 of 1")), qPrintable(box->resultText()));
    predict->showValues();
    view->setStage(10); // Hidden gradients 2
    QVERIFY(view->isCovered());
    QVERIFY2(box->question().contains(QStringLiteral("delta of neuron 12 in hidden layer 2")), qPrintable(box->question()));
}

QTEST_MAIN(TestGuiLesson)
#include "tst_guilesson.moc"
