// Networks other than the source's through the command-line tool: train --hidden/--activation
// writes a model file that eval, explain, export and train --init-from read back as the same
// network with the same numbers; a run stopped with a snapshot and resumed writes the straight
// run's file; bad values are refused with a message naming them, writing nothing.

#include "clitestutil.h"

#include "io/modelfile.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace bplab::test;

class TestCliNetworks : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void trainEvalExplainExport();
    void initFromGoesOnWithTheFilesNetwork();
    void sameSeedSameFile();
    void resumedRunIsTheStraightRun();
    void benchTimesTheNetwork();
    void badValuesChangeNothing_data();
    void badValuesChangeNothing();

private:
    QString path(const QString &name) const { return m_tmp.filePath(name); }
    QStringList trainArgs(const QString &save, const QStringList &more) const
    {
        return QStringList{"train", "--data", m_data, "--epochs", "2", "--batch", "20", "--seed", "3", "--json",
                           "--save", save}
               + more;
    }

    QTemporaryDir m_tmp;
    QString m_data;
};

void TestCliNetworks::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_data = path(QStringLiteral("data"));
    QVERIFY(writeSyntheticFolder(m_data, 400, 100, 5));
}

void TestCliNetworks::trainEvalExplainExport()
{
    const QString model = path(QStringLiteral("tanh.bplab"));
    const CliRun train = runCli(trainArgs(model, {"--hidden", "24,12", "--activation", "tanh", "--lr", "0.1"}));
    QVERIFY2(train.exitCode == 0, train.err.constData());
    QVERIFY2(train.err.contains("training 784-24-12-10 tanh"), train.err.constData());
    QVERIFY2(train.err.contains("xavier init (Xavier"), train.err.constData()); // tanh's rule, said
    const QList<QByteArray> lines = train.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
    QCOMPARE(last.value("epoch").toInt(), 2);
    QVERIFY(last.value("training_threads").toInt() >= 1);
    QVERIFY2(last.value("test_accuracy").toDouble() > 90, lines.last().constData());

    const CliRun eval = runCli({"eval", "--model", model, "--data", m_data, "--json"});
    QVERIFY2(eval.exitCode == 0, eval.err.constData());
    QCOMPARE(eval.json().value("network").toString(), QStringLiteral("784-24-12-10 tanh"));
    QCOMPARE(eval.json().value("test_accuracy").toDouble(), last.value("test_accuracy").toDouble());
    QCOMPARE(eval.json().value("test_loss").toDouble(), last.value("test_loss").toDouble());

    const CliRun explain = runCli({"explain", "--model", model, "--data", m_data, "--set", "test", "--index", "7",
                                   "--lr", "0.05", "--json"});
    QVERIFY2(explain.exitCode == 0, explain.err.constData());
    const QJsonObject o = explain.json();
    const QJsonArray hidden = o.value("hidden").toArray();
    QCOMPARE(hidden.size(), 2);
    QCOMPARE(hidden[0].toObject().value("z").toArray().size(), 24);
    QCOMPARE(hidden[1].toObject().value("delta").toArray().size(), 12);
    QCOMPARE(o.value("probabilities").toArray().size(), 10);
    QVERIFY(!o.contains("z1")); // the source network's own keys only for it
    // a = tanh(z), element by element.
    const QJsonArray z = hidden[1].toObject().value("z").toArray(), a = hidden[1].toObject().value("a").toArray();
    for (int j = 0; j < 12; ++j)
        QVERIFY(std::abs(std::tanh(z[j].toDouble()) - a[j].toDouble()) < 1e-6);
    const CliRun text = runCli({"explain", "--model", model, "--data", m_data, "--set", "test", "--index", "7"});
    QVERIFY2(text.exitCode == 0 && text.out.contains("network 784-24-12-10 tanh")
                     && text.out.contains("hidden layer 2: 12 tanh neurons"),
             text.out.constData());

    const QString npz = path(QStringLiteral("tanh.npz"));
    const CliRun exported = runCli({"export", "--model", model, "--npz", npz});
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    QVERIFY2(exported.err.contains("W3 10x12, b3 10"), exported.err.constData());
    const CliRun fromNpz = runCli({"eval", "--model", npz, "--data", m_data, "--json"});
    QVERIFY2(fromNpz.exitCode == 0, fromNpz.err.constData());
    QCOMPARE(fromNpz.json().value("network").toString(), QStringLiteral("784-24-12-10 tanh"));
    QCOMPARE(fromNpz.json().value("test_accuracy").toDouble(), last.value("test_accuracy").toDouble());
}

