// The training loop: determinism, the shuffle, callbacks and stop, the schedule, the optimiser,
// and that training on a small synthetic set actually learns.

#include "io/modelfile.h"
#include "synthetic.h"
#include "testsupport.h"
#include "train/trainer.h"

#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <fstream>
#include <optional>
#include <set>

using namespace bplab;
using namespace bplab::test;

namespace {

std::vector<char> fileBytes(const std::string &path)
{
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

TrainConfig smallConfig(std::uint64_t seed)
{
    TrainConfig c = sourceRecipe();
    c.epochs = 2;
    c.batch = 32;
    c.seed = seed;
    return c;
}

} // namespace

class TestTrainer : public QObject {
    Q_OBJECT

private slots:
    void recipes()
    {
        const TrainConfig s = sourceRecipe();
        QCOMPARE(s.epochs, 10);
        QCOMPARE(s.batch, 64);
        QCOMPARE(s.lr, 0.1);
        QCOMPARE(s.momentum, 0.0);
        QVERIFY(s.schedule == Schedule::Constant && s.normalize == Normalize::None && s.init == Init::He);
        const TrainConfig t = tunedRecipe();
        QCOMPARE(t.epochs, 15);
        QCOMPARE(t.lr, 0.05);
        QCOMPARE(t.momentum, 0.9);
        QVERIFY(t.schedule == Schedule::Cosine && t.normalize == Normalize::Standard);
    }

    void schedule()
    {
        TrainConfig c;
        c.lr = 0.2;
        QCOMPARE(scheduledLr(c, 0, 100), 0.2);
        QCOMPARE(scheduledLr(c, 99, 100), 0.2);
        c.schedule = Schedule::Cosine;
        // lr = base * 0.5 * (1 + cos(pi * step / total))
        QCOMPARE(scheduledLr(c, 0, 100), 0.2);
        QVERIFY(fuzzyEqual(scheduledLr(c, 50, 100), 0.1, 1e-15));
        QVERIFY(fuzzyEqual(scheduledLr(c, 25, 100), 0.1 * (1 + std::sqrt(0.5)), 1e-15));
        QVERIFY(std::abs(scheduledLr(c, 100, 100)) < 1e-17);
    }

    // The adjustment the app shows is what the update really did: w_new = w_old + delta_w, which
    // for plain SGD is -lr * gradient and with momentum -lr * v.
    void adjustmentIsTheStepTaken()
    {
        auto split = syntheticSplit(300, 50);
        for (double momentum : {0.0, 0.9}) {
            TrainConfig c = smallConfig(3);
            c.momentum = momentum;
            Trainer t(split, c);
            for (int i = 0; i < 3; ++i)
                t.trainBatch();
            const MlpParamsF before = t.params();
            const BatchReport r = t.trainBatch();
            QVERIFY(t.paramsBeforeLastBatch() && *t.paramsBeforeLastBatch() == before);
            const MlpParamsF &after = t.params();
            const MlpParamsF &direction = momentum == 0.0 ? t.gradients() : t.optimizerState().first;
            for (std::size_t l = 0; l < after.layers.size(); ++l) {
                const RowMat<float> stepped = before.layers[l].W - float(r.lr) * direction.layers[l].W;
                QVERIFY((stepped - after.layers[l].W).cwiseAbs().maxCoeff() < 1e-6f);
            }
            if (momentum != 0.0)
                QVERIFY(!(t.optimizerState().first == t.gradients()));
        }
    }

