// The Trainer with N replicas (a ReplicaExchange): the averaged gradient of N replicas x B
// samples equals one replica's gradient on the N*B samples, every replica ends each all-reduce
// with the same bits, a run matches the single trainer with batch N*B after an epoch (also with
// augmentation and with Adam), a roll-back to a snapshot ends with the weights of an undisturbed
// run, a snapshot file resumes exactly, and the divergence guard undoes a step.

#include "io/modelfile.h"
#include "nn/mlptrace.h"
#include "replicaexchange.h"
#include "train/snapshot.h"
#include "synthetic.h"
#include "train/trainer.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace bplab;
using namespace bplab::cluster;

namespace {

/** max |a - b| / max |b| over one tensor. */
template<class A, class B>
double relDiff(const A &a, const B &b)
{
    const double scale = std::max(1e-30, double(b.template cast<double>().cwiseAbs().maxCoeff()));
    return double((a.template cast<double>() - b.template cast<double>()).cwiseAbs().maxCoeff())
           / scale;
}

/** The largest relDiff over every layer's weights and biases. */
template<class S>
double maxRelDiff(const MlpParamsF &a, const MlpParams<S> &b)
{
    double worst = 0;
    for (std::size_t l = 0; l < a.layers.size(); ++l)
        worst = std::max({worst, relDiff(a.layers[l].W, b.layers[l].W), relDiff(a.layers[l].b, b.layers[l].b)});
    return worst;
}

/** The in-process exchange, checking after every all-reduce that all replicas hold the same bits
 *  (the trainer applies the first one's sum for all). */
class CheckedExchange : public ReplicaExchange
{
public:
    using ReplicaExchange::ReplicaExchange;
    Status allReduce(std::vector<std::vector<float>> &local, double &lossSum) override
    {
        Status st = ReplicaExchange::allReduce(local, lossSum);
        for (const auto &b : local)
            identical = identical && b == local.front();
        ++calls;
        return st;
    }
    bool identical = true;
    int calls = 0;
};

/** servers x gpus replicas of the Trainer (the CLI's --workers N is 1 x N). */
Trainer replicas(std::shared_ptr<const DataSplit> data, const TrainConfig &c, int servers, int gpus,
                 Algorithm a = Algorithm::Ring)
{
    return Trainer(std::move(data), c, std::make_shared<CheckedExchange>(servers, gpus, a));
}

bool replicasIdentical(const Trainer &t)
{
    const auto *e = dynamic_cast<const CheckedExchange *>(t.exchange());
    return e && e->identical && e->calls > 0;
}

TrainConfig config(int batch, int epochs = 1)
{
    TrainConfig c = sourceRecipe();
    c.batch = batch;
    c.epochs = epochs;
    c.seed = 7;
    return c;
}

} // namespace

