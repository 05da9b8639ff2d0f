// What a session may change and what it may not: every shipped lesson, stepped through to its end
// and quit, leaves the saved settings byte for byte as the user left them; a command-line flag
// (--lr) lasts for its session; the user's own edits are still saved, and defaults the user never
// chose are not written. The Step view computes at a
// lesson step's learning rate, follows the training's otherwise, and says which; --lesson-step
// opens a lesson at a later step with the steps before it replayed.
// The settings live in QStandardPaths' test location; the lessons' "sample" data set is a synthetic
// one under a temporary XDG_DATA_HOME.

#include "guifixtures.h"

#include <appsettings.h>
#include <controlbar.h>
#include <guioptions.h>
#include <lessonrunner.h>
#include <mainwindow.h>
#include "lessonui.h"
#include <stepmodel.h>
#include <stepview.h>
#include <nn/layerspec.h>

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QToolButton>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace bplab;

class TestGuiSessionSettings : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void lessonLeavesTheSavedSettings_data();
    void lessonLeavesTheSavedSettings();
    void flagsLastForTheSession();
    void layerFlagsLastForTheSession();
    void networkAloneIsSaved();
    void chosenSettingsStay();
    void stepViewUsesTheLessonsRate();
    void lessonStepFlag();
    void closingALessonGivesTheUsersSettingsBack();
    void aLessonsLayerListLastsForItsSession();
    void endOnTheLastStepGivesTheUsersSettingsBack();
    void lessonStepOnTheCommandLine();

private:
    static QString lessonsDir() { return QStringLiteral(BPLAB_LESSONS_DIR); }
    QString sampleFolder() const { return m_home.filePath(QStringLiteral("backprop-lab/sample")); }
    static QByteArray settingsBytes();
    /** A plain session as a user leaves it: their data, learning rate, batch size and view. */
    void writeUsersSettings();
    static void waitUntilSettled(MainWindow &window);

    QTemporaryDir m_home;
};