    void determinism()
    {
        auto split = syntheticSplit(300, 50);
        for (const TrainConfig &base : {smallConfig(7), tunedRecipe()}) {
            TrainConfig c = base;
            c.epochs = 2;
            c.seed = 7;
            Trainer a(split, c), b(split, c);
            a.run({}, {});
            b.run({}, {});
            QVERIFY(a.params() == b.params());
            QVERIFY(a.gradients() == b.gradients());
            QVERIFY(!(a.params() == initMlp(c.network, c.init, 7)));
            // The files are byte for byte the same.
            QTemporaryDir dir;
            const std::string fa = (dir.path() + "/a.bplab").toStdString(), fb = (dir.path() + "/b.bplab").toStdString();
            QVERIFY(saveNetworkModel(fa, a.network(), a.params()).ok());
            QVERIFY(saveNetworkModel(fb, b.network(), b.params()).ok());
            QVERIFY(fileBytes(fa) == fileBytes(fb));
            QCOMPARE(fileBytes(fa).size(), std::size_t(407140));
            // Another seed gives other weights.
            c.seed = 8;
            Trainer other(split, c);
            other.run({}, {});
            QVERIFY(!(other.params() == a.params()));
            // reset() starts the same run again.
            a.reset();
            a.run({}, {});
            QVERIFY(a.params() == b.params());
        }
    }

    void epochsAndCallbacks()
    {
        auto split = syntheticSplit(100, 20);
        Trainer t(split, smallConfig(1)); // batch 32: 3 full batches and one of 4
        QCOMPARE(t.batchesPerEpoch(), 4);
        QCOMPARE(t.totalSteps(), std::size_t(8));
        std::vector<BatchReport> batches;
        std::vector<EpochReport> epochs;
        t.run([&](const BatchReport &r) { batches.push_back(r); }, [&](const EpochReport &e) { epochs.push_back(e); });
        QVERIFY(t.finished());
        QCOMPARE(batches.size(), std::size_t(8));
        QCOMPARE(epochs.size(), std::size_t(2));
        QCOMPARE(batches[3].count, 4);
        QCOMPARE(batches[2].count, 32);
        QVERIFY(batches[3].epochEnded.has_value());
        QVERIFY(!batches[2].epochEnded.has_value());
        QCOMPARE(batches[5].epoch, 1);
        QCOMPARE(batches[5].batchInEpoch, 1);
        QCOMPARE(batches[5].step, std::size_t(5));
        QCOMPARE(epochs[1].epoch, 2);
        QCOMPARE(batches[7].epochEnded->epoch, 2);
        QVERIFY(epochs[0].seconds > 0 && epochs[0].samplesPerSecond > 0);
        QVERIFY(epochs[0].testAccuracy >= 0 && epochs[0].testAccuracy <= 100);
        // The epoch's train loss is the mean of its batches' losses.
        const double mean = (batches[4].loss + batches[5].loss + batches[6].loss + batches[7].loss) / 4;
        QVERIFY(fuzzyEqual(epochs[1].trainLoss, mean, 1e-12));
        // The epoch's test figures are those of evaluate() on the weights at its end.
        const Evaluation ev = evaluateNetwork(t.network(), t.params(), split->test, Normalize::None);
        QCOMPARE(epochs[1].testAccuracy, ev.accuracy);
        QCOMPARE(epochs[1].testLoss, ev.loss);
        for (const auto &b : batches)
            QCOMPARE(b.lr, 0.1);
    }

    void everySampleOncePerEpoch()
    {
        auto split = syntheticSplit(100, 10);
        Trainer t(split, smallConfig(3));
        std::vector<std::uint32_t> first, second;
        for (int b = 0; b < 4; ++b) {
            t.trainBatch();
            const auto idx = t.lastBatchIndices();
            first.insert(first.end(), idx.begin(), idx.end());
        }
        for (int b = 0; b < 4; ++b) {
            t.trainBatch();
            const auto idx = t.lastBatchIndices();
            second.insert(second.end(), idx.begin(), idx.end());
        }
        QCOMPARE(std::set<std::uint32_t>(first.begin(), first.end()).size(), std::size_t(100));
        QCOMPARE(std::set<std::uint32_t>(second.begin(), second.end()).size(), std::size_t(100));
        QCOMPARE(*std::max_element(first.begin(), first.end()), 99u);
        QVERIFY(first != second); // each epoch has its own order
        std::vector<std::uint32_t> identity(100);
        std::iota(identity.begin(), identity.end(), 0u);
        QVERIFY(first != identity);
    }

