// The timing simulation: the ring's time and bus bandwidth with zero latency, bytes per NIC for
// the hierarchical algorithm, the utilisation integral, snapshots and failures, and its speed.

#include "simulator.h"

#include <QElapsedTimer>
#include <QTest>

#include <cmath>
#include <ctime>

using namespace bplab;
using namespace bplab::cluster;

namespace {

/** One iteration, data resident, no compute to speak of, one bucket, every link at bandwidth bw. */
SimConfig uniformConfig(int servers, int gpus, double bw, double scale)
{
    SimConfig c;
    c.cluster.servers = servers;
    c.cluster.gpusPerServer = gpus;
    c.cluster.latencyScale = 0;
    c.cluster.nvlinkBytesPerS = bw;
    c.cluster.nicBytesPerS = bw;
    c.iterations = 1;
    c.resident = true;
    c.modelScale = scale;
    c.bucketCapBytes = 1e12;
    return c;
}

bool relClose(double a, double b, double tol)
{
    return std::abs(a - b) <= tol * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestClusterSim : public QObject
{
    Q_OBJECT

private slots:
    void ringTimeWithZeroLatency_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("scale");
        // Model scales at which the timed values split evenly over the ranks.
        QTest::newRow("1x2") << 1 << 2 << 1.0;
        QTest::newRow("1x5") << 1 << 5 << 1.0;
        QTest::newRow("2x4") << 2 << 4 << 4.0;
        QTest::newRow("2x5") << 2 << 5 << 1.0;
        QTest::newRow("2x8") << 2 << 8 << 8.0;
    }
    void ringTimeWithZeroLatency()
    {
        QFETCH(int, servers);
        QFETCH(int, gpus);
        QFETCH(double, scale);
        const double bw = 10e9;
        const SimResult r = simulate(uniformConfig(servers, gpus, bw, scale));
        const int n = servers * gpus;
        const double bytes = 407080.0 * scale;
        QCOMPARE(r.timedGradientBytes, bytes);
        QCOMPARE(r.iterations.size(), std::size_t(1));
        const IterationStats &it = r.iterations[0];
        // T = 2(N-1)/N x S / B, busbw = B
        const double expected = 2.0 * (n - 1) / n * bytes / bw;
        QVERIFY2(relClose(it.allreduceSeconds, expected, 1e-12),
                 qPrintable(QStringLiteral("%1 s, expected %2 s")
                                    .arg(it.allreduceSeconds)
                                    .arg(expected)));
        QVERIFY(relClose(it.busbw, bw, 1e-12));
        QVERIFY(relClose(it.algbw, bw * n / (2.0 * (n - 1)), 1e-12));
        // Every rank sends and receives 2(N-1)/N x S in 2(N-1) messages.
        for (const RankTraffic &t : r.rankTrafficPerIteration) {
            QCOMPARE(t.bytesSent, 2.0 * (n - 1) / n * bytes);
            QCOMPARE(t.bytesReceived, 2.0 * (n - 1) / n * bytes);
            QCOMPARE(t.messagesSent, 2 * (n - 1));
        }
    }

    void latencyAddsPerStep()
    {
        // With latency L per path and no bandwidth limit to speak of, each of the 2(N-1) steps
        // costs L: the regime the real 407,080 bytes are in.
        SimConfig c = uniformConfig(1, 4, 1e18, 1.0);
        c.cluster.latencyScale = 1;
        c.cluster.nvlinkLatencyS = 1e-6;
        const SimResult r = simulate(c);
        QVERIFY(relClose(r.iterations[0].allreduceSeconds, 6 * 1e-6, 1e-6));
    }

    void hierarchicalNicBytes_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("scale");
        QTest::newRow("2x2") << 2 << 1.0;
        QTest::newRow("2x4") << 4 << 2.0;
        QTest::newRow("2x8") << 8 << 4.0;
    }
    void hierarchicalNicBytes()
    {
        QFETCH(int, gpus);
        QFETCH(double, scale);
        SimConfig c = uniformConfig(2, gpus, 10e9, scale);
        c.algorithm = Algorithm::Hierarchical;
        c.cluster.latencyScale = 1;
        const SimResult r = simulate(c);
        int nics = 0;
        for (std::size_t i = 0; i < r.links.size(); ++i) {
            if (r.links[i].kind != LinkKind::Nic)
                continue;
            ++nics;
            QCOMPARE(r.linkStats[i].bytes, 407080.0 * scale / gpus);
        }
        QCOMPARE(nics, 2 * 2 * gpus); // one out, one in per GPU
    }

