// Runs compared side by side: the legend names only what differs, per-class accuracies come from
// the confusion matrix, and a CompareRun trains its own network on the shared data (the same
// numbers as NetworkTrainer with the same settings), reports each epoch, stops when asked from
// another thread and reports a divergence.

#include "synthetic.h"

#include <train/comparison.h>
#include <nn/mlp.h>
#include <train/networktrainer.h>

#include <QTest>

#include <cmath>
#include <optional>
#include <thread>

using namespace bplab;
using namespace bplab::test;

namespace {

CompareChoice choice(std::vector<int> hidden, Activation f = Activation::ReLU, double lr = 0.1, int epochs = 2)
{
    CompareChoice c;
    c.arch.hidden = std::move(hidden);
    c.arch.activation = f;
    c.lr = lr;
    c.epochs = epochs;
    return c;
}

TrainConfig base()
{
    TrainConfig c;
    c.batch = 32;
    c.seed = 3;
    return c;
}

} // namespace

class TestComparison : public QObject
{
    Q_OBJECT

private slots:
    void labelsNameOnlyWhatDiffers()
    {
        using L = std::vector<std::string>;
        QCOMPARE(runLabels({choice({128}, Activation::ReLU), choice({128}, Activation::Sigmoid)}), (L {"ReLU", "sigmoid"}));
        QCOMPARE(runLabels({choice({8}), choice({32}), choice({128})}), (L {"784-8-10", "784-32-10", "784-128-10"}));
        // No hidden layer has no activation to name; the other run's is named.
        QCOMPARE(runLabels({choice({}, Activation::ReLU), choice({128}, Activation::Sigmoid)}),
                 (L {"784-10", "784-128-10, sigmoid"}));
        QCOMPARE(runLabels({choice({}), choice({128}, Activation::ReLU), choice({128}, Activation::Tanh)}),
                 (L {"784-10", "784-128-10, ReLU", "784-128-10, tanh"}));
        CompareChoice fast = choice({128}, Activation::ReLU, 0.5, 3);
        fast.momentum = 0.9;
        QCOMPARE(runLabels({choice({128}), fast}), (L {"lr 0.1, plain SGD, 2 epochs", "lr 0.5, momentum 0.9, 3 epochs"}));
        // The same run twice is told apart by its number.
        QCOMPARE(runLabels({choice({16}), choice({16})}), (L {"run 1", "run 2"}));
        QCOMPARE(runLabels({choice({16}), choice({32}), choice({16})}), (L {"784-16-10", "784-32-10", "784-16-10 (run 3)"}));
        QCOMPARE(runLabels({}), L {});
        CompareChoice later = choice({128});
        later.fromStep = 250;
        QCOMPARE(runLabels({choice({128}), later}), (L {"from batch 0", "from batch 250"}));
        CompareChoice adam = choice({128}, Activation::ReLU, 0.001);
        adam.adam = true;
        QCOMPARE(runLabels({choice({128}), fast, adam}), (L {"lr 0.1, plain SGD, 2 epochs", "lr 0.5, momentum 0.9, 3 epochs", "lr 0.001, Adam, 2 epochs"}));
    }

    void labelsNameDropoutAndWeightDecay()
    {
        using L = std::vector<std::string>;
        CompareChoice dropout = choice({});
        dropout.arch = withLayers(*parseLayers("dense 128, dropout 0.25"), Activation::ReLU);
        CompareChoice decayed = choice({128});
        decayed.weightDecay = 5e-4;
        QCOMPARE(runLabels({choice({128}), dropout, decayed}),
                 (L {"784-128-10, no weight decay", "dense 128, dropout 0.25, no weight decay", "784-128-10, weight decay 0.0005"}));
        // A layer list of dense layers alone is the dense network, named by its widths.
        CompareChoice dense = choice({});
        dense.arch = withLayers(*parseLayers("dense 32"), Activation::ReLU);
        QCOMPARE(runLabels({dense, choice({128})}), (L {"784-32-10", "784-128-10"}));
    }

