// The toolbar drives the real training worker: Start, Pause, Step (exactly one batch), Reset (the
// seed's initial weights), the learning rate while running, closing while training, data errors,
// and the Network menu: another network trains in the window, and the views draw its layers.

#include "guifixtures.h"
#include "testsupport.h"

#include <activationstrip.h>
#include <controlbar.h>
#include <errorpage.h>
#include <heatmappanel.h>
#include <lossplot.h>
#include <mainwindow.h>
#include <io/modelfile.h>
#include <nn/network.h>
#include <train/networktrainer.h>
#include <replicaexchange.h>
#include <replicaheatmaps.h>
#include <train/snapshot.h>
#include <train/trainer.h>
#include <train/trainsubset.h>
#include <stepmodel.h>
#include <stepview.h>
#include <trainingcontroller.h>
#include <trainview.h>
#include <trainingworker.h>

#include <QApplication>
#include <QComboBox>
#include <QScopeGuard>
#include <QMenu>
#include <qcustomplot.h>
#include <QPushButton>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTimer>
#include <QToolButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QApplication>
#include <QScopeGuard>
#include <QTest>

#include <memory>

using namespace bplab;

class TestGuiToolbar : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void startAndPause();
    void stepAdvancesExactlyOneBatch();
    void resetGivesTheSeedsInitialWeights();
    void seedChangeAppliesOnReset();
    void trainSubsetAppliesOnReset();
    void learningRateChangesWhileRunning();
    void theBarSendsOnlyTheUsersEdits();
    void noBatchLossIsDropped();
    void keyboardDrivesTraining();
    void menuButtonsOpenFromTheKeyboard();
    void closingWhileTrainingIsFast();
    void heatmapSelectionIsShared();
    void viewsShareTheLoadedData();
    void replicasTrainOnTheOneEngine();
    void stepViewFollowsTheTraining();
    void anotherNetworkTrainsInTheWindow();
    void aNetworkWithoutHiddenLayerHasNoActivation();
    void damagedDataShowsTheCoresMessage();

private:
    TrainingController *controller() const { return m_window->controller(); }
    QAbstractButton *button(const char *action) const
    {
        return test::toolButton(m_window.get(), action);
    }
    /** Batch losses the controller's history holds. */
    int lossPoints() const { return int(controller()->history()->losses().batchCount()); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

/** The Step page steps through these weights of the default network. */
static bool stepsThrough(const StepModel *step, const std::shared_ptr<const MlpParamsF> &weights)
{
    return step->network() && weights && *step->network() == *weights;
}

void TestGuiToolbar::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // 2,000 training images in batches of 64: 32 batches per epoch; 1,000 epochs never finish
    // during a test.
    const QString error = test::writeSyntheticDataset(m_dir.path(), 2000, 200);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiToolbar::init()
{
    m_window = std::make_unique<MainWindow>();
    TrainConfig config = sourceRecipe();
    config.epochs = 1000;
    config.seed = 1;
    m_window->setTrainingConfig(config);
    m_window->show();
    m_window->openData(m_dir.path());
    QTRY_COMPARE_WITH_TIMEOUT(controller()->state(), TrainingState::Paused, 10000);
    QVERIFY(controller()->dataset());
    QCOMPARE(controller()->dataset()->trainCount, 2000);
    QCOMPARE(controller()->stepCount(), std::uint64_t(0));
}

void TestGuiToolbar::cleanup()
{
    m_window.reset();
}

void TestGuiToolbar::startAndPause()
{
    QAbstractButton *start = button("actionStartPause");
    QVERIFY(start);
    QCOMPARE(start->text(), QStringLiteral("Start"));
    QTest::mouseClick(start, Qt::LeftButton);
    QTRY_COMPARE(controller()->state(), TrainingState::Running);
    QCOMPARE(start->text(), QStringLiteral("Pause"));
    QTRY_VERIFY(controller()->stepCount() > 20);
    // While running only the learning rate may change.
    QVERIFY(!m_window->controlBar()->batchBox()->isEnabled());
    QVERIFY(m_window->controlBar()->learningRateBox()->isEnabled());

    QTest::mouseClick(start, Qt::LeftButton);
    QTRY_COMPARE(controller()->state(), TrainingState::Paused);
    QCOMPARE(start->text(), QStringLiteral("Start"));
    const auto paused = controller()->stepCount();
    QTest::qWait(150); // no batch may follow a pause: only time passing shows that none does
    QCOMPARE(controller()->stepCount(), paused);
    QVERIFY(m_window->controlBar()->batchBox()->isEnabled());

    // Start again continues from where it stopped.
    QTest::mouseClick(start, Qt::LeftButton);
    QTRY_VERIFY(controller()->stepCount() > paused + 5);
    QTest::mouseClick(start, Qt::LeftButton);
    QTRY_COMPARE(controller()->state(), TrainingState::Paused);
}

void TestGuiToolbar::stepAdvancesExactlyOneBatch()
{
    QAbstractButton *step = button("actionStep");
    QVERIFY(step);
    for (std::uint64_t expected = 1; expected <= 3; ++expected) {
        const auto weightsBefore = controller()->currentWeights();
        QTest::mouseClick(step, Qt::LeftButton);
        QTRY_COMPARE(controller()->stepCount(), expected);
        QTest::qWait(100); // nothing more follows
        QCOMPARE(controller()->stepCount(), expected);
        QCOMPARE(controller()->state(), TrainingState::Paused);
        // The published weights are the new ones (an SGD step changed them).
        QVERIFY(controller()->currentWeights() != weightsBefore);
        QVERIFY(!(*controller()->currentWeights() == *weightsBefore));
    }
    QCOMPARE(lossPoints(), 3);
    QCOMPARE(m_window->trainView()->lossPlot()->batchCount(), 3);
}

void TestGuiToolbar::resetGivesTheSeedsInitialWeights()
{
    const MlpParamsF initial = initMlp(Architecture::source(), controller()->config().init, controller()->config().seed);
    QVERIFY(controller()->currentWeights());
    QVERIFY(*controller()->currentWeights() == initial);

    QTest::mouseClick(button("actionStartPause"), Qt::LeftButton);
    QTRY_VERIFY(controller()->stepCount() > 10);
    // The weights are published with the visuals, which may lag the step count while running.
    QTRY_VERIFY(!(*controller()->currentWeights() == initial));

    QTest::mouseClick(button("actionReset"), Qt::LeftButton);
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(0));
    QTRY_COMPARE(controller()->state(), TrainingState::Paused);
    QTest::qWait(100);                                     // time for a batch that must not come
    QCOMPARE(controller()->stepCount(), std::uint64_t(0)); // a reset also pauses
    QVERIFY(*controller()->currentWeights() == initial);
    QCOMPARE(m_window->trainView()->lossPlot()->batchCount(), 0);
}

