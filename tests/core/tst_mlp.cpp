// The general network: numeric-vs-analytic gradients for every activation and for 0, 1 and 2
// hidden layers (in double), agreement of the batched pass with the one-sample trace on the same
// weights, the initialisation's bits, the SGD step, and that training lowers the loss.

#include "architectures.h"
#include "nn/batchthreads.h"
#include "countingmalloc.h"
#include "nn/mlp.h"
#include "nn/mlptrace.h"
#include "rng.h"
#include "testsupport.h"

#include <QTest>
#include <cmath>

using namespace bplab;
using namespace bplab::test;

Q_DECLARE_METATYPE(bplab::Activation)

namespace {

/** A deterministic batch: inputs in [0, 1] with a third of them 0 (as in MNIST), labels 0-9. */
template<class S>
void fillBatch(Mat<S> &X, std::vector<std::uint8_t> &labels, int count)
{
    labels.resize(std::size_t(count));
    for (int i = 0; i < count; ++i) {
        for (int r = 0; r < X.rows(); ++r)
            X(r, i) = ((r + i) % 3 == 0) ? S(0) : S(((r * 37 + i * 101) % 256) / 255.0);
        labels[std::size_t(i)] = std::uint8_t((i * 7 + 3) % 10);
    }
}

/** Parameters of arch in double with non-zero biases. */
MlpParamsD testParams(const Architecture &arch, std::uint64_t seed)
{
    MlpParamsD p = initMlp(arch, seed).cast<double>();
    for (std::size_t l = 0; l < p.layers.size(); ++l)
        for (Eigen::Index j = 0; j < p.layers[l].b.size(); ++j)
            p.layers[l].b(j) = 0.01 * double((j + Eigen::Index(l)) % 7 - 3);
    return p;
}


} // namespace

class TestMlp : public QObject
{
    Q_OBJECT

private slots:
    void gradientCheck_data()
    {
        QTest::addColumn<std::vector<int>>("hidden");
        QTest::addColumn<Activation>("activation");
        const std::pair<const char *, Activation> acts[] = {{"relu", Activation::ReLU},
                                                            {"sigmoid", Activation::Sigmoid},
                                                            {"tanh", Activation::Tanh},
                                                            {"leakyrelu", Activation::LeakyReLU}};
        for (const auto &[name, f] : acts) {
            QTest::addRow("%s, no hidden layer", name) << std::vector<int> {} << f;
            QTest::addRow("%s, 784-16-10", name) << std::vector<int> {16} << f;
            QTest::addRow("%s, 784-12-7-10", name) << std::vector<int> {12, 7} << f;
        }
    }
    void gradientCheck()
    {
        // dL/dw by central differences, (L(w + h) - L(w - h)) / 2h, against the backward pass for
        // every bias and a spread of weights in every layer.
        QFETCH(std::vector<int>, hidden);
        QFETCH(Activation, activation);
        const Architecture a = arch(hidden, activation);
        MlpParamsD p = testParams(a, 7);
        const int n = 3;
        MlpWorkspace<double> ws(a, 4);
        std::vector<std::uint8_t> labels;
        fillBatch(ws.X, labels, n);
        MlpParamsD grads = MlpParamsD::zeros(a);
        mlpForwardBackward(p, labels.data(), n, ws, grads);
        MlpParamsD scratch = MlpParamsD::zeros(a);
        auto lossAt = [&](const MlpParamsD &q) {
            return mlpForwardBackward(q, labels.data(), n, ws, scratch);
        };
        const double h = 1e-6;
        int checked = 0;
        auto check = [&](double &w, double analytic, const char *what) {
            const double w0 = w;
            w = w0 + h;
            const double up = lossAt(p);
            w = w0 - h;
            const double down = lossAt(p);
            w = w0;
            const double numeric = (up - down) / (2 * h);
            if (!fuzzyEqual(numeric, analytic, 1e-5, 1e-8))
                QFAIL(qPrintable(QString("%1: numeric %2, analytic %3")
                                         .arg(what)
                                         .arg(numeric, 0, 'g', 12)
                                         .arg(analytic, 0, 'g', 12)));
            ++checked;
        };
        for (std::size_t l = 0; l < p.layers.size(); ++l) {
            Layer<double> &L = p.layers[l];
            for (Eigen::Index j = 0; j < L.b.size(); ++j)
                check(L.b(j), grads.layers[l].b(j), "bias");
            // Every 13th weight in row-major order: each row and many columns, including inputs of
            // 0.
            for (Eigen::Index k = 0; k < L.W.size(); k += 13)
                check(L.W(k / L.W.cols(), k % L.W.cols()),
                      grads.layers[l].W(k / L.W.cols(), k % L.W.cols()), "weight");
        }
        QVERIFY(checked > 600);
    }

