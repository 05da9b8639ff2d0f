// backprop-lab-cli simulate: the JSON keys and their values, the ring's bus bandwidth without
// latency, a failure's lost iterations, the CSV timeline and the usage errors.

#include "app/clitestutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace bplab::test;

class TestCliSimulate : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!QFile::exists(QStringLiteral(BPLAB_CLI_PATH)))
            QSKIP("backprop-lab-cli is not built");
    }

    void jsonHoldsTheIssuesKeys()
    {
        const CliRun run = runCli({"simulate", "--servers", "2", "--gpus-per-server", "4",
                                   "--iterations", "3", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject o = run.json();
        QCOMPARE(o.value("gradient_bytes").toDouble(), 407080.0);
        QCOMPARE(o.value("rank_count").toInt(), 8);
        QCOMPARE(o.value("lost_iterations").toInt(), 0);
        const QJsonArray ranks = o.value("ranks").toArray();
        QCOMPARE(ranks.size(), 8);
        for (int r = 0; r < 8; ++r) {
            const QJsonObject k = ranks[r].toObject();
            QCOMPARE(k.value("rank").toInt(), r);
            // 2(N-1)/N x S = 712,390 bytes, give or take the whole-float chunks (N does not divide
            // S)
            QVERIFY(std::abs(k.value("bytes_sent").toDouble() - 712390.0) <= 8);
            QVERIFY(k.contains("bytes_received"));
        }
        const QJsonArray links = o.value("links").toArray();
        QCOMPARE(links.size(), 8 * 6); // per GPU: PCIe, NVLink and NIC, each both ways
        int kinds[3] = {0, 0, 0};
        for (const auto &v : links) {
            const QJsonObject l = v.toObject();
            for (const char *key :
                 {"name", "kind", "bandwidth_bytes_per_s", "bytes", "busy_seconds", "utilization"})
                QVERIFY2(l.contains(key), key);
            const QString kind = l.value("kind").toString();
            kinds[kind == "pcie" ? 0 : kind == "nvlink" ? 1 : 2] += 1;
            QVERIFY(kind == "pcie" || kind == "nvlink" || kind == "nic");
            if (kind == "nic")
                QCOMPARE(l.value("bandwidth_bytes_per_s").toDouble(), 25e9);
            QVERIFY(l.value("utilization").toDouble() >= 0
                    && l.value("utilization").toDouble() <= 1);
        }
        QCOMPARE(kinds[0], 16);
        QCOMPARE(kinds[1], 16);
        QCOMPARE(kinds[2], 16);
        const QJsonArray its = o.value("iterations").toArray();
        QCOMPARE(its.size(), 3);
        for (const auto &v : its) {
            const QJsonObject it = v.toObject();
            for (const char *key : {"seconds", "compute_seconds", "allreduce_seconds",
                                    "pcie_seconds", "algbw", "busbw"})
                QVERIFY2(it.contains(key), key);
            QVERIFY(it.value("seconds").toDouble() > it.value("allreduce_seconds").toDouble());
            QVERIFY(std::abs(it.value("busbw").toDouble() - it.value("algbw").toDouble() * 14 / 8)
                    < 1e-6 * it.value("busbw").toDouble());
        }
    }

    void hiddenSetsTheNetwork()
    {
        const CliRun run = runCli({"simulate", "--hidden", "512,256", "--activation", "tanh", "--iterations", "2",
                                   "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject o = run.json();
        QCOMPARE(o.value("network").toString(), QStringLiteral("784-512-256-10 tanh"));
        QCOMPARE(o.value("gradient_values").toDouble(), 535818.0);
        QCOMPARE(o.value("gradient_bytes").toDouble(), 4 * 535818.0);
        const CliRun text = runCli({"simulate", "--hidden", "0", "--iterations", "2"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("7,850 values (784-10) = 31,400 bytes"), text.out.constData());
    }

    void busbwEqualsTheLinkWithoutLatency()
    {
        // 5 GPUs in one server: S splits evenly, every step crosses NVLink at 300 GB/s.
        const CliRun run = runCli({"simulate", "--servers", "1", "--gpus-per-server", "5",
                                   "--latency-scale", "0", "--resident", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject it = run.json().value("iterations").toArray().first().toObject();
        QVERIFY(std::abs(it.value("busbw").toDouble() - 300e9) < 1e-6 * 300e9);
        QVERIFY(std::abs(it.value("allreduce_seconds").toDouble() - 8.0 / 5 * 407080 / 300e9)
                < 1e-15);
        QCOMPARE(it.value("pcie_seconds").toDouble(), 0.0);
    }

    void failureLosesTheIterationsSinceTheSnapshot()
    {
        const CliRun run = runCli({"simulate", "--iterations", "20", "--snapshot-every", "5",
                                   "--fail-at", "13", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject o = run.json();
        QCOMPARE(o.value("lost_iterations").toInt(), 3);
        QCOMPARE(o.value("snapshots").toInt(), 4);
        QCOMPARE(o.value("iterations").toArray().size(), 20 + 3 + 1);
        QVERIFY(o.value("young_interval_seconds").toDouble() > 0);
    }

    void csvTimeline()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("timeline.csv");
        const CliRun run = runCli({"simulate", "--servers", "2", "--gpus-per-server", "2",
                                   "--model-scale", "100", "--csv", path, "--bins", "50"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("all-reduce"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 51);
        const QList<QByteArray> header = lines[0].split(',');
        QCOMPARE(header.size(), 1 + 4 * 6);
        QCOMPARE(header[0], QByteArray("time_seconds"));
        QVERIFY(header.contains("s0.g1>nvswitch"));
        QVERIFY(header.contains("switch>s1.nic0"));
        // At model scale 100 the ring's inter-server links are busy for a large part of the run.
        const int col = int(header.indexOf("switch>s1.nic0"));
        double peak = 0;
        for (int i = 1; i < lines.size(); ++i)
            peak = std::max(peak, lines[i].split(',')[col].toDouble());
        QVERIFY(peak > 0.9 && peak <= 1.0);
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("algorithm")
                << QStringList {"--algorithm", "tree"} << 1 << "--algorithm must be one of";
        QTest::newRow("nic") << QStringList {"--nic", "100"} << 1 << "--nic must be one of 200|400";
        QTest::newRow("fail-at") << QStringList {"--iterations", "5", "--fail-at", "5"} << 1
                                 << "--fail-at 5 is not below --iterations 5";
        QTest::newRow("scale") << QStringList {"--model-scale", "0"} << 1 << "--model-scale";
        QTest::newRow("hidden") << QStringList {"--hidden", "0,5"} << 2
                                << "--hidden 0,5: a hidden layer needs 1 to 1,024 neurons, not 0";
        QTest::newRow("activation") << QStringList {"--activation", "softplus"} << 2 << "--activation softplus";
        QTest::newRow("csv") << QStringList {"--csv", "/nonexistent-folder/t.csv"} << 2
                             << "cannot write the CSV file /nonexistent-folder/t.csv";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const CliRun run = runCli(QStringList {"simulate"} + args);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
    }
};

QTEST_MAIN(TestCliSimulate)
#include "tst_clisimulate.moc"