    void trainsDropoutAndWeightDecayAsTheNetworkTrainerDoes()
    {
        // A run's layer list (dropout drawn from the seed) and its weight decay reach the
        // training: the same numbers as NetworkTrainer with them, other ones without the decay.
        const auto data = syntheticSplit(160, 60);
        CompareChoice c = choice({}, Activation::ReLU, 0.1, 1);
        c.arch = withLayers(*parseLayers("dense 16, dropout 0.5"), Activation::ReLU);
        c.weightDecay = 0.05;
        CompareRun run(data, base(), c);
        QCOMPARE(run.config().weightDecay, 0.05);
        run.run();
        const CompareProgress p = run.progress();
        QCOMPARE(p.state, CompareProgress::State::Finished);
        QCOMPARE(p.epochs.size(), std::size_t(1));
        NetworkTrainer t(data, run.config(), c.arch, initMlp(c.arch, run.config().init, run.config().seed));
        std::optional<EpochReport> direct;
        while (!t.finished())
            if (NetworkBatch b = t.trainBatch(); b.epochEnded)
                direct = *b.epochEnded;
        QVERIFY(direct);
        QCOMPARE(p.epochs[0].testLoss, direct->testLoss);
        QCOMPARE(p.epochs[0].trainAccuracy, direct->trainAccuracy);
        QVERIFY(std::isfinite(p.epochs[0].trainAccuracy));
        CompareChoice plain = c;
        plain.weightDecay = 0;
        CompareRun without(data, base(), plain);
        without.run();
        QVERIFY(without.progress().epochs.at(0).testLoss != p.epochs[0].testLoss);
        // Its first layer is dense: the map has a tile per neuron.
        QCOMPARE(p.firstLayerNeurons, 16);
        QVERIFY(p.firstLayerMap && p.firstLayerMap->size() == std::size_t(16 * kInputs));
    }

    void aConvolutionFirstHasNoGradientMap()
    {
        // A kernel's weights are not one per pixel: the run trains, with its gradient's size per
        // epoch, and without a map.
        const auto data = syntheticSplit(64, 20);
        CompareChoice c = choice({}, Activation::ReLU, 0.05, 1);
        c.arch = withLayers(*parseLayers("conv 2 5x5, pool 2, dense 8"), Activation::ReLU);
        QVERIFY(!hasFirstLayerMap(c.arch));
        QVERIFY(hasFirstLayerMap(choice({128}).arch));
        QVERIFY(hasFirstLayerMap(choice({}).arch));
        CompareRun run(data, base(), c);
        run.run();
        const CompareProgress p = run.progress();
        QCOMPARE(p.state, CompareProgress::State::Finished);
        QCOMPARE(p.firstLayerGradient.size(), std::size_t(1));
        QVERIFY(p.firstLayerGradient[0] > 0);
        QCOMPARE(p.firstLayerNeurons, 0);
        QVERIFY(!p.firstLayerMap);
        QVERIFY(p.weights);
    }

    void aRunIsTestedOnShiftedDigits()
    {
        // out(r, c) = in(r - 2, c - 2), 0 shifted in.
        Dataset one;
        one.labels = {7};
        one.pixels.assign(std::size_t(kInputs), 0);
        one.pixels[std::size_t(0 * kImageSide + 0)] = 9;
        one.pixels[std::size_t(5 * kImageSide + 3)] = 200;
        one.pixels[std::size_t(27 * kImageSide + 27)] = 50; // moved out of the picture
        const Dataset moved = shiftedDigits(one, 2);
        QCOMPARE(int(moved.pixels[std::size_t(2 * kImageSide + 2)]), 9);
        QCOMPARE(int(moved.pixels[std::size_t(7 * kImageSide + 5)]), 200);
        QCOMPARE(int(moved.pixels[std::size_t(5 * kImageSide + 3)]), 0);
        int lit = 0;
        for (std::uint8_t v : moved.pixels)
            lit += v > 0;
        QCOMPARE(lit, 2);
        QCOMPARE(moved.labels, one.labels);

        // The same training, tested on the shifted digits: the same training loss, another test.
        const auto data = syntheticSplit(160, 60);
        CompareChoice c = choice({16}, Activation::ReLU, 0.1, 1);
        CompareRun plain(data, base(), c);
        plain.run();
        c.testShift = 3;
        CompareRun shifted(data, base(), c);
        shifted.run();
        const EpochReport a = plain.progress().epochs.at(0), b = shifted.progress().epochs.at(0);
        QCOMPARE(a.trainLoss, b.trainLoss);
        QCOMPARE(a.trainAccuracy, b.trainAccuracy);
        QVERIFY(a.testLoss != b.testLoss);
        QCOMPARE(runLabels({plain.choice(), c}), (std::vector<std::string> {"test unshifted", "test shifted 3 px"}));
        // Every run tested on moved digits: still said, or the accuracies read as the usual test's.
        CompareChoice wide = c;
        wide.arch.hidden = {32};
        QCOMPARE(runLabels({c, wide}), (std::vector<std::string> {"784-16-10, test shifted 3 px", "784-32-10, test shifted 3 px"}));
    }

