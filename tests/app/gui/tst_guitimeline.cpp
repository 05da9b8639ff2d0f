// The timeline and the pace in the real window and worker: every view shows the weights of the
// same batch after start, pause, step, a move of the cursor and a reset; the weights of a past
// batch are bit for bit the core trainer's after that many batches; Continue from here starts a
// branch and keeps the abandoned curve; a paced run shows every batch; the keys drive it all.

#include "guifixtures.h"

#include <batchmosaic.h>
#include <controlbar.h>
#include <lossplot.h>
#include <fileui.h>
#include <mainwindow.h>
#include <train/networktrainer.h>
#include <messagebanner.h>
#include <io/modelfile.h>
#include <stepmodel.h>
#include <stepview.h>
#include <timelinebar.h>
#include <train/trainer.h>
#include <trainview.h>

#include <qcustomplot.h>

#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace bplab;

class TestGuiTimeline : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void viewsAgreeOnTheBatch();
    void aPastBatchIsTheTrainersExactly();
    void aPastBatchOfAnotherNetwork();
    void continueFromHereBranches();
    void pacedRunShowsEveryBatch();
    void oneSampleAtATime();
    void closeWhilePacedRunWaits();
    void keysMoveTheCursor();
    void keysFasterThanTheViews();
    void saveModelWritesTheWeightsShown();
    void aModelFileOfAnotherNetworkIsOffered();

private:
    TrainingController *controller() const { return m_window->controller(); }
    /** Every view's batch (Train, Step, Draw, Dataset) equals `step`. */
    void expectViewsAt(qint64 step);
    /** The weights after `batches` batches of the core trainer on the same data and settings. */
    MlpParamsF coreWeightsAfter(int batches) const;

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiTimeline::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // 640 training images in batches of 64: 10 batches per epoch.
    const QString error = test::writeSyntheticDataset(m_dir.path(), 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiTimeline::init()
{
    m_window = std::make_unique<MainWindow>();
    TrainConfig config = sourceRecipe();
    config.epochs = 100;
    config.seed = 3;
    m_window->setTrainingConfig(config);
    m_window->show();
    m_window->openData(m_dir.path());
    QTRY_COMPARE_WITH_TIMEOUT(controller()->state(), TrainingState::Paused, 10000);
}

void TestGuiTimeline::cleanup()
{
    m_window.reset();
}

void TestGuiTimeline::expectViewsAt(qint64 step)
{
    // The views follow the visuals as they come: wait for the last one.
    QTRY_COMPARE(qint64(controller()->shownStep()), step);
    QTRY_COMPARE(m_window->viewWeightsBatch(QStringLiteral("train")), step);
    QTRY_COMPARE(m_window->viewWeightsBatch(QStringLiteral("step")), step);
    QTRY_COMPARE(m_window->viewWeightsBatch(QStringLiteral("draw")), step);
    QTRY_COMPARE(m_window->viewWeightsBatch(QStringLiteral("data")), step);
    QTRY_COMPARE(m_window->timelineBar()->cursor(), step);
}

MlpParamsF TestGuiTimeline::coreWeightsAfter(int batches) const
{
    Trainer core(controller()->dataSplit(), controller()->trainedConfig());
    for (int i = 0; i < batches; ++i)
        core.trainBatch();
    return core.params();
}

void TestGuiTimeline::viewsAgreeOnTheBatch()
{
    expectViewsAt(0);
    controller()->start();
    QTRY_VERIFY(controller()->stepCount() > 15);
    controller()->pause();
    QTRY_COMPARE(controller()->state(), TrainingState::Paused);
    const qint64 paused = qint64(controller()->stepCount());
    expectViewsAt(paused);
    QCOMPARE(*controller()->shownWeights(), *controller()->currentWeights());

    controller()->step();
    QTRY_COMPARE(qint64(controller()->stepCount()), paused + 1);
    expectViewsAt(paused + 1);

    controller()->showBatch(5);
    expectViewsAt(5);
    QVERIFY(!controller()->shown()->atHead);
    QVERIFY(m_window->timelineBar()->captionLabel()->text().contains(QStringLiteral("batch 5 ")));
    QVERIFY(m_window->trainView()->lossPlot()->cursorVisible());
    // The head has not moved.
    QCOMPARE(qint64(controller()->stepCount()), paused + 1);

    controller()->reset();
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(0));
    expectViewsAt(0);
    QVERIFY(!m_window->trainView()->lossPlot()->cursorVisible());
}

