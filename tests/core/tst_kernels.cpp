// The two kinds of kernels (Eigen's products, libxsmm's JIT kernels) against each other: each
// libxsmm product against Eigen on random shapes, the transposition, the whole batch pass on the
// real batch shapes, one epoch of training, the evaluation; and libxsmm's own determinism (the
// same bits run after run and with one and two threads).

#include "nn/batch.h"
#include "nn/batcheval.h"
#include "data/dataset.h"
#include "nn/kernelpeak.h"
#include "rng.h"
#include "synthetic.h"
#include "testsupport.h"

#include <QTest>
#include <algorithm>
#include <vector>

using namespace bplab;
using namespace bplab::test;

namespace {

double relDiff(const Mat<float> &a, const Mat<float> &b)
{
    return double((a - b).norm() / std::max(1e-30f, std::max(a.norm(), b.norm())));
}

Mat<float> randomMat(int rows, int cols, Rng &rng)
{
    Mat<float> m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = float(rng.uniform01() * 2 - 1);
    return m;
}

/** A fixed batch of `count` samples of split->train: indices and labels. */
struct Batch
{
    std::vector<std::uint32_t> idx;
    std::vector<std::uint8_t> labels;
};
Batch batchOf(const Dataset &train, int count, int step)
{
    Batch b;
    for (int i = 0; i < count; ++i) {
        b.idx.push_back(
                std::uint32_t((std::size_t(i) * 7 + std::size_t(step) * 131) % train.size()));
        b.labels.push_back(train.labels[b.idx.back()]);
    }
    return b;
}

/** One epoch of plain SGD at batch 64 in the order 0, 1, 2, ... (the last batch partial). */
ParamsF oneEpoch(const Dataset &train, Kernels kernels, int threads)
{
    setActiveKernels(kernels);
    setTrainingThreads(threads);
    ParamsF params = initParams(Init::He, 1), grads = ParamsF::zeros(), velocity = ParamsF::zeros();
    BatchWorkspace ws(64);
    std::vector<std::uint32_t> order(train.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = std::uint32_t((i * 7919) % train.size()); // a fixed permutation (7919 is prime)
    std::vector<std::uint8_t> labels(64);
    for (std::size_t first = 0; first < train.size(); first += 64) {
        const int n = int(std::min<std::size_t>(64, train.size() - first));
        for (int c = 0; c < n; ++c)
            labels[std::size_t(c)] = train.labels[order[first + std::size_t(c)]];
        gatherBatch(train, order.data() + first, n, Normalize::None, ws);
        forwardBackwardUpdate(params, labels.data(), n, ws, grads, 0.1f, 0.0f, velocity);
    }
    return params;
}

} // namespace

class TestKernels : public QObject
{
    Q_OBJECT

private slots:
    void cleanup()
    {
        setActiveKernels(Kernels::Xsmm);
        setTrainingThreads(1);
    }

    void namesAndChoice()
    {
        QCOMPARE(parseKernels("eigen"), std::optional<Kernels>(Kernels::Eigen));
        QCOMPARE(parseKernels("xsmm"), std::optional<Kernels>(Kernels::Xsmm));
        QVERIFY(!parseKernels("blas"));
        QCOMPARE(QString(toString(Kernels::Xsmm)), QString("xsmm"));
        QCOMPARE(setActiveKernels(Kernels::Eigen), Kernels::Eigen);
        QCOMPARE(activeKernels(), Kernels::Eigen);
        // Without libxsmm, asking for it gives Eigen's kernels.
        QCOMPARE(setActiveKernels(Kernels::Xsmm), xsmmBuilt() ? Kernels::Xsmm : Kernels::Eigen);
    }

    void transposeMatchesEigen_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("ldxt");
        QTest::newRow("784 x 64 (a batch)") << 784 << 64 << 64;
        QTest::newRow("784 x 37 in 64 rows (a partial batch)") << 784 << 37 << 64;
        QTest::newRow("13 x 5 (edges only)") << 13 << 5 << 7;
        QTest::newRow("30 x 19") << 30 << 19 << 19;
    }
    void transposeMatchesEigen()
    {
        QFETCH(int, rows);
        QFETCH(int, n);
        QFETCH(int, ldxt);
        Rng rng(3);
        const Mat<float> X = randomMat(rows, n, rng);
        Mat<float> XT = Mat<float>::Constant(ldxt, rows, 42.0f);
        transposeInto(X.data(), rows, rows, n, XT.data(), ldxt);
        QVERIFY(XT.topRows(n) == X.transpose());
        if (ldxt > n) // rows past n are left alone
            QVERIFY((XT.bottomRows(ldxt - n).array() == 42.0f).all());
    }

