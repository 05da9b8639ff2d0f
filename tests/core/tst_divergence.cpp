// The divergence policy (divergence.h) and the training-thread policy (batchthreads.h): one rule
// each, written in the core, that the CLI and the app apply.

#include "nn/batchthreads.h"
#include "train/divergence.h"
#include "synthetic.h"
#include "train/trainer.h"

#include <QTest>

#include <cstdlib>
#include <optional>
#include <string>
#include <thread>

using namespace bplab;
using namespace bplab::test;

class TestDivergence : public QObject
{
    Q_OBJECT

private slots:
    void suggestionHalvesTheRate()
    {
        QCOMPARE(suggestedLearningRate(8.0), 4.0);
        QCOMPARE(suggestedLearningRate(0.1), 0.05);
        QCOMPARE(suggestedLearningRate(1e30), 5e29);
    }

    void halveTrainsOnAtTheSuggestedRate()
    {
        const DivergencePolicy halve {DivergenceAction::Halve};
        QCOMPARE(halve.rateToTrainOn(8.0, 0), std::optional<double>(4.0));
        QCOMPARE(halve.rateToTrainOn(4.0, 1), std::optional<double>(suggestedLearningRate(4.0)));
        // Given up after maxHalvings in a row.
        QCOMPARE(halve.rateToTrainOn(8.0, halve.maxHalvings - 1), std::optional<double>(4.0));
        QCOMPARE(halve.rateToTrainOn(8.0, halve.maxHalvings), std::nullopt);
    }

    void stopNeverTrainsOn()
    {
        const DivergencePolicy stop;
        QVERIFY(stop.action == DivergenceAction::Stop);
        QCOMPARE(stop.rateToTrainOn(8.0, 0), std::nullopt);
    }

    void actionNames()
    {
        for (DivergenceAction a : {DivergenceAction::Stop, DivergenceAction::Halve})
            QVERIFY(parseDivergenceAction(divergenceActionName(a)) == a);
        QCOMPARE(std::string(divergenceActionName(DivergenceAction::Halve)), std::string("halve"));
        QVERIFY(!parseDivergenceAction("tenth"));
    }

    // The trainer's event carries the policy's suggestion, the number its message (what the CLI
    // prints on stderr) names; the halve rate from the same batch's rate is that number too.
    void theTrainersEventCarriesTheSuggestion()
    {
        auto split = syntheticSplit(300, 50);
        TrainConfig c = sourceRecipe();
        c.epochs = 20;
        c.batch = 32;
        c.seed = 1;
        c.lr = 8;
        c.normalize = Normalize::Standard; // inputs up to 3: lr 8 overflows the weights
        Trainer t(split, c);
        std::optional<Divergence> d;
        while (!t.finished() && !d)
            d = t.trainBatch().divergence;
        QVERIFY2(d, "lr 8 did not diverge");
        QCOMPARE(d->lr, 8.0);
        QCOMPARE(d->suggestedLr, 4.0);
        QCOMPARE(DivergencePolicy {DivergenceAction::Halve}.rateToTrainOn(d->lr, 0),
                 std::optional<double>(d->suggestedLr));
        QVERIFY2(d->message.find("try a smaller learning rate (e.g. 4)") != std::string::npos,
                 d->message.c_str());
        // Numbered from 1, as EpochReport::epoch.
        QVERIFY(d->epoch >= 1 && d->batch >= 1 && d->batch <= d->batchesPerEpoch);
        QCOMPARE(d->step, std::size_t(d->epoch - 1) * std::size_t(d->batchesPerEpoch)
                                  + std::size_t(d->batch));
    }

    void threadPolicy_data()
    {
        QTest::addColumn<int>("requested");
        QTest::addColumn<unsigned>("cores");
        QTest::addColumn<int>("threads");
        QTest::newRow("none, 1 core") << 0 << 1u << 1;
        QTest::newRow("none, cores unknown") << 0 << 0u << 1;
        QTest::newRow("none, 2 cores") << 0 << 2u << 2;
        QTest::newRow("none, 16 cores") << 0 << 16u << 2;
        QTest::newRow("1, 16 cores") << 1 << 16u << 1;
        QTest::newRow("2, 1 core") << 2 << 1u << 1;
        QTest::newRow("8, 16 cores") << 8 << 16u << 2;
    }

    void threadPolicy()
    {
        QFETCH(int, requested);
        QFETCH(unsigned, cores);
        QFETCH(int, threads);
        QCOMPARE(chooseTrainingThreads(requested, cores), threads);
    }

    // The default is the policy of $BPLAB_THREADS and the machine's cores, nothing else.
    void defaultFollowsTheEnvironment()
    {
        const QByteArray saved = qgetenv("BPLAB_THREADS");
        const unsigned cores = std::thread::hardware_concurrency();
        qunsetenv("BPLAB_THREADS");
        QCOMPARE(defaultTrainingThreads(), chooseTrainingThreads(0, cores));
        qputenv("BPLAB_THREADS", "1");
        QCOMPARE(defaultTrainingThreads(), 1);
        qputenv("BPLAB_THREADS", "0"); // set: asks for one, as before
        QCOMPARE(defaultTrainingThreads(), 1);
        qputenv("BPLAB_THREADS", "2");
        QCOMPARE(defaultTrainingThreads(), chooseTrainingThreads(2, cores));
        if (saved.isNull())
            qunsetenv("BPLAB_THREADS");
        else
            qputenv("BPLAB_THREADS", saved);
    }
};

QTEST_APPLESS_MAIN(TestDivergence)
#include "tst_divergence.moc"