void TestGuiToolbar::seedChangeAppliesOnReset()
{
    QSpinBox *seed = m_window->controlBar()->seedBox();
    QVERIFY(!controller()->resetPending());
    seed->setValue(7);
    QVERIFY(controller()->resetPending());
    // Not yet applied: the weights are still seed 1's.
    QVERIFY(*controller()->currentWeights() == initMlp(Architecture::source(), Init::He, 1));
    QTest::mouseClick(button("actionReset"), Qt::LeftButton);
    QVERIFY(!controller()->resetPending());
    QTRY_VERIFY(*controller()->currentWeights() == initMlp(Architecture::source(), Init::He, 7));
    QVERIFY(!(initMlp(Architecture::source(), Init::He, 7) == initMlp(Architecture::source(), Init::He, 1)));
}

// Images: 500 trains on 500 images drawn evenly from every class, from the next Reset; the views
// still index the whole training set, and each epoch adds the training set's own scores.
void TestGuiToolbar::trainSubsetAppliesOnReset()
{
    QComboBox *images = m_window->controlBar()->trainSubsetBox();
    const int i500 = images->findData(qlonglong(500));
    QVERIFY(i500 > 0);
    QCOMPARE(controller()->progress().batchesPerEpoch, 32);
    images->setCurrentIndex(i500);
    emit images->activated(i500); // as a click on the entry
    QCOMPARE(controller()->config().trainSubset, std::size_t(500));
    QVERIFY(controller()->resetPending());
    QMenu *menu = m_window->controlBar()->trainSubsetMenu(); // Training > Training images
    QVERIFY(menu->actions().value(i500)->isChecked());
    QTest::mouseClick(button("actionReset"), Qt::LeftButton);
    QVERIFY(!controller()->resetPending());
    QTRY_COMPARE(controller()->progress().batchesPerEpoch, 8); // ceil(500 / 64)

    QTest::mouseClick(button("actionStep"), Qt::LeftButton);
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(1));
    QTRY_VERIFY(controller()->shown() && controller()->shown()->weightsStep == 1);
    const std::vector<std::uint32_t> chosen = balancedSubsetIndices(controller()->dataSplit()->train, 500, 1);
    const VisualPtr shown = controller()->shown();
    QCOMPARE(shown->batchIndices.size(), std::size_t(64));
    for (std::uint32_t index : shown->batchIndices) // indices of the whole set, within the 500
        QVERIFY2(std::binary_search(chosen.begin(), chosen.end(), index), qPrintable(QString::number(index)));
    QCOMPARE(shown->label, int(controller()->dataSplit()->train.label(std::size_t(shown->sampleIndex))));

    LossPlot *plot = m_window->trainView()->lossPlot();
    QCOMPARE(plot->trainAccuracyGraph()->dataCount(), 0);
    test::runBatches(controller(), 7); // the rest of the first epoch
    QTRY_COMPARE(plot->trainAccuracyGraph()->dataCount(), 1);
    QCOMPARE(plot->trainLossGraph()->dataCount(), 1);
    QVERIFY(plot->history().epochs().front().hasTrain());

    menu->actions().value(0)->trigger(); // All images
    QCOMPARE(controller()->config().trainSubset, std::size_t(0));
    QCOMPARE(images->currentIndex(), 0);
    QVERIFY(controller()->resetPending());
}

