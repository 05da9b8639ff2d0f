// The values the worker makes for the views: the batch mosaic's classes by the weights the batch
// was trained from (one batched pass, as each sample alone gives them), and the share of the
// training thread the live pictures may take.

#include <trainervisuals.h>

#include <nn/networkeval.h>
#include <train/trainconfig.h>
#include <train/trainer.h>

#include <QTest>

#include <algorithm>
#include <random>

using namespace bplab;

class TestTrainerVisuals : public QObject
{
    Q_OBJECT
private slots:
    void mosaicClassesAreEachSamplesOwn();
    void picturesTakeAtMostATwentiethOfTheThread();
};

void TestTrainerVisuals::mosaicClassesAreEachSamplesOwn()
{
    // Random pictures of ten classes: the classes of a barely trained network vary by sample.
    auto data = std::make_shared<DataSplit>();
    std::mt19937 rng(7);
    for (Dataset *set : {&data->train, &data->test}) {
        set->pixels.resize(200 * 784);
        set->labels.resize(200);
        for (auto &p : set->pixels)
            p = std::uint8_t(rng() % 256);
        for (std::size_t i = 0; i < 200; ++i)
            set->labels[i] = std::uint8_t(i % 10);
    }
    TrainConfig config = withNetwork(sourceRecipe(), {32, 16}, Activation::Tanh);
    config.batch = 50;
    config.epochs = 1;
    Trainer trainer(data, config);
    trainer.trainBatch();
    trainer.trainBatch();
    const std::shared_ptr<VisualSnapshot> s = visualOf(trainer, data->train, config.lr);
    QCOMPARE(s->batchIndices.size(), std::size_t(50));
    QCOMPARE(s->batchPredicted.size(), std::size_t(50));
    const MlpParamsF *before = trainer.paramsBeforeLastBatch();
    QVERIFY(before);
    int classes = 0;
    std::array<bool, 10> seen{};
    for (std::size_t i = 0; i < s->batchIndices.size(); ++i) {
        const auto p = networkProbabilities(trainer.network(), *before, data->train.image(s->batchIndices[i]),
                                            config.normalize);
        const int expected = int(std::max_element(p.begin(), p.end()) - p.begin());
        QCOMPARE(int(s->batchPredicted[i]), expected);
        if (!seen[std::size_t(expected)]) {
            seen[std::size_t(expected)] = true;
            ++classes;
        }
    }
    QVERIFY2(classes > 1, "every sample in one class: the comparison would show little");
}

void TestTrainerVisuals::picturesTakeAtMostATwentiethOfTheThread()
{
    VisualBudget budget;
    QVERIFY(budget.allows(0));
    // A picture made in 2 ms at t = 10 ms: the next one 19 x 2 ms after it ends.
    budget.spent(10'000'000, 12'000'000);
    QVERIFY(!budget.allows(12'000'000));
    QVERIFY(!budget.allows(49'999'999));
    QVERIFY(budget.allows(50'000'000));
    // A cheap picture (0.1 ms) holds the next one back by 1.9 ms only.
    budget.spent(60'000'000, 60'100'000);
    QVERIFY(budget.allows(62'000'000));
}

QTEST_MAIN(TestTrainerVisuals)
#include "tst_trainervisuals.moc"