    void agreesWithOneSampleTrace()
    {
        // The batched pass on 784-128-10 ReLU against the one-sample trace and its gradient
        // (one sample at a time, averaged), on the same float weights.
        const Architecture a = Architecture::source();
        MlpParamsF p = initMlp(a, Init::He, 3);
        for (int j = 0; j < kHidden; ++j)
            p.layers[0].b(j) = 0.01f * float(j % 5 - 2);
        const int n = 16;
        MlpWorkspace<float> ws(a, 32);
        std::vector<std::uint8_t> labels;
        fillBatch(ws.X, labels, n);
        MlpParamsF grads = MlpParamsF::zeros(a);
        const double loss = mlpForwardBackward(p, labels.data(), n, ws, grads);

        MlpParamsF mean = MlpParamsF::zeros(a);
        double traceLoss = 0;
        for (int i = 0; i < n; ++i) {
            const MlpTraceF t = traceSample<float>(a, p, ws.X.col(i), labels[std::size_t(i)]);
            traceLoss += t.loss;
            const MlpParamsF g = gradientsOf(a, t);
            for (std::size_t l = 0; l < 2; ++l) {
                mean.layers[l].W += g.layers[l].W / float(n);
                mean.layers[l].b += g.layers[l].b / float(n);
            }
            // z1, a1, the logits and the probabilities of every sample
            QVERIFY((ws.Z[0].col(i) - t.hidden[0].z).cwiseAbs().maxCoeff() < 1e-5f);
            QVERIFY((ws.A[0].col(i) - t.hidden[0].a).cwiseAbs().maxCoeff() < 1e-5f);
            QVERIFY((ws.Z[1].col(i) - t.logits).cwiseAbs().maxCoeff() < 1e-5f);
            QVERIFY((ws.A[1].col(i) - t.probabilities).cwiseAbs().maxCoeff() < 1e-6f);
            QVERIFY((ws.Delta[0].col(i) * float(n) - t.hidden[0].delta).cwiseAbs().maxCoeff() < 1e-6f);
        }
        QVERIFY(fuzzyEqual(loss, traceLoss / n, 1e-5));
        for (std::size_t l = 0; l < 2; ++l) {
            QVERIFY((grads.layers[l].W - mean.layers[l].W).cwiseAbs().maxCoeff() < 1e-6f);
            QVERIFY((grads.layers[l].b - mean.layers[l].b).cwiseAbs().maxCoeff() < 1e-6f);
        }
        QVERIFY(grads.layers[0].W.cwiseAbs().maxCoeff() > 1e-3f); // the comparison is of real values
    }