void TestGuiToolbar::learningRateChangesWhileRunning()
{
    QTest::mouseClick(button("actionStartPause"), Qt::LeftButton);
    QTRY_COMPARE(controller()->state(), TrainingState::Running);
    QTRY_VERIFY(controller()->stepCount() > 5);
    QCOMPARE(controller()->progress().learningRate, 0.1);
    m_window->controlBar()->learningRateBox()->setValue(0.025);
    QTRY_COMPARE(controller()->progress().learningRate, 0.025);
    QCOMPARE(controller()->state(), TrainingState::Running);
    QVERIFY(!controller()->resetPending());
    QTest::mouseClick(button("actionStartPause"), Qt::LeftButton);
    QTRY_COMPARE(controller()->state(), TrainingState::Paused);
}

// One signal carries every edit as the change it makes; the settings shown back never come back
// as an edit (no echo from the controller into the spin box and out again).
void TestGuiToolbar::theBarSendsOnlyTheUsersEdits()
{
    ControlBar *bar = m_window->controlBar();
    QSignalSpy edits(bar, &ControlBar::settingsEdited);
    TrainConfig shown = controller()->config();
    shown.lr = 0.5;
    shown.batch = 32;
    bar->showConfig(shown);
    QCOMPARE(bar->learningRateBox()->value(), 0.5);
    QCOMPARE(edits.count(), 0);
    // The user's edit: the one field, whatever the settings it is applied to.
    bar->learningRateBox()->setValue(0.025);
    QCOMPARE(edits.count(), 1);
    TrainConfig applied;
    applied.batch = 7;
    edits.at(0).at(0).value<ControlBar::SettingsEdit>()(applied);
    QCOMPARE(applied.lr, 0.025);
    QCOMPARE(applied.batch, 7);
    QTRY_COMPARE(controller()->config().lr, 0.025);
    QCOMPARE(edits.count(), 1); // the controller's configChanged() did not echo an edit
    // A recipe sets its fields and keeps the user's seed.
    bar->seedBox()->setValue(99);
    QCOMPARE(edits.count(), 2);
    bar->recipeBox()->setCurrentIndex(int(Recipe::Adam));
    emit bar->recipeBox()->activated(int(Recipe::Adam));
    QCOMPARE(edits.count(), 3);
    QTRY_COMPARE(controller()->config().optimizer, std::string("adam"));
    QCOMPARE(controller()->config().seed, std::uint64_t(99));
}

void TestGuiToolbar::noBatchLossIsDropped()
{
    // Thousands of batches with visuals rate-limited to ~30/s: every loss still arrives, once.
    QElapsedTimer running;
    running.start();
    QTest::mouseClick(button("actionStartPause"), Qt::LeftButton);
    // Under a sanitizer a batch takes several times longer, and 500 batches already outrun the
    // visuals' rate many times over. The limit ends as soon as the count is reached.
    constexpr std::uint64_t batches = BPLAB_TEST_SLOWDOWN > 1 ? 500 : 2000;
    QTRY_VERIFY_WITH_TIMEOUT(controller()->stepCount() > batches, 180000);
    QTest::mouseClick(button("actionStartPause"), Qt::LeftButton);
    QTRY_COMPARE(controller()->state(), TrainingState::Paused);
    const qint64 runningMs = running.elapsed();
    const int steps = int(controller()->stepCount());
    QCOMPARE(lossPoints(), steps);
    QCOMPARE(m_window->trainView()->lossPlot()->batchCount(), steps);
    QVERIFY(m_window->trainView()->lossPlot()->epochCount() >= steps / 32);
    // x is the fractional epoch: strictly increasing, the last one = steps / 32.
    double last = 0;
    for (double x : controller()->history()->losses().x()) {
        QVERIFY(x > last);
        last = x;
    }
    QVERIFY(test::fuzzyEqual(last, steps / 32.0, 1e-12));
    // Visuals were rate-limited: at most one per interval while running (far fewer than the
    // batches in a Release build; a sanitizer build's slower batches leave less of a gap).
    const qint64 visuals = m_window->trainView()->appliedSnapshots();
    QVERIFY2(visuals <= runningMs / TrainingWorker::kVisualIntervalMs + 2,
             qPrintable(QStringLiteral("%1 visuals in %2 ms").arg(visuals).arg(runningMs)));
    QVERIFY(visuals < steps);
}

