// A lesson's question holds its answer: while it is open, nothing on the screen or in the tree a
// screen reader reads gives its value away (lesson 7's Compare runs read no "finished" and no final
// accuracy, they are shown to their first epoch; lesson 6's run to the asked batch waits); its
// reveal shows everything, a held run trains then at full speed. --lesson-step N takes the
// questions before N as answered. The lessons' "sample" is a small synthetic set.

#include "guifixtures.h"

#include <comparepage.h>
#include <compareview.h>
#include <lessonpanel.h>
#include <lessonrunner.h>
#include <mainwindow.h>
#include "lessonui.h"
#include <questionbox.h>
#include <stepmodel.h>
#include <byhandpanel.h>
#include <networkdiagram.h>
#include <stepview.h>
#include <uiformat.h>

#include "panelui.h"

#include <QAccessible>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QDir>
#include <QLineEdit>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace bplab;

class TestGuiLessonHold : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void compareRunsHoldTheirOutcome();
    void aLaterStepTakesEarlierQuestionsAsAnswered();
    void aGradientQuestionHoldsTheGradientsOnly();
    void aRunToTheAskedBatchWaitsForTheAnswer();
    void aRunThatEndsBeforeTheAskedBatchStillReveals();
    void aStepQuestionHidesTheStagesThatShowItsValue();
    void byHandLastsForItsStep();
    void compareIsAnExportedPanel();
    void exportPanelWaitsForTheStepsRuns();

