// Model files through the tool: train --json lines, determinism of saved models, the
// export -> .npz -> train --init-from round trip, and damaged model files.

#include "clitestutil.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace bplab::test;

class TestCliModelFiles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void trainJsonLines();
    void sameSeedSameBytes();
    void npzRoundTrip();
    void damagedModelIsRefused();
    void divergingRunIsReported();

private:
    QString path(const char *name) const { return m_tmp.filePath(QString::fromUtf8(name)); }
    QJsonObject evalJson(const QString &model);

    QTemporaryDir m_tmp;
    QString m_data;
};

void TestCliModelFiles::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    m_data = path("data");
    QVERIFY(writeSyntheticFolder(m_data, 640, 200, 3));
}

QJsonObject TestCliModelFiles::evalJson(const QString &model)
{
    const CliRun run = runCli({"eval", "--model", model, "--data", m_data, "--json"});
    if (run.exitCode != 0)
        qWarning("%s", run.err.constData());
    return run.exitCode == 0 ? run.json() : QJsonObject();
}

void TestCliModelFiles::trainJsonLines()
{
    const CliRun run
            = runCli({"train", "--data", m_data, "--epochs", "3", "--seed", "2", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QList<QByteArray> lines = run.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    const QStringList expectedKeys = {"epoch",         "samples_per_second", "seconds",
                                      "test_accuracy", "test_loss",          "train_loss"};
    double firstLoss = 0;
    for (int i = 0; i < lines.size(); ++i) {
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(lines[i], &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QStringList keys = o.keys();
        keys.sort();
        QCOMPARE(keys, expectedKeys);
        QCOMPARE(o.value("epoch").toInt(), i + 1);
        const double accuracy = o.value("test_accuracy").toDouble();
        QVERIFY(accuracy >= 0 && accuracy <= 100);
        QVERIFY(o.value("seconds").toDouble() > 0);
        // 640 samples in `seconds`: the rate is the quotient.
        QVERIFY(fuzzyEqual(o.value("samples_per_second").toDouble(),
                           640 / o.value("seconds").toDouble(), 1e-3));
        if (i == 0)
            firstLoss = o.value("train_loss").toDouble();
        else
            QVERIFY(o.value("train_loss").toDouble() < firstLoss);
    }
    // The synthetic classes are linearly separable: 3 epochs (30 SGD steps) leave few errors.
    QVERIFY2(QJsonDocument::fromJson(lines.last()).object().value("test_accuracy").toDouble() > 90,
             lines.last().constData());
}

void TestCliModelFiles::sameSeedSameBytes()
{
    const QStringList common = {"train", "--data", m_data, "--epochs", "2", "--json"};
    const CliRun a = runCli(common + QStringList {"--seed", "3", "--save", path("a.bplab")});
    const CliRun b = runCli(common + QStringList {"--seed", "3", "--save", path("b.bplab")});
    const CliRun c = runCli(common + QStringList {"--seed", "4", "--save", path("c.bplab")});
    QVERIFY2(a.exitCode == 0 && b.exitCode == 0 && c.exitCode == 0, a.err + b.err + c.err);
    const QByteArray bytesA = readFile(path("a.bplab"));
    QVERIFY(bytesA.size() > 101770 * 4); // every parameter as float32, plus the header
    QCOMPARE(readFile(path("b.bplab")), bytesA);
    QVERIFY(readFile(path("c.bplab")) != bytesA); // the seed matters
}

void TestCliModelFiles::npzRoundTrip()
{
    const QString model = path("trained.bplab");
    const QString npz = path("trained.npz");
    const QString back = path("back.bplab");
    QCOMPARE(runCli({"train", "--data", m_data, "--epochs", "1", "--seed", "9", "--save", model})
                     .exitCode,
             0);

    const CliRun exported = runCli({"export", "--model", model, "--npz", npz});
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    const QByteArray npzBytes = readFile(npz);
    QVERIFY(npzBytes.startsWith("PK")); // a zip of .npy arrays
    for (const char *array : {"W1.npy", "b1.npy", "W2.npy", "b2.npy"})
        QVERIFY2(npzBytes.contains(array), array);

    const QJsonObject fromModel = evalJson(model);
    const QJsonObject fromNpz = evalJson(npz);
    QVERIFY(!fromModel.isEmpty() && !fromNpz.isEmpty());
    QCOMPARE(fromNpz.value("count").toInt(), 200);
    QCOMPARE(fromNpz.value("test_accuracy").toDouble(),
             fromModel.value("test_accuracy").toDouble());
    QCOMPARE(fromNpz.value("test_loss").toDouble(), fromModel.value("test_loss").toDouble());
    QCOMPARE(fromNpz.value("confusion"), fromModel.value("confusion"));

    // --init-from the .npz without training writes the very same weights back.
    const CliRun imported = runCli(
            {"train", "--data", m_data, "--init-from", npz, "--epochs", "0", "--save", back});
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QCOMPARE(readFile(back), readFile(model));
    const QJsonObject fromBack = evalJson(back);
    QCOMPARE(fromBack.value("test_accuracy").toDouble(),
             fromModel.value("test_accuracy").toDouble());

    // Training on from the imported weights starts where the model left off: the first epoch's
    // test loss is no worse than a fresh start's first epoch.
    const CliRun resumed
            = runCli({"train", "--data", m_data, "--init-from", npz, "--epochs", "1", "--json"});
    const CliRun fresh
            = runCli({"train", "--data", m_data, "--seed", "11", "--epochs", "1", "--json"});
    QVERIFY(resumed.exitCode == 0 && fresh.exitCode == 0);
    QVERIFY(QJsonDocument::fromJson(resumed.out).object().value("test_loss").toDouble()
            < QJsonDocument::fromJson(fresh.out).object().value("test_loss").toDouble());
}

void TestCliModelFiles::damagedModelIsRefused()
{
    const QString model = path("good.bplab");
    QCOMPARE(runCli({"train", "--data", m_data, "--epochs", "0", "--save", model}).exitCode, 0);
    QByteArray bytes = readFile(model);
    QVERIFY(bytes.size() > 1000);
    bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x10);
    const QString damaged = path("flipped.bplab");
    QVERIFY(writeFile(damaged, bytes));
    for (const QString &command : {QStringLiteral("eval"), QStringLiteral("export")}) {
        QStringList args = {command, "--model", damaged};
        args += command == QLatin1String("eval") ? QStringList {"--data", m_data}
                                                 : QStringList {"--npz", path("x.npz")};
        const CliRun run = runCli(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(isOneLine(run.err), run.err.constData());
        QVERIFY2(run.err.contains("flipped.bplab"), run.err.constData());
    }
    QVERIFY(!QFile::exists(path("x.npz")));

    // A cut-short .npz is refused too.
    const QString npz = path("good.npz");
    QCOMPARE(runCli({"export", "--model", model, "--npz", npz}).exitCode, 0);
    QVERIFY(writeFile(path("short.npz"), readFile(npz).left(5000)));
    const CliRun run = runCli(
            {"train", "--data", m_data, "--init-from", path("short.npz"), "--epochs", "1"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("short.npz"), run.err.constData());
}

void TestCliModelFiles::divergingRunIsReported()
{
    // lr 1000 blows the first steps' weights up; the loss stays finite (log-sum-exp) but worse
    // than guessing: the tool says the learning rate is too large.
    const CliRun run
            = runCli({"train", "--data", m_data, "--epochs", "2", "--lr", "1000", "--json"});
    QVERIFY(!run.crashed);
    QVERIFY2(run.err.contains("learning rate 1000 is too large"), run.err.constData());
    QCOMPARE(run.err.count("warning:"), 1); // once, not every epoch
    // The source's learning rate gets no warning.
    const CliRun fine = runCli({"train", "--data", m_data, "--epochs", "2", "--json"});
    QCOMPARE(fine.exitCode, 0);
    QVERIFY2(!fine.err.contains("warning"), fine.err.constData());
}

QTEST_MAIN(TestCliModelFiles)
#include "climodelfiles.moc"
