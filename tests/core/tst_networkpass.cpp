// Another network's batch on libxsmm's kernels, split by neurons over two sides
// (core/nn/networkpass.h): the gradient and loss equal the plain Eigen pass's (up to the order of the
// float sums) for no hidden layer, one and two, for widths a side has no neuron of, for a short
// batch and a single sample, and for a share of a larger batch; one thread and two give the same
// bits; after the first batch of a size, a batch allocates nothing. The evaluation on libxsmm's
// kernels agrees with Eigen's and gives the same bits on one evaluation thread or two.

#include "architectures.h"
#include "countingmalloc.h"
#include "synthetic.h"

#include "nn/batchpair.h"
#include "nn/batchthreads.h"
#include "nn/kernels.h"
#include "nn/mlp.h"
#include "nn/networkeval.h"
#include "nn/networkpass.h"
#include "nn/sparseinputs.h"

#include <QScopeGuard>
#include <QTest>

#include <cmath>

using namespace bplab;
using namespace bplab::test;

Q_DECLARE_METATYPE(bplab::Activation)

namespace {

/** Inputs in [0, 1], one in `zeroEvery` of them 0 (or, with `inked`, only one in `inked` not 0,
 *  as in MNIST, where a fifth of the pixels are inked); labels 0-9. */
void fillInputs(Mat<float> &X, std::vector<std::uint8_t> &labels, int zeroEvery = 3, int inked = 0)
{
    labels.resize(std::size_t(X.cols()));
    for (Eigen::Index i = 0; i < X.cols(); ++i) {
        for (Eigen::Index r = 0; r < X.rows(); ++r) {
            const bool zero = inked > 0 ? (r * 7 + i * 3) % inked != 0 : (r + i) % zeroEvery == 0;
            X(r, i) = zero ? 0.0f : float(((r * 37 + i * 101) % 255 + 1) / 255.0);
        }
        labels[std::size_t(i)] = std::uint8_t((i * 7 + 3) % 10);
    }
}

/** The pass's gather: columns of a prepared X. */
struct Columns
{
    const Mat<float> *X;
    const std::vector<std::uint8_t> *labels;
};

PassGather gatherFrom(const Columns &c)
{
    return {&c, [](const void *context, int first, int n, float *X, int ldx, std::uint8_t *labels) {
                const Columns &from = *static_cast<const Columns *>(context);
                for (int i = 0; i < n; ++i) {
                    for (Eigen::Index r = 0; r < from.X->rows(); ++r)
                        X[std::size_t(i) * std::size_t(ldx) + std::size_t(r)] = (*from.X)(r, first + i);
                    labels[i] = (*from.labels)[std::size_t(first + i)];
                }
            }};
}

/** Non-zero biases, so that a missed bias shows. */
MlpParamsF testParams(const Architecture &a)
{
    MlpParamsF p = initMlp(a, 5);
    for (std::size_t l = 0; l < p.layers.size(); ++l)
        for (Eigen::Index j = 0; j < p.layers[l].b.size(); ++j)
            p.layers[l].b(j) = 0.02f * float((j + Eigen::Index(l)) % 7 - 3);
    return p;
}

/** The largest |a - b| over every weight and bias, relative to the largest |b| of its tensor. */
double relativeDifference(const MlpParamsF &a, const MlpParamsF &b)
{
    double worst = 0;
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        const auto rel = [](const auto &x, const auto &y) {
            const double scale = std::max(1e-6, double(y.cwiseAbs().maxCoeff()));
            return double((x - y).cwiseAbs().maxCoeff()) / scale;
        };
        worst = std::max({worst, rel(a.layers[l].W, b.layers[l].W), rel(a.layers[l].b, b.layers[l].b)});
    }
    return worst;
}

} // namespace