private:
    static QString lesson(const char *name) { return QDir(QStringLiteral(BPLAB_LESSONS_DIR)).filePath(QString::fromLatin1(name)); }
    void waitForData();
    CompareView *compare() const { return qobject_cast<CompareView *>(m_window->page(MainWindow::View::Compare)); }
    /** Every name, description and value the Compare view's accessible tree holds. */
    QStringList spokenTexts() const;

    QTemporaryDir m_home;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiLessonHold::initTestCase()
{
    QVERIFY(m_home.isValid());
    qputenv("XDG_DATA_HOME", m_home.path().toLocal8Bit());
    qputenv("XDG_CONFIG_HOME", m_home.filePath(QStringLiteral("config")).toLocal8Bit());
    const QString sample = m_home.filePath(QStringLiteral("backprop-lab/sample"));
    QVERIFY(QDir().mkpath(sample));
    // 20 batches of 64 an epoch: lesson 7's ten epochs train in seconds.
    const QString error = test::writeSyntheticDataset(sample, 1280, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiLessonHold::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
}

void TestGuiLessonHold::cleanup()
{
    m_window.reset();
}

void TestGuiLessonHold::waitForData()
{
    QTRY_VERIFY_WITH_TIMEOUT(m_window->controller()->state() != TrainingState::NoData
                                     && m_window->controller()->state() != TrainingState::Loading,
                             10000 * BPLAB_TEST_SLOWDOWN);
}

namespace {
void collectTexts(QAccessibleInterface *iface, QStringList &out, int depth = 0)
{
    if (!iface || depth > 40)
        return;
    for (QAccessible::Text t : {QAccessible::Name, QAccessible::Description, QAccessible::Value})
        if (const QString text = iface->text(t); !text.isEmpty())
            out << text;
    for (int i = 0; i < iface->childCount(); ++i)
        collectTexts(iface->child(i), out, depth + 1);
}
} // namespace

QStringList TestGuiLessonHold::spokenTexts() const
{
    QStringList texts;
    collectTexts(QAccessible::queryAccessibleInterface(compare()), texts);
    return texts;
}

void TestGuiLessonHold::compareRunsHoldTheirOutcome()
{
    if (BPLAB_TEST_SLOWDOWN > 1)
        QSKIP("under a sanitizer the lesson's runs train for minutes");
    // Lesson 7, step 1: "Before the runs end: which will reach the higher test accuracy?"
    QVERIFY(m_window->lessons()->open(lesson("07-relu-against-sigmoid.json")).isEmpty());
    LessonRunner *runner = m_window->lessons()->runner();
    waitForData();
    QTRY_COMPARE(m_window->view(), MainWindow::View::Compare);
    CompareView *view = compare();
    QTRY_COMPARE(view->rows().size(), 2);
    // The runs train on behind the hold: the true values exist once they end.
    QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(view), 60000);
    QVERIFY(!runner->isAnswered(0));
    const std::vector<std::optional<CompareResult>> results = comparisonResults(view);
    QCOMPARE(results.size(), std::size_t(2));
    QVERIFY(results[0] && results[1]);
    QStringList finals;
    for (const auto &r : results)
        finals << formatPercent(r->testAccuracy);
    // On screen: no run finished, its curve and table at epoch 1, no final accuracy, no time.
    QTableWidget *table = view->table();
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(view->rows()[i].testAccuracy.size(), 1);
        QVERIFY(!view->rows()[i].finished);
        for (int column = 0; column < table->columnCount(); ++column) {
            const QString text = table->item(i, column)->text();
            QVERIFY2(!text.contains(QStringLiteral("finished")), qPrintable(text));
            for (const QString &f : finals)
                QVERIFY2(!text.contains(f) || text == formatPercent(view->rows()[i].testAccuracy.first()),
                         qPrintable(text + QStringLiteral(" / ") + f));
        }
        QCOMPARE(table->item(i, 3)->text(), formatPercent(view->rows()[i].testAccuracy.first()));
    }
    // Nor in what a screen reader reads.
    const QStringList held = spokenTexts();
    const QString heard = held.join(QStringLiteral(" | "));
    // (A status reads "finished", an announcement "ReLU finished: test accuracy ...".)
    static const QRegularExpression finished(QStringLiteral("^finished$|finished:"));
    QVERIFY2(held.filter(finished).isEmpty(), qPrintable(held.filter(finished).join(QStringLiteral(" | "))));
    QVERIFY2(held.filter(QStringLiteral("after epoch 10")).isEmpty(), qPrintable(held.filter(QStringLiteral("after epoch 10")).join(QStringLiteral(" | "))));
    // A final accuracy is heard nowhere, unless a run had it after its first epoch already.
    QStringList firstEpoch;
    for (int i = 0; i < 2; ++i)
        firstEpoch << formatPercent(view->rows()[i].testAccuracy.first());
    for (const QString &f : finals)
        if (!firstEpoch.contains(f))
            QVERIFY2(held.filter(f).isEmpty(), qPrintable(held.filter(f).join(QStringLiteral(" | "))));
    QVERIFY2(heard.contains(QStringLiteral("after epoch 1")), qPrintable(heard));

    // The answer: everything shows, the same values the runs ended with.
    QuestionBox *box = m_window->lessons()->panel()->questionBox();
    box->field()->setText(QStringLiteral("1"));
    QTest::keyClick(box->field(), Qt::Key_Return);
    QVERIFY(!runner->isAnswered(0)); // a recorded guess is one of the class's; the reveal answers
    QVERIFY(spokenTexts().filter(finished).isEmpty());
    runner->reveal();
    QVERIFY(box->isRevealed());
    QVERIFY(runner->isAnswered(0));
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(view->rows()[i].testAccuracy.size(), 10);
        QCOMPARE(table->item(i, 2)->text(), QStringLiteral("finished"));
        QCOMPARE(table->item(i, 3)->text(), finals[i]);
    }
    const QString revealed = spokenTexts().join(QStringLiteral(" | "));
    QVERIFY2(revealed.contains(finals[0] + QStringLiteral(" after epoch 10")), qPrintable(revealed));
    QVERIFY2(!spokenTexts().filter(finished).isEmpty(), qPrintable(revealed));
}

