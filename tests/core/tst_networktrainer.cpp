// Training a network of any shape (core/train/networktrainer.h): for 784-128-10 ReLU it follows the source
// network's Trainer (same samples, same start, same SGD; only the order of the float sums differs),
// a 784-10 model and two-layer networks learn, the evaluation agrees with the trace of each sample,
// a learning rate that blows up stops with the weights before that batch, one thread or two
// give the same bits, and the step split over them is the optimiser's rule on every value. The source network's Trainer, given another network, trains it as a
// NetworkTrainer does, bit for bit, with its own reports and batch indices; N data-parallel
// replicas of batch B train as one of batch N x B does (up to the order of the sums).

#include "architectures.h"
#include "synthetic.h"

#include "nn/batchthreads.h"
#include "nn/kernels.h"
#include "cluster/replicaexchange.h"
#include "nn/mlptrace.h"
#include "nn/networkeval.h"
#include "train/networktrainer.h"
#include "train/trainer.h"

#include <QScopeGuard>
#include <QTest>

#include <cmath>
#include <limits>

using namespace bplab;
using namespace bplab::test;

class TestNetworkTrainer : public QObject
{
    Q_OBJECT

    static TrainConfig config(int epochs, double lr, double momentum = 0)
    {
        TrainConfig c = sourceRecipe();
        c.epochs = epochs;
        c.batch = 32;
        c.lr = lr;
        c.momentum = momentum;
        return c;
    }

    static std::vector<NetworkBatch> trainAll(NetworkTrainer &t)
    {
        std::vector<NetworkBatch> out;
        while (!t.finished()) {
            out.push_back(t.trainBatch());
            if (out.back().divergence)
                break;
        }
        return out;
    }

private slots:
    void theTrainerIsTheNetworkTrainer_data()
    {
        QTest::addColumn<double>("momentum");
        QTest::addColumn<bool>("adam");
        QTest::addColumn<bool>("augment");
        QTest::newRow("plain SGD") << 0.0 << false << false;
        QTest::newRow("momentum 0.9") << 0.9 << false << false;
        QTest::newRow("Adam") << 0.0 << true << false;
        QTest::newRow("augmented") << 0.0 << false << true; // the same images, shifted and turned alike
    }

    // The default network trains in the Trainer exactly as in a NetworkTrainer of its own: the
    // Trainer adds the position, the histories and the snapshots, not another pass.
    void theTrainerIsTheNetworkTrainer()
    {
        QFETCH(double, momentum);
        QFETCH(bool, adam);
        QFETCH(bool, augment);
        const auto data = syntheticSplit(640, 200);
        TrainConfig c = config(2, adam ? 0.001 : 0.1, momentum);
        if (adam)
            c.optimizer = "adam";
        c.augment = augment;
        Trainer source(data, c);
        NetworkTrainer any(data, c, Architecture::source(), initMlp(Architecture::source(), c.init, c.seed));
        QCOMPARE(any.batchesPerEpoch(), source.batchesPerEpoch());
        QVERIFY(source.params() == any.params()); // the same start, bit for bit
        while (!source.finished()) {
            const BatchReport s = source.trainBatch();
            const NetworkBatch n = any.trainBatch();
            QVERIFY(!n.divergence);
            QCOMPARE(n.step, s.step);
            QCOMPARE(n.loss, s.loss);
            QCOMPARE(bool(n.epochEnded), bool(s.epochEnded));
            if (s.epochEnded) {
                QCOMPARE(n.epochEnded->testAccuracy, s.epochEnded->testAccuracy);
                QCOMPARE(n.epochEnded->testLoss, s.epochEnded->testLoss);
            }
        }
        QVERIFY(any.finished());
        QVERIFY(any.params() == source.params());
    }

    void networksLearn_data()
    {
        QTest::addColumn<std::vector<int>>("hidden");
        QTest::addColumn<int>("activation");
        QTest::newRow("784-10") << std::vector<int>{} << int(Activation::ReLU);
        QTest::newRow("784-16-10 sigmoid") << std::vector<int>{16} << int(Activation::Sigmoid);
        QTest::newRow("784-32-16-10 tanh") << std::vector<int>{32, 16} << int(Activation::Tanh);
        QTest::newRow("784-24-10 leaky ReLU") << std::vector<int>{24} << int(Activation::LeakyReLU);
    }

