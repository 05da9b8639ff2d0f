// Training a layer list (convolution, pooling, dropout) and weight decay: the network learns,
// one thread and two give the same bits with dropout on, a training resumed mid-epoch goes on
// bit for bit (dropout's mask is keyed by the batch, not by what ran before), the evaluation
// goes through the same layers, and weight decay's step is PyTorch's rule by hand arithmetic.

#include "synthetic.h"

#include "nn/batchthreads.h"
#include "nn/sgdspan.h"
#include "train/networktrainer.h"
#include "train/trainer.h"

#include <QScopeGuard>
#include <QTest>

#include <cmath>

using namespace bplab;
using namespace bplab::test;

namespace {

Architecture layered(const std::string &text, Activation f = Activation::ReLU)
{
    return withLayers(*parseLayers(text), f);
}

TrainConfig config(int epochs, double lr, double momentum = 0)
{
    TrainConfig c = sourceRecipe();
    c.epochs = epochs;
    c.batch = 33;
    c.lr = lr;
    c.momentum = momentum;
    return c;
}

std::vector<NetworkBatch> trainAll(NetworkTrainer &t, std::size_t until = ~std::size_t(0))
{
    std::vector<NetworkBatch> out;
    while (!t.finished() && t.step() < until) {
        out.push_back(t.trainBatch());
        if (out.back().divergence)
            break;
    }
    return out;
}

const char *kNet = "conv 4 5x5 stride 2, pool 2, conv 6 3x3, dense 24, dropout 0.25";

} // namespace

class TestLayerTrainer : public QObject
{
    Q_OBJECT

private slots:
    void convNetLearns()
    {
        const Architecture a = layered(kNet);
        const auto data = syntheticSplit(400, 100);
        TrainConfig c = config(3, 0.05, 0.9);
        c.weightDecay = 1e-4;
        NetworkTrainer t(data, c, a, initMlp(a, c.seed));
        std::optional<EpochReport> first, last;
        for (const NetworkBatch &b : trainAll(t)) {
            QVERIFY(!b.divergence);
            if (b.epochEnded && !first)
                first = b.epochEnded;
            if (b.epochEnded)
                last = b.epochEnded;
        }
        QVERIFY(first && last);
        QVERIFY2(last->testAccuracy > 90.0, qPrintable(QString::number(last->testAccuracy)));
        QVERIFY(last->trainLoss < first->trainLoss);
        // the evaluation is the pass's forward without dropout
        const Evaluation ev = evaluateNetwork(a, t.params(), data->test, c.normalize);
        QCOMPARE(ev.accuracy, last->testAccuracy);
        const auto p = networkProbabilities(a, t.params(), data->test.image(3), c.normalize);
        LayerPass<float> pass(a, 1);
        scaleBytes(data->test.image(3), kInputs, c.normalize, pass.X.col(0).data());
        pass.forward(t.params(), 1, PassContext {});
        for (int k = 0; k < kOutputs; ++k)
            QCOMPARE(p[std::size_t(k)], pass.probabilities()(k, 0));
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
        const Architecture a = layered(kNet, Activation::Tanh);
        const auto data = syntheticSplit(batch == 1 ? 40 : 200, 20);
        TrainConfig c = config(1, 0.05, 0.5);
        c.batch = batch;
        c.weightDecay = 5e-4;
        const auto restore = qScopeGuard([] { setTrainingThreads(defaultTrainingThreads()); });
        MlpParamsF trained[2];
        for (int threads : {1, 2}) {
            setTrainingThreads(threads);
            NetworkTrainer t(data, c, a, initMlp(a, c.seed));
            trainAll(t);
            QVERIFY(t.finished());
            trained[threads - 1] = t.params();
        }
        QVERIFY(trained[0] == trained[1]);
    }

    void resumedMidEpochSameBits()
    {
        // Plain SGD keeps no state besides the weights: a trainer started at batch 4 with the
        // weights after batch 4 ends where one that trained through ends, dropout included.
        const Architecture a = layered(kNet);
        const auto data = syntheticSplit(300, 20);
        const TrainConfig c = config(2, 0.05);
        NetworkTrainer through(data, c, a, initMlp(a, c.seed));
        trainAll(through, 4);
        const MlpParamsF at4 = through.params();
        trainAll(through);
        NetworkTrainer resumed(data, c, a, at4);
        resumed.startAt(4);
        trainAll(resumed);
        QVERIFY(resumed.params() == through.params());
    }