void TestGuiLessonHold::aLaterStepTakesEarlierQuestionsAsAnswered()
{
    if (BPLAB_TEST_SLOWDOWN > 1)
        QSKIP("under a sanitizer the lesson's runs train for minutes");
    // --lesson-step 5 of lesson 7 (a step without a question, on step 1's runs): those runs are
    // shown in full.
    QVERIFY(m_window->lessons()->open(lesson("07-relu-against-sigmoid.json"), 4).isEmpty());
    LessonRunner *runner = m_window->lessons()->runner();
    waitForData();
    QVERIFY(runner->isAnswered(0));
    QTRY_COMPARE(m_window->view(), MainWindow::View::Compare);
    CompareView *view = compare();
    QTRY_COMPARE(view->rows().size(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(view), 60000);
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(view->rows()[i].testAccuracy.size(), 10);
        QCOMPARE(view->table()->item(i, 2)->text(), QStringLiteral("finished"));
    }
    // Back to step 1: its question was taken as answered, nothing is held.
    runner->goTo(0);
    QVERIFY(runner->isAnswered(0));
    QCOMPARE(view->rows()[0].testAccuracy.size(), 10);
}

void TestGuiLessonHold::aGradientQuestionHoldsTheGradientsOnly()
{
    if (BPLAB_TEST_SLOWDOWN > 1)
        QSKIP("under a sanitizer the lesson's runs train for minutes");
    // Lesson 7, step 2 ("which first layer gets the smaller gradients?") opened directly: step 1's
    // question counts as answered, so the accuracies show; the gradients wait for the answer.
    QVERIFY(m_window->lessons()->open(lesson("07-relu-against-sigmoid.json"), 1).isEmpty());
    LessonRunner *runner = m_window->lessons()->runner();
    waitForData();
    CompareView *view = compare();
    QTRY_COMPARE(view->rows().size(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(view), 60000);
    QCOMPARE(view->rows()[0].testAccuracy.size(), 10);
    QCOMPARE(view->table()->item(0, 2)->text(), QStringLiteral("finished"));
    QVERIFY(view->rows()[0].firstLayerGradient.isEmpty());
    QVERIFY(!view->rows()[1].gradientMap);
    view->setShown(CompareMeasure::Gradient);
    const QString held = spokenTexts().join(QStringLiteral(" | "));
    QVERIFY2(!held.contains(QStringLiteral("after epoch")), qPrintable(held));
    runner->reveal();
    QVERIFY(m_window->lessons()->panel()->questionBox()->isRevealed());
    QCOMPARE(view->rows()[0].firstLayerGradient.size(), 10);
    QVERIFY(view->rows()[1].gradientMap);
    QVERIFY(spokenTexts().join(QStringLiteral(" | ")).contains(QStringLiteral("after epoch 10")));
}

void TestGuiLessonHold::aRunToTheAskedBatchWaitsForTheAnswer()
{
    // Lesson 6, step 2: "forty epochs on (320 batches), how many of its 500 images will it get
    // right?" The run to batch 320 waits for the answer, then trains at full speed.
    QVERIFY(m_window->lessons()->open(lesson("06-overfitting.json"), 1).isEmpty());
    LessonRunner *runner = m_window->lessons()->runner();
    waitForData();
    const LessonStep &step = runner->lesson()->steps[1];
    QVERIFY(step.question && step.question->quantity == Quantity::TrainAccuracy);
    QCOMPARE(step.timelineAt.value_or(0), 320);
    QTest::qWait(500);
    QCOMPARE(m_window->controller()->stepCount(), std::uint64_t(0));
    QVERIFY(m_window->controller()->state() != TrainingState::Running);
    QuestionBox *box = m_window->lessons()->panel()->questionBox();
    QVERIFY(!box->isRevealed());
    runner->reveal();
    QVERIFY(!box->isRevealed());
    QVERIFY2(box->resultText().contains(QStringLiteral("Training to batch 320")), qPrintable(box->resultText()));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->controller()->stepCount(), std::uint64_t(320), 60000 * BPLAB_TEST_SLOWDOWN);
    QTRY_VERIFY_WITH_TIMEOUT(box->isRevealed(), 20000 * BPLAB_TEST_SLOWDOWN);
    // The value revealed is the one at batch 320.
    QString error;
    const std::optional<TrueAnswer> truth = runner->truthNow(*step.question, &error);
    QVERIFY2(truth, qPrintable(error));
    QVERIFY2(box->resultText().contains(QString::fromStdString(truth->text)),
             qPrintable(box->resultText() + QStringLiteral(" / ") + QString::fromStdString(truth->text)));
}