void TestGuiSessionSettings::initTestCase()
{
    QVERIFY(m_home.isValid());
    qputenv("XDG_DATA_HOME", m_home.path().toLocal8Bit());
    qunsetenv("BPLAB_DATA");
    test::useOwnSettings(m_home.path());
    QVERIFY(QSettings().fileName().startsWith(m_home.path()));
    QCoreApplication::setOrganizationName(QStringLiteral("BackpropLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_guisessionsettings"));
    QVERIFY(QDir().mkpath(sampleFolder()));
    // 60 batches of 64 an epoch, as tst_guilesson's.
    const QString error = test::writeSyntheticDataset(sampleFolder(), 3840, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiSessionSettings::init()
{
    QSettings().clear();
}

QByteArray TestGuiSessionSettings::settingsBytes()
{
    QFile f(QSettings().fileName());
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestGuiSessionSettings::waitUntilSettled(MainWindow &window)
{
    TrainingController *c = window.controller();
    QTRY_VERIFY_WITH_TIMEOUT(c->state() != TrainingState::Running && c->state() != TrainingState::Loading
                                     && c->state() != TrainingState::NoData,
                             30000 * BPLAB_TEST_SLOWDOWN);
}

void TestGuiSessionSettings::writeUsersSettings()
{
    MainWindow window;
    QCOMPARE(window.loadSettings(), QString());
    window.show();
    window.openData(sampleFolder());
    QTRY_COMPARE(window.controller()->state(), TrainingState::Paused);
    // The user's own edits, as the toolbar and the sidebar send them.
    window.controlBar()->learningRateBox()->setValue(0.05);
    window.controlBar()->batchBox()->setValue(32);
    for (QAction *a : window.controlBar()->networkMenu()->actions()) // 784-32-10, sigmoid
        if (a->text() == QStringLiteral("784-32-10") || a->text() == QStringLiteral("sigmoid"))
            a->trigger();
    window.findChild<QListWidget *>(QStringLiteral("viewList"))->setCurrentRow(int(MainWindow::View::Draw));
    QCOMPARE(window.controller()->config().lr, 0.05);
    window.close();
    QSettings s;
    QCOMPARE(readTraining(s).config.lr, 0.05);
    QCOMPARE(readTraining(s).config.batch, 32);
    QCOMPARE(readTraining(s).config.network.hidden, std::vector<int>{32});
    QVERIFY(readTraining(s).config.network.activation == Activation::Sigmoid);
    QVERIFY(readTraining(s).config.init == Init::Xavier);
    QCOMPARE(s.value(QStringLiteral("view/current")).toInt(), int(MainWindow::View::Draw));
    QCOMPARE(readLastDataset(s), QFileInfo(sampleFolder()).canonicalFilePath());
    // Nothing the user did not choose: the automatic snapshots and the pixel values keep their
    // defaults unsaved (a later version's defaults then apply).
    QVERIFY(!s.contains(QStringLiteral("snapshots/automatic")));
    QVERIFY(!s.contains(QStringLiteral("snapshots/everyBatches")));
    QVERIFY(!s.contains(QStringLiteral("view/pixelValues")));
}

void TestGuiSessionSettings::networkAloneIsSaved()
{
    // The network is the one choice of the session: it is saved all the same.
    {
        MainWindow window;
        window.loadSettings();
        for (QAction *a : window.controlBar()->networkMenu()->actions())
            if (a->text() == QStringLiteral("No hidden layer (784-10)"))
                a->trigger();
        QVERIFY(window.controller()->config().network.hidden.empty());
        window.close();
    }
    QSettings s;
    QVERIFY(readTraining(s).config.network.hidden.empty());
    MainWindow next;
    next.loadSettings();
    QVERIFY(next.controller()->config().network.hidden.empty());
    QCOMPARE(next.controlBar()->networkBox()->text(), QStringLiteral("784-10"));
}

void TestGuiSessionSettings::chosenSettingsStay()
{
    {
        QSettings s;
        s.setValue(QStringLiteral("snapshots/automatic"), false);
        s.setValue(QStringLiteral("view/pixelValues"), true);
    }
    {
        MainWindow window;
        window.loadSettings();
        QVERIFY(!window.controller()->autoSnapshot().enabled);
        window.close();
    }
    QSettings s;
    QCOMPARE(s.value(QStringLiteral("snapshots/automatic")).toBool(), false);
    QCOMPARE(s.value(QStringLiteral("view/pixelValues")).toBool(), true);
    QVERIFY(s.contains(QStringLiteral("snapshots/keep")));
}

void TestGuiSessionSettings::lessonLeavesTheSavedSettings_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files = QDir(lessonsDir()).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 5);
    for (const QString &f : files)
        QTest::newRow(qPrintable(f)) << QDir(lessonsDir()).filePath(f);
}

void TestGuiSessionSettings::lessonLeavesTheSavedSettings()
{
    QFETCH(QString, file);
    writeUsersSettings();
    const QByteArray before = settingsBytes();
    QVERIFY(before.contains("lr=0.05"));
    {
        MainWindow window;
        QVERIFY(!window.loadSettings().isEmpty());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.lessons()->open(file).isEmpty());
        LessonRunner *runner = window.lessons()->runner();
        const int steps = int(runner->lesson()->steps.size());
        waitUntilSettled(window);
        // Every step, as Page Down would show it (its learning rate, pace, runs and view).
        for (int i = 1; i < steps; ++i) {
            runner->goTo(i);
            window.controller()->setPace(Pace{}); // the lesson's runs at full speed: the pace is not saved
            waitUntilSettled(window);
            QCOMPARE(runner->stepIndex(), i);
        }
        window.close();
    }
    const QByteArray after = settingsBytes();
    // The lines that differ, for the message; then the bytes.
    const QList<QByteArray> was = before.split('\n'), now = after.split('\n');
    QByteArray changed;
    for (const QByteArray &line : now)
        if (!was.contains(line))
            changed += "  now: " + line.left(160) + '\n';
    for (const QByteArray &line : was)
        if (!now.contains(line))
            changed += "  was: " + line.left(160) + '\n';
    QVERIFY2(after == before, ("the saved settings changed:\n" + changed).constData());
}