    void networksLearn()
    {
        QFETCH(std::vector<int>, hidden);
        QFETCH(int, activation);
        const Architecture a = arch(hidden, Activation(activation));
        const auto data = syntheticSplit(800, 300);
        const TrainConfig c = config(3, a.activation == Activation::Sigmoid ? 0.5 : 0.1);
        const Evaluation before = evaluateNetwork(a, initMlp(a, c.seed), data->test, c.normalize);
        NetworkTrainer t(data, c, a, initMlp(a, c.seed));
        const std::vector<NetworkBatch> batches = trainAll(t);
        QVERIFY(t.finished());
        QCOMPARE(int(batches.size()), 3 * 25);
        const EpochReport last = *batches.back().epochEnded;
        QCOMPARE(last.epoch, 3);
        QVERIFY2(last.testAccuracy > 90 && last.testAccuracy > before.accuracy + 40,
                 qPrintable(QStringLiteral("%1 -> %2%").arg(before.accuracy).arg(last.testAccuracy)));
        QVERIFY(last.testLoss < before.loss);
        QVERIFY(last.trainLoss < batches.front().loss);
        // The epoch's evaluation is each sample's own forward pass, summed.
        const Evaluation ev = evaluateNetwork(a, t.params(), data->test, c.normalize);
        QCOMPARE(ev.accuracy, last.testAccuracy);
        double loss = 0;
        int correct = 0;
        for (std::size_t i = 0; i < data->test.size(); ++i) {
            const Vec<float> x = scaleInput<float>(data->test.image(i), c.normalize);
            const MlpTrace<float> tr = explainSample(a, t.params(), x, data->test.label(i), 0.0f);
            loss += tr.loss;
            correct += tr.predicted == data->test.label(i);
            if (i < 5) {
                const auto p = networkProbabilities(a, t.params(), data->test.image(i), c.normalize);
                for (int k = 0; k < kOutputs; ++k)
                    QVERIFY(std::abs(p[std::size_t(k)] - tr.probabilities[k]) < 1e-5f);
            }
        }
        QVERIFY(std::abs(loss / double(data->test.size()) - ev.loss) < 1e-4);
        QCOMPARE(100.0 * correct / double(data->test.size()), ev.accuracy);
        int confusionSum = 0;
        for (const auto &row : ev.confusion)
            for (int n : row)
                confusionSum += n;
        QCOMPARE(confusionSum, int(data->test.size()));
    }

    void sameSeedSameBits()
    {
        const Architecture a = arch({20, 10}, Activation::Tanh);
        const auto data = syntheticSplit(300, 50);
        const TrainConfig c = config(2, 0.1, 0.9);
        NetworkTrainer one(data, c, a, initMlp(a, c.seed));
        NetworkTrainer two(data, c, a, initMlp(a, c.seed));
        trainAll(one);
        trainAll(two);
        QVERIFY(one.params() == two.params());
        TrainConfig other = c;
        other.seed = 2;
        NetworkTrainer three(data, other, a, initMlp(a, c.seed)); // another order only
        trainAll(three);
        QVERIFY(!(one.params() == three.params()));
    }

    void sameBitsOnOneAndTwoThreads_data()
    {
        QTest::addColumn<int>("batch");
        QTest::newRow("batch 64") << 64;
        QTest::newRow("batch 1 (an empty second half)") << 1;
        QTest::newRow("batch 33 (halves of 17 and 16)") << 33;
    }