    void stopBetweenBatches()
    {
        auto split = syntheticSplit(200, 10);
        Trainer t(split, smallConfig(1));
        std::atomic<bool> stop{false};
        int seen = 0;
        t.run([&](const BatchReport &) {
            if (++seen == 3)
                stop = true;
        }, {}, &stop);
        QCOMPARE(seen, 3);
        QCOMPARE(t.step(), std::size_t(3));
        QVERIFY(!t.finished());
        // Continuing is resuming: the rest of the run, no more.
        stop = false;
        t.run({}, {}, &stop);
        QCOMPARE(t.step(), t.totalSteps());
        // And equals an uninterrupted run.
        Trainer whole(split, smallConfig(1));
        whole.run({}, {});
        QVERIFY(whole.params() == t.params());
    }

    void configChanges()
    {
        auto split = syntheticSplit(100, 10);
        Trainer t(split, smallConfig(1));
        t.trainBatch();
        t.setLearningRate(0.01);
        QCOMPARE(t.trainBatch().lr, 0.01);
        TrainConfig c = t.config();
        c.batch = 10;
        c.lr = 0.02;
        t.setConfig(c);
        QCOMPARE(t.batchesPerEpoch(), 4); // the batch size waits for reset()
        QCOMPARE(t.trainBatch().lr, 0.02); // the learning rate does not
        t.reset();
        QCOMPARE(t.batchesPerEpoch(), 10);
        QCOMPARE(t.step(), std::size_t(0));
        QCOMPARE(t.trainBatch().count, 10);

        const MlpParamsF start = initMlp(t.network(), Init::Xavier, 99);
        QVERIFY(t.setParams(start));
        QCOMPARE(t.step(), std::size_t(0));
        QVERIFY(t.params() == start);
        QVERIFY(t.gradients() == MlpParamsF::zeros(t.network()));
        QVERIFY(!t.setParams(MlpParamsF::zeros(Architecture {784, {5}, 10, Activation::ReLU, {}})));
        QVERIFY(t.params() == start);
    }

    void cosineEndsNearZero()
    {
        auto split = syntheticSplit(64, 10);
        TrainConfig c = tunedRecipe();
        c.epochs = 3;
        Trainer t(split, c);
        std::vector<double> lrs;
        t.run([&](const BatchReport &r) { lrs.push_back(r.lr); }, {});
        QCOMPARE(lrs.size(), std::size_t(3));
        QCOMPARE(lrs[0], 0.05);
        QVERIFY(fuzzyEqual(lrs[1], 0.05 * 0.5 * (1 + std::cos(3.14159265358979323846 / 3)), 1e-12));
        QVERIFY(lrs[2] < lrs[1]);
    }

    void learnsASyntheticTask()
    {
        auto split = syntheticSplit(2000, 500);
        TrainConfig c = sourceRecipe();
        c.epochs = 3;
        Trainer t(split, c);
        std::vector<double> losses;
        std::vector<EpochReport> epochs;
        t.run([&](const BatchReport &r) { losses.push_back(r.loss); },
              [&](const EpochReport &e) { epochs.push_back(e); });
        QCOMPARE(epochs.size(), std::size_t(3));
        // Ten classes at random: ln 10 = 2.30; the first batch is near it, the last far below.
        QVERIFY2(losses.front() > 1.0, qPrintable(QString::number(losses.front())));
        QVERIFY2(epochs.back().trainLoss < 0.1 * losses.front(),
                 qPrintable(QString("%1 -> %2").arg(losses.front()).arg(epochs.back().trainLoss)));
        QVERIFY(epochs.back().trainLoss < epochs.front().trainLoss);
        QVERIFY2(epochs.back().testAccuracy > 95.0, qPrintable(QString::number(epochs.back().testAccuracy)));
        QVERIFY(t.params().allFinite());
    }