void TestGuiLessonHold::aRunThatEndsBeforeTheAskedBatchStillReveals()
{
    // Lesson 4, step 1 asks at batch 375; three epochs of this data set end at batch 60. The run
    // waits for the answer, then ends at the batch it can reach: the answer is given there.
    QVERIFY(m_window->lessons()->open(lesson("04-what-the-network-gets-wrong.json"), 0).isEmpty());
    LessonRunner *runner = m_window->lessons()->runner();
    waitForData();
    const LessonStep &step = runner->lesson()->steps[0];
    QVERIFY(step.question && step.timelineAt.value_or(0) == 375);
    QTest::qWait(300);
    QCOMPARE(m_window->controller()->stepCount(), std::uint64_t(0));
    QuestionBox *box = m_window->lessons()->panel()->questionBox();
    runner->reveal();
    QTRY_VERIFY_WITH_TIMEOUT(box->isRevealed(), 60000 * BPLAB_TEST_SLOWDOWN);
    QCOMPARE(m_window->controller()->state(), TrainingState::Finished);
    QVERIFY(m_window->controller()->stepCount() > 0 && m_window->controller()->stepCount() < 375);
}

void TestGuiLessonHold::aStepQuestionHidesTheStagesThatShowItsValue()
{
    // Lesson 2, step 2: "What is z1 of hidden neuron 5?" on stage 2. Its value (and the sum of
    // its terms, z less the bias) is blank on stage 2 and every later one until the answer, on
    // the page and in what a screen reader reads; stage 1 is open, and so is the rest of stage 2.
    QVERIFY(m_window->lessons()->open(lesson("02-backprop-by-hand.json"), 1).isEmpty());
    LessonRunner *runner = m_window->lessons()->runner();
    waitForData();
    LessonUi *lessons = m_window->lessons();
    StepView *view = m_window->stepView();
    QTRY_COMPARE(m_window->view(), MainWindow::View::Step);
    QTRY_COMPARE(view->model()->stage(), 2);
    QVERIFY(lessons->heldStepTerm() == (StepTermHold {Quantity::Z1, 0, 4}));
    QVERIFY(view->heldTerm() == lessons->heldStepTerm());
    QVERIFY(!lessons->coversStage());
    view->setSelectedHiddenNeuron(4);
    QTRY_VERIFY(view->model()->hasTrace());
    const float z = view->model()->trace().hidden[0].z[4];
    const QString zText = formatSig4(double(z));
    const auto readAloud = [&] {
        QStringList texts;
        collectTexts(QAccessible::queryAccessibleInterface(view), texts);
        return texts.join(QLatin1Char('\n'));
    };
    QTRY_VERIFY(view->blankedValues().contains(z));
    QVERIFY2(!view->pageText().contains(zText), qPrintable(view->pageText()));
    QVERIFY2(!readAloud().contains(zText), qPrintable(readAloud()));
    QVERIFY(view->pageText().contains(QStringLiteral("?")));
    // The diagram's neuron 5 (read when the arrow keys select it): its a and delta follow from z
    // (a ReLU's a = 0 says z <= 0), blank with it.
    const auto *diagram = view->findChild<NetworkDiagram *>();
    QVERIFY(diagram);
    const QString neuron5 = diagram->hoverText({NetworkDiagram::Part::Hidden, 4, 0});
    QVERIFY2(neuron5.contains(QStringLiteral("z = ?, a = ReLU(z) = ?, delta = ?")), qPrintable(neuron5));
    view->setStage(1);
    QTRY_VERIFY(view->blankedValues().isEmpty());
    for (int stage : {2, 5, 10}) {
        view->setStage(stage);
        QTRY_VERIFY(view->blankedValues().contains(z));
    }
    // The answer shows it.
    view->setStage(2);
    runner->reveal();
    QVERIFY(!lessons->heldStepTerm());
    QTRY_VERIFY(view->blankedValues().isEmpty());
    QVERIFY(view->pageText().contains(zText));
    QVERIFY(readAloud().contains(zText));
    // Step 3, a1 of neuron 5 on stage 3: its z1 on stage 2 is open to compute it from.
    runner->goTo(2);
    QTRY_COMPARE(view->model()->stage(), 3);
    QVERIFY(lessons->heldStepTerm() == (StepTermHold {Quantity::A1, 0, 4}));
    const float a = view->model()->trace().hidden[0].a[4];
    QTRY_VERIFY(view->blankedValues().contains(a));
    view->setStage(2);
    QTRY_VERIFY(view->blankedValues().isEmpty());
    QVERIFY(view->pageText().contains(zText));
    // Step 4, which class wins: written in words on SoftMax's stage, which is covered whole.
    runner->goTo(3);
    QTRY_COMPARE(view->model()->stage(), 4);
    auto *cover = view->findChild<QWidget *>(QStringLiteral("lessonStageCover"));
    QVERIFY(!cover || !cover->isVisible());
    view->setStage(5);
    cover = view->findChild<QWidget *>(QStringLiteral("lessonStageCover"));
    QTRY_VERIFY(cover && cover->isVisible());
    QVERIFY(lessons->coversStage());
    // Step 5 asks for p of the true class by hand ("compute": ["p:8"]): By hand on, neuron 8
    // selected, its p blank until typed.
    runner->goTo(4);
    QTRY_COMPARE(view->model()->stage(), 5);
    QVERIFY(view->byHand()->isOn());
    QCOMPARE(view->model()->outputNeuron(), 7);
    const float p8 = view->model()->trace().probabilities[7];
    QTRY_VERIFY(view->blankedValues().contains(p8));
    QVERIFY(view->byHand()->answer(0, QString::number(double(p8), 'g', 4)));
    QVERIFY(view->byHand()->verdictText(0).startsWith(QStringLiteral("Right")));
    QTRY_VERIFY(!view->blankedValues().contains(p8));
    // Closing the lesson gives every stage and value back.
    runner->close();
    QTRY_VERIFY(!cover->isVisible());
    QVERIFY(!view->heldTerm());
    QTRY_VERIFY(view->blankedValues().isEmpty());
}