    void sameBitsOnOneAndTwoThreads()
    {
        QFETCH(int, batch);
        const Architecture a = arch({40, 24}, Activation::Sigmoid);
        const auto data = syntheticSplit(200, 40);
        TrainConfig c = config(2, 0.3, 0.5);
        c.batch = batch;
        MlpParamsF trained[2];
        double lastLoss[2] = {};
        for (int threads : {1, 2}) {
            setTrainingThreads(threads);
            NetworkTrainer t(data, c, a, initMlp(a, c.seed));
            const std::vector<NetworkBatch> batches = trainAll(t);
            QVERIFY(t.finished());
            trained[threads - 1] = t.params();
            lastLoss[threads - 1] = batches.back().loss;
        }
        setTrainingThreads(defaultTrainingThreads());
        QVERIFY(trained[0] == trained[1]);
        QCOMPARE(lastLoss[0], lastLoss[1]);
    }

    void bothKernelsTrainAlike()
    {
        // Eigen's pass (two halves of the samples) and libxsmm's (split by neurons): the same
        // training up to the order of the float sums; each gives one thread's bits on two.
        if (!xsmmBuilt())
            QSKIP("this build has no libxsmm");
        const Architecture a = arch({40, 24}, Activation::Tanh);
        const auto data = syntheticSplit(200, 40);
        TrainConfig c = config(2, 0.2, 0.5);
        c.batch = 33;
        MlpParamsF trained[2][2];
        const auto restore = qScopeGuard([] {
            setActiveKernels(Kernels::Xsmm);
            setTrainingThreads(defaultTrainingThreads());
        });
        for (int k = 0; k < 2; ++k)
            for (int threads : {1, 2}) {
                setActiveKernels(k == 0 ? Kernels::Eigen : Kernels::Xsmm);
                setTrainingThreads(threads);
                NetworkTrainer t(data, c, a, initMlp(a, c.seed));
                trainAll(t);
                QVERIFY(t.finished());
                trained[k][threads - 1] = t.params();
            }
        QVERIFY(trained[0][0] == trained[0][1]);
        QVERIFY(trained[1][0] == trained[1][1]);
        QVERIFY(!(trained[0][0] == trained[1][0])); // another order of the sums
        for (std::size_t l = 0; l < a.hidden.size() + 1; ++l)
            QVERIFY((trained[0][0].layers[l].W - trained[1][0].layers[l].W).cwiseAbs().maxCoeff() < 1e-4f);
    }

    void everyValueStepped_data()
    {
        QTest::addColumn<std::vector<int>>("hidden");
        QTest::addColumn<QString>("optimizer");
        for (const QString optimizer : {"sgd", "momentum", "adam"}) {
            QTest::addRow("784-10 %s", qPrintable(optimizer)) << std::vector<int>{} << optimizer;
            QTest::addRow("784-8-10 %s", qPrintable(optimizer)) << std::vector<int>{8} << optimizer; // one side
            QTest::addRow("784-40-24-10 %s", qPrintable(optimizer)) << std::vector<int>{40, 24} << optimizer;
        }
    }

