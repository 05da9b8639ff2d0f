// The two kinds of kernels (Eigen's products, libxsmm's JIT kernels) against each other: each
// libxsmm product against Eigen on random shapes, the transposition and the evaluation. (The
// training pass on both kernels and on one and two threads: tst_networkpass, tst_networktrainer.)

#include "nn/batchthreads.h"
#include "nn/kernels.h"
#include "nn/mlp.h"
#include "nn/networkeval.h"
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

    void evaluationAgreesBetweenKernels()
    {
        if (!xsmmBuilt())
            QSKIP("this build has no libxsmm");
        auto split = syntheticSplit(10, 2345);
        const Architecture arch = Architecture::source();
        const MlpParamsF params = initMlp(arch, Init::He, 6);
        setActiveKernels(Kernels::Eigen);
        const Evaluation eigen = evaluateNetwork(arch, params, split->test, Normalize::Standard);
        setActiveKernels(Kernels::Xsmm);
        const Evaluation xsmm = evaluateNetwork(arch, params, split->test, Normalize::Standard);
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