void TestGuiTimeline::aPastBatchIsTheTrainersExactly()
{
    test::runBatches(controller(), 40);
    QVERIFY(!QTest::currentTestFailed());
    for (int k : {0, 1, 13, 27, 39, 40}) {
        controller()->showBatch(k);
        QTRY_COMPARE(qint64(controller()->shownStep()), qint64(k));
        QVERIFY2(*controller()->shownWeights() == coreWeightsAfter(k), qPrintable(QString::number(k)));
        // The Step page has them too.
        QTRY_VERIFY(m_window->stepView()->model()->network()
                    && *m_window->stepView()->model()->network() == *controller()->shownWeights());
    }
    // Start goes on from the head, not from the batch shown.
    controller()->showBatch(10);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(10));
    test::runBatches(controller(), 2);
    QCOMPARE(controller()->stepCount(), std::uint64_t(42));
    QVERIFY(controller()->shown()->atHead);
    QVERIFY(*controller()->shownWeights() == coreWeightsAfter(42));
}

void TestGuiTimeline::aPastBatchOfAnotherNetwork()
{
    // 784-24-12-10 tanh: the weights every view shows (and the published ones) are its own
    // layers, at the head and at a past batch alike.
    Architecture arch;
    arch.hidden = {24, 12};
    arch.activation = Activation::Tanh;
    TrainConfig config = controller()->config();
    config.network = arch;
    m_window->setTrainingConfig(config);
    controller()->reset();
    QTRY_VERIFY(controller()->trainedConfig().network == arch);
    test::runBatches(controller(), 12);
    QVERIFY(!QTest::currentTestFailed());
    QVERIFY(controller()->currentWeights() && *controller()->currentWeights() == coreWeightsAfter(12));
    for (int k : {0, 5, 12}) {
        controller()->showBatch(k);
        QTRY_COMPARE(qint64(controller()->shownStep()), qint64(k));
        const OtherNetwork shown = controller()->shownNetwork();
        QVERIFY(shown.arch == arch);
        QVERIFY2(shown.weights && *shown.weights == coreWeightsAfter(k), qPrintable(QString::number(k)));
        QTRY_VERIFY(m_window->stepView()->model()->network()
                    && *m_window->stepView()->model()->network() == *shown.weights);
        QCOMPARE(controller()->shown()->trace.hidden.size(), std::size_t(2));
    }
}

void TestGuiTimeline::continueFromHereBranches()
{
    test::runBatches(controller(), 30);
    QVERIFY(!QTest::currentTestFailed());
    LossPlot *loss = m_window->trainView()->lossPlot();
    QCOMPARE(loss->batchCount(), 30);
    controller()->showBatch(12);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(12));
    test::EventSpy<BranchPtr> branched(controller());
    controller()->continueFromHere(0.5);
    QVERIFY(branched.wait(10000));
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(12));
    QTRY_COMPARE(loss->batchCount(), 12);
    QCOMPARE(loss->branchCount(), 1);
    QVERIFY(loss->branchGraph(0)->name().contains(QStringLiteral("0.1")));
    QCOMPARE(controller()->config().lr, 0.5);

    // The new branch: 12 batches at 0.1, then 8 at 0.5, exactly.
    test::runBatches(controller(), 8);
    QVERIFY(!QTest::currentTestFailed());
    Trainer core(controller()->dataSplit(), controller()->trainedConfig());
    core.setLearningRate(0.1);
    for (int i = 0; i < 12; ++i)
        core.trainBatch();
    core.setLearningRate(0.5);
    for (int i = 0; i < 8; ++i)
        core.trainBatch();
    QVERIFY(*controller()->currentWeights() == core.params());
    // And its past replays on the new branch.
    controller()->showBatch(16);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(16));
    Trainer partial(controller()->dataSplit(), controller()->trainedConfig());
    partial.setLearningRate(0.1);
    for (int i = 0; i < 12; ++i)
        partial.trainBatch();
    partial.setLearningRate(0.5);
    for (int i = 0; i < 4; ++i)
        partial.trainBatch();
    QVERIFY(*controller()->shownWeights() == partial.params());
}

