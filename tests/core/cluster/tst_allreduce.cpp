// The all-reduce algorithms on real buffers: bytes and messages per rank, the state after the
// reduce-scatter, exact sums with integer-valued gradients, identical results on every rank.

#include "allreduce.h"

#include <QTest>

using namespace bplab;
using namespace bplab::cluster;

namespace {

// Rank r's value i: a positive integer, so every partial sum is smaller than the full sum and all
// sums stay exact in float (below 2^24).
float valueOf(int r, std::size_t i)
{
    return float((r + 1) * 1000 + int(i % 97));
}

std::vector<std::vector<float>> integerBuffers(int ranks, std::size_t n)
{
    std::vector<std::vector<float>> b(static_cast<std::size_t>(ranks), std::vector<float>(n));
    for (int r = 0; r < ranks; ++r)
        for (std::size_t i = 0; i < n; ++i)
            b[std::size_t(r)][i] = valueOf(r, i);
    return b;
}

float directSum(int ranks, std::size_t i)
{
    float s = 0;
    for (int r = 0; r < ranks; ++r)
        s += valueOf(r, i);
    return s;
}

} // namespace

class TestAllReduce : public QObject
{
    Q_OBJECT

private slots:
    void ringBytesAndMessages_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<qulonglong>("values");
        // The network's 101,770 values split evenly over 2, 5 and 10 ranks; others on multiples.
        QTest::newRow("2 ranks, S") << 2 << qulonglong(parameterCount());
        QTest::newRow("5 ranks, S") << 5 << qulonglong(parameterCount());
        QTest::newRow("10 ranks, S") << 10 << qulonglong(parameterCount());
        QTest::newRow("8 ranks, 4S") << 8 << qulonglong(4 * parameterCount());
        QTest::newRow("16 ranks, 8S") << 16 << qulonglong(8 * parameterCount());
    }
    void ringBytesAndMessages()
    {
        QFETCH(int, ranks);
        QFETCH(qulonglong, values);
        const Schedule s = ringSchedule(ranks, values);
        QCOMPARE(s.steps, 2 * (ranks - 1));
        QCOMPARE(int(s.transfers.size()), 2 * (ranks - 1) * ranks);
        const double bytes = double(values) * 4.0;
        const double expected = 2.0 * (ranks - 1) / ranks * bytes;
        for (const RankTraffic &t : trafficOf(s, 4.0)) {
            QCOMPARE(t.messagesSent, 2 * (ranks - 1));
            QCOMPARE(t.bytesSent, expected);
            QCOMPARE(t.bytesReceived, expected);
        }
        // 407,080 bytes over 2 ranks: each sends 407,080 bytes (2 x 1/2 x S).
        if (ranks == 2 && values == parameterCount())
            QCOMPARE(trafficOf(s, 4.0)[0].bytesSent, 407080.0);
    }

    void reduceScatterLeavesOneFullChunk_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::newRow("2") << 2;
        QTest::newRow("3") << 3;
        QTest::newRow("8") << 8;
        QTest::newRow("16") << 16;
    }
    void reduceScatterLeavesOneFullChunk()
    {
        QFETCH(int, ranks);
        const std::size_t n = parameterCount();
        auto buffers = integerBuffers(ranks, n);
        const Schedule s = ringSchedule(ranks, n, true);
        QCOMPARE(s.steps, ranks - 1);
        applySchedule(s, buffers);
        for (int r = 0; r < ranks; ++r) {
            int fullChunks = 0;
            for (int c = 0; c < ranks; ++c) {
                bool full = true;
                for (std::size_t i = chunkBegin(n, ranks, c); i < chunkBegin(n, ranks, c + 1); ++i)
                    full = full && buffers[std::size_t(r)][i] == directSum(ranks, i);
                if (full) {
                    ++fullChunks;
                    QCOMPARE(c, (r + 1) % ranks); // the chunk the ring leaves on rank r
                }
            }
            QCOMPARE(fullChunks, 1);
        }
    }

    void allReduceEqualsDirectSum_data()
    {
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("gpus");
        for (int n : {2, 3, 4, 8, 16})
            QTest::addRow("ring %d", n) << int(Algorithm::Ring) << 1 << n;
        QTest::newRow("ring 2x4") << int(Algorithm::Ring) << 2 << 4;
        for (auto [s, g] : {std::pair {2, 1}, {2, 2}, {2, 4}, {2, 8}, {3, 4}, {1, 4}, {4, 2}})
            QTest::addRow("hierarchical %dx%d", s, g) << int(Algorithm::Hierarchical) << s << g;
    }
    void allReduceEqualsDirectSum()
    {
        QFETCH(int, algorithm);
        QFETCH(int, servers);
        QFETCH(int, gpus);
        const int ranks = servers * gpus;
        const std::size_t n = parameterCount();
        auto buffers = integerBuffers(ranks, n);
        const Schedule s = makeSchedule(Algorithm(algorithm), servers, gpus, n);
        applySchedule(s, buffers);
        for (std::size_t i = 0; i < n; ++i) {
            const float expected = directSum(ranks, i);
            for (int r = 0; r < ranks; ++r) {
                if (buffers[std::size_t(r)][i] != expected)
                    QFAIL(qPrintable(QStringLiteral("rank %1 value %2: %3, expected %4")
                                             .arg(r)
                                             .arg(i)
                                             .arg(double(buffers[std::size_t(r)][i]))
                                             .arg(double(expected))));
            }
        }
    }

    void realValuesAreBitIdenticalOnEveryRank()
    {
        // Non-integer values: rounding depends on the order of the sums, which must be one order.
        const int ranks = 8;
        const std::size_t n = parameterCount();
        std::vector<std::vector<float>> b(ranks, std::vector<float>(n));
        for (int r = 0; r < ranks; ++r)
            for (std::size_t i = 0; i < n; ++i)
                b[std::size_t(r)][i] = 0.1f * float(r + 1) / float(1 + i % 13) - 0.37f;
        for (Algorithm a : {Algorithm::Ring, Algorithm::Hierarchical}) {
            auto buffers = b;
            applySchedule(makeSchedule(a, 2, 4, n), buffers);
            for (int r = 1; r < ranks; ++r)
                QVERIFY(buffers[std::size_t(r)] == buffers[0]);
            // And close to the sum in double.
            for (std::size_t i = 0; i < n; i += 997) {
                double sum = 0;
                for (int r = 0; r < ranks; ++r)
                    sum += b[std::size_t(r)][i];
                QVERIFY(std::abs(buffers[0][i] - sum) < 1e-5 * (1 + std::abs(sum)));
            }
        }
    }

    void hierarchicalNicBytes_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<qulonglong>("values");
        QTest::newRow("2x2") << 2 << qulonglong(parameterCount());
        QTest::newRow("2x4") << 4 << qulonglong(2 * parameterCount());
        QTest::newRow("2x5") << 5 << qulonglong(parameterCount());
        QTest::newRow("2x8") << 8 << qulonglong(4 * parameterCount());
    }
    void hierarchicalNicBytes()
    {
        // With 2 servers every GPU sends and receives S / G across the servers.
        QFETCH(int, gpus);
        QFETCH(qulonglong, values);
        const Schedule s = hierarchicalSchedule(2, gpus, values);
        std::vector<double> out(static_cast<std::size_t>(2 * gpus)),
                in(static_cast<std::size_t>(2 * gpus));
        for (const Transfer &t : s.transfers) {
            if (t.src / gpus != t.dst / gpus) {
                out[std::size_t(t.src)] += double(t.count) * 4;
                in[std::size_t(t.dst)] += double(t.count) * 4;
            }
        }
        const double expected = double(values) * 4.0 / gpus;
        for (int r = 0; r < 2 * gpus; ++r) {
            QCOMPARE(out[std::size_t(r)], expected);
            QCOMPARE(in[std::size_t(r)], expected);
        }
        QCOMPARE(s.steps, 2 * (gpus - 1) + 2);
    }

    void flattenRoundTrip()
    {
        MlpParamsF p = MlpParamsF::zeros(Architecture::source());
        p.layers[0].W(3, 700) = 1.5f;
        p.layers[0].b(127) = -2.0f;
        p.layers[1].W(9, 0) = 3.0f;
        p.layers[1].b(4) = 4.0f;
        const std::vector<float> flat = flatten(p);
        QCOMPARE(flat.size(), std::size_t(101770));
        QCOMPARE(flat[3 * 784 + 700], 1.5f);    // row-major W1 (as it is stored)
        QCOMPARE(flat[100352 + 127], -2.0f);    // b1 after W1
        QCOMPARE(flat[100352 + 128 + 9 * 128], 3.0f); // row-major W2: row 9, column 0
        QCOMPARE(flat[101770 - 10 + 4], 4.0f);  // b2 last
        MlpParamsF q = MlpParamsF::zeros(Architecture::source());
        unflatten(flat.data(), q);
        QVERIFY(q == p);
    }
};

QTEST_MAIN(TestAllReduce)
#include "tst_allreduce.moc"