class TestNetworkPass : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!xsmmBuilt())
            QSKIP("this build has no libxsmm");
    }

    void sidesSplitOn16Floats()
    {
        QCOMPARE(sideRange(256, 0).end, 128);
        QCOMPARE(sideRange(256, 1).first, 128);
        QCOMPARE(sideRange(100, 0).end, 64); // ceil(50 / 16) x 16
        QCOMPARE(sideRange(100, 1).size(), 36);
        QCOMPARE(sideRange(8, 0).size(), 8); // too narrow to split: side 1 has none
        QCOMPARE(sideRange(8, 1).size(), 0);
        QCOMPARE(sideRange(1, 0).size(), 1);
    }

    void agreesWithThePlainPass_data()
    {
        QTest::addColumn<std::vector<int>>("hidden");
        QTest::addColumn<Activation>("activation");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("meanOver");
        QTest::addColumn<bool>("mostlyZero"); // a fifth of the inputs inked: the sparse first layer
        for (const bool sparse : {false, true}) {
            const auto name = [sparse](const char *network) {
                return QByteArray(network) + (sparse ? ", a fifth inked" : ", two thirds inked");
            };
            QTest::newRow(name("784-10, 64 samples")) << std::vector<int> {} << Activation::ReLU << 64 << 0 << sparse;
            QTest::newRow(name("784-8-10 sigmoid (one side)")) << std::vector<int> {8} << Activation::Sigmoid << 64 << 0 << sparse;
            QTest::newRow(name("784-100-10 tanh, 37 samples")) << std::vector<int> {100} << Activation::Tanh << 37 << 0 << sparse;
            QTest::newRow(name("784-256-128-10, 64 samples")) << std::vector<int> {256, 128} << Activation::ReLU << 64 << 0 << sparse;
            QTest::newRow(name("784-300-10 (blocks of 128 and a rest)")) << std::vector<int> {300} << Activation::ReLU << 64 << 0 << sparse;
            QTest::newRow(name("784-24-12-10 leaky, 1 sample")) << std::vector<int> {24, 12} << Activation::LeakyReLU << 1 << 0 << sparse;
            QTest::newRow(name("784-33-17-10 tanh, a share of 128")) << std::vector<int> {33, 17} << Activation::Tanh << 50 << 128 << sparse;
            QTest::newRow(name("784-1-1-10 sigmoid")) << std::vector<int> {1, 1} << Activation::Sigmoid << 64 << 0 << sparse;
        }
    }

    void agreesWithThePlainPass()
    {
        QFETCH(std::vector<int>, hidden);
        QFETCH(Activation, activation);
        QFETCH(int, count);
        QFETCH(int, meanOver);
        QFETCH(bool, mostlyZero);
        const Architecture a = arch(hidden, activation);
        const MlpParamsF p = testParams(a);
        MlpWorkspace<float> ws(a, 64);
        std::vector<std::uint8_t> labels;
        fillInputs(ws.X, labels, 3, mostlyZero ? 5 : 0);
        MlpParamsF expected = MlpParamsF::zeros(a);
        const double expectedLoss = mlpForwardBackward(p, labels.data(), count, ws, expected, meanOver);

        NetworkPass pass(a, 64);
        QVERIFY(pass.ready(count));
        const Columns columns {&ws.X, &labels};
        const PassGather gather = gatherFrom(columns);
        MlpParamsF oneThread = MlpParamsF::zeros(a), twoThreads = MlpParamsF::zeros(a);
        const double loss = pass.forwardBackward(p, count, gather, oneThread, meanOver, nullptr);
        QCOMPARE(pass.skippedZeros(), mostlyZero && !hidden.empty());
        QVERIFY2(std::abs(loss - expectedLoss) <= 1e-5 * std::max(1.0, expectedLoss),
                 qPrintable(QString("loss %1, plain pass %2").arg(loss, 0, 'g', 9).arg(expectedLoss, 0, 'g', 9)));
        const double rel = relativeDifference(oneThread, expected);
        QVERIFY2(rel < 1e-4, qPrintable(QString("gradient off by %1 of its largest value").arg(rel)));

        HalfPair pair;
        const double loss2 = pass.forwardBackward(p, count, gather, twoThreads, meanOver, &pair);
        QCOMPARE(loss2, loss);
        QVERIFY(twoThreads == oneThread); // bit for bit
        QCOMPARE(pass.skippedZeros(), mostlyZero && !hidden.empty());
    }

    void blankInputsLeaveZeroGradients()
    {
        // MNIST's border: inputs no sample of the batch inks, in whole tiles of 8 and in part of
        // one (the transposes of W_1 and dW_1 skip the blank tiles). The gradient buffer starts
        // full of another batch's values: the blank inputs' columns of dW_1 must become zero.
        const Architecture a = arch({100}, Activation::ReLU);
        const MlpParamsF p = testParams(a);
        MlpWorkspace<float> ws(a, 64);
        std::vector<std::uint8_t> labels;
        fillInputs(ws.X, labels, 3, 5);
        const auto blank = [](Eigen::Index q) { return q < 100 || (q >= 400 && q < 421) || q >= 700; };
        for (Eigen::Index q = 0; q < ws.X.rows(); ++q)
            if (blank(q))
                ws.X.row(q).setZero();
        MlpParamsF expected = MlpParamsF::zeros(a);
        mlpForwardBackward(p, labels.data(), 64, ws, expected, 0);

        NetworkPass pass(a, 64);
        QVERIFY(pass.ready(64));
        const Columns columns {&ws.X, &labels};
        const PassGather gather = gatherFrom(columns);
        for (const bool twoThreads : {false, true}) {
            MlpParamsF g = testParams(a); // not zeros: what a previous batch left
            HalfPair pair;
            pass.forwardBackward(p, 64, gather, g, 0, twoThreads ? &pair : nullptr);
            QVERIFY(pass.skippedZeros());
            const double rel = relativeDifference(g, expected);
            QVERIFY2(rel < 1e-4, qPrintable(QString("gradient off by %1 of its largest value").arg(rel)));
            for (Eigen::Index q = 0; q < ws.X.rows(); ++q)
                if (blank(q))
                    QVERIFY2(g.layers[0].W.col(q).isZero(0), qPrintable(QString("dW1 column %1").arg(q)));
        }
    }

    void sparseProductsSumTheNonZeros()
    {
        // 40 inputs, 6 samples: sample 2 has no non-zero input, input 5 no sample that inks it.
        const int inputs = 40, n = 6;
        Mat<float> X = Mat<float>::Zero(inputs, n);
        for (int s = 0; s < n; ++s)
            for (int q = 0; q < inputs; ++q)
                if (s != 2 && q != 5 && (q * 3 + s) % 4 == 0)
                    X(q, s) = 0.25f + float((q + s) % 7);
        const Mat<float> XT = X.transpose();
        SparseInputs sparse;
        sparse.build(X.data(), inputs, XT.data(), n, inputs, n);
        QCOMPARE(sparse.nonZeros(), int((X.array() != 0.0f).count()));
        for (const int m : {5, 16, 36, 130, 300}) {
            const int rows = (m + 15) / 16 * 16;
            // W^T (inputs x m) in rows of `rows` floats; the rows' padding zero, as the pass keeps it.
            Mat<float> WT = Mat<float>::Zero(rows, inputs), D = Mat<float>::Zero(rows, n);
            for (int j = 0; j < m; ++j) {
                for (int q = 0; q < inputs; ++q)
                    WT(j, q) = float((j * 13 + q * 5) % 17) / 16.0f - 0.5f;
                for (int s = 0; s < n; ++s)
                    D(j, s) = float((j * 7 + s * 11) % 13) / 12.0f - 0.4f;
            }
            Mat<float> Z = Mat<float>::Constant(rows, n, 99.0f), dWT = Mat<float>::Constant(rows, inputs, 99.0f);
            sparse.times(WT.data(), rows, m, Z.data(), rows);
            sparse.outer(D.data(), rows, m, dWT.data(), rows);
            const Mat<float> expectedZ = WT.topRows(m) * X, expecteddWT = D.topRows(m) * XT;
            QVERIFY2((Z.topRows(m) - expectedZ).cwiseAbs().maxCoeff() <= 1e-5f * expectedZ.cwiseAbs().maxCoeff(),
                     qPrintable(QString("Z, m = %1").arg(m)));
            QVERIFY2((dWT.topRows(m) - expecteddWT).cwiseAbs().maxCoeff() <= 1e-5f * expecteddWT.cwiseAbs().maxCoeff(),
                     qPrintable(QString("dW^T, m = %1").arg(m)));
            QVERIFY(Z.col(2).topRows(m).isZero(0));    // the sample with nothing inked
            QVERIFY(dWT.col(5).topRows(m).isZero(0));  // the input no sample inks
        }
    }

    void evaluationFollowsTheKernels()
    {
        const Architecture a = arch({40, 24}, Activation::Tanh);
        const MlpParamsF p = testParams(a);
        const auto data = syntheticSplit(10, 2345); // chunks of 1,000 and a short last one
        SampleAnswers perSample[3];
        Evaluation ev[3];
        const int threads = evaluationThreads();
        const auto restore = qScopeGuard([threads] {
            setActiveKernels(Kernels::Xsmm);
            setEvaluationThreads(threads);
        });
        setActiveKernels(Kernels::Eigen);
        ev[0] = evaluateNetwork(a, p, data->test, Normalize::None, &perSample[0]);
        setActiveKernels(Kernels::Xsmm);
        for (int t : {1, 2}) {
            setEvaluationThreads(t);
            ev[t] = evaluateNetwork(a, p, data->test, Normalize::None, &perSample[t]);
        }
        QCOMPARE(ev[2].loss, ev[1].loss);
        QCOMPARE(perSample[2].probabilities, perSample[1].probabilities);
        QVERIFY(std::abs(ev[1].loss - ev[0].loss) < 1e-5 * ev[0].loss);
        for (std::size_t i = 0; i < perSample[0].probabilities.size(); ++i)
            QVERIFY(std::abs(perSample[1].probabilities[i] - perSample[0].probabilities[i]) < 1e-5f);
        QCOMPARE(ev[1].count, std::size_t(2345));
    }

    void aBatchAllocatesNothing_data()
    {
        QTest::addColumn<int>("inked");
        QTest::newRow("two thirds inked") << 0;
        QTest::newRow("a fifth inked (sparse first layer)") << 5;
    }

    void aBatchAllocatesNothing()
    {
#if !BPLAB_COUNT_MALLOC
        QSKIP("malloc is not counted in this build");
#else
        QFETCH(int, inked);
        const Architecture a = arch({40, 24}, Activation::Tanh);
        MlpParamsF p = testParams(a);
        MlpWorkspace<float> ws(a, 64);
        std::vector<std::uint8_t> labels;
        fillInputs(ws.X, labels, 3, inked);
        NetworkPass pass(a, 64);
        const Columns columns {&ws.X, &labels};
        const PassGather gather = gatherFrom(columns);
        MlpParamsF g = MlpParamsF::zeros(a);
        HalfPair pair;
        for (int count : {64, 20}) // the kernels of both sizes are made here
            QVERIFY(pass.ready(count));
        g_allocations = 0;
        g_counting = true;
        for (int step = 0; step < 4; ++step) {
            pass.forwardBackward(p, step % 2 ? 20 : 64, gather, g, 0, step < 2 ? &pair : nullptr);
            sgdUpdate(g, 0.01f, p);
        }
        g_counting = false;
        QCOMPARE(g_allocations.load(), 0L);
        QCOMPARE(pass.skippedZeros(), inked > 0);
#endif
    }
};

QTEST_GUILESS_MAIN(TestNetworkPass)
#include "tst_networkpass.moc"