    // A learning rate of 50 blows the weights up within a few batches: the batch that produces a
    // NaN or Inf, or a loss above kDivergenceLossLimit, is caught, undone (weights and momentum
    // buffer as before it), and reported; halving the rate then finishes the run.
    void divergenceIsCaughtAndUndone_data()
    {
        QTest::addColumn<double>("momentum");
        QTest::newRow("plain SGD") << 0.0;
        QTest::newRow("momentum 0.9") << 0.9;
    }
    void divergenceIsCaughtAndUndone()
    {
        QFETCH(double, momentum);
        auto split = syntheticSplit(300, 50);
        TrainConfig c = smallConfig(2);
        c.lr = 50;
        c.momentum = momentum;
        c.normalize = Normalize::Standard; // inputs up to 3: the weights overflow within 2 epochs
        c.epochs = 20;
        Trainer t(split, c);
        std::optional<BatchReport> bad;
        // The state before each of the last two batches: a loss that is not finite undoes the
        // previous batch too (its weights were already too large for the forward pass).
        MlpParamsF before[2], velocityBefore[2];
        std::vector<float> historyBefore;
        while (!t.finished()) {
            before[0] = before[1];
            velocityBefore[0] = velocityBefore[1];
            before[1] = t.params();
            velocityBefore[1] = t.optimizerState().first;
            historyBefore = t.lossHistory();
            const BatchReport r = t.trainBatch();
            if (r.divergence) {
                bad = r;
                break;
            }
            QVERIFY(std::isfinite(r.loss));
        }
        QVERIFY2(bad.has_value(), "lr 50 did not diverge");
        const Divergence &d = *bad->divergence;
        QVERIFY2(!std::isfinite(d.value) || (d.quantity == "the loss" && d.value > kDivergenceLossLimit),
                 d.message.c_str());
        if (std::isfinite(d.value))
            QVERIFY2(d.message.find("(above the limit 100)") != std::string::npos, d.message.c_str());
        QCOMPARE(d.lr, 50.0);
        QVERIFY(!bad->epochEnded);
        // The weights are the last finite ones whose loss was finite, bit for bit; the position
        // and the history did not move.
        QVERIFY(d.batchesUndone == 1 || d.batchesUndone == 2);
        QCOMPARE(d.batchesUndone == 2, d.quantity == "the loss");
        const int i = d.batchesUndone == 2 ? 0 : 1;
        QVERIFY(t.params().allFinite());
        QVERIFY(t.params() == before[i]);
        QVERIFY(t.gradients().allFinite());
        if (momentum != 0.0)
            QVERIFY(t.optimizerState().first == velocityBefore[i]);
        QCOMPARE(t.step(), bad->step);
        QVERIFY(t.lossHistory() == historyBefore);
        const std::string &m = d.message;
        QVERIFY2(m.rfind("training diverged in epoch " + std::to_string(bad->epoch + 1) + ", batch " +
                         std::to_string(bad->batchInEpoch + 1) + "/10 (step " + std::to_string(bad->step + 1) + "): ",
                         0) == 0,
                 m.c_str());
        QVERIFY2(m.find(d.quantity + " became ") != std::string::npos, m.c_str());
        QVERIFY2(m.find("at learning rate 50") != std::string::npos, m.c_str());
        QVERIFY2(m.find("the weights and the optimiser state are back to their values before") != std::string::npos,
                 m.c_str());
        // The policy's one suggested rate: half the batch's.
        QCOMPARE(d.suggestedLr, 25.0);
        QVERIFY2(m.find("try a smaller learning rate (e.g. 25)") != std::string::npos, m.c_str());
        // run() stops on a diverging batch (with one batch undone, the same batch at the same rate
        // fails again the same way).
        int seen = 0;
        bool lastDiverged = false;
        t.run([&](const BatchReport &r) {
            ++seen;
            lastDiverged = r.divergence.has_value();
        }, {});
        QVERIFY(lastDiverged);
        QVERIFY(t.params().allFinite());
        if (d.batchesUndone == 1) {
            QCOMPARE(seen, 1);
            QVERIFY(t.params() == before[i]);
        }
        // Halving the learning rate until it trains on (the policy's Halve, the CLI's
        // --on-divergence halve, which keeps the restored momentum buffer): the run finishes, with
        // and without momentum, and nothing that is not finite is ever kept.
        const DivergencePolicy halve {DivergenceAction::Halve};
        int halvings = 0;
        while (!t.finished()) {
            const BatchReport r = t.trainBatch();
            if (r.divergence) {
                const std::optional<double> lr = halve.rateToTrainOn(t.activeConfig().lr, halvings);
                QVERIFY(lr);
                QCOMPARE(*lr, t.activeConfig().lr / 2);
                ++halvings;
                t.setLearningRate(*lr);
            } else {
                halvings = 0;
            }
            QVERIFY(t.params().allFinite() && t.optimizerState().first.allFinite());
        }
        QVERIFY(t.finished());
        QVERIFY(t.activeConfig().lr < 50);
        QVERIFY2(t.epochReports().back().testAccuracy > 90,
                 qPrintable(QString::number(t.epochReports().back().testAccuracy)));
        QCOMPARE(t.lossHistory().size(), t.step());
        for (float l : t.lossHistory())
            QVERIFY(std::isfinite(l));
        for (const EpochReport &e : t.epochReports())
            QVERIFY(std::isfinite(e.trainLoss) && std::isfinite(e.testLoss));
    }