void TestGuiToolbar::keyboardDrivesTraining()
{
    m_window->activateWindow();
    if (!QTest::qWaitForWindowActive(m_window.get()))
        QSKIP("The platform does not activate windows; shortcuts need an active window.");
    QTest::keyClick(m_window.get(), Qt::Key_S);
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(1));
    QTest::keyClick(m_window.get(), Qt::Key_S);
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(2));
    QTest::keyClick(m_window.get(), Qt::Key_Space);
    QTRY_COMPARE(controller()->state(), TrainingState::Running);
    QTest::keyClick(m_window.get(), Qt::Key_Space);
    QTRY_COMPARE(controller()->state(), TrainingState::Paused);
    QTest::keyClick(m_window.get(), Qt::Key_R, Qt::ControlModifier);
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(0));
    QTest::keyClick(m_window.get(), Qt::Key_3, Qt::ControlModifier);
    QCOMPARE(m_window->view(), MainWindow::View::Draw);
    QTest::keyClick(m_window.get(), Qt::Key_1, Qt::ControlModifier);
    QCOMPARE(m_window->view(), MainWindow::View::Train);

    // The projector's compact bar leaves the captions of Data, Network, Recipe and Pace out; their
    // keys still reach the boxes (one key of two captions takes their boxes in turns, as two labels' do).
    m_window->setPresentationMode(true, /*fullScreen=*/false);
    const auto restore = qScopeGuard([this] { m_window->setPresentationMode(false, false); });
    const auto focusAfter = [this](int key) {
        QTest::keyClick(m_window.get(), Qt::Key(key), Qt::AltModifier);
        QWidget *w = QApplication::focusWidget();
        return w ? w->objectName() : QString();
    };
    QTRY_COMPARE(focusAfter(Qt::Key_K), QStringLiteral("networkBox"));
    const auto inTurns = [&](int key, const QString &one, const QString &other) {
        const QStringList turns {focusAfter(key), focusAfter(key)};
        return turns.contains(one) && turns.contains(other) ? QString() : turns.join(QLatin1Char(','));
    };
    // Alt+D: Data's left-out caption and Seed's shown one.
    QCOMPARE(inTurns(Qt::Key_D, QStringLiteral("datasetBox"), QStringLiteral("seedBox")), QString());
    QCOMPARE(inTurns(Qt::Key_C, QStringLiteral("recipeBox"), QStringLiteral("paceBox")), QString());
    QCOMPARE(focusAfter(Qt::Key_B), QStringLiteral("batchBox")); // a caption still shown: its own key
}

// Network and Pace are buttons with a menu: focused, Space (elsewhere Start/Pause), Enter, F4 and
// Alt+Down open the menu, as they open a combo box's list; the training stays paused.
void TestGuiToolbar::menuButtonsOpenFromTheKeyboard()
{
    m_window->activateWindow();
    if (!QTest::qWaitForWindowActive(m_window.get()))
        QSKIP("The platform does not activate windows; shortcuts need an active window.");
    const QList<QPair<int, int>> keys {{Qt::Key_Space, Qt::NoModifier},
                                       {Qt::Key_Return, Qt::NoModifier},
                                       {Qt::Key_F4, Qt::NoModifier},
                                       {Qt::Key_Down, Qt::AltModifier}};
    for (const char *name : {"networkBox", "paceBox"}) {
        auto *button = m_window->findChild<QToolButton *>(QLatin1String(name));
        QVERIFY(button && button->menu());
        for (const auto &[key, modifiers] : keys) {
            m_window->activateWindow(); // the closed menu may still be the active window
            QTRY_COMPARE(QApplication::activeWindow(), static_cast<QWidget *>(m_window.get()));
            button->setFocus(Qt::TabFocusReason);
            QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(button));
            // The menu runs its own event loop: look at it, and close it, from there.
            QWidget *opened = nullptr;
            QString highlighted;
            QTimer::singleShot(0, this, [&] {
                opened = QApplication::activePopupWidget();
                if (auto *menu = qobject_cast<QMenu *>(opened); menu && menu->activeAction())
                    highlighted = menu->activeAction()->text();
                if (opened)
                    opened->close();
            });
            QTest::keyClick(button, Qt::Key(key), Qt::KeyboardModifiers(modifiers));
            QTRY_VERIFY2(opened == button->menu(), qPrintable(QStringLiteral("%1, key %2").arg(QLatin1String(name)).arg(key)));
            // It opens on the choice in use, highlighted: Up and Down go on from there.
            QCOMPARE(highlighted, QLatin1String(name) == QLatin1String("networkBox")
                                          ? QStringLiteral("784-128-10 (the source's)")
                                          : ControlBar::paceName(controller()->pace()));
            QCOMPARE(controller()->state(), TrainingState::Paused);
            QCOMPARE(controller()->stepCount(), std::uint64_t(0));
        }
    }
    // Away from them Space is Start/Pause again.
    m_window->activateWindow();
    QTRY_COMPARE(QApplication::activeWindow(), static_cast<QWidget *>(m_window.get()));
    if (QWidget *focused = QApplication::focusWidget())
        focused->clearFocus();
    QTest::keyClick(m_window.get(), Qt::Key_Space);
    QTRY_COMPARE(controller()->state(), TrainingState::Running);
    QTest::keyClick(m_window.get(), Qt::Key_Space);
    QTRY_VERIFY(controller()->state() != TrainingState::Running);
}