    void initialisation()
    {
        // The default network's bits: one generator, W1 row after row, then W2 (He: N(0, 2 / fan_in)).
        const MlpParamsF drawn = initMlp(Architecture::source(), Init::He, 11);
        Rng rng(mixSeed(11, 0));
        bool same = true;
        for (const Layer<float> &L : drawn.layers) {
            const double s = std::sqrt(2.0 / double(L.W.cols()));
            for (Eigen::Index r = 0; r < L.W.rows(); ++r)
                for (Eigen::Index c = 0; c < L.W.cols(); ++c)
                    same = same && L.W(r, c) == float(s * rng.normal());
            same = same && L.b.isZero();
        }
        QVERIFY(same);
        for (const Init init : {Init::He, Init::Xavier, Init::PyTorch})
            QVERIFY(initMlp(Architecture::source(), init, 11) == initMlp(Architecture::source(), init, 11));
        QVERIFY(initMlp(Architecture::source(), 11) == initMlp(Architecture::source(), Init::He, 11));

        // Xavier for tanh: |w| < sqrt(6 / (fan_in + fan_out)) per layer, biases 0, filled.
        const Architecture t = arch({256, 64}, Activation::Tanh);
        const MlpParamsF x = initMlp(t, 5);
        QVERIFY(x.hasShape(t));
        for (int l = 0; l < t.layerCount(); ++l) {
            const double bound = std::sqrt(6.0 / (t.layerInputs(l) + t.layerOutputs(l)));
            const auto &W = x.layers[std::size_t(l)].W;
            QVERIFY(W.cwiseAbs().maxCoeff() < bound);
            QVERIFY(W.cwiseAbs().maxCoeff() > 0.9 * bound);
            QCOMPARE(x.layers[std::size_t(l)].b.cwiseAbs().maxCoeff(), 0.0f);
        }
        // He for ReLU: the variance of each layer's weights is near 2 / fan_in.
        const Architecture r = arch({512, 256}, Activation::ReLU);
        const MlpParamsF he = initMlp(r, 5);
        for (int l = 0; l < 2; ++l) {
            const auto &W = he.layers[std::size_t(l)].W;
            const double var = double(W.squaredNorm()) / double(W.size());
            QVERIFY(fuzzyEqual(var, 2.0 / r.layerInputs(l), 0.03));
        }
        QVERIFY(!(initMlp(r, 5) == initMlp(r, 6)));
    }

    void activationsAndDerivatives()
    {
        Mat<double> z(1, 5);
        z << -2, -0.5, 0, 0.5, 2;
        Mat<double> a(1, 5), d(1, 5);
        activate<double>(Activation::Sigmoid, z, a);
        QVERIFY(fuzzyEqual(a(0, 4), 1 / (1 + std::exp(-2.0)), 1e-15));
        QCOMPARE(a(0, 2), 0.5);
        d.setOnes();
        multiplyByDerivative<double>(Activation::Sigmoid, z, a, d);
        QCOMPARE(d(0, 2), 0.25);
        activate<double>(Activation::Tanh, z, a);
        d.setOnes();
        multiplyByDerivative<double>(Activation::Tanh, z, a, d);
        QVERIFY(fuzzyEqual(d(0, 0), 1 - std::tanh(2.0) * std::tanh(2.0), 1e-15));
        activate<double>(Activation::ReLU, z, a);
        QCOMPARE(a(0, 1), 0.0);
        QCOMPARE(a(0, 3), 0.5);
        d.setOnes();
        multiplyByDerivative<double>(Activation::ReLU, z, a, d);
        QCOMPARE(d(0, 2), 0.0); // relu'(0) = 0, as the source network takes it
        QCOMPARE(d(0, 3), 1.0);
        activate<double>(Activation::LeakyReLU, z, a);
        QCOMPARE(a(0, 0), -0.02);
        d.setOnes();
        multiplyByDerivative<double>(Activation::LeakyReLU, z, a, d);
        QCOMPARE(d(0, 0), 0.01);
        QCOMPARE(d(0, 4), 1.0);
    }

    void sgdStep()
    {
        const Architecture a = arch({8}, Activation::Tanh);
        MlpParamsF p = initMlp(a, 1);
        const MlpParamsF before = p;
        MlpParamsF g = MlpParamsF::zeros(a);
        g.layers[1].W(3, 5) = 2.0f;
        g.layers[0].b(7) = -1.0f;
        sgdUpdate(g, 0.25f, p);
        QCOMPARE(p.layers[1].W(3, 5), before.layers[1].W(3, 5) - 0.5f);
        QCOMPARE(p.layers[0].b(7), 0.25f);
        QCOMPARE(p.layers[0].W, before.layers[0].W);
    }

