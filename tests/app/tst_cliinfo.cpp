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

QTEST_MAIN(TestCliInfo)
#include "tst_cliinfo.moc"
