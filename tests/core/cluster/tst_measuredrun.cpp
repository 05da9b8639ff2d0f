// A measured MPI run's numbers per iteration (the slowest rank, medians, nccl-tests bandwidths)
// and the one-host simulation's prediction for the same ranks and bytes.

#include "measuredrun.h"
#include "nn/params.h"

#include <QTest>

#include <cmath>

using namespace bplab;
using namespace bplab::cluster;

namespace {

bool relClose(double a, double b, double tol)
{
    return std::abs(a - b) <= tol * std::max(std::abs(a), std::abs(b));
}

/** ranks x steps spans: rank r's compute (1 + r) ms, wait 0.1 r ms, all-reduce (step + 1) x 100 us
 *  + r us, 407,080 bytes. */
MeasuredRun syntheticRun(int ranks, int steps)
{
    MeasuredRun run;
    run.ranks = ranks;
    for (int s = 0; s < steps; ++s)
        for (int r = 0; r < ranks; ++r) {
            run.spans.push_back({r, s, MeasuredKind::Compute, 0.0, (1 + r) * 1e-3, 0});
            run.spans.push_back({r, s, MeasuredKind::Wait, 0.0, 0.1 * r * 1e-3, 0});
            run.spans.push_back(
                    {r, s, MeasuredKind::AllReduce, 0.0, (s + 1) * 100e-6 + r * 1e-6, 407080});
        }
    return run;
}

} // namespace

class TestMeasuredRun : public QObject
{
    Q_OBJECT

private slots:
    void slowestRankPerIteration()
    {
        const MeasuredSummary s = summarize(syntheticRun(4, 5));
        QCOMPARE(s.ranks, 4);
        QCOMPARE(s.iterations.size(), std::size_t(5));
        QCOMPARE(s.iterations[2].step, 2LL);
        QVERIFY(relClose(s.iterations[2].computeSeconds, 4e-3, 1e-12));
        QVERIFY(relClose(s.iterations[2].waitSeconds, 0.3e-3, 1e-12));
        QVERIFY(relClose(s.iterations[2].allreduceSeconds, 303e-6, 1e-12));
        QCOMPARE(s.bytesPerAllreduce, 407080.0);
        // medians over the 5 iterations: all-reduce 103, 203, ..., 503 us -> 303 us
        QVERIFY(relClose(s.medianAllreduceSeconds, 303e-6, 1e-12));
        QVERIFY(relClose(s.medianComputeSeconds, 4e-3, 1e-12));
        // algbw = bytes / t; busbw = algbw x 2(N-1)/N
        QVERIFY(relClose(s.algbw, 407080 / 303e-6, 1e-12));
        QVERIFY(relClose(s.busbw, s.algbw * 1.5, 1e-12));
    }

    void evenCountTakesTheMiddlePair()
    {
        const MeasuredSummary s = summarize(syntheticRun(2, 4)); // 101, 201, 301, 401 us
        QVERIFY(relClose(s.medianAllreduceSeconds, 251e-6, 1e-12));
        QVERIFY(relClose(s.busbw, s.algbw, 1e-12)); // 2(N-1)/N = 1 for N = 2
    }

    void ranksFromTheSpansWhenUnsaid()
    {
        MeasuredRun run = syntheticRun(3, 2);
        run.ranks = 0;
        QCOMPARE(summarize(run).ranks, 3);
        QVERIFY(summarize(MeasuredRun {}).iterations.empty());
    }

    // The prediction is `simulate --shared-memory 2` for the real gradient: 35.1 us
    // (docs/cluster.md), and the compute is the FLOPs of 64 samples at one core's 115 GFLOP/s.
    void predictsTheOneHostRun()
    {
        const MeasuredComparison c = compareWithSimulation(syntheticRun(2, 3));
        QVERIFY(c.samplesAssumed);
        QCOMPARE(c.samplesPerRank, kDefaultSamplesPerRank);
        QVERIFY2(relClose(c.predictedAllreduceSeconds, 35.1e-6, 0.01),
                 qPrintable(QString::number(c.predictedAllreduceSeconds * 1e6)));
        const double flops = 64 * (forwardFlopsPerSample() + backwardFlopsPerSample())
                             + 2.0 * double(parameterCount());
        QVERIFY(relClose(c.predictedComputeSeconds, flops / kCpuFlopsPerS, 1e-9));
        // more ranks, more steps in the ring: longer
        MeasuredRun four = syntheticRun(4, 3);
        four.samplesPerRank = 32;
        const MeasuredComparison c4 = compareWithSimulation(four);
        QVERIFY(!c4.samplesAssumed);
        QVERIFY(c4.predictedAllreduceSeconds > c.predictedAllreduceSeconds);
        QVERIFY(c4.predictedComputeSeconds < c.predictedComputeSeconds);
    }
};

QTEST_GUILESS_MAIN(TestMeasuredRun)
#include "tst_measuredrun.moc"