void TestGuiTimeline::pacedRunShowsEveryBatch()
{
    QSignalSpy visuals(controller(), &TrainingController::visualReady);
    controller()->setPace({100, false});
    QCOMPARE(m_window->controlBar()->shownPace(), (Pace{100, false}));
    test::runBatches(controller(), 12);
    QVERIFY(!QTest::currentTestFailed());
    // One visual per batch, each with its own step: none skipped.
    QList<std::uint64_t> steps;
    for (const QList<QVariant> &args : visuals)
        steps << args.at(0).value<VisualPtr>()->weightsStep;
    for (std::uint64_t s = 1; s <= 12; ++s)
        QVERIFY2(steps.contains(s), qPrintable(QStringLiteral("batch %1 not shown").arg(s)));
    // The mosaic shows the last batch, each digit marked.
    BatchMosaic *mosaic = m_window->trainView()->batchMosaic();
    QCOMPARE(mosaic->count(), 64);
    QCOMPARE(mosaic->answeredCount(), 64);
}

void TestGuiTimeline::oneSampleAtATime()
{
    BatchMosaic *mosaic = m_window->trainView()->batchMosaic();
    for (int i = 0; i < 3; ++i)
        controller()->stepSample();
    QTRY_COMPARE(mosaic->answeredCount(), 3);
    QCOMPARE(controller()->stepCount(), std::uint64_t(0)); // no update yet
    QVERIFY(mosaic->summaryText().contains(QStringLiteral("Sample 3 of 64")));
    // The sample shown is the batch's third, by the untrained weights.
    const std::vector<std::uint32_t> next = Trainer(controller()->dataSplit(), controller()->trainedConfig()).nextBatchIndices();
    QTRY_COMPARE(controller()->shown()->sampleIndex, int(next[2]));
    // The 61 others, then the update.
    for (int i = 3; i < 65; ++i)
        controller()->stepSample();
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(1));
    QVERIFY(*controller()->currentWeights() == coreWeightsAfter(1));
}

void TestGuiTimeline::closeWhilePacedRunWaits()
{
    // At one batch a second the worker waits on its timer most of the time; the window closes
    // in that wait. The timer is stopped in the worker's thread, so Qt has nothing to warn of.
    QTest::failOnWarning(QRegularExpression(QStringLiteral("Timers cannot")));
    controller()->setPace({1, false});
    controller()->start();
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(1));
    QCOMPARE(controller()->state(), TrainingState::Running);
    m_window.reset();
}

void TestGuiTimeline::keysMoveTheCursor()
{
    test::runBatches(controller(), 20);
    QVERIFY(!QTest::currentTestFailed());
    m_window->activateWindow();
    if (!QTest::qWaitForWindowActive(m_window.get()))
        QSKIP("The platform does not activate windows; shortcuts need an active window.");
    QTest::keyClick(m_window.get(), Qt::Key_Left);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(19));
    QTest::keyClick(m_window.get(), Qt::Key_Left);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(18));
    QTest::keyClick(m_window.get(), Qt::Key_Home);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(0));
    QTest::keyClick(m_window.get(), Qt::Key_Right);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(1));
    QTest::keyClick(m_window.get(), Qt::Key_End);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(20));
    QVERIFY(controller()->shown()->atHead);
    // At the head, Right trains nothing: an arrow moves through the batches trained, and a
    // student moving along the timeline must not change the weights by going one key too far.
    // Training a batch is the Step key's (S).
    QTest::keyClick(m_window.get(), Qt::Key_Right);
    QTest::qWait(200); // time for a batch that must not come
    QCOMPARE(controller()->stepCount(), std::uint64_t(20));
    QCOMPARE(qint64(controller()->shownStep()), qint64(20));
    QTest::keyClick(m_window.get(), Qt::Key_S);
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(21));
    // + and - change the pace.
    QTest::keyClick(m_window.get(), Qt::Key_Minus);
    QTRY_COMPARE(controller()->pace(), (Pace{100, false}));
    QTest::keyClick(m_window.get(), Qt::Key_Minus);
    QTRY_COMPARE(controller()->pace(), (Pace{30, false}));
    QTest::keyClick(m_window.get(), Qt::Key_Plus);
    QTRY_COMPARE(controller()->pace(), (Pace{100, false}));
    // The scrubber moves the cursor too.
    m_window->timelineBar()->slider()->setValue(7);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(7));
}

