// Model files through the tool: train --json lines, determinism of saved models, the
// export -> .npz -> train --init-from round trip, the recorded input scaling (eval without
// --normalize, a contradicting --normalize, version-1 files) and damaged model files.

#include "clitestutil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>

using namespace bplab::test;

class TestCliModelFiles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void trainJsonLines();
    void sameSeedSameBytes();
    void npzRoundTrip();
    void scalingIsRecorded();
    void versionOneFileLoads();
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
    const QStringList expectedKeys = {"epoch",          "samples_per_second", "seconds",
                                      "test_accuracy",  "test_loss",          "train_accuracy",
                                      "train_eval_loss", "train_loss",        "training_threads"};
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
    // The same weights (the info differs: it names the .npz and 0 epochs trained).
    QCOMPARE(readFile(back).mid(0, 20), readFile(model).mid(0, 20));
    QCOMPARE(readFile(back).mid(24, 407112), readFile(model).mid(24, 407112));
    QVERIFY(readFile(back).contains("init_from=trained.npz\nseed=1\n"));
    QVERIFY(readFile(back).contains("epochs_trained=0\n"));
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

void TestCliModelFiles::scalingIsRecorded()
{
    // Trained with standard scaling: eval without --normalize uses it and gets train's accuracy.
    const QString model = path("standard.bplab");
    const CliRun trained = runCli({"train", "--data", m_data, "--epochs", "2", "--normalize", "standard",
                                   "--seed", "6", "--json", "--save", model});
    QVERIFY2(trained.exitCode == 0, trained.err.constData());
    const QJsonObject lastEpoch = QJsonDocument::fromJson(trained.out.trimmed().split('\n').last()).object();
    const QByteArray bytes = readFile(model);
    for (const char *line : {"normalize=standard\n", "init=he\n", "seed=6\n", "epochs=2\n", "batch=64\n",
                             "lr=0.1\n", "momentum=0\n", "schedule=constant\n", "augment=false\n",
                             "train_count=640\n", "test_count=200\n", "epochs_trained=2\n"})
        QVERIFY2(bytes.contains(line), line);
    QVERIFY(bytes.contains("test_accuracy=" + QByteArray::number(lastEpoch.value("test_accuracy").toDouble()) + "\n"));

    const CliRun eval = runCli({"eval", "--model", model, "--data", m_data, "--json"});
    QVERIFY2(eval.exitCode == 0, eval.err.constData());
    QCOMPARE(eval.json().value("normalize").toString(), QStringLiteral("standard"));
    QCOMPARE(eval.json().value("test_accuracy").toDouble(), lastEpoch.value("test_accuracy").toDouble());
    QCOMPARE(eval.json().value("test_loss").toDouble(), lastEpoch.value("test_loss").toDouble());
    QVERIFY2(eval.err.contains("as the model file says"), eval.err.constData());
    QVERIFY2(!eval.err.contains("warning"), eval.err.constData());

    // The same --normalize: no warning. A contradicting one is used, with a warning.
    const CliRun same = runCli({"eval", "--model", model, "--data", m_data, "--normalize", "standard", "--json"});
    QCOMPARE(same.json().value("test_loss").toDouble(), lastEpoch.value("test_loss").toDouble());
    QVERIFY2(!same.err.contains("warning"), same.err.constData());
    const CliRun other = runCli({"eval", "--model", model, "--data", m_data, "--normalize", "none", "--json"});
    QCOMPARE(other.exitCode, 0);
    QCOMPARE(other.json().value("normalize").toString(), QStringLiteral("none"));
    QVERIFY(other.json().value("test_loss").toDouble() != lastEpoch.value("test_loss").toDouble());
    QVERIFY2(other.err.contains("warning: --normalize none contradicts the model file"), other.err.constData());

    // explain scales its input as the file says too: (0 / 255 - 0.1307) / 0.3081 for a black pixel.
    const CliRun explained = runCli({"explain", "--model", model, "--data", m_data, "--set", "test", "--index", "0",
                                     "--json"});
    QVERIFY2(explained.exitCode == 0, explained.err.constData());
    const QVector<double> input = numbers(explained.json().value("input"));
    QVERIFY(!input.isEmpty());
    QVERIFY(*std::min_element(input.begin(), input.end()) < -0.4);
}

void TestCliModelFiles::versionOneFileLoads()
{
    // A version-1 file (weights only): version 1, reserved 0, no info, CRC32 over the rest.
    const QString model = path("v2.bplab");
    QCOMPARE(runCli({"train", "--data", m_data, "--epochs", "1", "--seed", "8", "--save", model}).exitCode, 0);
    QByteArray bytes = readFile(model).left(407136);
    bytes[8] = 1;
    for (int i = 20; i < 24; ++i)
        bytes[i] = 0;
    const uLong crc = crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef *>(bytes.constData()), uInt(bytes.size()));
    for (int i = 0; i < 4; ++i)
        bytes.append(char(crc >> (8 * i)));
    const QString old = path("v1.bplab");
    QVERIFY(writeFile(old, bytes));
    const CliRun run = runCli({"eval", "--model", old, "--data", m_data, "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.json().value("normalize").toString(), QStringLiteral("none"));
    QCOMPARE(run.json().value("test_loss").toDouble(), evalJson(model).value("test_loss").toDouble());
    QVERIFY2(!run.err.contains("model file says"), run.err.constData());
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
    // lr 5 stays below the divergence guard's loss limit (100) on this data but ends epoch 1
    // worse than guessing: the run finishes and the tool warns once that the rate is too large.
    const CliRun large = runCli({"train", "--data", m_data, "--epochs", "2", "--lr", "5", "--json"});
    QVERIFY(!large.crashed);
    QCOMPARE(large.exitCode, 0);
    QVERIFY2(large.err.contains("learning rate 5 is too large"), large.err.constData());
    QCOMPARE(large.err.count("warning:"), 1); // once, not every epoch
    QCOMPARE(large.out.count('\n'), 2); // both epochs' JSON lines

    // lr 1000 drives the loss past the limit within two batches: the guard stops the run with
    // exit 2, names the batch and the loss, and suggests half the rate (the rate --on-divergence
    // halve would go on with).
    const CliRun wild
            = runCli({"train", "--data", m_data, "--epochs", "2", "--lr", "1000", "--json"});
    QVERIFY(!wild.crashed);
    QCOMPARE(wild.exitCode, 2);
    QVERIFY2(wild.err.contains("training diverged in epoch 1"), wild.err.constData());
    QVERIFY2(wild.err.contains("above the limit 100"), wild.err.constData());
    QVERIFY2(wild.err.contains("try a smaller learning rate (e.g. 500)"), wild.err.constData());
    QVERIFY2(!wild.out.contains("nan") && !wild.out.contains("inf"), wild.out.constData());

    // The source's learning rate gets no warning.
    const CliRun fine = runCli({"train", "--data", m_data, "--epochs", "2", "--json"});
    QCOMPARE(fine.exitCode, 0);
    QVERIFY2(!fine.err.contains("warning"), fine.err.constData());
}

QTEST_MAIN(TestCliModelFiles)
#include "tst_climodelfiles.moc"