void TestGuiSessionSettings::layerFlagsLastForTheSession()
{
    // A layer list and a weight decay given as flags train the session and are not saved.
    writeUsersSettings();
    {
        MainWindow window;
        window.loadSettings();
        GuiOptions o;
        bool exitNow = false;
        QCOMPARE(parseGuiOptions({QStringLiteral("backprop-lab"), QStringLiteral("--layers"),
                                  QStringLiteral("conv 4 5x5, pool 2, dense 16"), QStringLiteral("--weight-decay"),
                                  QStringLiteral("0.001")},
                                 o, exitNow),
                 QString());
        applySessionOptions(window, o);
        window.show();
        window.openData(sampleFolder());
        QTRY_COMPARE(window.controller()->state(), TrainingState::Paused);
        QVERIFY(window.controller()->config().network.layered());
        QCOMPARE(window.controller()->config().weightDecay, 0.001);
        window.close();
    }
    QSettings s;
    const StoredTraining t = readTraining(s);
    QVERIFY(!t.config.network.layered());
    QCOMPARE(t.config.network.hidden, std::vector<int>{32}); // the user's
    QCOMPARE(t.config.weightDecay, 0.0);
}

void TestGuiSessionSettings::flagsLastForTheSession()
{
    writeUsersSettings();
    {
        MainWindow window;
        window.loadSettings();
        GuiOptions o;
        bool exitNow = false;
        QCOMPARE(parseGuiOptions({QStringLiteral("backprop-lab"), QStringLiteral("--lr"), QStringLiteral("0.5"),
                                  QStringLiteral("--epochs"), QStringLiteral("7"), QStringLiteral("--view"),
                                  QStringLiteral("step"), QStringLiteral("--hidden"), QStringLiteral("16,8"),
                                  QStringLiteral("--activation"), QStringLiteral("tanh")},
                                 o, exitNow),
                 QString());
        applySessionOptions(window, o);
        window.show();
        window.openData(sampleFolder());
        QTRY_COMPARE(window.controller()->state(), TrainingState::Paused);
        // The session trains with the flags' values and shows them.
        QCOMPARE(window.controller()->config().lr, 0.5);
        QCOMPARE(window.controller()->config().epochs, 7);
        QCOMPARE(window.controller()->config().network.hidden, (std::vector<int>{16, 8}));
        QCOMPARE(window.controlBar()->networkBox()->text(), QStringLiteral("16-8 tanh"));
        QCOMPARE(window.controlBar()->learningRateBox()->value(), 0.5);
        QCOMPARE(window.view(), MainWindow::View::Step);
        // A field the user edits is theirs; the flags' others stay the session's.
        window.controlBar()->batchBox()->setValue(16);
        window.close();
    }
    QSettings s;
    const StoredTraining t = readTraining(s);
    QCOMPARE(t.config.lr, 0.05);
    QCOMPARE(t.config.epochs, sourceRecipe().epochs);
    QCOMPARE(t.config.batch, 16);
    QCOMPARE(t.config.network.hidden, std::vector<int>{32}); // the user's, not the flag's
    QVERIFY(t.config.network.activation == Activation::Sigmoid);
    QCOMPARE(s.value(QStringLiteral("view/current")).toInt(), int(MainWindow::View::Draw));
    // The next plain start trains with the user's rate.
    MainWindow next;
    next.loadSettings();
    QCOMPARE(next.controller()->config().lr, 0.05);
    QCOMPARE(next.controlBar()->learningRateBox()->value(), 0.05);
}