    void everyValueStepped()
    {
        // The step, split over the threads (one or two), is the optimiser's rule applied to every
        // value.
        QFETCH(std::vector<int>, hidden);
        QFETCH(QString, optimizer);
        const Architecture a = arch(hidden, Activation::Sigmoid);
        const auto data = syntheticSplit(200, 40);
        const bool adam = optimizer == "adam";
        TrainConfig c = config(1, adam ? 0.001 : 0.1, optimizer == "momentum" ? 0.9 : 0.0);
        c.optimizer = adam ? "adam" : "sgd";
        c.batch = 33;
        const auto restore = qScopeGuard([] { setTrainingThreads(defaultTrainingThreads()); });
        for (int threads : {1, 2}) {
            setTrainingThreads(threads);
            NetworkTrainer t(data, c, a, initMlp(a, c.seed));
            QVERIFY(!t.trainBatch().divergence); // a state with moments to step from
            const MlpParamsF before = t.params();
            const NetworkOptimizerState state = t.optimizerState();
            const NetworkBatch b = t.trainBatch();
            QVERIFY(!b.divergence);
            const float lr = float(b.lr), mu = float(c.momentum);
            const double step = double(state.steps + 1);
            const float c1 = 1.0f - float(std::pow(double(kNetworkAdamBeta1), step));
            const float c2 = 1.0f - float(std::pow(double(kNetworkAdamBeta2), step));
            const auto expected = [&](const Eigen::ArrayXf &w, const Eigen::ArrayXf &g, const Eigen::ArrayXf &v,
                                      const Eigen::ArrayXf &s2) -> Eigen::ArrayXf {
                if (adam) {
                    const Eigen::ArrayXf m1 = kNetworkAdamBeta1 * v + (1.0f - kNetworkAdamBeta1) * g;
                    const Eigen::ArrayXf s1 = kNetworkAdamBeta2 * s2 + (1.0f - kNetworkAdamBeta2) * g * g;
                    return w - lr * ((m1 / c1) / ((s1 / c2).sqrt() + kNetworkAdamEps));
                }
                return w - lr * (mu > 0 ? Eigen::ArrayXf(mu * v + g) : g);
            };
            const auto flat = [](const auto &m) { return Eigen::ArrayXf(Eigen::Map<const Eigen::ArrayXf>(m.data(), m.size())); };
            for (std::size_t l = 0; l < before.layers.size(); ++l) {
                const auto check = [&](auto member, const char *name) {
                    const auto zero = Eigen::ArrayXf::Zero((before.layers[l].*member).size());
                    const Eigen::ArrayXf v = mu > 0 || adam ? flat(state.first.layers[l].*member) : Eigen::ArrayXf(zero);
                    const Eigen::ArrayXf s2 = adam ? flat(state.second.layers[l].*member) : Eigen::ArrayXf(zero);
                    const Eigen::ArrayXf want = expected(flat(before.layers[l].*member), flat(t.gradients().layers[l].*member), v, s2);
                    const float off = (flat(t.params().layers[l].*member) - want).abs().maxCoeff();
                    QVERIFY2(off < 1e-6f, qPrintable(QStringLiteral("%1 threads: %2%3 is %4 off the rule")
                                                             .arg(threads).arg(QLatin1String(name)).arg(l + 1).arg(off)));
                };
                check(&Layer<float>::W, "W");
                check(&Layer<float>::b, "b");
            }
        }
    }

    void subsetTrainsOnItsImages()
    {
        const Architecture a = arch({12}, Activation::Sigmoid);
        const auto data = syntheticSplit(500, 50);
        TrainConfig c = config(1, 0.1);
        c.trainSubset = 64;
        NetworkTrainer t(data, c, a, initMlp(a, c.seed));
        QCOMPARE(t.data().train.size(), std::size_t(64));
        QCOMPARE(t.batchesPerEpoch(), 2);
        QCOMPARE(t.data().test.size(), std::size_t(50));
    }

    void trainerTrainsAnotherNetwork()
    {
        const Architecture a = arch({24, 12}, Activation::Tanh);
        const auto data = syntheticSplit(700, 60);
        TrainConfig c = config(2, 0.1);
        c.trainSubset = 320;
        c.network = a;
        Trainer trainer(data, c);
        QVERIFY(trainer.network() == a);
        QVERIFY(!trainer.paramsBeforeLastBatch());
        TrainConfig direct = c;
        NetworkTrainer any(data, direct, a, initMlp(a, c.init, c.seed));
        QVERIFY(trainer.params() == any.params());
        QCOMPARE(trainer.batchesPerEpoch(), any.batchesPerEpoch());
        QCOMPARE(trainer.totalSteps(), any.totalSteps());
        std::vector<std::uint32_t> order(any.data().train.size());
        EpochReport lastEpoch;
        while (!trainer.finished()) {
            if (trainer.step() == 7) { // a new rate between two batches reaches the network
                trainer.setLearningRate(0.05);
                any.setLearningRate(0.05);
            }
            const std::vector<std::uint32_t> next = trainer.nextBatchIndices();
            const BatchReport r = trainer.trainBatch();
            const NetworkBatch n = any.trainBatch();
            QVERIFY(!r.divergence);
            QCOMPARE(r.loss, n.loss);
            QCOMPARE(r.lr, n.lr);
            QCOMPARE(r.step, n.step);
            QCOMPARE(bool(r.epochEnded), bool(n.epochEnded));
            if (n.epochEnded)
                lastEpoch = *n.epochEnded;
            QCOMPARE(trainer.lastBatchIndices(), next);
            epochOrder(c.seed, r.epoch, order);
            QCOMPARE(next.front(), order[std::size_t(r.batchInEpoch) * std::size_t(c.batch)]);
        }
        QVERIFY(trainer.params() == any.params());
        QCOMPARE(trainer.lossHistory().size(), trainer.totalSteps());
        QCOMPARE(trainer.epochReports().size(), std::size_t(2));
        QCOMPARE(trainer.epochReports().back().testAccuracy, lastEpoch.testAccuracy);
        QCOMPARE(trainer.epochReports().back().testLoss, lastEpoch.testLoss);
        // The update changed the weights by params - paramsBefore.
        const MlpParamsF &after = trainer.params();
        QVERIFY(trainer.paramsBeforeLastBatch());
        const MlpParamsF &before = *trainer.paramsBeforeLastBatch();
        QVERIFY(!(after == before));

        // Back to the source network at the next reset.
        c.network = Architecture::source();
        QVERIFY(needsReset(trainer.config(), c));
        trainer.setConfig(c);
        trainer.reset();
        QVERIFY(trainer.network() == Architecture::source());
        QVERIFY(trainer.params() == initMlp(Architecture::source(), c.init, c.seed));
    }

