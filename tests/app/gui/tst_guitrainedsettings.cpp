// What the views draw uses the settings the weights were trained with, not the toolbar's pending
// ones: a recipe chosen without Reset changes the input scaling only after Reset.

#include "guifixtures.h"

#include <controlbar.h>
#include <mainwindow.h>
#include <nn/network.h>
#include <stepmodel.h>
#include <stepview.h>
#include <trainingcontroller.h>

#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace bplab;

class TestGuiTrainedSettings : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void visualsScaleWithTheTrainedNormalisation();
    void stepViewScalesWithTheTrainedNormalisation();
    void resetAppliesThePendingNormalisation();

private:
    TrainingController *controller() const { return m_window->controller(); }
    /** Chooses a recipe in the toolbar, without Reset: its scaling is then pending. */
    void chooseRecipe(Recipe recipe, Normalize scaling);
    /** The tuned recipe (standard scaling), without Reset. */
    void chooseTunedRecipe() { chooseRecipe(Recipe::Tuned, Normalize::Standard); }
    /** One Step; returns the visual snapshot that follows it. */
    VisualPtr stepOnce();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiTrainedSettings::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString error = test::writeSyntheticDataset(m_dir.path(), 640, 100);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestGuiTrainedSettings::init()
{
    m_window = std::make_unique<MainWindow>();
    TrainConfig config = sourceRecipe();
    config.seed = 1;
    m_window->setTrainingConfig(config);
    m_window->show();
    m_window->openData(m_dir.path());
    QTRY_COMPARE_WITH_TIMEOUT(controller()->state(), TrainingState::Paused, 10000);
}

void TestGuiTrainedSettings::cleanup()
{
    m_window.reset();
}

void TestGuiTrainedSettings::chooseRecipe(Recipe recipe, Normalize scaling)
{
    QComboBox *box = m_window->controlBar()->recipeBox();
    box->setCurrentIndex(int(recipe));
    emit box->activated(int(recipe));
    QVERIFY(controller()->resetPending());
    QVERIFY(controller()->config().normalize == scaling);
}

VisualPtr TestGuiTrainedSettings::stepOnce()
{
    QSignalSpy visuals(controller(), &TrainingController::visualReady);
    const std::uint64_t before = controller()->stepCount();
    controller()->step();
    // The visual of the step itself: the worker sends it after the batch.
    if (!QTest::qWaitFor([&] { return controller()->stepCount() == before + 1; }, 10000)
        || (visuals.isEmpty() && !visuals.wait(10000)))
        return nullptr;
    return visuals.last().at(0).value<VisualPtr>();
}

void TestGuiTrainedSettings::visualsScaleWithTheTrainedNormalisation()
{
    chooseTunedRecipe();
    const VisualPtr visual = stepOnce();
    QVERIFY(visual);
    // The source recipe's weights see x = pixel / 255; standard scaling would give
    // (pixel / 255 - mean) / std, which these weights were never trained on.
    const auto *pixels = visual->digit.constBits();
    const Vec<float> trained = scaleInput<float>(pixels, Normalize::None);
    QCOMPARE(visual->trace.input.size(), trained.size());
    QVERIFY(visual->trace.input.isApprox(trained));
    const MlpTraceF expected = traceSample(visual->network, *visual->weights, trained, visual->label);
    QVERIFY(visual->trace.probabilities.isApprox(expected.probabilities));
}

void TestGuiTrainedSettings::stepViewScalesWithTheTrainedNormalisation()
{
    // Weights trained with standard scaling (not the Step model's default), then the source
    // recipe chosen without Reset: the Step view keeps scaling as the weights were trained.
    chooseTunedRecipe();
    test::EventSpy<HistoryRestart> resets(controller());
    controller()->reset();
    QVERIFY(resets.wait(10000));
    QVERIFY(controller()->trainedConfig().normalize == Normalize::Standard);
    chooseRecipe(Recipe::Source, Normalize::None);
    QVERIFY(stepOnce()); // the step's visual reaches the Step view
    QVERIFY(m_window->stepView()->model()->normalize() == Normalize::Standard);
    emit m_window->stepView()->chooser()->currentWeightsRequested();
    QVERIFY(m_window->stepView()->model()->normalize() == Normalize::Standard);
}

void TestGuiTrainedSettings::resetAppliesThePendingNormalisation()
{
    chooseTunedRecipe();
    test::EventSpy<HistoryRestart> resets(controller());
    controller()->reset();
    QVERIFY(resets.wait(10000));
    QVERIFY(!controller()->resetPending());
    QVERIFY(m_window->stepView()->model()->normalize() == Normalize::Standard);
    const VisualPtr visual = stepOnce();
    QVERIFY(visual);
    const Vec<float> standard = scaleInput<float>(visual->digit.constBits(), Normalize::Standard);
    QVERIFY(visual->trace.input.isApprox(standard));
}

QTEST_MAIN(TestGuiTrainedSettings)
#include "tst_guitrainedsettings.moc"
