// The command line of backprop-lab: values, ranges and combinations.

#include <guioptions.h>

#include <QTest>

using namespace bplab;

class TestGuiOptions : public QObject
{
    Q_OBJECT

private slots:
    void parsesEverything();
    void defaults();
    void refuses_data();
    void refuses();
};

static QString parse(const QStringList &args, GuiOptions &o)
{
    bool exitNow = false;
    return parseGuiOptions(QStringList{QStringLiteral("backprop-lab")} + args, o, exitNow);
}

void TestGuiOptions::parsesEverything()
{
    GuiOptions o;
    const QString error = parse({"--data", "/d", "--view", "cluster", "--after-batches", "300",
                                 "--screenshot", "/tmp/x.png", "--epochs", "3", "--batch", "32",
                                 "--seed", "9", "--lr", "0.05", "--recipe", "tuned", "--size",
                                 "1920x1080", "--presentation"},
                                o);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(o.dataDir, QStringLiteral("/d"));
    QCOMPARE(o.view, 3);
    QCOMPARE(o.afterBatches, 300);
    QCOMPARE(o.screenshot, QStringLiteral("/tmp/x.png"));
    QCOMPARE(*o.epochs, 3);
    QCOMPARE(*o.batch, 32);
    QCOMPARE(*o.seed, 9);
    QCOMPARE(*o.lr, 0.05);
    QCOMPARE(*o.tuned, true);
    QCOMPARE(o.size, QSize(1920, 1080));
    QVERIFY(o.presentation);
    QVERIFY(o.automation());
}

void TestGuiOptions::defaults()
{
    GuiOptions o;
    QVERIFY(parse({}, o).isEmpty());
    QCOMPARE(o.view, -1);
    QCOMPARE(o.afterBatches, 0);
    QVERIFY(!o.epochs && !o.seed && !o.lr && !o.tuned);
    QVERIFY(!o.automation());
    GuiOptions r;
    QVERIFY(parse({"--quit-when-done", "--report", "r.json", "--dataset", "Sample"}, r).isEmpty());
    QVERIFY(r.automation());
    QCOMPARE(r.dataset, QStringLiteral("sample"));
    QCOMPARE(viewFromName(QStringLiteral("data")), 4);
    QCOMPARE(viewFromName(QStringLiteral("train")), 0);
}

void TestGuiOptions::refuses_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unknown view") << QStringList{"--view", "graph"} << "--view";
    QTest::newRow("negative batches") << QStringList{"--after-batches", "-1", "--screenshot", "a.png"} << "--after-batches";
    QTest::newRow("batches without screenshot") << QStringList{"--after-batches", "5"} << "--screenshot";
    QTest::newRow("zero epochs") << QStringList{"--epochs", "0"} << "--epochs";
    QTest::newRow("text seed") << QStringList{"--seed", "abc"} << "--seed";
    QTest::newRow("zero lr") << QStringList{"--lr", "0"} << "--lr";
    QTest::newRow("recipe") << QStringList{"--recipe", "adam"} << "--recipe";
    QTest::newRow("size") << QStringList{"--size", "100x100"} << "--size";
    QTest::newRow("positional") << QStringList{"extra"} << "extra";
    QTest::newRow("unknown flag") << QStringList{"--fast"} << "fast";
    QTest::newRow("hidden 0,5") << QStringList{"--hidden", "0,5"} << "--hidden 0,5: a hidden layer needs 1 to 1,024 neurons";
    QTest::newRow("hidden 100000") << QStringList{"--hidden", "100000"} << "--hidden 100000";
    QTest::newRow("activation") << QStringList{"--activation", "softplus"} << "--activation softplus";
}

void TestGuiOptions::refuses()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    GuiOptions o;
    const QString error = parse(args, o);
    QVERIFY2(error.contains(mentions), qPrintable(error));
}

QTEST_MAIN(TestGuiOptions)
#include "tst_guioptions.moc"