    void theBatchsClassesComeFromItsPass()
    {
        // What the batch's mosaic shows: each sample's class by the weights before the update, as
        // a pass of those weights over the batch's samples finds it.
        if (!xsmmBuilt())
            QSKIP("this build has no libxsmm (Eigen's pass keeps no classes)");
        const Architecture a = arch({40}, Activation::ReLU);
        const auto data = syntheticSplit(300, 40);
        TrainConfig c = config(1, 0.1);
        c.network = a;
        Trainer trainer(data, c);
        QVERIFY(trainer.lastBatchPredicted().empty()); // no batch yet
        for (int b = 0; b < 4; ++b) {
            trainer.trainBatch();
            const std::vector<std::uint32_t> indices = trainer.lastBatchIndices();
            Dataset batch;
            batch.rows = trainer.data().train.rows;
            batch.cols = trainer.data().train.cols;
            for (const std::uint32_t i : indices) {
                const std::uint8_t *image = trainer.data().train.image(i);
                batch.pixels.insert(batch.pixels.end(), image, image + batch.rows * batch.cols);
                batch.labels.push_back(std::uint8_t(trainer.data().train.label(i)));
            }
            SampleAnswers answers;
            evaluateNetwork(a, *trainer.paramsBeforeLastBatch(), batch, c.normalize, &answers);
            QCOMPARE(trainer.lastBatchPredicted(), answers.predicted);
        }
        trainer.reset();
        QVERIFY(trainer.lastBatchPredicted().empty());
    }