    void classAccuraciesFromTheConfusionMatrix()
    {
        std::array<std::array<int, kOutputs>, kOutputs> m {};
        m[0][0] = 9;
        m[0][6] = 1;
        m[7][7] = 5;
        m[7][1] = 15;
        const auto a = classAccuracies(m);
        QCOMPARE(a[0], 90.0);
        QCOMPARE(a[7], 25.0);
        QCOMPARE(a[3], -1.0);
    }

    void trainsAsTheNetworkTrainerDoes()
    {
        const auto data = syntheticSplit(320, 100);
        const CompareChoice c = choice({16}, Activation::Sigmoid, 0.5, 2);
        CompareRun run(data, base(), c);
        QVERIFY(run.config().init == initFor(Activation::Sigmoid));
        QCOMPARE(run.progress().state, CompareProgress::State::Waiting);
        run.run();
        const CompareProgress p = run.progress();
        QCOMPARE(p.state, CompareProgress::State::Finished);
        QCOMPARE(p.totalSteps, std::size_t(20));
        QCOMPARE(p.step, std::size_t(20));
        QCOMPARE(p.epochs.size(), std::size_t(2));
        QVERIFY(p.seconds > 0);

        // The same settings through NetworkTrainer directly: the same test results.
        // The first layer's gradient measures, recomputed in double from each batch's gradient.
        NetworkTrainer t(data, run.config(), c.arch, initMlp(c.arch, run.config().init, run.config().seed));
        std::vector<EpochReport> direct;
        std::vector<double> rms;
        std::vector<float> losses;
        std::vector<double> absMean(std::size_t(16 * kInputs), 0.0);
        double rmsSum = 0;
        int batches = 0;
        while (!t.finished()) {
            const NetworkBatch b = t.trainBatch();
            losses.push_back(float(b.loss));
            const RowMat<float> &g = t.gradients().layers.front().W;
            double squares = 0;
            for (Eigen::Index i = 0; i < g.size(); ++i) {
                squares += double(g.data()[i]) * g.data()[i];
                if (b.epoch == 1)
                    absMean[std::size_t(i)] += std::abs(double(g.data()[i])) / 10.0;
            }
            rmsSum += std::sqrt(squares / double(g.size()));
            ++batches;
            if (b.epochEnded) {
                direct.push_back(*b.epochEnded);
                rms.push_back(rmsSum / batches);
                rmsSum = 0;
                batches = 0;
            }
        }
        QCOMPARE(direct.size(), std::size_t(2));
        for (std::size_t e = 0; e < 2; ++e) {
            QCOMPARE(p.epochs[e].testAccuracy, direct[e].testAccuracy);
            QCOMPARE(p.epochs[e].testLoss, direct[e].testLoss);
            QVERIFY2(std::abs(p.firstLayerGradient[e] - rms[e]) <= 1e-5 * rms[e],
                     qPrintable(QString("epoch %1: %2 against %3").arg(e + 1).arg(p.firstLayerGradient[e]).arg(rms[e])));
        }
        QVERIFY(p.firstLayerGradient[0] > 0);
        // Every batch's loss at its fractional epoch.
        QCOMPARE(p.losses.loss(), losses);
        QCOMPARE(p.losses.x().front(), 0.1);
        QCOMPARE(p.losses.x().back(), 2.0);
        QCOMPARE(p.firstLayerNeurons, 16);
        QVERIFY(p.firstLayerMap);
        QCOMPARE(p.firstLayerMap->size(), absMean.size());
        for (std::size_t i = 0; i < absMean.size(); ++i)
            QVERIFY2(std::abs((*p.firstLayerMap)[i] - absMean[i]) <= 1e-5 * absMean[i] + 1e-12,
                     qPrintable(QString("weight %1: %2 against %3").arg(i).arg((*p.firstLayerMap)[i]).arg(absMean[i])));
        QVERIFY2(p.epochs.back().testAccuracy > 80, qPrintable(QString::number(p.epochs.back().testAccuracy)));
    }