    void utilizationIntegralEqualsBytes()
    {
        SimConfig c;
        c.iterations = 20;
        c.modelScale = 100; // 40.7 MB: two 25 MB buckets
        c.snapshotEvery = 4;
        c.dropPacketAt = 3;
        c.failAt = 9;
        const SimResult r = simulate(c);
        QCOMPARE(r.buckets.size(), std::size_t(2));
        for (int bins : {1, 7, 1000}) {
            const UtilizationTimeline tl = utilizationTimeline(r, bins);
            for (std::size_t l = 0; l < r.links.size(); ++l) {
                double integral = 0;
                for (double u : tl.links[l]) {
                    QVERIFY(u >= 0 && u <= 1 + 1e-9);
                    integral += u * tl.binSeconds * r.links[l].bytesPerS;
                }
                QVERIFY2(relClose(integral, r.linkStats[l].bytes, 1e-9),
                         qPrintable(QStringLiteral("%1: %2 vs %3 bytes")
                                            .arg(QString::fromStdString(r.links[l].name))
                                            .arg(integral)
                                            .arg(r.linkStats[l].bytes)));
            }
        }
        // Every kind of link carried something: the batches, the ring inside and across servers.
        double pcie = 0, nv = 0, nic = 0;
        for (std::size_t l = 0; l < r.links.size(); ++l) {
            const double b = r.linkStats[l].bytes;
            (r.links[l].kind == LinkKind::Pcie     ? pcie
             : r.links[l].kind == LinkKind::NvLink ? nv
                                                   : nic)
                    += b;
        }
        QVERIFY(pcie > 0 && nv > 0 && nic > 0);
    }

    void timelineWindow()
    {
        // A window holding one iteration's all-reduce: the ring's NIC links carry, inside it,
        // exactly the bytes of that iteration's messages on them.
        SimConfig c;
        c.iterations = 4;
        c.modelScale = 10;
        const SimResult r = simulate(c);
        const IterationStats &it = r.iterations[2];
        const UtilizationTimeline tl = utilizationTimeline(r, 64, it.start, it.start + it.seconds);
        QCOMPARE(tl.times.front(), it.start);
        for (std::size_t l = 0; l < r.links.size(); ++l) {
            double integral = 0;
            for (double u : tl.links[l])
                integral += u * tl.binSeconds * r.links[l].bytesPerS;
            // every iteration moves the same bytes, a quarter of the run's
            QVERIFY(relClose(integral, r.linkStats[l].bytes / 4, 1e-9)
                    || r.linkStats[l].bytes == 0);
        }
        QVERIFY(utilizationTimeline(r, 10, 1.0, 1.0).binSeconds == 0);
    }

    void bucketsOverlapBackward()
    {
        SimConfig c;
        c.iterations = 1;
        c.modelScale = 100;
        c.gpuFlopsPerS = 1e12; // a slow GPU: the backward pass outlasts the first bucket's ring
        const SimResult r = simulate(c);
        double backwardEnd = 0;
        for (const PhaseInterval &p : r.phases)
            if (p.kind == PhaseKind::Backward)
                backwardEnd = p.end;
        double firstBucket1 = 1e30;
        for (const TimedTransfer &t : r.recorded)
            if (t.bucket == 0)
                firstBucket1 = std::min(firstBucket1, t.depart);
        QVERIFY(!r.recorded.empty());
        QVERIFY(firstBucket1 < backwardEnd);
    }

    void failureLosesFewerThanK_data()
    {
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("failAt");
        for (int k : {1, 3, 5, 10})
            for (int f : {0, 1, 4, 9, 12, 17})
                QTest::addRow("k=%d fail=%d", k, f) << k << f;
    }
    void failureLosesFewerThanK()
    {
        QFETCH(int, k);
        QFETCH(int, failAt);
        SimConfig c;
        c.iterations = 20;
        c.snapshotEvery = k;
        c.failAt = failAt;
        const SimResult r = simulate(c);
        QVERIFY(r.lostIterations < k);
        QCOMPARE(r.lostIterations, failAt - (failAt / k) * k);
        // Executed: every iteration once, the lost ones again, plus the failed one.
        QCOMPARE(int(r.iterations.size()), c.iterations + r.lostIterations + 1);
        int kept = 0;
        for (const IterationStats &s : r.iterations)
            kept += s.lost ? 0 : 1;
        QCOMPARE(kept, c.iterations);
        QCOMPARE(r.snapshots, c.iterations / k); // none is written twice
        QVERIFY(r.lostSeconds > 0);
    }

    void failureWithoutSnapshotsRestarts()
    {
        SimConfig c;
        c.iterations = 10;
        c.failAt = 6;
        const SimResult r = simulate(c);
        QCOMPARE(r.lostIterations, 6);
        QCOMPARE(int(r.iterations.size()), 17);
    }

