// The training's batches on the simulated cluster: where the replicas sit, the one-iteration
// configuration, the bytes each kind of link carries for the real gradient, and the window of the
// last iterations laid end to end (scrolling, resets, another cluster).

#include "livetimeline.h"
#include "nn/params.h"

#include <QTest>

#include <cmath>

using namespace bplab;
using namespace bplab::cluster;

namespace {

double bytesOf(const SimResult &r, LinkKind kind, bool outbound)
{
    double b = 0;
    for (std::size_t l = 0; l < r.links.size(); ++l)
        if (r.links[l].kind == kind && r.links[l].outbound == outbound)
            b += r.linkStats[l].bytes;
    return b;
}

std::shared_ptr<const LiveIteration> iteration(std::uint64_t step, int replicas,
                                               int gpusPerServer = 4)
{
    SimConfig chosen;
    chosen.cluster.gpusPerServer = gpusPerServer;
    auto it = std::make_shared<LiveIteration>();
    it->step = step;
    it->replicas = replicas;
    it->result = simulate(liveIterationConfig(chosen, replicas, 64));
    return it;
}

} // namespace

class TestLiveTimeline : public QObject
{
    Q_OBJECT

private slots:
    void placesReplicas_data()
    {
        QTest::addColumn<int>("replicas");
        QTest::addColumn<int>("chosenGpus");
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("gpus");
        QTest::newRow("8 on 4 per server") << 8 << 4 << 2 << 4;
        QTest::newRow("4 on 4 per server") << 4 << 4 << 1 << 4;
        QTest::newRow("4 on 2 per server") << 4 << 2 << 2 << 2;
        QTest::newRow("6 on 4 per server") << 6 << 4 << 2 << 3;
        QTest::newRow("5 on 4 per server") << 5 << 4 << 5 << 1;
        QTest::newRow("2 on 8 per server") << 2 << 8 << 1 << 2;
        QTest::newRow("1") << 1 << 4 << 1 << 1;
    }
    void placesReplicas()
    {
        QFETCH(int, replicas);
        QFETCH(int, chosenGpus);
        QFETCH(int, servers);
        QFETCH(int, gpus);
        ClusterConfig chosen;
        chosen.servers = 7;
        chosen.gpusPerServer = chosenGpus;
        chosen.nic = NicPreset::Gbps400;
        const ClusterConfig c = placeReplicas(chosen, replicas);
        QCOMPARE(c.servers, servers);
        QCOMPARE(c.gpusPerServer, gpus);
        QCOMPARE(c.ranks(), replicas);
        QCOMPARE(int(c.nic), int(NicPreset::Gbps400)); // the links stay the chosen ones
    }

    // One iteration of the real gradient, whatever the what-if run's length, size and faults.
    void oneRealIteration()
    {
        SimConfig chosen;
        chosen.iterations = 40;
        chosen.modelScale = 100;
        chosen.failAt = 3;
        chosen.dropPacketAt = 1;
        chosen.snapshotEvery = 2;
        chosen.algorithm = Algorithm::Hierarchical;
        const SimConfig c = liveIterationConfig(chosen, 8, 48);
        QCOMPARE(c.iterations, 1);
        QCOMPARE(c.modelScale, 1.0);
        QCOMPARE(c.batch, 48);
        QCOMPARE(c.failAt, -1);
        QCOMPARE(c.dropPacketAt, -1);
        QCOMPARE(c.snapshotEvery, 0);
        QCOMPARE(int(c.algorithm), int(Algorithm::Hierarchical));
    }

    // 8 replicas on 2 x 4, ring: the mini-batches cross PCIe, the ring crosses NVLink and NICs,
    // and every rank sends 2(N-1)/N of the gradient, 2(N-1) gradients in all.
    void linksCarryTheRealBytes()
    {
        const auto it = iteration(1, 8);
        const SimResult &r = it->result;
        QCOMPARE(r.config.cluster.servers, 2);
        QCOMPARE(r.iterations.size(), std::size_t(1));
        const double gradient = double(parameterCount()) * 4.0;
        QCOMPARE(r.timedGradientBytes, 407080.0);
        QCOMPARE(bytesOf(r, LinkKind::Pcie, false), 8.0 * 64 * kInputs);
        const double sent = bytesOf(r, LinkKind::NvLink, true) + bytesOf(r, LinkKind::Nic, true);
        QVERIFY2(std::abs(sent - 2.0 * 7 * gradient) < 1e-6 * sent,
                 qPrintable(QString::number(sent)));
        QVERIFY(bytesOf(r, LinkKind::Nic, true) > 0);
        QVERIFY(bytesOf(r, LinkKind::NvLink, true) > 0);
        QVERIFY(r.iterations.front().allreduceSeconds > 0);
    }