    void goesOnFromTheTrainingsWeights()
    {
        // 320 images in batches of 32: 10 batches an epoch. The training goes to batch 13 (epoch
        // 2, its 4th batch); a run from there is the training's own epochs 2 and 3, bit for bit.
        const auto data = syntheticSplit(320, 100);
        CompareChoice c = choice({16}, Activation::ReLU, 0.1, 3);
        CompareRun fresh(data, base(), c); // for its settings
        NetworkTrainer training(data, fresh.config(), c.arch, initMlp(c.arch, fresh.config().init, fresh.config().seed));
        for (int b = 0; b < 13; ++b)
            training.trainBatch();
        c.fromStep = 13;
        CompareRun run(data, base(), c, std::make_shared<const MlpParamsF>(training.params()));
        run.run();
        std::vector<EpochReport> direct;
        double lossSum = 0;
        int batches = 0;
        while (!training.finished()) {
            const NetworkBatch b = training.trainBatch();
            if (b.epoch == 1) {
                lossSum += b.loss;
                ++batches;
            }
            if (b.epochEnded)
                direct.push_back(*b.epochEnded);
        }
        const CompareProgress p = run.progress();
        QCOMPARE(p.state, CompareProgress::State::Finished);
        QCOMPARE(p.step, std::size_t(30));
        QCOMPARE(p.epochs.size(), std::size_t(2));
        QCOMPARE(batches, 7);
        QCOMPARE(p.losses.batchCount(), std::size_t(17));
        QCOMPARE(p.losses.x().front(), 1.4); // the training's 14th batch
        for (std::size_t e = 0; e < 2; ++e) {
            QCOMPARE(p.epochs[e].epoch, int(e) + 2);
            QCOMPARE(p.epochs[e].testAccuracy, direct[e].testAccuracy);
            QCOMPARE(p.epochs[e].testLoss, direct[e].testLoss);
        }
        // The first epoch's training loss is the mean of the 7 batches it trained, not of 10.
        QCOMPARE(p.epochs[0].trainLoss, lossSum / 7);
        QCOMPARE(p.epochs[1].trainLoss, direct[1].trainLoss);

        // Weights of another shape are not taken: the run starts from its own initialisation.
        CompareChoice wide = choice({32}, Activation::ReLU, 0.1, 1);
        CompareRun other(data, base(), wide, std::make_shared<const MlpParamsF>(training.params()));
        other.run();
        QCOMPARE(other.progress().step, std::size_t(10));
    }

    void goesOnWithTheTrainingsOptimizerState_data()
    {
        QTest::addColumn<bool>("adam");
        QTest::addColumn<bool>("twoLayers"); // 784-24-12-10 instead of the source's network
        QTest::newRow("momentum 0.9") << false << false;
        QTest::newRow("Adam") << true << false;
        QTest::newRow("784-24-12-10, momentum 0.9") << false << true;
        QTest::newRow("784-24-12-10, Adam") << true << true;
    }
    void goesOnWithTheTrainingsOptimizerState()
    {
        // A network with momentum (or Adam) to batch 13; a run from there that steps as the
        // training does, given the training's buffers, is the training's own epochs 2 and 3.
        QFETCH(bool, adam);
        QFETCH(bool, twoLayers);
        const auto data = syntheticSplit(320, 100);
        CompareChoice c = choice(twoLayers ? std::vector<int> {24, 12} : std::vector<int> {kHidden}, Activation::ReLU, adam ? 0.001 : 0.05, 3);
        c.momentum = adam ? 0.0 : 0.9;
        c.adam = adam;
        TrainConfig training = base();
        training.momentum = c.momentum;
        training.optimizer = adam ? "adam" : "sgd";
        QVERIFY(!stepsAsTraining(training, c) || (c.arch == Architecture::source())); // another network than trained
        training.network = c.arch;
        QVERIFY(stepsAsTraining(training, c));
        CompareRun fresh(data, training, c); // for its settings
        NetworkTrainer trainer(data, fresh.config(), c.arch, initMlp(c.arch, fresh.config().init, fresh.config().seed));
        for (int b = 0; b < 13; ++b)
            trainer.trainBatch();
        auto state = std::make_shared<NetworkOptimizerState>(trainer.optimizerState());
        c.fromStep = 13;
        const auto start = std::make_shared<const MlpParamsF>(trainer.params());
        CompareRun withState(data, training, c, start, state);
        CompareRun without(data, training, c, start);
        QVERIFY(withState.continuesOptimizer());
        QVERIFY(!without.continuesOptimizer());
        withState.run();
        without.run();
        std::vector<EpochReport> direct;
        while (!trainer.finished())
            if (const NetworkBatch b = trainer.trainBatch(); b.epochEnded)
                direct.push_back(*b.epochEnded);
        const CompareProgress p = withState.progress();
        QCOMPARE(p.state, CompareProgress::State::Finished);
        QCOMPARE(p.epochs.size(), std::size_t(2));
        QCOMPARE(direct.size(), std::size_t(2));
        QCOMPARE(p.epochs[1].testLoss, direct[1].testLoss);
        QVERIFY(*p.weights == trainer.params());
        // Without the buffers the run starts its optimiser afresh and ends elsewhere.
        QVERIFY(!(*without.progress().weights == trainer.params()));
        // Another momentum, or plain SGD, keeps its own (fresh) state.
        CompareChoice other = c;
        other.adam = false;
        other.momentum = adam ? 0.9 : 0.5;
        QVERIFY(!CompareRun(data, training, other, start, state).continuesOptimizer());
    }