    void gemmMatchesEigen_data()
    {
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("k");
        QTest::addColumn<bool>("transB");
        QTest::newRow("Z1^T: 64 x 64 x 784") << 64 << 64 << 784 << false;
        QTest::newRow("dW1^T: 784 x 64 x 64") << 784 << 64 << 64 << false;
        QTest::newRow("dW1^T of a partial batch: 784 x 64 x 37") << 784 << 64 << 37 << false;
        QTest::newRow("Z2^T, B transposed: 64 x 10 x 64") << 64 << 10 << 64 << true;
        QTest::newRow("odd sizes: 13 x 7 x 29") << 13 << 7 << 29 << false;
        QTest::newRow("odd sizes, B transposed: 5 x 17 x 3") << 5 << 17 << 3 << true;
        QTest::newRow("evaluation: 128 x 496 x 784") << 128 << 496 << 784 << false;
    }
    void gemmMatchesEigen()
    {
        if (!xsmmBuilt())
            QSKIP("this build has no libxsmm");
        QFETCH(int, m);
        QFETCH(int, n);
        QFETCH(int, k);
        QFETCH(bool, transB);
        Rng rng(std::uint64_t(m * 1000 + n * 10 + k));
        // Leading dimensions larger than the sizes, as in the workspace's partial batches.
        const int lda = m + 3, ldb = (transB ? n : k) + 5, ldc = m + 1;
        const Mat<float> A = randomMat(lda, k, rng);
        const Mat<float> B = transB ? randomMat(ldb, k, rng) : randomMat(ldb, n, rng);
        Mat<float> C = Mat<float>::Constant(ldc, n, 7.0f);
        const Gemm gemm({m, n, k, lda, ldb, ldc, transB});
        QVERIFY(gemm.valid());
        gemm(A.data(), B.data(), C.data());
        const Mat<float> expected = transB ? Mat<float>(A.topRows(m) * B.topRows(n).transpose())
                                           : Mat<float>(A.topRows(m) * B.topRows(k));
        QVERIFY2(relDiff(C.topRows(m), expected) < 1e-6,
                 qPrintable(QString::number(relDiff(C.topRows(m), expected))));
        QVERIFY((C.bottomRows(ldc - m).array() == 7.0f).all()); // beta 0, nothing past m
    }

    void batchPassAgreesBetweenKernels_data()
    {
        QTest::addColumn<int>("batch");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("threads");
        QTest::newRow("batch 64, 1 thread") << 64 << 64 << 1;
        QTest::newRow("batch 64, 2 threads") << 64 << 64 << 2;
        QTest::newRow("last batch of an epoch: 32 of 64") << 64 << 32 << 2;
        QTest::newRow("one sample") << 64 << 1 << 1;
        QTest::newRow("batch 300") << 300 << 300 << 2;
    }
    void batchPassAgreesBetweenKernels()
    {
        if (!xsmmBuilt())
            QSKIP("this build has no libxsmm");
        QFETCH(int, batch);
        QFETCH(int, count);
        QFETCH(int, threads);
        setTrainingThreads(threads);
        auto split = syntheticSplit(600, 10);
        const Batch b = batchOf(split->train, count, 1);
        const ParamsF params = initParams(Init::PyTorch, 5);
        ParamsF grads[2] = {ParamsF::zeros(), ParamsF::zeros()};
        double loss[2] = {};
        BatchWorkspace ws[2] = {BatchWorkspace(batch), BatchWorkspace(batch)};
        for (int k = 0; k < 2; ++k) {
            setActiveKernels(k == 0 ? Kernels::Eigen : Kernels::Xsmm);
            gatherBatch(split->train, b.idx.data(), count, Normalize::Standard, ws[k]);
            loss[k] = forwardBackwardBatch(params, b.labels.data(), count, ws[k], grads[k]);
        }
        QVERIFY(grads[0].W1.norm() > 1e-4f);
        QVERIFY2(fuzzyEqual(loss[0], loss[1], 1e-6),
                 qPrintable(QString("%1 vs %2").arg(loss[0]).arg(loss[1])));
        QVERIFY2(relDiff(grads[0].W1, grads[1].W1) < 1e-5,
                 qPrintable(QString::number(relDiff(grads[0].W1, grads[1].W1))));
        QVERIFY2(relDiff(grads[0].b1, grads[1].b1) < 1e-5,
                 qPrintable(QString::number(relDiff(grads[0].b1, grads[1].b1))));
        QVERIFY2(relDiff(grads[0].W2, grads[1].W2) < 1e-5,
                 qPrintable(QString::number(relDiff(grads[0].W2, grads[1].W2))));
        QVERIFY2(relDiff(grads[0].b2, grads[1].b2) < 1e-5,
                 qPrintable(QString::number(relDiff(grads[0].b2, grads[1].b2))));
        // What the step view shows of the batch is the same on both kernels.
        QVERIFY(relDiff(ws[0].Z1.leftCols(count), ws[1].Z1.leftCols(count)) < 1e-6);
        QVERIFY(relDiff(ws[0].P.leftCols(count), ws[1].P.leftCols(count)) < 1e-6);
        QVERIFY(relDiff(ws[0].Delta1.leftCols(count), ws[1].Delta1.leftCols(count)) < 1e-5);
    }