void TestGuiSessionSettings::stepViewUsesTheLessonsRate()
{
    MainWindow window;
    window.show();
    StepView *step = window.stepView();
    // Without a lesson the step follows the training's rate, and says so.
    window.controlBar()->learningRateBox()->setValue(0.2);
    QCOMPARE(step->learningRateOrigin(), StepView::RateOrigin::Training);
    QCOMPARE(step->model()->learningRate(), 0.2f);
    QCOMPARE(step->chooser()->learningRateBox()->value(), 0.2);
    QCOMPARE(step->chooser()->learningRateOriginLabel()->text(), step->chooser()->learningRateOriginText());
    QVERIFY(step->chooser()->followTrainingRateButton()->isHidden());

    // Lesson 3, step 3 ("after one update at lr = 8, is its loss lower?"),
    // opened there: the steps before it trained 150 batches at 0.1 first.
    const QString file = QDir(lessonsDir()).filePath(QStringLiteral("03-learning-rate-too-high.json"));
    QSignalSpy ready(window.lessons()->runner(), &LessonRunner::ready);
    QVERIFY(window.lessons()->open(file, 2).isEmpty());
    QVERIFY(ready.wait(60000 * BPLAB_TEST_SLOWDOWN));
    QCOMPARE(window.lessons()->runner()->stepIndex(), 2);
    QCOMPARE(window.controller()->stepCount(), 150u);
    QCOMPARE(window.view(), MainWindow::View::Step);
    QCOMPARE(step->learningRateOrigin(), StepView::RateOrigin::Lesson);
    QVERIFY(!step->chooser()->followTrainingRateButton()->isHidden());
    QTRY_VERIFY(step->model()->hasTrace());
    QCOMPARE(step->model()->learningRate(), 8.0f);
    const QJsonObject trace = QJsonDocument::fromJson(step->traceJson().toUtf8()).object();
    QCOMPARE(trace.value(QStringLiteral("lr")).toDouble(), 8.0);
    // The question's computed answer is the one at lr 8: one step on this digit's own gradient
    // lowers its own loss.
    QString error;
    const auto truth = window.lessons()->runner()->truthNow(*window.lessons()->runner()->lesson()->steps[2].question, &error);
    QVERIFY2(truth, qPrintable(error));
    QCOMPARE(QString::fromStdString(truth->text), QStringLiteral("yes"));

    // A step without a learning rate of its own: the training's again.
    window.lessons()->runner()->goTo(0);
    QCOMPARE(step->learningRateOrigin(), StepView::RateOrigin::Training);
    QCOMPARE(step->chooser()->learningRateBox()->value(), window.controller()->config().lr);
    window.lessons()->runner()->close();

    // Set in the view by the user: kept while the training's changes, until "Use the training's".
    step->chooser()->learningRateBox()->setValue(0.5);
    QCOMPARE(step->learningRateOrigin(), StepView::RateOrigin::Here);
    window.controlBar()->learningRateBox()->setValue(0.3);
    QCOMPARE(step->model()->learningRate(), 0.5f);
    step->chooser()->followTrainingRateButton()->click();
    QCOMPARE(step->learningRateOrigin(), StepView::RateOrigin::Training);
    QCOMPARE(step->model()->learningRate(), 0.3f);
}