    void theSigmoidsFirstLayerGetsSmallerGradients()
    {
        // a' = a(1 - a) <= 1/4 against ReLU's 1 for every active neuron: the same network, data
        // and rate, and the first layer's gradients are several times smaller with the sigmoid.
        const auto data = syntheticSplit(320, 50);
        CompareRun relu(data, base(), choice({32}, Activation::ReLU, 0.1, 1));
        CompareRun sigmoid(data, base(), choice({32}, Activation::Sigmoid, 0.1, 1));
        relu.run();
        sigmoid.run();
        const double r = relu.progress().firstLayerGradient.at(0), s = sigmoid.progress().firstLayerGradient.at(0);
        QVERIFY2(s * 2 < r, qPrintable(QString("sigmoid %1, ReLU %2").arg(s).arg(r)));
        // Without a hidden layer the first layer is the output layer: ten rows.
        CompareRun linear(data, base(), choice({}, Activation::ReLU, 0.1, 1));
        linear.run();
        QCOMPARE(linear.progress().firstLayerNeurons, kOutputs);
        QCOMPARE(linear.progress().firstLayerMap->size(), std::size_t(kOutputs * kInputs));
    }

    void trainsWithAdam()
    {
        // Adam at its usual rate learns the synthetic digits, as NetworkTrainer with Adam does.
        const auto data = syntheticSplit(320, 100);
        CompareChoice c = choice({16}, Activation::ReLU, 0.001, 2);
        c.adam = true;
        c.momentum = 0.9; // Adam keeps its own moments: not used
        CompareRun run(data, base(), c);
        QCOMPARE(run.config().optimizer, std::string("adam"));
        QCOMPARE(run.config().momentum, 0.0);
        run.run();
        TrainConfig direct = run.config();
        NetworkTrainer t(data, direct, c.arch, initMlp(c.arch, direct.init, direct.seed));
        std::optional<EpochReport> last;
        while (!t.finished())
            if (auto e = t.trainBatch().epochEnded)
                last = e;
        QCOMPARE(run.progress().epochs.back().testAccuracy, last->testAccuracy);
        QVERIFY2(last->testAccuracy > 80, qPrintable(QString::number(last->testAccuracy)));
    }

    void aBatchLargerThanTheDataIsClamped()
    {
        const auto data = syntheticSplit(20, 10);
        TrainConfig b = base();
        b.batch = 64;
        CompareRun run(data, b, choice({}, Activation::ReLU, 0.1, 1));
        QCOMPARE(run.config().batch, 20);
        run.run();
        QCOMPARE(run.progress().step, std::size_t(1));
    }

    void stopsWhenAskedFromAnotherThread()
    {
        const auto data = syntheticSplit(640, 50);
        CompareRun run(data, base(), choice({64}, Activation::ReLU, 0.1, 500));
        std::thread trainer([&] { run.run(); });
        // Asked once it has trained a little, read meanwhile from this thread.
        while (run.progress().step < 3)
            std::this_thread::yield();
        run.requestStop();
        trainer.join();
        const CompareProgress p = run.progress();
        QCOMPARE(p.state, CompareProgress::State::Stopped);
        QVERIFY(p.step < p.totalSteps);
    }

    void saysWhyItDiverged()
    {
        const auto data = syntheticSplit(320, 50);
        CompareRun run(data, base(), choice({16}, Activation::ReLU, 1e30, 3));
        run.run();
        const CompareProgress p = run.progress();
        QCOMPARE(p.state, CompareProgress::State::Diverged);
        QVERIFY2(p.message.find("diverged") != std::string::npos, p.message.c_str());
        QVERIFY(p.step < p.totalSteps);
    }
};

QTEST_GUILESS_MAIN(TestComparison)
#include "tst_comparison.moc"