    void xsmmGivesTheSameBitsEveryRunAndThreadCount()
    {
        // Five fused steps (the trainer's path, gather included), three times: with one thread,
        // two threads, one thread again: the weights, gradients and losses agree bit for bit.
        if (!xsmmBuilt())
            QSKIP("this build has no libxsmm");
        setActiveKernels(Kernels::Xsmm);
        auto split = syntheticSplit(500, 10);
        ParamsF result[3], gradients[3];
        double losses[3] = {};
        for (int r = 0; r < 3; ++r) {
            setTrainingThreads(r == 1 ? 2 : 1);
            ParamsF params = initParams(Init::He, 4), grads = ParamsF::zeros();
            ParamsF velocity = ParamsF::zeros(), nextVelocity = ParamsF::zeros(),
                    next = ParamsF::zeros();
            BatchWorkspace ws(64);
            for (int step = 0; step < 5; ++step) {
                const int count = step == 4 ? 23 : 64; // and a partial batch at the end
                const Batch b = batchOf(split->train, count, step);
                const BatchSamples samples {&split->train, b.idx.data(), Normalize::None};
                const SgdTarget target {0.1f, 0.9f, &velocity, &nextVelocity, &next};
                const StepResult s = forwardBackwardStep(params, b.labels.data(), count, ws, grads,
                                                         target, &samples);
                QVERIFY(s.finite);
                losses[r] = s.loss;
                std::swap(params, next);
                std::swap(velocity, nextVelocity);
            }
            result[r] = params;
            gradients[r] = grads;
        }
        QVERIFY(!(result[0] == initParams(Init::He, 4)));
        for (int r = 1; r < 3; ++r) {
            QVERIFY2(result[r] == result[0], qPrintable(QString("run %1: weights differ").arg(r)));
            QVERIFY2(gradients[r] == gradients[0],
                     qPrintable(QString("run %1: gradients differ").arg(r)));
            QCOMPARE(losses[r], losses[0]);
        }
    }

    void oneEpochAgreesBetweenKernels()
    {
        // One epoch at batch 64 on the real training images when they are here (10,000 of them),
        // else on 3,000 synthetic ones: the weights agree within 1e-5 relative.
        if (!xsmmBuilt())
            QSKIP("this build has no libxsmm");
        std::shared_ptr<const DataSplit> split;
        if (const std::string dir = sharedMnistFolder(); !dir.empty()) {
            auto loaded = loadDataFolder(dir);
            QVERIFY2(loaded.ok(), loaded.error().c_str());
            split = std::make_shared<const DataSplit>(std::move(*loaded));
        } else {
            split = syntheticSplit(3000, 10);
        }
        const ParamsF eigen = oneEpoch(split->train, Kernels::Eigen, 1);
        const ParamsF xsmm = oneEpoch(split->train, Kernels::Xsmm, 2);
        QVERIFY(!(eigen == initParams(Init::He, 1)));
        const double w1 = relDiff(eigen.W1, xsmm.W1), w2 = relDiff(eigen.W2, xsmm.W2);
        const double b1 = relDiff(eigen.b1, xsmm.b1), b2 = relDiff(eigen.b2, xsmm.b2);
        qInfo("one epoch of %zu samples, relative differences: W1 %.2g, b1 %.2g, W2 %.2g, b2 %.2g",
              split->train.size(), w1, b1, w2, b2);
        QVERIFY2(w1 < 1e-5 && b1 < 1e-5 && w2 < 1e-5 && b2 < 1e-5, "the kernels drifted apart");
    }

    void evaluationAgreesBetweenKernels()
    {
        if (!xsmmBuilt())
            QSKIP("this build has no libxsmm");
        auto split = syntheticSplit(10, 2345);
        const ParamsF params = initParams(Init::He, 6);
        setActiveKernels(Kernels::Eigen);
        const Evaluation eigen = evaluate(params, split->test, Normalize::Standard);
        setActiveKernels(Kernels::Xsmm);
        const Evaluation xsmm = evaluate(params, split->test, Normalize::Standard);
        QCOMPARE(xsmm.count, eigen.count);
        QVERIFY2(fuzzyEqual(xsmm.loss, eigen.loss, 1e-5),
                 qPrintable(QString("%1 vs %2").arg(xsmm.loss).arg(eigen.loss)));
        // Sums in another order may flip a near-tie: at most one sample.
        QVERIFY(std::abs(xsmm.accuracy - eigen.accuracy) <= 100.0 / 2345 + 1e-9);
    }

    void fmaPeakIsMeasured()
    {
        // A loop of multiply-adds on one core: at least 1 GFLOP/s on any machine that runs this,
        // and two threads do no less than one.
        const double one = measureFmaPeakGflops(1);
        QVERIFY2(one > 1.0, qPrintable(QString::number(one)));
        QVERIFY(QString(fmaPeakVectors()).size() > 0);
    }
};

QTEST_MAIN(TestKernels)
#include "tst_kernels.moc"
