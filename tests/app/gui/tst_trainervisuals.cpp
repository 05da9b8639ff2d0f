// The values the worker makes for the views: the batch mosaic's classes by the weights the batch
// was trained from (as each sample alone gives them: the training pass's own where it saw the
// images as they are, else one batched pass), and the share of the training thread the live
// pictures may take.

#include <trainervisuals.h>
#include <visualhandoff.h>

#include <nn/layerspec.h>
#include <nn/networkeval.h>
#include <train/trainconfig.h>
#include <train/trainer.h>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace bplab;

class TestTrainerVisuals : public QObject
{
    Q_OBJECT
private slots:
    void mosaicClassesAreEachSamplesOwn_data();
    void mosaicClassesAreEachSamplesOwn();
    void mosaicTakesTheTrainingPassClasses();
    void picturesTakeAtMostAFortiethOfTheThread();
    void theGuiThreadsCostPacesThePictures();
    void guiCostIsTakenOnce();
};

namespace {

/** Random pictures of ten classes, 200 of each set: the classes of a barely trained network
 *  vary by sample. Every tenth row of every picture blank, so that a shifted image differs. */
std::shared_ptr<DataSplit> randomPictures()
{
    auto data = std::make_shared<DataSplit>();
    std::mt19937 rng(7);
    for (Dataset *set : {&data->train, &data->test}) {
        set->pixels.resize(200 * 784);
        set->labels.resize(200);
        for (std::size_t i = 0; i < set->pixels.size(); ++i)
            set->pixels[i] = (i / 28) % 10 == 0 ? 0 : std::uint8_t(rng() % 256);
        for (std::size_t i = 0; i < 200; ++i)
            set->labels[i] = std::uint8_t(i % 10);
    }
    return data;
}

/** Each of the last batch's samples' class by the weights before its update, one at a time. */
std::vector<int> classesBefore(const Trainer &trainer, const Dataset &train, const std::vector<std::uint32_t> &indices)
{
    const MlpParamsF *before = trainer.paramsBeforeLastBatch();
    std::vector<int> classes;
    for (const std::uint32_t i : indices) {
        const auto p = networkProbabilities(trainer.network(), *before, train.image(i), trainer.activeConfig().normalize);
        classes.push_back(int(std::max_element(p.begin(), p.end()) - p.begin()));
    }
    return classes;
}

} // namespace

void TestTrainerVisuals::mosaicClassesAreEachSamplesOwn_data()
{
    QTest::addColumn<QString>("layers");
    QTest::addColumn<bool>("augment");
    QTest::newRow("dense") << QString() << false;
    // The training pass saw shifted images: the mosaic shows the images as they are.
    QTest::newRow("augmented") << QString() << true;
    // The training pass ran with half of the neurons off: the mosaic shows the whole network's.
    QTest::newRow("dropout") << QStringLiteral("dense 32, dropout 0.5, dense 16") << false;
}

void TestTrainerVisuals::mosaicClassesAreEachSamplesOwn()
{
    QFETCH(QString, layers);
    QFETCH(bool, augment);
    auto data = randomPictures();
    TrainConfig config = withNetwork(sourceRecipe(), {32, 16}, Activation::Tanh);
    if (!layers.isEmpty()) {
        const auto specs = parseLayers(layers.toStdString());
        QVERIFY(specs.ok());
        config.network = withLayers(*specs, Activation::Tanh);
    }
    config.augment = augment;
    config.batch = 50;
    config.epochs = 1;
    Trainer trainer(data, config);
    trainer.trainBatch();
    trainer.trainBatch();
    const std::shared_ptr<VisualSnapshot> s = visualOf(trainer, data->train, config.lr);
    QCOMPARE(s->batchIndices.size(), std::size_t(50));
    QCOMPARE(s->batchPredicted.size(), std::size_t(50));
    QVERIFY(trainer.paramsBeforeLastBatch());
    const std::vector<int> expected = classesBefore(trainer, data->train, s->batchIndices);
    int classes = 0;
    std::array<bool, 10> seen{};
    for (std::size_t i = 0; i < s->batchIndices.size(); ++i) {
        QCOMPARE(int(s->batchPredicted[i]), expected[i]);
        if (!seen[std::size_t(expected[i])]) {
            seen[std::size_t(expected[i])] = true;
            ++classes;
        }
    }
    QVERIFY2(classes > 1, "every sample in one class: the comparison would show little");
    // With the shifts, the training pass's own classes are not the images' (else the row would
    // not tell a mosaic of the shifted images from the right one).
    const std::vector<std::uint8_t> pass = trainer.lastBatchPredicted();
    if (augment && pass.size() == expected.size())
        QVERIFY(!std::equal(pass.begin(), pass.end(), expected.begin()));
}