void TestGuiSessionSettings::closingALessonGivesTheUsersSettingsBack()
{
    // The user trains at lr 0.05, batch 32, 4 epochs on the Draw view; lesson 6 asks for 10 epochs,
    // which they type; closing the lesson gives back their settings and view, and the 10 epochs
    // never reach the saved settings.
    writeUsersSettings();
    {
        MainWindow window;
        QVERIFY(!window.loadSettings().isEmpty());
        window.show();
        window.openData(sampleFolder());
        waitUntilSettled(window);
        window.controlBar()->epochsBox()->setValue(4); // the user's own
        const TrainConfig users = window.controller()->config();
        QCOMPARE(users.lr, 0.05);
        QCOMPARE(users.epochs, 4);
        QVERIFY(window.lessons()->open(QDir(lessonsDir()).filePath(QStringLiteral("06-overfitting.json")), 6).isEmpty());
        waitUntilSettled(window);
        QCOMPARE(window.controller()->config().lr, 0.1);
        window.controlBar()->epochsBox()->setValue(10); // as the step says
        QCOMPARE(window.controller()->config().epochs, 10);
        window.findChild<QListWidget *>(QStringLiteral("viewList"))->setCurrentRow(int(MainWindow::View::Mistakes));
        window.lessons()->runner()->close();
        QCOMPARE(window.controller()->config().lr, 0.05);
        QCOMPARE(window.controller()->config().batch, 32);
        QCOMPARE(window.controller()->config().epochs, 4);
        QCOMPARE(window.controller()->config().network.hidden, std::vector<int>{32});
        QCOMPARE(window.controlBar()->learningRateBox()->value(), 0.05);
        QCOMPARE(window.controlBar()->epochsBox()->value(), 4);
        QCOMPARE(window.view(), MainWindow::View::Draw);
        window.close();
    }
    QSettings s;
    QCOMPARE(readTraining(s).config.epochs, 4);
    QCOMPARE(readTraining(s).config.lr, 0.05);
    QCOMPARE(s.value(QStringLiteral("view/current")).toInt(), int(MainWindow::View::Draw));
}

void TestGuiSessionSettings::aLessonsLayerListLastsForItsSession()
{
    // Lesson 11 trains a layer list ("layers" in its settings), here with a weight decay added
    // ("weight_decay"); closing it gives back the user's dense network without decay, and neither
    // is saved.
    QFile shipped(QDir(lessonsDir()).filePath(QStringLiteral("11-what-a-convolution-sees.json")));
    QVERIFY(shipped.open(QIODevice::ReadOnly));
    QByteArray text = shipped.readAll();
    QVERIFY(text.contains("\"layers\": "));
    text.insert(text.indexOf("\"layers\": "), "\"weight_decay\": 0.005, "); // the settings' (the first)
    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("decay.json")));
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(text) == text.size());
    file.close();
    writeUsersSettings();
    {
        MainWindow window;
        QVERIFY(!window.loadSettings().isEmpty());
        window.show();
        window.openData(sampleFolder());
        waitUntilSettled(window);
        const QString error = window.lessons()->open(file.fileName());
        QVERIFY2(error.isEmpty(), qPrintable(error));
        waitUntilSettled(window);
        const TrainConfig lesson = window.controller()->config();
        QVERIFY(lesson.network.layered());
        QCOMPARE(QString::fromStdString(layersText(lesson.network.layers)),
                 QStringLiteral("conv 8 5x5, pool 2, conv 16 5x5, pool 2, dense 64"));
        QCOMPARE(lesson.weightDecay, 0.005);
        window.lessons()->runner()->close();
        QVERIFY(!window.controller()->config().network.layered());
        QCOMPARE(window.controller()->config().network.hidden, std::vector<int>{32});
        QCOMPARE(window.controller()->config().weightDecay, 0.0);
        window.close();
    }
    QSettings s;
    const StoredTraining t = readTraining(s);
    QVERIFY(!t.config.network.layered());
    QCOMPARE(t.config.network.hidden, std::vector<int>{32});
    QCOMPARE(t.config.weightDecay, 0.0);
}