void TestGuiToolbar::closingWhileTrainingIsFast()
{
    QTest::mouseClick(button("actionStartPause"), Qt::LeftButton);
    QTRY_COMPARE(controller()->state(), TrainingState::Running);
    QTRY_VERIFY(controller()->stepCount() > 50);
    QVERIFY(m_window->close());
    QVERIFY(controller()->isShutDown());
    // Closing waits for the batch in progress only, never for the rest of the slice or epoch
    // (a slice holds many batches of this small network).
    QVERIFY2(controller()->batchesTrainedWhileClosing() <= 1,
             qPrintable(QString::number(controller()->batchesTrainedWhileClosing())));
    // The weights stay readable after the thread has ended.
    QVERIFY(controller()->currentWeights());
}

void TestGuiToolbar::heatmapSelectionIsShared()
{
    QSignalSpy spy(controller(), &TrainingController::settingsChanged);
    HeatmapPanel *heatmap = m_window->trainView()->heatmapPanel();
    emit heatmap->hiddenNeuronSelected(42);
    QCOMPARE(controller()->selectedHiddenNeuron(), 42);
    QCOMPARE(heatmap->selectedHiddenNeuron(), 42);
    QCOMPARE(spy.count(), 1);
    controller()->setSelectedHiddenNeuron(7);
    QCOMPARE(heatmap->selectedHiddenNeuron(), 7);
    controller()->setSelectedHiddenNeuron(500); // out of range: no selection
    QCOMPARE(controller()->selectedHiddenNeuron(), -1);
}

void TestGuiToolbar::replicasTrainOnTheOneEngine()
{
    QComboBox *box = m_window->controlBar()->replicasBox();
    const auto choose = [box](int replicas) {
        const int index = box->findData(replicas);
        box->setCurrentIndex(index);
        emit box->activated(index);
    };
    choose(4);
    QCOMPARE(controller()->config().replicas, 4);
    QVERIFY(controller()->resetPending());
    QTest::mouseClick(button("actionReset"), Qt::LeftButton);
    QTRY_COMPARE(controller()->trainedConfig().replicas, 4);
    QTRY_COMPARE(controller()->progress().replicas, 4);
    QCOMPARE(controller()->stepCount(), std::uint64_t(0));

    // The Data parallel view's button steps the training itself: its replicas are the worker's.
    auto *replicas = m_window->findChild<clusterview::ReplicaHeatmaps *>();
    QVERIFY(replicas);
    QTRY_COMPARE(replicas->replicas(), 4);
    for (std::uint64_t expected = 1; expected <= 2; ++expected) {
        QTest::mouseClick(replicas->stepButton(), Qt::LeftButton);
        QTRY_COMPARE(controller()->stepCount(), expected);
        QTRY_VERIFY(controller()->state() == TrainingState::Paused);
    }
    QTRY_COMPARE(replicas->gradients()->step, std::size_t(2));
    QVERIFY2(replicas->maxDifference() < 1e-6, qPrintable(replicas->resultText()));
    QCOMPARE(replicas->gradients()->counts[3], controller()->trainedConfig().batch);

    // Bit for bit the core's trainer on 4 replicas (what train --workers 4 runs).
    Trainer core(controller()->dataSplit(), controller()->trainedConfig(),
                 std::make_shared<cluster::ReplicaExchange>(1, 4));
    core.trainBatch();
    core.trainBatch();
    QVERIFY(*controller()->currentWeights() == core.params());
    QVERIFY(replicas->gradients()->averageDW2 == core.gradients().layers.back().W);

    choose(1);
    QTest::mouseClick(button("actionReset"), Qt::LeftButton);
    QTRY_COMPARE(controller()->progress().replicas, 1);
    QTRY_COMPARE(replicas->replicas(), 0);
}

void TestGuiToolbar::stepViewFollowsTheTraining()
{
    // Without a button press: after steps, a run and a reset the Step page has the training's
    // exact weights and says how many batches they have seen.
    StepModel *step = m_window->stepView()->model();
    const std::uint64_t before = controller()->stepCount();
    QTest::mouseClick(button("actionStep"), Qt::LeftButton);
    QTRY_COMPARE(controller()->stepCount(), before + 1);
    // The count comes before the batch's weights reach the views: wait for the page's words.
    QTRY_VERIFY2(step->modelDescription().contains(QStringLiteral("weights after batch %1 ").arg(before + 1)),
                 qPrintable(step->modelDescription()));
    QTRY_VERIFY(stepsThrough(step, controller()->currentWeights()));
    controller()->runBatches(7);
    QTRY_COMPARE(controller()->stepCount(), before + 8);
    QTRY_VERIFY(controller()->state() != TrainingState::Running);
    QTRY_VERIFY2(step->modelDescription().contains(QStringLiteral("weights after batch %1 ").arg(before + 8)),
                 qPrintable(step->modelDescription()));
    QTRY_VERIFY(stepsThrough(step, controller()->currentWeights()));
    QTest::mouseClick(button("actionReset"), Qt::LeftButton);
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(0));
    QTRY_VERIFY(stepsThrough(step, controller()->currentWeights()));
    QVERIFY(*step->network() == initMlp(Architecture::source(), controller()->trainedConfig().init, controller()->trainedConfig().seed));
}