void TestCliNetworks::initFromGoesOnWithTheFilesNetwork()
{
    const QString first = path(QStringLiteral("linear.bplab"));
    const CliRun one = runCli(trainArgs(first, {"--hidden", "0", "--lr", "0.05"}));
    QVERIFY2(one.exitCode == 0, one.err.constData());
    // No --hidden: the file's network (784-10), trained on from its weights.
    const QString second = path(QStringLiteral("linear2.bplab"));
    const CliRun two = runCli(trainArgs(second, {"--init-from", first, "--epochs", "1", "--lr", "0.05"}));
    QVERIFY2(two.exitCode == 0, two.err.constData());
    QVERIFY2(two.err.contains("training 784-10:"), two.err.constData());
    const CliRun eval = runCli({"eval", "--model", second, "--data", m_data, "--json"});
    QCOMPARE(eval.json().value("network").toString(), QStringLiteral("784-10"));
    // Another network asked for than the file holds: refused, naming both.
    const QString third = path(QStringLiteral("never.bplab"));
    const CliRun clash = runCli(trainArgs(third, {"--init-from", first, "--hidden", "32"}));
    QCOMPARE(clash.exitCode, 1);
    QVERIFY2(clash.err.contains("784-10") && clash.err.contains("784-32-10 ReLU"), clash.err.constData());
    QVERIFY(!QFile::exists(third));
}

void TestCliNetworks::sameSeedSameFile()
{
    const QStringList args{"--hidden", "16", "--activation", "sigmoid", "--lr", "0.5", "--momentum", "0.5"};
    const QString a = path(QStringLiteral("a.bplab")), b = path(QStringLiteral("b.bplab"));
    QCOMPARE(runCli(trainArgs(a, args)).exitCode, 0);
    QCOMPARE(runCli(trainArgs(b, args)).exitCode, 0);
    QVERIFY(!readFile(a).isEmpty());
    QCOMPARE(readFile(a), readFile(b));
    // Adam too, and it is not SGD's file.
    const QByteArray sgd = readFile(a);
    const QStringList adam{"--hidden", "16", "--activation", "sigmoid", "--optimizer", "adam", "--lr", "0.001"};
    QCOMPARE(runCli(trainArgs(a, adam)).exitCode, 0);
    QCOMPARE(runCli(trainArgs(b, adam)).exitCode, 0);
    QCOMPARE(readFile(a), readFile(b));
    QVERIFY(readFile(a) != sgd);
}