void TestGuiLessonHold::byHandLastsForItsStep()
{
    // Lesson 2's step 5 asks for p:8 by hand: By hand is on for that step only; the steps after
    // it, and closing the lesson, give back what the student had chosen before the lesson.
    StepView *view = m_window->stepView();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    for (const bool before : {false, true}) {
        view->byHand()->setOn(before);
        QVERIFY(m_window->lessons()->open(lesson("02-backprop-by-hand.json"), 3).isEmpty());
        LessonRunner *runner = m_window->lessons()->runner();
        waitForData();
        QTRY_COMPARE(view->model()->stage(), 4);
        QCOMPARE(view->byHand()->isOn(), before);
        runner->goTo(4);
        QTRY_COMPARE(view->model()->stage(), 5);
        QVERIFY(view->byHand()->isOn());
        // its first cell takes the keyboard: the class types p at once
        QTRY_VERIFY(view->byHand()->answerEdit(0) && view->byHand()->answerEdit(0)->hasFocus());
        runner->goTo(5);
        QTRY_COMPARE(view->model()->stage(), 6);
        QCOMPARE(view->byHand()->isOn(), before);
        runner->goTo(4);
        QTRY_COMPARE(view->model()->stage(), 5);
        QVERIFY(view->byHand()->isOn());
        runner->close();
        QCOMPARE(view->byHand()->isOn(), before);
    }
}