// 784-10 has no hidden layer: the Network menu offers no activation for it (its section and
// entries hidden), and offers them again for a network with one.
void TestGuiToolbar::aNetworkWithoutHiddenLayerHasNoActivation()
{
    QMenu *menu = m_window->controlBar()->networkBox()->menu();
    QVERIFY(menu);
    const auto entry = [menu](const QString &text) {
        for (QAction *a : menu->actions())
            if (a->text() == text)
                return a;
        return static_cast<QAction *>(nullptr);
    };
    const QStringList activations{QStringLiteral("ReLU"), QStringLiteral("sigmoid"), QStringLiteral("tanh"),
                                  QStringLiteral("leaky ReLU")};
    const auto shown = [&] {
        int visible = 0;
        for (const QString &name : activations)
            visible += entry(name) && entry(name)->isVisible();
        return visible;
    };
    const auto section = [&]() -> QAction * {
        for (QAction *a : menu->actions())
            if (a->isSeparator() && a->text() == QStringLiteral("Activation of the hidden layers"))
                return a;
        return nullptr;
    };
    QVERIFY(section());
    QCOMPARE(shown(), 4);
    QVERIFY(section()->isVisible());
    entry(QStringLiteral("No hidden layer (784-10)"))->trigger();
    QTRY_VERIFY(controller()->config().network.hidden.empty());
    QTRY_COMPARE(shown(), 0);
    QVERIFY(!section()->isVisible());
    QCOMPARE(m_window->controlBar()->networkBox()->text(), QStringLiteral("784-10"));
    entry(QStringLiteral("784-32-10"))->trigger();
    QTRY_COMPARE(shown(), 4);
    QVERIFY(section()->isVisible());
}