void TestGuiTimeline::keysFasterThanTheViews()
{
    test::runBatches(controller(), 20);
    QVERIFY(!QTest::currentTestFailed());
    // Three moves before any visual answers (no event is processed in between): each goes on
    // from where the previous one went, not from the batch still on screen; Right does not train.
    controller()->moveCursor(-1);
    controller()->moveCursor(-1);
    controller()->moveCursor(+1);
    expectViewsAt(19);
    QTest::qWait(50); // time for a batch that must not come
    QCOMPARE(controller()->stepCount(), std::uint64_t(20));
    // Right at the head stays there, even while the visual of a batch just trained is still on
    // its way: only Step trains.
    controller()->moveCursor(+1); // back to the head
    controller()->step();
    controller()->moveCursor(+1);
    controller()->moveCursor(+1);
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(21));
    expectViewsAt(21);
    QTest::qWait(50);
    QCOMPARE(controller()->stepCount(), std::uint64_t(21));
}

void TestGuiTimeline::saveModelWritesTheWeightsShown()
{
    test::runBatches(controller(), 25);
    QVERIFY(!QTest::currentTestFailed());
    controller()->showBatch(9);
    QTRY_COMPARE(qint64(controller()->shownStep()), qint64(9));
    test::EventSpy<ModelSaved> saved(controller());
    const QString file = m_dir.filePath(QStringLiteral("b9.bplab"));
    controller()->saveModel(file);
    QVERIFY(saved.wait(10000));
    const Result<MlpParamsF> read = loadModel(file.toStdString());
    QVERIFY(read);
    QVERIFY(*read == coreWeightsAfter(9));
    // Opened again, every view shows it and says so.
    QVERIFY(controller()->openModel(file));
    QTRY_VERIFY(controller()->shown() && !controller()->shown()->modelFile.isEmpty());
    QVERIFY(*controller()->shownWeights() == *read);
    QTRY_VERIFY(m_window->timelineBar()->captionLabel()->text().contains(QStringLiteral("b9.bplab")));
    QTRY_COMPARE(m_window->viewWeightsBatch(QStringLiteral("draw")), qint64(-1));
}

void TestGuiTimeline::aModelFileOfAnotherNetworkIsOffered()
{
    // A 784-24-12-10 tanh file: the training's views keep the source network; the banner says what
    // the file holds and offers Step through and the Compare view.
    Architecture arch;
    arch.hidden = {24, 12};
    arch.activation = Activation::Tanh;
    const MlpParamsF params = initMlp(arch, 3);
    const QString file = m_dir.filePath(QStringLiteral("tanh.bplab"));
    QVERIFY(saveNetworkModel(file.toStdString(), arch, params).ok());
    const std::shared_ptr<const MlpParamsF> before = controller()->shownWeights();
    m_window->files()->openModelFile(file);
    QCOMPARE(controller()->shownWeights(), before);
    MessageBanner *banner = m_window->banner();
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(QStringLiteral("784-24-12-10 tanh")), qPrintable(banner->text()));
    QPushButton *step = banner->findChild<QPushButton *>(QStringLiteral("bannerStepModel"));
    QVERIFY(step && banner->findChild<QPushButton *>(QStringLiteral("bannerCompareModel")));
    step->click();
    QCOMPARE(m_window->view(), MainWindow::View::Step);
    StepView *view = m_window->stepView();
    QVERIFY(view->model()->arch() == arch);
    QCOMPARE(*view->model()->network(), params);
    QCOMPARE(view->stageList()->count(), 13);
    // The training goes on: Step through keeps the file until asked for the training's weights.
    test::runBatches(controller(), 2);
    QCOMPARE(*view->model()->network(), params);
    view->findChild<QPushButton *>(QStringLiteral("useCurrentWeights"))->click();
    QTRY_VERIFY(view->model()->arch() == Architecture::source());
    QCOMPARE(view->stageList()->count(), 10);

    // Train it: the training switches to the file's network and goes on from its weights.
    m_window->files()->openModelFile(file);
    QPushButton *train = banner->findChild<QPushButton *>(QStringLiteral("bannerTrainModel"));
    QVERIFY(train);
    train->click();
    QCOMPARE(m_window->view(), MainWindow::View::Train);
    QVERIFY(controller()->config().network == arch);
    QVERIFY(!controller()->resetPending());
    QTRY_VERIFY(controller()->shown() && controller()->shown()->network != Architecture::source());
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(0));
    QCOMPARE(*controller()->shown()->weights, params); // batch 0: the file's weights
    test::runBatches(controller(), 1);
    QTRY_COMPARE(controller()->shown()->weightsStep, std::uint64_t(1));
    Trainer core(controller()->dataSplit(), controller()->trainedConfig());
    QVERIFY(core.setParams(params));
    core.trainBatch();
    QCOMPARE(*controller()->shown()->weights, core.params());
}

QTEST_MAIN(TestGuiTimeline)
#include "tst_guitimeline.moc"