    void replicasTrainAsOneBatch()
    {
        // 4 replicas of 16 against one trainer of 64, over 690 images: the last batch is short
        // (50 samples: the fourth replica gets 2), and leaves nothing for a fifth.
        const Architecture a = arch({24, 12}, Activation::Tanh);
        const auto data = syntheticSplit(690, 60);
        TrainConfig c = config(2, 0.1, 0.9);
        c.batch = 16;
        auto exchange = std::make_shared<cluster::ReplicaExchange>(1, 4);
        NetworkTrainer replicas(data, c, a, initMlp(a, c.seed), exchange);
        TrainConfig whole = c;
        whole.batch = 64;
        NetworkTrainer one(data, whole, a, initMlp(a, c.seed));
        QCOMPARE(replicas.batchesPerEpoch(), 11);
        QCOMPARE(one.batchesPerEpoch(), 11);
        while (!one.finished()) {
            const NetworkBatch r = replicas.trainBatch();
            const NetworkBatch o = one.trainBatch();
            QVERIFY(!r.exchangeError && !r.divergence);
            QVERIFY2(std::abs(r.loss - o.loss) <= 1e-5 * std::max(1.0, o.loss),
                     qPrintable(QStringLiteral("step %1: %2 against %3").arg(o.step).arg(r.loss).arg(o.loss)));
        }
        QVERIFY(replicas.finished());
        for (std::size_t l = 0; l < one.params().layers.size(); ++l)
            QVERIFY((replicas.params().layers[l].W - one.params().layers[l].W).cwiseAbs().maxCoeff() < 1e-4f);

        // The Trainer with the same exchange trains it as this NetworkTrainer does, bit for bit.
        TrainConfig t = c;
        t.network = a;
        t.init = Init::He;
        Trainer trainer(data, t, std::make_shared<cluster::ReplicaExchange>(1, 4));
        NetworkTrainer direct(data, t, a, initMlp(a, t.init, t.seed), std::make_shared<cluster::ReplicaExchange>(1, 4));
        QCOMPARE(trainer.globalBatch(), 64);
        QCOMPARE(trainer.batchesPerEpoch(), direct.batchesPerEpoch());
        while (!trainer.finished()) {
            QCOMPARE(trainer.trainBatch().loss, direct.trainBatch().loss);
        }
        QVERIFY(trainer.params() == direct.params());
    }

    void divergenceKeepsTheWeights()
    {
        // lr 1e30: the first batch's weights are finite but enormous, the second batch's loss
        // overflows. That batch and the one before are undone: the weights are the initial ones,
        // the position stays after batch 1 (as the source network's Trainer does).
        const Architecture a = arch({16}, Activation::ReLU);
        const auto data = syntheticSplit(640, 50);
        const TrainConfig c = config(5, 1e30, 0.9);
        const MlpParamsF initial = initMlp(a, c.seed);
        NetworkTrainer t(data, c, a, initial);
        QVERIFY(!t.trainBatch().divergence);
        const NetworkBatch b = t.trainBatch();
        QVERIFY(b.divergence);
        const Divergence &d = *b.divergence;
        QCOMPARE(d.batchesUndone, 2);
        QCOMPARE(d.quantity, std::string("the loss"));
        QVERIFY(t.params() == initial);
        QVERIFY(t.firstMoment() == MlpParamsF::zeros(a)); // the momentum buffer before batch 1
        QVERIFY(!t.paramsBefore());
        QCOMPARE(t.step(), std::size_t(1));
        QCOMPARE(d.step, std::size_t(2));
        QCOMPARE(d.suggestedLr, suggestedLearningRate(1e30));
        QVERIFY2(d.message.find("training diverged in epoch 1") == 0, d.message.c_str());
        QVERIFY2(d.message.find("back to their values before that batch") != std::string::npos, d.message.c_str());

        // At the undone state a loss above the limit cannot be undone further: the next batch is
        // trained on at a sane rate, and the training recovers.
        t.setLearningRate(0.05);
        for (int i = 0; i < 10; ++i)
            QVERIFY(!t.trainBatch().divergence);
        QVERIFY(t.params().allFinite());

        // A gradient that is not finite drops this batch only: NaN in the inputs' scale.
        NetworkTrainer u(data, config(5, 0.1), a, initial);
        QVERIFY(!u.trainBatch().divergence);
        const MlpParamsF after1 = u.params();
        u.setLearningRate(std::numeric_limits<double>::infinity());
        const NetworkBatch inf = u.trainBatch();
        QVERIFY(inf.divergence);
        QCOMPARE(inf.divergence->batchesUndone, 1);
        // The step found it (each thread checks its part); the first such value is named.
        const std::string &quantity = inf.divergence->quantity;
        QVERIFY2(quantity.rfind("the weight W1[", 0) == 0 || quantity.rfind("the bias b1[", 0) == 0, quantity.c_str());
        QVERIFY(u.params() == after1);
        QCOMPARE(u.step(), std::size_t(1));
        QVERIFY2(inf.divergence->message.find("the weights are those before this batch") != std::string::npos,
                 inf.divergence->message.c_str());
    }
};

QTEST_MAIN(TestNetworkTrainer)
#include "tst_networktrainer.moc"