void TestGuiToolbar::anotherNetworkTrainsInTheWindow()
{
    // The Network menu: 784-32-10 with the sigmoid, waiting for Reset like the batch size.
    QToolButton *networkBox = m_window->controlBar()->networkBox();
    QMenu *menu = networkBox->menu();
    QVERIFY(menu);
    const auto entry = [menu](const QString &text) {
        for (QAction *a : menu->actions())
            if (a->text() == text)
                return a;
        return static_cast<QAction *>(nullptr);
    };
    QVERIFY(entry(QStringLiteral("784-32-10")));
    entry(QStringLiteral("784-32-10"))->trigger();
    QVERIFY(entry(QStringLiteral("sigmoid")));
    entry(QStringLiteral("sigmoid"))->trigger();
    Architecture a;
    a.hidden = {32};
    a.activation = Activation::Sigmoid;
    QVERIFY(controller()->config().network == a);
    QVERIFY(controller()->config().init == Init::Xavier); // the rule the sigmoid implies
    QVERIFY(controller()->resetPending());
    // The button shows the choice at once, and says it waits for Reset, and what trains meanwhile.
    QCOMPARE(networkBox->text(), QStringLiteral("32 sigmoid"));
    QCOMPARE(networkBox->accessibleName(), QStringLiteral("Network: 784-32-10 sigmoid, applied on Reset (now 784-128-10 ReLU)"));
    QVERIFY(networkBox->toolTip().startsWith(QStringLiteral("784-32-10 sigmoid is chosen and applied on Reset")));
    QVERIFY((controller()->trainedConfig().network == Architecture::source())); // not before Reset

    QTest::mouseClick(button("actionReset"), Qt::LeftButton);
    QTRY_VERIFY(controller()->trainedConfig().network == a);
    QTRY_COMPARE(networkBox->accessibleName(), QStringLiteral("Network: 784-32-10 sigmoid"));
    QVERIFY(!networkBox->toolTip().contains(QStringLiteral("applied on Reset (Ctrl+R)")));
    QVERIFY(m_window->controlBar()->replicasBox()->isEnabled()); // replicas too, from the next Reset
    test::runBatches(controller(), 3);
    QTRY_VERIFY(controller()->shown() && controller()->shown()->weightsStep == 3);
    const VisualPtr shown = controller()->shown();
    QVERIFY(shown->network != Architecture::source());
    // The published weights are the network's own layers (the same object the views are sent).
    QVERIFY(shown->weights && shown->weights->hasShape(a));
    QVERIFY(controller()->currentWeights() == shown->weights);
    QVERIFY(controller()->shownWeights() == shown->weights);
    QVERIFY(controller()->shownNetwork().weights == shown->weights); // Mistakes, Dataset, lessons
    QVERIFY(controller()->shownNetwork().arch == a);

    // Bit for bit the core's trainer of that network after the same three batches.
    Trainer core(controller()->dataSplit(), controller()->trainedConfig());
    for (int i = 0; i < 3; ++i)
        core.trainBatch();
    QVERIFY(shown->weights && *shown->weights == core.params());
    QVERIFY(*shown->gradients == core.gradients());
    QCOMPARE(shown->trace.hidden.size(), std::size_t(1));
    QCOMPARE(shown->trace.probabilities.size(), Eigen::Index(10));

    // The heatmaps: a tile per neuron of the first layer, W2 (10 x 32) below.
    HeatmapPanel *heatmap = m_window->trainView()->heatmapPanel();
    m_window->setView(MainWindow::View::Train);
    QTRY_VERIFY(heatmap->network() == a);
    QCOMPARE(heatmap->mosaicLayout().tiles, 32);
    QCOMPARE(heatmap->mosaicLayout().across, 8);
    QTRY_VERIFY(heatmap->layerTitle(1).startsWith(QStringLiteral("dL/dW2")));
    const float g = shown->gradients->layers[1].W.cwiseAbs().maxCoeff();
    QTRY_COMPARE(heatmap->layerRange(1), double(g));
    // The hidden layer's strip: its 32 sigmoid activations, named as sigmoid, never ReLU.
    auto *strip = m_window->trainView()->findChild<ActivationStrip *>(QStringLiteral("activationStrip"));
    QVERIFY(strip);
    QTRY_COMPARE(strip->layerCount(), 1);
    QTRY_COMPARE(strip->activations(0), controller()->shown()->trace.hidden[0].a);
    QVERIFY2(strip->toolTip().contains(QStringLiteral("a1 = sigmoid(z1)")) && !strip->toolTip().contains(QStringLiteral("ReLU")),
             qPrintable(strip->toolTip()));
    QVERIFY(strip->layerTitle(0).startsWith(QStringLiteral("Hidden layer 1: 32 sigmoid neurons")));
    QVERIFY2(heatmap->accessibleSummary().contains(QStringLiteral("W2 from")), qPrintable(heatmap->accessibleSummary()));

    // Step through steps through it; File > Save model writes its layers.
    StepModel *step = m_window->stepView()->model();
    QTRY_VERIFY(step->arch() == a);
    QCOMPARE(step->stageCount(), 10);
    const QString file = m_dir.filePath(QStringLiteral("sigmoid32.bplab"));
    QSignalSpy notices(controller(), &TrainingController::notice);
    controller()->saveModel(file);
    QTRY_VERIFY(!notices.isEmpty());
    const Result<NetworkModel> saved = readAnyNetwork(file.toStdString());
    QVERIFY2(saved, saved ? "" : saved.error().c_str());
    QVERIFY(saved->arch == a);
    QVERIFY(saved->params == *controller()->shown()->weights);
    // A snapshot holds it, network and all.
    const QString snapshot = m_dir.filePath(QStringLiteral("sigmoid32.bplabsnap"));
    test::EventSpy<SnapshotSaved> snapshotSaved(controller());
    controller()->saveSnapshot(snapshot);
    QVERIFY(snapshotSaved.wait(10000));
    const Result<TrainingSnapshot> onDisk = loadSnapshot(snapshot.toStdString());
    QVERIFY2(onDisk, onDisk ? "" : onDisk.error().c_str());
    QVERIFY(onDisk->config.network == a);
    QVERIFY(onDisk->networkParams == *shown->weights);

    // The timeline reaches back to its first batch: weights and gradients as they were then.
    Trainer once(controller()->dataSplit(), controller()->trainedConfig());
    once.trainBatch();
    controller()->showBatch(1);
    QTRY_VERIFY(controller()->shown() && controller()->shown()->weightsStep == 1);
    QCOMPARE(controller()->shown()->historyFirst, std::uint64_t(0));
    QVERIFY(*controller()->shown()->weights == once.params());
    QVERIFY(*controller()->shown()->gradients == once.gradients());

    // Trained on, then opened: back at batch 3 of that network, and the same bits on from there.
    controller()->showBatch(qint64(controller()->stepCount()));
    test::runBatches(controller(), 2);
    test::EventSpy<RestoredSnapshot> restored(controller());
    controller()->openSnapshot(snapshot);
    QVERIFY(restored.wait(10000));
    QCOMPARE(controller()->stepCount(), std::uint64_t(3));
    QVERIFY(controller()->trainedConfig().network == a);
    QTRY_VERIFY(controller()->shown() && controller()->shown()->weightsStep == 3);
    QVERIFY(*controller()->shown()->weights == core.params());
    test::runBatches(controller(), 1);
    core.trainBatch();
    QTRY_VERIFY(controller()->shown() && controller()->shown()->weightsStep == 4);
    QVERIFY(*controller()->shown()->weights == core.params());

    // Two data-parallel replicas of it: each one's own dL/dW2 (10 x 32) and the all-reduced
    // average in the Data parallel view, the weights those of the core's two replicas.
    QComboBox *replicas = m_window->controlBar()->replicasBox();
    replicas->setCurrentIndex(replicas->findData(2));
    emit replicas->activated(replicas->currentIndex());
    QTest::mouseClick(button("actionReset"), Qt::LeftButton);
    QTRY_COMPARE(controller()->trainedConfig().replicas, 2);
    QVERIFY(controller()->trainedConfig().network == a);
    QTRY_COMPARE(controller()->progress().replicas, 2);
    QTRY_COMPARE(controller()->stepCount(), std::uint64_t(0));
    test::runBatches(controller(), 2);
    QTRY_VERIFY(controller()->shown() && controller()->shown()->weightsStep == 2);
    const VisualPtr two = controller()->shown();
    QVERIFY(two->replicas);
    QCOMPARE(two->replicas->outputLayer, 2);
    QCOMPARE(two->replicas->dW2.size(), std::size_t(2));
    QCOMPARE(two->replicas->dW2[0].cols(), Eigen::Index(32));
    QCOMPARE(two->replicas->counts, (std::vector<int> {64, 64}));
    QVERIFY(two->replicas->maxDifference < 1e-6);
    Trainer pair(controller()->dataSplit(), controller()->trainedConfig(),
                 std::make_shared<cluster::ReplicaExchange>(1, 2));
    pair.trainBatch();
    pair.trainBatch();
    QVERIFY(*two->weights == pair.params());
    replicas->setCurrentIndex(replicas->findData(1));
    emit replicas->activated(replicas->currentIndex());

    // Back to the source's network at the next Reset.
    entry(QStringLiteral("784-128-10 (the source's)"))->trigger();
    entry(QStringLiteral("ReLU"))->trigger();
    QVERIFY((controller()->config().network == Architecture::source()));
    QVERIFY(controller()->config().init == Init::He);
    QTest::mouseClick(button("actionReset"), Qt::LeftButton);
    QTRY_VERIFY((controller()->trainedConfig().network == Architecture::source()));
    // The other network's weights stay published until the reset's are.
    QTRY_VERIFY(controller()->currentWeights() && controller()->currentWeights()->hasShape(Architecture::source()));
    QVERIFY(*controller()->currentWeights() == initMlp(Architecture::source(), Init::He, controller()->trainedConfig().seed));
}