    void oneReplicaHasNothingToReduce()
    {
        const auto it = iteration(1, 1);
        const SimResult &r = it->result;
        QCOMPARE(r.iterations.front().allreduceSeconds, 0.0);
        QCOMPARE(bytesOf(r, LinkKind::NvLink, true) + bytesOf(r, LinkKind::Nic, true), 0.0);
        QCOMPARE(bytesOf(r, LinkKind::Pcie, false), 64.0 * kInputs);
    }

    void windowLaysIterationsEndToEnd()
    {
        LiveTimeline t(6);
        for (std::uint64_t step : {3, 5, 9})
            t.append(iteration(step, 8));
        const SimResult one = iteration(1, 8)->result;
        const SimResult w = t.window();
        QCOMPARE(t.size(), 3);
        QCOMPARE(w.iterations.size(), std::size_t(3));
        QCOMPARE(w.iterations[0].iteration, 3);
        QCOMPARE(w.iterations[2].iteration, 9);
        QVERIFY(std::abs(w.totalSeconds - 3 * one.totalSeconds) < 1e-12);
        QVERIFY(std::abs(t.newestStart() - 2 * one.totalSeconds) < 1e-12);
        QVERIFY(std::abs(w.iterations[1].start - one.totalSeconds) < 1e-12);
        for (const PhaseInterval &p : w.phases) {
            QVERIFY(p.iteration == 3 || p.iteration == 5 || p.iteration == 9);
            if (p.iteration == 9)
                QVERIFY(p.start >= t.newestStart() - 1e-15);
        }
        for (std::size_t l = 0; l < w.links.size(); ++l) {
            QCOMPARE(w.linkStats[l].bytes, 3 * one.linkStats[l].bytes);
            // sorted and disjoint, as utilizationTimeline() needs
            for (std::size_t i = 1; i < w.busy[l].size(); ++i)
                QVERIFY(w.busy[l][i].first >= w.busy[l][i - 1].second - 1e-15);
        }
        // The utilisation integrates to the bytes: sum(u x bin) x bandwidth = bytes.
        const UtilizationTimeline u = utilizationTimeline(w, 3000);
        for (std::size_t l = 0; l < w.links.size(); ++l) {
            double integral = 0;
            for (double v : u.links[l])
                integral += v * u.binSeconds * w.links[l].bytesPerS;
            QVERIFY2(std::abs(integral - w.linkStats[l].bytes)
                             <= 1e-6 * w.linkStats[l].bytes + 1e-9,
                     qPrintable(QString::fromStdString(w.links[l].name)));
        }
    }

    void scrollsAndStartsAgain()
    {
        LiveTimeline t(6);
        for (std::uint64_t step = 1; step <= 8; ++step)
            t.append(iteration(step, 4));
        QCOMPARE(t.size(), 6);
        QCOMPARE(t.window().iterations.front().iteration, 3);
        // The exact state at a pause repeats the newest step: it replaces it.
        t.append(iteration(8, 4));
        QCOMPARE(t.size(), 6);
        // A reset (a step below the newest) starts again.
        t.append(iteration(2, 4));
        QCOMPARE(t.size(), 1);
        QCOMPARE(t.newest()->step, std::uint64_t(2));
        // Another cluster (other links) starts again.
        t.append(iteration(3, 4, 2));
        QCOMPARE(t.size(), 1);
        QCOMPARE(t.window().config.cluster.servers, 2);
        t.clear();
        QVERIFY(t.empty());
        QCOMPARE(t.window().totalSeconds, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestLiveTimeline)
#include "tst_livetimeline.moc"