class TestDataParallel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { setTrainingThreads(1); }

    void averagedGradientEqualsBigBatch_data()
    {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("gpus");
        QTest::newRow("ring 1x4") << int(Algorithm::Ring) << 1 << 4;
        QTest::newRow("ring 2x4") << int(Algorithm::Ring) << 2 << 4;
        QTest::newRow("hierarchical 2x4") << int(Algorithm::Hierarchical) << 2 << 4;
    }
    void averagedGradientEqualsBigBatch()
    {
        QFETCH(int, algorithm);
        QFETCH(int, servers);
        QFETCH(int, gpus);
        const auto data = test::syntheticSplit(512, 50);
        const int n = servers * gpus, B = 16;
        Trainer dp = replicas(data, config(B), servers, gpus, Algorithm(algorithm));
        Trainer single(data, config(n * B));
        const std::vector<std::uint32_t> expectIdx = [&] {
            single.trainBatch();
            return single.lastBatchIndices();
        }();
        dp.trainBatch();
        QCOMPARE(dp.replicas(), n);
        for (int w = 0; w < n; ++w)
            QCOMPARE(dp.replicaCount(w), B);
        // The same samples: the float path agrees with the single trainer to rounding.
        const double rel = maxRelDiff(dp.gradients(), single.gradients());
        QVERIFY2(rel < 1e-5, qPrintable(QStringLiteral("relative difference %1").arg(rel)));
        // And both agree with the mean of the per-sample gradients in double.
        const Architecture src = Architecture::source();
        MlpParamsD ref = MlpParamsD::zeros(src);
        const MlpParamsD w0 = initMlp(src, config(B).init, config(B).seed).cast<double>();
        const double inv = 1.0 / double(expectIdx.size());
        for (std::uint32_t i : expectIdx) {
            const Vec<double> x = scaleInput<double>(data->train.image(i), Normalize::None);
            const MlpParamsD g = gradientsOf(src, traceSample(src, w0, x, data->train.label(i)));
            for (std::size_t l = 0; l < ref.layers.size(); ++l) {
                ref.layers[l].W += inv * g.layers[l].W;
                ref.layers[l].b += inv * g.layers[l].b;
            }
        }
        const double relD = maxRelDiff(dp.gradients(), ref);
        QVERIFY2(relD < 1e-5,
                 qPrintable(QStringLiteral("relative difference to double %1").arg(relD)));
        // The replicas' own gradients differ (different samples), their average is the result.
        QVERIFY(!(dp.replicaOutputGradient(0) == dp.replicaOutputGradient(1)));
    }

    void replicasStayBitIdentical()
    {
        const auto data = test::syntheticSplit(400, 50);
        for (Algorithm a : {Algorithm::Ring, Algorithm::Hierarchical}) {
            TrainConfig c = config(8, 1);
            c.momentum = 0.9; // the optimiser state must stay identical too
            Trainer dp = replicas(data, c, 2, 3, a);
            for (int s = 0; s < 10; ++s) {
                dp.trainBatch();
                QVERIFY(replicasIdentical(dp));
            }
            QVERIFY(!(dp.params() == initMlp(Architecture::source(), c.init, c.seed)));
            QVERIFY(replicasIdentical(dp));
        }
    }

    void matchesSingleTrainerAfterAnEpoch()
    {
        // 1,000 samples: 15 full global batches of 64 and a short last one of 40 (replicas 0-2
        // get 16, 16 and 8 samples, replica 3 none).
        const auto data = test::syntheticSplit(1000, 100);
        Trainer dp = replicas(data, config(16), 2, 2);
        Trainer single(data, config(64));
        QCOMPARE(dp.batchesPerEpoch(), single.batchesPerEpoch());
        std::optional<EpochReport> dpEpoch, singleEpoch;
        dp.run({}, [&](const EpochReport &e) { dpEpoch = e; });
        single.run({}, [&](const EpochReport &e) { singleEpoch = e; });
        QVERIFY(dp.finished());
        QCOMPARE(dp.replicaCount(0), 16);
        QCOMPARE(dp.replicaCount(2), 8);
        QCOMPARE(dp.replicaCount(3), 0);
        const double rel = maxRelDiff(dp.params(), single.params());
        QVERIFY2(rel < 1e-4, qPrintable(QStringLiteral("relative difference %1").arg(rel)));
        QVERIFY(dpEpoch && singleEpoch);
        QVERIFY(std::abs(dpEpoch->trainLoss - singleEpoch->trainLoss) < 1e-4);
        QVERIFY(std::abs(dpEpoch->testAccuracy - singleEpoch->testAccuracy) <= 1.0);
    }

    void fourWorkersMatchOneWorkerWithTheGlobalBatch()
    {
        // What train --workers 4 --batch 16 runs against --workers 1 --batch 64.
        const auto data = test::syntheticSplit(700, 100);
        Trainer four(data, config(16), std::make_shared<ReplicaExchange>(1, 4));
        Trainer one(data, config(64));
        QCOMPARE(four.replicas(), 4);
        QCOMPARE(four.globalBatch(), 64);
        QCOMPARE(one.replicas(), 1);
        QCOMPARE(four.totalSteps(), one.totalSteps());
        int batches = 0;
        four.run([&](const BatchReport &b) { batches += b.count == 64 || b.count == 700 % 64; },
                 {});
        one.run({}, {});
        QCOMPARE(std::size_t(batches), one.totalSteps());
        QCOMPARE(four.step(), one.step());
        const double rel = maxRelDiff(four.params(), one.params());
        QVERIFY2(rel < 1e-4, qPrintable(QStringLiteral("relative difference %1").arg(rel)));
        QVERIFY(!(four.params() == initMlp(Architecture::source(), Init::He, 7)));
    }

    void rollBackToSnapshotEndsWithTheSameWeights()
    {
        const auto data = test::syntheticSplit(600, 50);
        const TrainConfig c = config(8, 2);
        Trainer clean = replicas(data, c, 2, 2);
        Trainer faulty = replicas(data, c, 2, 2);
        const int k = 5, failAt = 13; // 600 / 32 = 19 steps per epoch; the failure crosses no epoch
        TrainingSnapshot snap = faulty.snapshot();
        bool failed = false;
        int lost = 0;
        while (!faulty.finished()) {
            const std::size_t step = faulty.step();
            faulty.trainBatch();
            if (!failed && int(step) == failAt) {
                failed = true;
                lost = int(step) - int(snap.step);
                QVERIFY(faulty.restore(snap).ok());
                continue;
            }
            if (faulty.step() % k == 0)
                snap = faulty.snapshot();
        }
        clean.run({}, {});
        QVERIFY(failed);
        QCOMPARE(lost, failAt - (failAt / k) * k);
        QVERIFY(lost < k);
        QVERIFY(faulty.params() == clean.params());
        QVERIFY(replicasIdentical(faulty));
    }

    // Every optimiser runs on the replicas: Adam on 4 x 16 follows Adam on one trainer of 64.
    void adamMatchesTheSingleTrainer()
    {
        const auto data = test::syntheticSplit(640, 100);
        TrainConfig c = config(16);
        c.optimizer = "adam";
        c.lr = 0.001;
        Trainer dp = replicas(data, c, 1, 4);
        c.batch = 64;
        Trainer single(data, c);
        dp.run({}, {});
        single.run({}, {});
        QVERIFY(replicasIdentical(dp));
        const double rel = maxRelDiff(dp.params(), single.params());
        QVERIFY2(rel < 1e-4, qPrintable(QStringLiteral("relative difference %1").arg(rel)));
        QVERIFY(!(dp.params() == initMlp(Architecture::source(), c.init, c.seed)));
        QCOMPARE(dp.snapshot().config.optimizer, std::string("adam"));
        QCOMPARE(dp.snapshot().optimizerSteps, std::uint64_t(dp.step()));
    }

    // Augmented images are a function of (seed, epoch, sample): 4 replicas x 16 see the images a
    // single trainer with batch 64 sees.
    void augmentationMatchesTheSingleTrainer()
    {
        const auto data = test::syntheticSplit(640, 100);
        TrainConfig c = config(16);
        c.augment = true;
        Trainer dp = replicas(data, c, 1, 4);
        c.batch = 64;
        Trainer single(data, c);
        c.augment = false;
        Trainer plain(data, c);
        dp.run({}, {});
        single.run({}, {});
        plain.run({}, {});
        const double rel = maxRelDiff(dp.params(), single.params());
        QVERIFY2(rel < 1e-4, qPrintable(QStringLiteral("relative difference %1").arg(rel)));
        const double unaugmented = maxRelDiff(dp.params(), plain.params());
        QVERIFY2(unaugmented > 1e-2, qPrintable(QStringLiteral("relative difference %1").arg(unaugmented)));
    }

    // 2 epochs straight, and a snapshot taken mid-epoch 2, written to a file and read into a
    // fresh trainer (of another batch size: the snapshot's wins), run to the end: the same bits.
    void exactResumeThroughAFile()
    {
        const auto data = test::syntheticSplit(600, 50); // 2 x 16: 19 steps per epoch
        TrainConfig c = config(16, 2);
        c.momentum = 0.9;
        c.schedule = bplab::Schedule::Cosine;
        c.augment = true;
        Trainer straight = replicas(data, c, 1, 2);
        straight.run({}, {});
        Trainer first = replicas(data, c, 1, 2);
        while (first.step() < 25)
            QVERIFY(!first.trainBatch().divergence);
        QTemporaryDir dir;
        const std::string path = (dir.path() + "/dp.bplabsnap").toStdString();
        QVERIFY(saveSnapshot(path, first.snapshot()).ok());
        Result<TrainingSnapshot> loaded = loadSnapshot(path);
        QVERIFY2(loaded.ok(), loaded.error().c_str());
        QCOMPARE(loaded->workers, 2);
        QCOMPARE(loaded->batchesPerEpoch, 19);
        QCOMPARE(loaded->batchInEpoch, 6);

        Trainer resumed = replicas(data, config(8), 1, 2);
        const Status restored = resumed.restore(*loaded);
        QVERIFY2(restored.ok(), restored.error().c_str());
        QCOMPARE(resumed.step(), std::size_t(25));
        resumed.run({}, {});
        QVERIFY(resumed.finished());
        QVERIFY(encodeNetworkModel(resumed.network(), resumed.params(), nullptr)
                == encodeNetworkModel(straight.network(), straight.params(), nullptr));
        QVERIFY(replicasIdentical(resumed));
        QVERIFY(resumed.snapshot().networkVelocity == straight.snapshot().networkVelocity);
        QVERIFY(resumed.lossHistory() == straight.lossHistory());
        QCOMPARE(resumed.lossHistory().size(), std::size_t(38));
        QCOMPARE(resumed.epochReports().size(), std::size_t(2));
        QCOMPARE(resumed.epochReports()[1].testLoss, straight.epochReports()[1].testLoss);

        // Another replica count, or the single trainer, would not continue exactly: refused.
        Trainer three = replicas(data, c, 1, 3);
        const Status other = three.restore(*loaded);
        QVERIFY(!other.ok());
        QVERIFY2(other.error().find("taken with 2 workers; this trainer has 3") != std::string::npos,
                 other.error().c_str());
        QCOMPARE(three.step(), std::size_t(0));
        Trainer single(data, c);
        QVERIFY(!single.restore(*loaded).ok());
    }

    // lr 50 with standard scaling: the step that diverges is undone on every replica with the
    // Trainer's message; halving the rate (the momentum buffer restored, not cleared) finishes
    // with finite, identical replicas and a good accuracy.
    void divergenceIsUndoneOnEveryReplica()
    {
        const auto data = test::syntheticSplit(600, 200);
        TrainConfig c = config(16, 4);
        c.lr = 50;
        c.momentum = 0.9;
        c.normalize = Normalize::Standard;
        Trainer dp = replicas(data, c, 1, 2);
        std::optional<BatchReport> bad;
        MlpParamsF before;
        while (!dp.finished()) {
            before = dp.params();
            const BatchReport r = dp.trainBatch();
            if (r.divergence) {
                bad = r;
                break;
            }
        }
        QVERIFY2(bad.has_value(), "lr 50 did not diverge");
        const Divergence &d = *bad->divergence;
        QVERIFY(dp.params().allFinite());
        QVERIFY(replicasIdentical(dp));
        if (d.batchesUndone == 1)
            QVERIFY(dp.params() == before);
        QCOMPARE(dp.step(), bad->step);
        QCOMPARE(dp.lossHistory().size(), dp.step());
        QVERIFY2(d.message.rfind("training diverged in epoch ", 0) == 0, d.message.c_str());
        QVERIFY2(d.message.find("try a smaller learning rate (e.g. 25)") != std::string::npos, d.message.c_str());

        int halvings = 0, total = 0;
        while (!dp.finished() && halvings < 30) {
            const BatchReport r = dp.trainBatch();
            if (r.divergence) {
                ++halvings;
                ++total;
                dp.setLearningRate(dp.activeConfig().lr / 2);
            } else {
                halvings = 0;
                QVERIFY(std::isfinite(r.loss));
            }
            QVERIFY(dp.params().allFinite() && replicasIdentical(dp));
        }
        QVERIFY2(dp.finished(), qPrintable(QStringLiteral("gave up after %1 halvings").arg(total)));
        QVERIFY(total >= 1);
        QVERIFY(dp.activeConfig().lr < 50);
        const EpochReport &e = dp.epochReports().back();
        QVERIFY2(e.testAccuracy > 90, qPrintable(QString::number(e.testAccuracy)));
    }
};

QTEST_MAIN(TestDataParallel)
#include "tst_dataparallel.moc"