    void trainerTrainsALayerList()
    {
        // The Trainer (the loop of train, bench and the app) takes a layer list as any network.
        const auto data = syntheticSplit(200, 40);
        TrainConfig c = config(3, 0.1, 0.9);
        c.network = layered("conv 3 3x3, pool 2, dense 16");
        Trainer trainer(data, c);
        QVERIFY(trainer.params().hasShape(c.network));
        std::optional<EpochReport> e;
        while (!trainer.finished())
            if (const BatchReport b = trainer.trainBatch(); b.epochEnded)
                e = b.epochEnded;
        QVERIFY(e);
        QVERIFY2(e->testAccuracy > 80.0, qPrintable(QString::number(e->testAccuracy)));
    }

    void weightDecayByHand()
    {
        // PyTorch's weight_decay: g' = g + lambda w for weights and biases alike, then the rule.
        // w = (1, -2), g = (0.5, 0.25), lr 0.1, lambda 0.01: g' = (0.51, 0.23).
        const float w[2] = {1.0f, -2.0f}, g[2] = {0.5f, 0.25f}, v[2] = {0.1f, 0.0f}, s[2] = {0.0f, 0.0f};
        float next[2], nv[2], ns[2];
        StepRule rule;
        rule.lr = 0.1f;
        rule.weightDecay = 0.01f;
        StepArrays arr {w, g, v, s, nv, ns, next};
        // plain: w' = w - lr g' = (1 - 0.051, -2 - 0.023)
        QCOMPARE(stepSpan(rule, arr, 0, 2), 0.0f);
        QCOMPARE(next[0], 0.949f);
        QCOMPARE(next[1], -2.023f);
        // momentum 0.9: v' = 0.9 v + g' = (0.6, 0.23); w' = w - lr v' = (0.94, -2.023)
        rule.momentum = 0.9f;
        stepSpan(rule, arr, 0, 2);
        QCOMPARE(nv[0], 0.6f);
        QCOMPARE(nv[1], 0.23f);
        QCOMPARE(next[0], 0.94f);
        QCOMPARE(next[1], -2.023f);
        // Adam's first step (m = s = 0, c1 = 0.1, c2 = 0.001): m' = 0.1 g', s' = 0.001 g'^2, so
        // w' = w - lr g' / (|g'| + eps) = w - 0.1 sign(g'); m' = (0.051, 0.023)
        rule = StepRule {};
        rule.adam = true;
        rule.lr = 0.1f;
        rule.weightDecay = 0.01f;
        rule.c1 = 0.1f;
        rule.c2 = 0.001f;
        const float zero[2] = {0.0f, 0.0f};
        StepArrays adam {w, g, zero, zero, nv, ns, next};
        stepSpan(rule, adam, 0, 2);
        QCOMPARE(nv[0], 0.051f);
        QCOMPARE(nv[1], 0.023f);
        QVERIFY(std::abs(next[0] - 0.9f) < 1e-6f);
        QVERIFY(std::abs(next[1] + 2.1f) < 1e-6f);
        // lambda 0: the rule as before, bit for bit
        rule.weightDecay = 0;
        stepSpan(rule, adam, 0, 2);
        QCOMPARE(nv[0], 0.05f);
    }

    void weightDecayInTheTrainer()
    {
        // A network trainer's step with lambda: every weight and bias moved by lr (g + lambda w).
        const Architecture a = layered("conv 2 3x3 stride 2, dense 8");
        const auto data = syntheticSplit(100, 20);
        TrainConfig c = config(1, 0.1);
        c.weightDecay = 0.05;
        NetworkTrainer t(data, c, a, initMlp(a, Init::PyTorch, c.seed)); // biases not 0
        const MlpParamsF before = t.params();
        QVERIFY(!t.trainBatch().divergence);
        for (std::size_t l = 0; l < before.layers.size(); ++l) {
            const auto &w = before.layers[l], &g = t.gradients().layers[l], &after = t.params().layers[l];
            const float offW = (after.W - (w.W - 0.1f * (g.W + 0.05f * w.W))).cwiseAbs().maxCoeff();
            const float offB = (after.b - (w.b - 0.1f * (g.b + 0.05f * w.b))).cwiseAbs().maxCoeff();
            QVERIFY2(offW < 1e-6f && offB < 1e-6f, qPrintable(QStringLiteral("layer %1: %2 %3").arg(l).arg(offW).arg(offB)));
        }
    }
};

QTEST_MAIN(TestLayerTrainer)
#include "tst_layertrainer.moc"