    // A step whose weights are not finite overwrites the buffers that kept the state before the
    // previous batch: a loss above the limit right after it must not swap that failed step back
    // in. A loss above the limit at weights that cannot be undone further is trained on; the
    // next one undoes that batch, weights and momentum buffer.
    void failedStepLeavesNothingToUndo()
    {
        auto split = syntheticSplit(300, 50);
        TrainConfig c = smallConfig(3);
        c.momentum = 0.9;
        Trainer t(split, c);
        QCOMPARE(t.lossLimit(), kDivergenceLossLimit);
        for (int i = 0; i < 3; ++i)
            QVERIFY(!t.trainBatch().divergence);
        const MlpParamsF kept = t.params();
        const MlpParamsF keptVelocity = t.optimizerState().first;
        t.setLearningRate(1e300); // inf as a float: the step's weights are not finite
        BatchReport r = t.trainBatch();
        QVERIFY(r.divergence);
        QCOMPARE(r.divergence->batchesUndone, 1);
        QVERIFY(t.params() == kept);

        t.setLearningRate(c.lr);
        t.setLossLimit(0); // every loss is above the limit from here
        r = t.trainBatch();
        QVERIFY2(!r.divergence, r.divergence ? r.divergence->message.c_str() : "");
        QCOMPARE(t.step(), std::size_t(4));
        QVERIFY(t.params().allFinite() && t.optimizerState().first.allFinite());
        const MlpParamsF after = t.params();
        QVERIFY(!(after == kept));

        r = t.trainBatch();
        QVERIFY(r.divergence);
        QCOMPARE(r.divergence->batchesUndone, 2);
        QCOMPARE(r.divergence->quantity, std::string("the loss"));
        QVERIFY(t.params() == kept);
        QVERIFY(t.optimizerState().first == keptVelocity);
        QCOMPARE(t.step(), std::size_t(4)); // the position and the history stay
        QCOMPARE(t.lossHistory().size(), std::size_t(4));
    }

    void lossAndEpochHistories()
    {
        auto split = syntheticSplit(100, 20);
        Trainer t(split, smallConfig(1));
        std::vector<double> losses;
        t.run([&](const BatchReport &r) { losses.push_back(r.loss); }, {});
        QCOMPARE(t.lossHistory().size(), std::size_t(8));
        for (std::size_t i = 0; i < losses.size(); ++i)
            QCOMPARE(t.lossHistory()[i], float(losses[i]));
        QCOMPARE(t.epochReports().size(), std::size_t(2));
        QCOMPARE(t.epochReports()[1].epoch, 2);
        t.reset();
        QVERIFY(t.lossHistory().empty() && t.epochReports().empty());
    }

    void emptyTrainingSet()
    {
        auto split = syntheticSplit(0, 10);
        Trainer t(split, smallConfig(1));
        QCOMPARE(t.batchesPerEpoch(), 0);
        QVERIFY(t.finished());
        t.run({}, {});
        QCOMPARE(t.step(), std::size_t(0));
        QVERIFY(t.lastBatchIndices().empty());
    }
};

QTEST_MAIN(TestTrainer)
#include "tst_trainer.moc"