void TestGuiToolbar::viewsShareTheLoadedData()
{
    const DataSplitPtr data = controller()->dataSplit();
    QVERIFY(data);
    QCOMPARE(data->train.size(), std::size_t(2000));
    QCOMPARE(data->test.size(), std::size_t(200));
    QCOMPARE(controller()->dataset()->data, data);
    // The Step view has its images without having been shown (it no longer reads the folder).
    QVERIFY(!m_window->stepView()->isVisible());
    const bool test = m_window->stepView()->chooser()->setBox()->currentData().toString() == QLatin1String("test");
    QCOMPARE(m_window->stepView()->chooser()->indexBox()->maximum(), test ? 199 : 1999);
    QVERIFY(m_window->stepView()->chooser()->setBox()->isEnabled());

    // A failed load drops the split everywhere; a good one shares the new one.
    QSignalSpy changed(controller(), &TrainingController::dataChanged);
    QTemporaryDir empty;
    m_window->openData(empty.path());
    QTRY_COMPARE(controller()->state(), TrainingState::NoData);
    QVERIFY(!controller()->dataSplit());
    QVERIFY(!controller()->dataset());
    QVERIFY(!controller()->lastError().isEmpty());
    QCOMPARE(changed.count(), 1);
    QVERIFY(!m_window->stepView()->chooser()->setBox()->isEnabled());
    m_window->openData(m_dir.path());
    QTRY_COMPARE(controller()->state(), TrainingState::Paused);
    QCOMPARE(changed.count(), 2);
    QVERIFY(controller()->dataSplit());
    QVERIFY(controller()->lastError().isEmpty());
    QVERIFY(m_window->stepView()->chooser()->setBox()->isEnabled());
}

void TestGuiToolbar::damagedDataShowsTheCoresMessage()
{
    QTemporaryDir bad;
    QVERIFY(bad.isValid());
    QVERIFY(test::writeSyntheticDataset(bad.path(), 100, 20).isEmpty());
    // Cut the training images short: the header promises 100 images.
    QFile images(bad.filePath(QStringLiteral("train-images-idx3-ubyte")));
    QVERIFY(images.open(QIODevice::ReadWrite));
    QVERIFY(images.resize(16 + 784 * 10 + 5));
    images.close();

    m_window->openData(bad.path());
    QTRY_VERIFY(m_window->showsError());
    QCOMPARE(controller()->state(), TrainingState::NoData);
    QVERIFY(!controller()->currentWeights());
    const QString message = m_window->errorPage()->message();
    QVERIFY2(message.contains(QStringLiteral("train-images-idx3-ubyte")), qPrintable(message));
    QVERIFY(m_window->errorPage()->isVisible());
    // Buttons do nothing without data, and nothing crashes.
    QVERIFY(!button("actionStartPause")->isEnabled());
    controller()->start();
    controller()->step();
    QTest::qWait(50); // time for a state change that must not come
    QCOMPARE(controller()->state(), TrainingState::NoData);

    // A good folder brings the views back.
    m_window->openData(m_dir.path());
    QTRY_COMPARE(controller()->state(), TrainingState::Paused);
    QVERIFY(!m_window->showsError());
}

QTEST_MAIN(TestGuiToolbar)
#include "tst_guitoolbar.moc"