void TestGuiSessionSettings::endOnTheLastStepGivesTheUsersSettingsBack()
{
    // Page Down through lesson 5's last two steps: the last one's button reads End, and Page Down
    // there ends the lesson, with the user's settings and view back as Close lesson gives them.
    writeUsersSettings();
    MainWindow window;
    QVERIFY(!window.loadSettings().isEmpty());
    window.show();
    window.openData(sampleFolder());
    waitUntilSettled(window);
    const QString file = QDir(lessonsDir()).filePath(QStringLiteral("05-data-parallelism.json"));
    QVERIFY(window.lessons()->open(file, 5).isEmpty());
    waitUntilSettled(window);
    LessonRunner *runner = window.lessons()->runner();
    const int last = int(runner->lesson()->steps.size()) - 1;
    QCOMPARE(window.controller()->config().lr, 0.1);
    auto *next = window.findChild<QAction *>(QStringLiteral("actionLessonNext"));
    auto *button = window.findChild<QPushButton *>(QStringLiteral("lessonNext"));
    QVERIFY(next && button);
    QCOMPARE(button->text(), QStringLiteral("Next"));
    QCOMPARE(next->text(), QStringLiteral("Lesson: next step"));
    int presses = 0;
    while (runner->stepIndex() < last && presses++ < 4)
        next->trigger(); // the question's answer first, then the step
    QCOMPARE(runner->stepIndex(), last);
    QVERIFY(runner->isLastStep());
    QCOMPARE(button->text(), QStringLiteral("End"));
    QCOMPARE(next->text(), QStringLiteral("Lesson: end"));
    next->trigger();
    QVERIFY(!runner->isOpen());
    QVERIFY(!window.findChild<QDockWidget *>(QStringLiteral("lessonDock"))->isVisible());
    QCOMPARE(window.controller()->config().lr, 0.05);
    QCOMPARE(window.controller()->config().batch, 32);
    QCOMPARE(window.controlBar()->learningRateBox()->value(), 0.05);
    QCOMPARE(window.view(), MainWindow::View::Draw);
    QCOMPARE(next->text(), QStringLiteral("Lesson: next step"));
    QVERIFY(!next->isEnabled());
    window.close();
}

void TestGuiSessionSettings::lessonStepFlag()
{
    const auto parse = [](const QStringList &args, GuiOptions &o) {
        bool exitNow = false;
        return parseGuiOptions(QStringList{QStringLiteral("backprop-lab")} + args, o, exitNow);
    };
    GuiOptions o;
    QCOMPARE(parse({}, o), QString());
    QCOMPARE(o.lessonStep, 1);
    QCOMPARE(parse({QStringLiteral("--lesson"), QStringLiteral("l.json"), QStringLiteral("--lesson-step"), QStringLiteral("3")}, o),
             QString());
    QCOMPARE(o.lessonStep, 3);
    GuiOptions bad;
    QVERIFY(parse({QStringLiteral("--lesson-step"), QStringLiteral("2")}, bad).contains(QStringLiteral("--lesson FILE")));
    QVERIFY(parse({QStringLiteral("--lesson"), QStringLiteral("l.json"), QStringLiteral("--lesson-step"), QStringLiteral("0")}, bad)
                    .contains(QStringLiteral("--lesson-step")));
}

void TestGuiSessionSettings::lessonStepOnTheCommandLine()
{
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("s.json"));
    QByteArray err;
    const QString lesson = QDir(lessonsDir()).filePath(QStringLiteral("03-learning-rate-too-high.json"));
    QCOMPARE(test::runOffscreen(QStringLiteral(BPLAB_GUI_PATH),
                                {QStringLiteral("--lesson"), lesson, QStringLiteral("--lesson-step"), QStringLiteral("3"),
                                 QStringLiteral("--export-panel"), QStringLiteral("step"), QStringLiteral("--export-file"), json},
                                nullptr, &err, 120000 * BPLAB_TEST_SLOWDOWN),
             0);
    QFile f(json);
    QVERIFY2(f.open(QIODevice::ReadOnly), err.constData());
    const QJsonObject trace = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(trace.value(QStringLiteral("lr")).toDouble(), 8.0);
    // A step the lesson does not have is refused.
    QCOMPARE(test::runOffscreen(QStringLiteral(BPLAB_GUI_PATH),
                                {QStringLiteral("--lesson"), lesson, QStringLiteral("--lesson-step"), QStringLiteral("99"),
                                 QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))},
                                nullptr, &err, 60000 * BPLAB_TEST_SLOWDOWN),
             2);
    QVERIFY2(err.contains("not step 99"), err.constData());
}

QTEST_MAIN(TestGuiSessionSettings)
#include "tst_guisessionsettings.moc"