    void lostPacketCostsTheTimeout()
    {
        SimConfig c;
        c.iterations = 3;
        const SimResult clean = simulate(c);
        c.dropPacketAt = 1;
        c.retransmitSeconds = 1e-3;
        const SimResult lossy = simulate(c);
        QVERIFY(lossy.iterations[1].seconds >= clean.iterations[1].seconds + 1e-3 - 1e-12);
        QVERIFY(relClose(lossy.iterations[2].seconds, clean.iterations[2].seconds, 1e-9));
    }

    void youngInterval()
    {
        SimConfig c;
        c.iterations = 5;
        c.storageBytesPerS = 1e9;
        c.mtbfSeconds = 3600;
        const SimResult r = simulate(c);
        QCOMPARE(r.snapshotSeconds, 407080.0 / 1e9);
        // sqrt(2 x 407.08 us x 3600 s) = 1.71201 s
        QVERIFY(relClose(r.youngIntervalSeconds, std::sqrt(2 * 407080.0 / 1e9 * 3600), 1e-12));
        QVERIFY(std::abs(r.youngIntervalSeconds - 1.71201) < 1e-5);
        QVERIFY(r.youngIntervalIterations > 1000);
    }

    void pcieCopyUnlessResident()
    {
        SimConfig c;
        c.iterations = 2;
        c.cluster.latencyScale = 0;
        const SimResult r = simulate(c);
        // 64 x 784 bytes over PCIe Gen4 (31.5 GB/s)
        QVERIFY(relClose(r.iterations[0].pcieSeconds, 64.0 * 784 / 31.5e9, 1e-12));
        c.resident = true;
        const SimResult res = simulate(c);
        QCOMPARE(res.iterations[0].pcieSeconds, 0.0);
        for (std::size_t l = 0; l < res.links.size(); ++l)
            if (res.links[l].kind == LinkKind::Pcie)
                QCOMPARE(res.linkStats[l].bytes, 0.0);
    }

    void theNetworksParametersAreAllReduced()
    {
        // 784-256-128-10: 235,146 parameters, 4 bytes each; its FLOPs per sample from its layers.
        SimConfig c;
        c.iterations = 2;
        c.network.hidden = {256, 128};
        c.network.activation = Activation::Tanh;
        const SimResult r = simulate(c);
        QCOMPARE(r.gradientValues, std::size_t(235146));
        QCOMPARE(r.gradientBytes, 940584.0);
        QCOMPARE(r.timedGradientBytes, 940584.0);
        // Forward 2 x 234,752 weights; backward 2 x 234,752 + 2 x (32,768 + 1,280), no input gradient.
        QCOMPARE(forwardFlopsPerSample(c.network), 2.0 * 234752);
        QCOMPARE(backwardFlopsPerSample(c.network), 2.0 * 234752 + 2.0 * (32768 + 1280));
        // The source network's numbers are those of the default configuration.
        QCOMPARE(backwardFlopsPerSample(), 2.0 * double(weightCount()) + 2.0 * double(outputWeightCount()));
        const SimResult source = simulate(SimConfig{});
        QCOMPARE(source.gradientBytes, 407080.0);
        // Every rank sends 2(N-1)/N of the larger gradient; the iteration takes longer.
        const double perRank = 2.0 * 7 / 8 * 940584.0;
        QVERIFY(std::abs(double(r.rankTrafficPerIteration[0].bytesSent) - perRank) < 64);
        QVERIFY(r.iterations[0].allreduceSeconds > source.iterations[0].allreduceSeconds);
        QVERIFY(r.iterations[0].computeSeconds > source.iterations[0].computeSeconds);
        // No hidden layer: 7,850 parameters, and no backward product past the first layer.
        c.network.hidden = {};
        QCOMPARE(simulate(c).gradientValues, std::size_t(7850));
        QCOMPARE(backwardFlopsPerSample(c.network), 2.0 * 7840);
    }

    void thousandIterationsOf2x8UnderASecond()
    {
        SimConfig c;
        c.cluster.servers = 2;
        c.cluster.gpusPerServer = 8;
        c.iterations = 1000;
        c.modelScale = 100;
        // CPU time of this process: the simulation's own cost, not the other programs' load.
        QElapsedTimer timer;
        timer.start();
        const std::clock_t c0 = std::clock();
        const SimResult r = simulate(c);
        const double seconds = double(std::clock() - c0) / CLOCKS_PER_SEC;
        qInfo("1,000 iterations of 2 x 8 GPUs (ring, scale 100): %.3f s CPU, %.3f s wall", seconds,
              timer.nsecsElapsed() * 1e-9);
        QCOMPARE(int(r.iterations.size()), 1000);
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || !defined(NDEBUG)
        QSKIP("timing is only asserted in an optimised build without sanitizers");
#else
        QVERIFY(seconds < 1.0);
#endif
    }
};

QTEST_MAIN(TestClusterSim)
#include "tst_clustersim.moc"