void TestGuiLessonHold::compareIsAnExportedPanel()
{
    if (BPLAB_TEST_SLOWDOWN > 1)
        QSKIP("under a sanitizer the lesson's runs train for minutes");
    // Lesson 7 at step 5 (its runs shown in full): the Compare view's plot and its data, a row per
    // run and epoch; File > Export loss plot on this view writes this plot, not the Train view's.
    QVERIFY(m_window->lessons()->open(lesson("07-relu-against-sigmoid.json"), 4).isEmpty());
    waitForData();
    CompareView *view = compare();
    QTRY_COMPARE(view->rows().size(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(comparePageIsIdle(view), 60000);
    QTRY_COMPARE(m_window->view(), MainWindow::View::Compare);
    QVERIFY(PanelUi::exportNames().contains(QStringLiteral("compare")));
    QCOMPARE(m_window->panels()->lossPlotPanel(), QStringLiteral("compare"));
    QVERIFY(m_window->panels()->isCurrent(QStringLiteral("compare")));
    const std::optional<PanelExport> panel = m_window->panels()->exportNamed(QStringLiteral("compare"));
    QVERIFY(panel);
    QCOMPARE(panel->formats, (QList<ExportFormat> {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv}));
    const QList<QByteArray> lines = panel->data(ExportFormat::Csv).trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 2 * 10);
    QCOMPARE(lines[0], QByteArray("run,label,network,status,epoch,test_accuracy_percent,test_loss,train_loss,first_layer_gradient_rms"));
    for (int run = 0; run < 2; ++run)
        for (int e = 0; e < 10; ++e) {
            const QList<QByteArray> f = lines[1 + run * 10 + e].split(',');
            QCOMPARE(f.size(), 9);
            QCOMPARE(f[0].toInt(), run + 1);
            QCOMPARE(f[3], QByteArray("finished"));
            QCOMPARE(f[4].toInt(), e + 1);
            QVERIFY(std::abs(f[5].toDouble() - view->rows()[run].testAccuracy[e]) <= 0.005001);
        }
    QTemporaryDir dir;
    for (const char *suffix : {"png", "svg", "pdf"}) {
        const QString file = dir.filePath(QStringLiteral("compare.") + QLatin1String(suffix));
        QVERIFY2(writePanel(*panel, file).isEmpty(), suffix);
        QVERIFY(QFileInfo(file).size() > 1000);
    }
    m_window->setView(MainWindow::View::Train);
    QCOMPARE(m_window->panels()->lossPlotPanel(), QStringLiteral("loss"));
}

void TestGuiLessonHold::exportPanelWaitsForTheStepsRuns()
{
    if (BPLAB_TEST_SLOWDOWN > 1)
        QSKIP("under a sanitizer the lesson's runs train for minutes");
    // backprop-lab --lesson 07 --lesson-step 5 --export-panel compare: the CSV of both runs' ten
    // epochs, written once they have ended.
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("compare.csv"));
    QByteArray err;
    const int code = test::runOffscreen(QStringLiteral(BPLAB_GUI_PATH),
                                        {QStringLiteral("--lesson"), lesson("07-relu-against-sigmoid.json"),
                                         QStringLiteral("--lesson-step"), QStringLiteral("5"), QStringLiteral("--export-panel"),
                                         QStringLiteral("compare"), QStringLiteral("--export-file"), csv},
                                        nullptr, &err, 120000);
    QVERIFY2(code == 0, err.constData());
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 2 * 10);
    for (int i = 1; i < lines.size(); ++i)
        QVERIFY2(lines[i].split(',').value(3) == "finished", lines[i].constData());
}

QTEST_MAIN(TestGuiLessonHold)
#include "tst_guilessonhold.moc"