void TestCliNetworks::resumedRunIsTheStraightRun()
{
    const QStringList args{"--hidden", "16", "--activation", "sigmoid", "--lr", "0.5", "--momentum", "0.5"};
    const QString straight = path(QStringLiteral("straight.bplab")), resumed = path(QStringLiteral("resumed.bplab"));
    const QString dir = path(QStringLiteral("snapshots"));
    QCOMPARE(runCli(trainArgs(straight, args)).exitCode, 0);
    // Two data-parallel replicas of 10 train as one batch of 20 does, up to the order of the sums.
    const QString workers = path(QStringLiteral("workers.bplab"));
    const QStringList halves = args + QStringList {"--workers", "2", "--batch", "10"};
    const CliRun two = runCli(trainArgs(workers, halves));
    QVERIFY2(two.exitCode == 0, two.err.constData());
    QVERIFY2(two.err.contains("2 replicas x batch 10 = global batch 20"), two.err.constData());
    const bplab::Result<bplab::NetworkModel> a = bplab::readAnyNetwork(workers.toStdString());
    const bplab::Result<bplab::NetworkModel> b = bplab::readAnyNetwork(straight.toStdString());
    QVERIFY(a && b && a->arch == b->arch);
    QVERIFY(!(a->params == b->params));
    for (std::size_t l = 0; l < a->params.layers.size(); ++l)
        QVERIFY((a->params.layers[l].W - b->params.layers[l].W).cwiseAbs().maxCoeff() < 1e-4f);
    // 400 images at batch 20: 20 batches an epoch; stopped mid-epoch 1.
    const CliRun first = runCli(trainArgs(path(QStringLiteral("half.bplab")),
                                          args + QStringList{"--checkpoint-dir", dir, "--stop-after-batches", "13"}));
    QVERIFY2(first.exitCode == 0, first.err.constData());
    QVERIFY2(first.err.contains("stopped after batch 13"), first.err.constData());
    const CliRun second = runCli({"train", "--resume", dir, "--json", "--save", resumed});
    QVERIFY2(second.exitCode == 0, second.err.constData());
    QVERIFY2(second.err.contains("network 784-16-10 sigmoid"), second.err.constData());
    QVERIFY2(second.err.contains("saved the 784-16-10 sigmoid model"), second.err.constData());
    QVERIFY(!readFile(straight).isEmpty());
    QCOMPARE(readFile(resumed), readFile(straight));
    // At lr 10 the network blows up; --on-divergence halve trains on at half the rate.
    const CliRun halved = runCli(trainArgs(path(QStringLiteral("halved.bplab")),
                                           {"--hidden", "16", "--lr", "10", "--on-divergence", "halve"}));
    QVERIFY2(halved.exitCode == 0, halved.err.constData());
    QVERIFY2(halved.err.contains("training on from the restored weights at learning rate"), halved.err.constData());

    // The snapshot's network is the one trained: flags cannot change it.
    const CliRun clash = runCli({"train", "--resume", dir, "--hidden", "32"});
    QCOMPARE(clash.exitCode, 1);
    QVERIFY2(clash.err.contains("goes on with the snapshot's network"), clash.err.constData());
}

void TestCliNetworks::benchTimesTheNetwork()
{
    const CliRun run = runCli({"bench", "--data", m_data, "--hidden", "32,16", "--activation", "sigmoid", "--samples",
                               "640", "--repeats", "1", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject o = run.json();
    QCOMPARE(o.value("network").toString(), QStringLiteral("784-32-16-10 sigmoid"));
    QCOMPARE(o.value("samples").toInt(), 640);
    // 4 x weights + 2 x the weights after the first layer: 4 x 25,760 + 2 x 672.
    QCOMPARE(o.value("flops_per_sample").toInt(), 4 * (784 * 32 + 32 * 16 + 16 * 10) + 2 * (32 * 16 + 16 * 10));
    QVERIFY(o.value("epoch_seconds").toDouble() > 0);
    QCOMPARE(o.value("samples_per_second").toDouble(), 640 / o.value("epoch_seconds").toDouble());
    QVERIFY(!o.contains("roofline_epoch_seconds"));
    QVERIFY(o.value("zero_inputs_skipped").isBool());
}

void TestCliNetworks::badValuesChangeNothing_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("exitCode");
    // A network the engine cannot train exits 2; an option the other networks lack yet, 1.
    QTest::newRow("a layer of 0") << QStringList{"--hidden", "0,5"} << "--hidden 0,5: a hidden layer needs 1 to 1,024 neurons, not 0" << 2;
    QTest::newRow("too wide") << QStringList{"--hidden", "100000"} << "not 100,000" << 2;
    QTest::newRow("three layers") << QStringList{"--hidden", "8,8,8"} << "at most 2 hidden layers, not 3" << 2;
    QTest::newRow("unknown activation") << QStringList{"--activation", "softplus"} << "--activation softplus: choose relu" << 2;
}

void TestCliNetworks::badValuesChangeNothing()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QFETCH(int, exitCode);
    const QString save = path(QStringLiteral("bad.bplab"));
    const CliRun run = runCli(trainArgs(save, args));
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
    QVERIFY(run.out.isEmpty());
    QVERIFY(!QFile::exists(save));
}

QTEST_MAIN(TestCliNetworks)
#include "tst_clinetworks.moc"
