// info: the network's sizes (101,770 parameters, 407,080 bytes at FP32, ...), computed by the tool.

#include "clitestutil.h"

#include <QtTest>

using namespace bplab::test;

class TestCliInfo : public QObject
{
    Q_OBJECT

private slots:
    void jsonNumbers();
    void textNumbersAndNotes();
    void otherNetworks();
    void badNetworks_data();
    void badNetworks();
};

void TestCliInfo::jsonNumbers()
{
    const CliRun run = runCli({QStringLiteral("info"), QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject o = run.json();
    QCOMPARE(o.value("inputs").toInteger(), qint64(784));
    QCOMPARE(o.value("hidden").toInteger(), qint64(128));
    QCOMPARE(o.value("outputs").toInteger(), qint64(10));
    QCOMPARE(o.value("hidden_weights").toInteger(), qint64(100352));
    QCOMPARE(o.value("output_weights").toInteger(), qint64(1280));
    QCOMPARE(o.value("weights").toInteger(), qint64(101632));
    QCOMPARE(o.value("biases").toInteger(), qint64(138));
    QCOMPARE(o.value("parameters").toInteger(), qint64(101770));
    const QJsonObject memory = o.value("memory").toObject();
    QCOMPARE(memory.value("fp16").toObject().value("weights").toInteger(), qint64(203264));
    QCOMPARE(memory.value("fp32").toObject().value("weights").toInteger(), qint64(406528));
    QCOMPARE(memory.value("fp64").toObject().value("weights").toInteger(), qint64(813056));
    QCOMPARE(memory.value("fp32").toObject().value("parameters").toInteger(), qint64(407080));
    QCOMPARE(memory.value("fp16").toObject().value("parameters").toInteger(), qint64(203540));
    QCOMPARE(memory.value("fp64").toObject().value("parameters").toInteger(), qint64(814160));
    QCOMPARE(o.value("multiply_adds_per_sample").toInteger(), qint64(101632));
    QCOMPARE(o.value("batch").toInteger(), qint64(64));
    QCOMPARE(o.value("multiply_adds_per_batch").toInteger(), qint64(6504448));
    QCOMPARE(o.value("training_flops_per_sample").toInteger(), qint64(4 * 101632 + 2560));
    QCOMPARE(o.value("network").toString(), QStringLiteral("784-128-10 ReLU"));
    QCOMPARE(o.value("hidden_layers").toArray(), QJsonArray({128}));
    QCOMPARE(o.value("activation").toString(), QStringLiteral("relu"));
    QVERIFY(o.value("init").toString().startsWith(QStringLiteral("He")));
}

void TestCliInfo::textNumbersAndNotes()
{
    const CliRun run = runCli({QStringLiteral("info")});
    QCOMPARE(run.exitCode, 0);
    for (const char *expected :
         {"100,352", "1,280", "101,632", "138", "101,770", "406,528", "203,264", "813,056",
          "407,080", "6,504,448", "6,422,528", "81,920"})
        QVERIFY2(run.out.contains(expected), expected);
    // The source's slips are pointed out with the correct values.
    QVERIFY(run.out.contains("1.709")); // -ln 0.181
    QVERIFY(run.out.contains("0.742")); // -log10 0.181
    QVERIFY(run.out.contains("8,832")); // 64 x 138
}

void TestCliInfo::otherNetworks()
{
    {
        const CliRun run = runCli({QStringLiteral("info"), QStringLiteral("--hidden"), QStringLiteral("256,128"),
                                   QStringLiteral("--activation"), QStringLiteral("tanh"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject o = run.json();
        QCOMPARE(o.value("network").toString(), QStringLiteral("784-256-128-10 tanh"));
        QCOMPARE(o.value("hidden").toInteger(), qint64(256));
        QCOMPARE(o.value("hidden_layers").toArray(), QJsonArray({256, 128}));
        QVERIFY(o.value("init").toString().startsWith(QStringLiteral("Xavier")));
        const QJsonArray layers = o.value("layers").toArray();
        QCOMPARE(layers.size(), 3);
        QCOMPARE(layers.at(1).toObject().value("inputs").toInteger(), qint64(256));
        QCOMPARE(layers.at(1).toObject().value("weights").toInteger(), qint64(32768));
        // 200,704 + 32,768 + 1,280 weights, 256 + 128 + 10 biases.
        QCOMPARE(o.value("weights").toInteger(), qint64(234752));
        QCOMPARE(o.value("hidden_weights").toInteger(), qint64(200704 + 32768));
        QCOMPARE(o.value("output_weights").toInteger(), qint64(1280));
        QCOMPARE(o.value("parameters").toInteger(), qint64(235146));
        QCOMPARE(o.value("memory").toObject().value("fp32").toObject().value("parameters").toInteger(),
                 qint64(940584));
        QCOMPARE(o.value("multiply_adds_per_batch").toInteger(), qint64(234752) * 64);
        QCOMPARE(o.value("training_flops_per_sample").toInteger(), qint64(4 * 234752 + 2 * (32768 + 1280)));
    }
    {
        // No hidden layer: multinomial logistic regression, 7,850 parameters.
        const CliRun run = runCli({QStringLiteral("info"), QStringLiteral("--hidden"), QStringLiteral("0")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("network 784-10: no hidden layer"), run.out.constData());
        QVERIFY(run.out.contains("10 x 784 = 7,840 (output)"));
        QVERIFY(run.out.contains("parameters  7,850"));
        QVERIFY(run.out.contains("4 x 7,840 + 2 x 0 = 31,360"));
        // The notes on the source's slips are about its network only.
        QVERIFY(!run.out.contains("source material"));
    }
    {
        const CliRun run = runCli({QStringLiteral("info"), QStringLiteral("--hidden"), QStringLiteral("8"),
                                   QStringLiteral("--activation"), QStringLiteral("sigmoid")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("network 784-8-10: one sigmoid hidden layer"));
        QVERIFY(run.out.contains("8 x 784 = 6,272 (hidden) + 10 x 8 = 80 (output) = 6,352"));
        QVERIFY(run.out.contains("initialisation: Xavier"));
    }
}

void TestCliInfo::badNetworks_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("too wide") << QStringList{"--hidden", "2000"} << "2000";
    QTest::newRow("three layers") << QStringList{"--hidden", "64,32,16"} << "64,32,16";
    QTest::newRow("not a number") << QStringList{"--hidden", "wide"} << "wide";
    QTest::newRow("activation") << QStringList{"--activation", "softplus"} << "softplus";
}

void TestCliInfo::badNetworks()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun run = runCli(QStringList{QStringLiteral("info")} + args);
    QCOMPARE(run.exitCode, 2); // a network the engine cannot train
    QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
    QVERIFY(run.out.isEmpty());
}

QTEST_MAIN(TestCliInfo)
#include "tst_cliinfo.moc"