void TestTrainerVisuals::mosaicTakesTheTrainingPassClasses()
{
    // Without shifts or dropout the batch's own pass gave the mosaic: no second pass over it.
    auto data = randomPictures();
    TrainConfig config = withNetwork(sourceRecipe(), {32, 16}, Activation::Tanh);
    config.batch = 50;
    config.epochs = 1;
    Trainer trainer(data, config);
    trainer.trainBatch();
    trainer.trainBatch();
    const std::vector<std::uint8_t> pass = trainer.lastBatchPredicted();
    if (pass.empty())
        QSKIP("this build's trainer does not keep the batch pass's classes (no libxsmm)");
    const std::shared_ptr<VisualSnapshot> s = visualOf(trainer, data->train, config.lr);
    QCOMPARE(s->batchPredicted.size(), pass.size());
    for (std::size_t i = 0; i < pass.size(); ++i)
        QCOMPARE(int(s->batchPredicted[i]), int(pass[i]));
}

void TestTrainerVisuals::picturesTakeAtMostAFortiethOfTheThread()
{
    VisualBudget budget;
    QVERIFY(budget.allows(0));
    // A picture made in 2 ms at t = 10 ms: the next one 39 x 2 ms after it ends.
    budget.spent(10'000'000, 12'000'000);
    QVERIFY(!budget.allows(12'000'000));
    QVERIFY(!budget.allows(89'999'999));
    QVERIFY(budget.allows(90'000'000));
    // A cheap picture (0.1 ms) holds the next one back by 3.9 ms only.
    budget.spent(100'000'000, 100'100'000);
    QVERIFY(!budget.allows(103'999'999));
    QVERIFY(budget.allows(104'000'000));
}

void TestTrainerVisuals::theGuiThreadsCostPacesThePictures()
{
    VisualBudget budget;
    // Made in 1 ms at t = 10 ms, after the GUI spent 7 ms applying and drawing pictures: the
    // next one 39 x (1 + 7) ms after it ends, not 39 x 1 ms.
    budget.spent(10'000'000, 11'000'000, 7'000'000);
    QVERIFY(!budget.allows(11'000'000 + 39 * 1'000'000));
    QVERIFY(!budget.allows(11'000'000 + 39 * 8'000'000 - 1));
    QVERIFY(budget.allows(11'000'000 + 39 * 8'000'000));
    // A negative GUI cost (a clock's error) counts as none.
    budget.spent(500'000'000, 501'000'000, -5'000'000);
    QVERIFY(budget.allows(501'000'000 + 39 * 1'000'000));
}

void TestTrainerVisuals::guiCostIsTakenOnce()
{
    GuiPictureCost::take();
    GuiPictureCost::add(3'000'000);
    GuiPictureCost::add(-1); // ignored
    GuiPictureCost::add(2'000'000);
    QCOMPARE(GuiPictureCost::take(), std::int64_t(5'000'000));
    QCOMPARE(GuiPictureCost::take(), std::int64_t(0));
    const std::int64_t a = GuiPictureCost::threadCpuNs();
    volatile double x = 0;
    for (int i = 0; i < 100000; ++i)
        x = x + std::sqrt(double(i));
    QVERIFY(GuiPictureCost::threadCpuNs() >= a);
}

QTEST_MAIN(TestTrainerVisuals)
#include "tst_trainervisuals.moc"
