// The command-line contract: --help everywhere, exit code 1 and one line on stderr for usage
// errors.

#include "clitestutil.h"

#include <QtTest>

using namespace bplab::test;

class TestCliUsage : public QObject
{
    Q_OBJECT

private slots:
    void overviewListsEveryCommand();
    void noArgumentsIsAUsageError();
    void helpOnEveryCommand_data();
    void helpOnEveryCommand();
    void usageErrors_data();
    void usageErrors();
};

static const QStringList kCommands
        = {QStringLiteral("train"),        QStringLiteral("eval"), QStringLiteral("explain"),
           QStringLiteral("export"),       QStringLiteral("info"), QStringLiteral("bench"),
           QStringLiteral("import-sample"), QStringLiteral("import-images")};

void TestCliUsage::overviewListsEveryCommand()
{
    const CliRun run = runCli({QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    for (const QString &c : kCommands)
        QVERIFY2(run.out.contains(("  " + c + " ").toUtf8()), qPrintable(c));
    // What the tool does for any network; 784-128-10 only as the default.
    QVERIFY2(run.out.contains("explains neural networks on MNIST-format data"), run.out.constData());
    QVERIFY2(run.out.contains("the default network is 784-128-10 ReLU"), run.out.constData());
    QVERIFY2(!run.out.contains("explains a 784-128-10"), run.out.constData());
}

void TestCliUsage::noArgumentsIsAUsageError()
{
    const CliRun run = runCli({});
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.out.isEmpty());
    QVERIFY(run.err.contains("train"));
}

void TestCliUsage::helpOnEveryCommand_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("option"); // one option the help must describe
    QTest::newRow("train") << "train"
                           << "--init-from";
    QTest::newRow("eval") << "eval"
                          << "--model";
    QTest::newRow("explain") << "explain"
                             << "--index";
    QTest::newRow("export") << "export"
                            << "--npz";
    QTest::newRow("info") << "info"
                          << "--json";
    QTest::newRow("bench") << "bench"
                           << "--samples";
    QTest::newRow("import-sample") << "import-sample"
                                   << "--from";
    QTest::newRow("import-images") << "import-images"
                                   << "--as";
}

void TestCliUsage::helpOnEveryCommand()
{
    QFETCH(QString, command);
    QFETCH(QString, option);
    const CliRun run = runCli({command, QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith(("Usage: backprop-lab-cli " + command + " [options]").toUtf8()),
             run.out.constData());
    QVERIFY(run.out.contains(option.toUtf8()));
    // `help COMMAND` is the same text.
    QCOMPARE(runCli({QStringLiteral("help"), command}).out, run.out);
}

void TestCliUsage::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unknown command") << QStringList {"fly"} << "fly";
    QTest::newRow("unknown option") << QStringList {"info", "--colour"} << "colour";
    QTest::newRow("stray argument") << QStringList {"info", "extra"} << "extra";
    QTest::newRow("epochs not a number") << QStringList {"train", "--epochs", "ten"} << "--epochs";
    QTest::newRow("negative lr") << QStringList {"train", "--lr", "-0.1"} << "--lr";
    QTest::newRow("lr not finite") << QStringList {"train", "--lr", "inf"} << "--lr";
    QTest::newRow("momentum 1") << QStringList {"train", "--momentum", "1"} << "--momentum";
    QTest::newRow("batch 0") << QStringList {"train", "--batch", "0"} << "--batch";
    QTest::newRow("bad schedule") << QStringList {"train", "--schedule", "step"}
                                  << "constant|cosine";
    QTest::newRow("bad init") << QStringList {"train", "--init", "zeros"} << "he|xavier|pytorch";
    QTest::newRow("bad normalize")
            << QStringList {"train", "--normalize", "minmax"} << "none|standard";
    QTest::newRow("bad recipe") << QStringList {"train", "--recipe", "fast"} << "source|tuned";
    QTest::newRow("bad seed") << QStringList {"train", "--seed", "-3"} << "--seed";
    QTest::newRow("missing value") << QStringList {"train", "--epochs"} << "epochs";
    QTest::newRow("data and dataset")
            << QStringList {"train", "--data", "/tmp", "--dataset", "mnist"} << "not both";
    QTest::newRow("bad dataset") << QStringList {"train", "--dataset", "cifar"}
                                 << "mnist|fashion|sample";
    QTest::newRow("eval without model") << QStringList {"eval"} << "--model";
    QTest::newRow("explain without set")
            << QStringList {"explain", "--model", "m", "--index", "0"} << "--set";
    QTest::newRow("explain without index")
            << QStringList {"explain", "--model", "m", "--set", "test"} << "--index";
    QTest::newRow("explain bad set")
            << QStringList {"explain", "--model", "m", "--set", "val", "--index", "0"}
            << "train|test";
    QTest::newRow("explain negative index")
            << QStringList {"explain", "--model", "m", "--set", "test", "--index", "-1"}
            << "--index";
    QTest::newRow("export without npz") << QStringList {"export", "--model", "m"} << "--npz";
    QTest::newRow("bench batch above samples") << QStringList{"bench", "--samples", "10", "--batch", "64"}
                                               << "--samples 10";
    QTest::newRow("bench samples 0") << QStringList {"bench", "--samples", "0"} << "--samples";
    QTest::newRow("import-sample without from") << QStringList {"import-sample"} << "--from";
    QTest::newRow("import-images without out") << QStringList {"import-images", "pictures"} << "--out";
}

void TestCliUsage::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const CliRun run = runCli(args);
    QVERIFY(!run.crashed);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(isOneLine(run.err), run.err.constData());
    QVERIFY2(run.err.contains(mentions.toUtf8()), run.err.constData());
    QVERIFY(run.out.isEmpty());
}

QTEST_MAIN(TestCliUsage)
#include "tst_cliusage.moc"