    void noHeapAllocationInTheBatchLoop_data()
    {
        QTest::addColumn<std::vector<int>>("hidden");
        QTest::addColumn<Activation>("activation");
        QTest::addColumn<int>("count");
        QTest::newRow("784-128-10 relu, full batch")
                << std::vector<int> {128} << Activation::ReLU << 64;
        QTest::newRow("784-10, a partial batch")
                << std::vector<int> {} << Activation::Sigmoid << 20;
        QTest::newRow("784-256-128-10 tanh")
                << std::vector<int> {256, 128} << Activation::Tanh << 64;
        QTest::newRow("784-1024-1024-10 leaky, partial")
                << std::vector<int> {1024, 1024} << Activation::LeakyReLU << 37;
    }
    void noHeapAllocationInTheBatchLoop()
    {
#if !BPLAB_COUNT_MALLOC
        QSKIP("the sanitizer replaces malloc; this check runs in the normal build");
#else
        QFETCH(std::vector<int>, hidden);
        QFETCH(Activation, activation);
        QFETCH(int, count);
        const Architecture a = arch(hidden, activation);
        MlpParamsF p = initMlp(a, 4);
        MlpWorkspace<float> ws(a, 64);
        std::vector<std::uint8_t> labels;
        fillBatch(ws.X, labels, 64);
        MlpParamsF g = MlpParamsF::zeros(a);
        mlpForwardBackward(p, labels.data(), count, ws, g);
        g_allocations = 0;
        g_counting = true;
        for (int step = 0; step < 5; ++step) {
            mlpForwardBackward(p, labels.data(), count, ws, g);
            sgdUpdate(g, 0.01f, p);
            mlpForward(p, count, ws);
        }
        g_counting = false;
        QCOMPARE(g_allocations.load(), 0L);
#endif
    }

    void trainingLowersTheLoss_data()
    {
        QTest::addColumn<std::vector<int>>("hidden");
        QTest::addColumn<Activation>("activation");
        for (const Activation f :
             {Activation::ReLU, Activation::Sigmoid, Activation::Tanh, Activation::LeakyReLU}) {
            QTest::addRow("%s, no hidden layer", toString(f).c_str()) << std::vector<int> {} << f;
            QTest::addRow("%s, 784-32-10", toString(f).c_str()) << std::vector<int> {32} << f;
            QTest::addRow("%s, 784-48-24-10", toString(f).c_str())
                    << std::vector<int> {48, 24} << f;
        }
    }
    void trainingLowersTheLoss()
    {
        // Sixty steps on one batch of 32 at lr 0.1 (sigmoid's smaller gradients: lr 1): every
        // network must fit it better, and a partial batch uses only its columns.
        QFETCH(std::vector<int>, hidden);
        QFETCH(Activation, activation);
        const Architecture a = arch(hidden, activation);
        MlpParamsF p = initMlp(a, 2);
        MlpWorkspace<float> ws(a, 64);
        std::vector<std::uint8_t> labels;
        fillBatch(ws.X, labels, 32);
        ws.X.rightCols(32).setConstant(std::nanf("")); // never read
        MlpParamsF g = MlpParamsF::zeros(a);
        const float lr = activation == Activation::Sigmoid ? 1.0f : 0.1f;
        const double first = mlpForwardBackward(p, labels.data(), 32, ws, g);
        double last = first;
        for (int step = 0; step < 60; ++step) {
            last = mlpForwardBackward(p, labels.data(), 32, ws, g);
            sgdUpdate(g, lr, p);
        }
        QVERIFY(std::isfinite(last));
        QVERIFY2(last < 0.7 * first, qPrintable(QString("loss %1 -> %2").arg(first).arg(last)));
        QVERIFY(p.allFinite());
    }
};

QTEST_MAIN(TestMlp)
#include "tst_mlp.moc"
