// train --checkpoint-dir / --resume / --stop-after / --on-divergence through the built tool:
// exact resume (byte-identical model files, with momentum 0.9 and the cosine schedule), the
// continued epoch numbering, refused options and data, a damaged newest snapshot, the divergence
// guard's exit code and halving (also with momentum, and with --workers 2), exact resume of a
// data-parallel run with augmentation, and the note when a cosine run resumes to another total.

#include "clitestutil.h"

#include <nn/batchthreads.h>
#include <train/divergence.h>

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace bplab::test;

class TestCliSnapshot : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_data;  // 300 training images: 10 batches of 32 per epoch
    QString m_other; // the same sizes, other images

    QString path(const QString &name) const { return m_dir.filePath(name); }
    static QStringList snapshotFiles(const QString &dir)
    {
        return QDir(dir).entryList({QStringLiteral("snapshot-*.bplabsnap")}, QDir::Files, QDir::Name);
    }
    static QList<QJsonObject> jsonLines(const QByteArray &out)
    {
        QList<QJsonObject> lines;
        for (const QByteArray &line : out.split('\n'))
            if (!line.trimmed().isEmpty())
                lines << QJsonDocument::fromJson(line).object();
        return lines;
    }
    static bool sameEpoch(const QJsonObject &a, const QJsonObject &b)
    {
        return a.value("epoch") == b.value("epoch") && a.value("train_loss") == b.value("train_loss")
               && a.value("test_loss") == b.value("test_loss")
               && a.value("test_accuracy") == b.value("test_accuracy");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_data = path(QStringLiteral("data"));
        m_other = path(QStringLiteral("other"));
        QVERIFY(writeSyntheticFolder(m_data, 300, 100, 1));
        QVERIFY(writeSyntheticFolder(m_other, 300, 100, 2));
    }

    // 2 epochs straight, and 1 epoch + snapshot + resume to 2 epochs: byte-identical model files.
    void exactResumeWithMomentumAndCosine()
    {
        const QStringList recipe {"train", "--data", m_data, "--epochs", "2", "--batch", "32",
                                  "--momentum", "0.9", "--schedule", "cosine", "--seed", "4",
                                  "--json"};
        const CliRun straight = runCli(recipe + QStringList {"--save", path("straight.bplab")});
        QCOMPARE(straight.exitCode, 0);
        const QString snaps = path("cosine-snaps");
        const CliRun first = runCli(recipe + QStringList {"--checkpoint-dir", snaps, "--stop-after", "1"});
        QVERIFY2(first.exitCode == 0, first.err.constData());
        QCOMPARE(jsonLines(first.out).size(), 1);
        QVERIFY2(first.err.contains("stopped after epoch 1 of 2"), first.err.constData());
        QVERIFY2(first.err.contains("train --resume " + snaps.toUtf8()), first.err.constData());
        QCOMPARE(snapshotFiles(snaps), QStringList {"snapshot-000001.bplabsnap"});

        // A resumed run needs no other option: settings and data come from the snapshot.
        const CliRun resumed = runCli({"train", "--resume", snaps, "--json", "--save", path("resumed.bplab")});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.err.contains("resuming from"), resumed.err.constData());
        QVERIFY2(resumed.err.contains("as the snapshot says"), resumed.err.constData());
        const QList<QJsonObject> lines = jsonLines(resumed.out);
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines[0].value("epoch").toInt(), 2); // the numbering continues
        QVERIFY(sameEpoch(lines[0], jsonLines(straight.out).at(1)));
        QVERIFY(sameEpoch(jsonLines(first.out).at(0), jsonLines(straight.out).at(0)));
        const QByteArray a = readFile(path("straight.bplab")), b = readFile(path("resumed.bplab"));
        QVERIFY(a.size() > 407000);
        QVERIFY2(a == b, "the resumed model differs from the straight one");
        // The resumed run wrote on into the folder (end of epoch 2).
        QCOMPARE(snapshotFiles(snaps).size(), 2);
        // Nothing left to do: the total is reached.
        const CliRun again = runCli({"train", "--resume", snaps});
        QCOMPARE(again.exitCode, 0);
    }

    // With a constant schedule the total may grow on resume: 1 epoch, then --epochs 2.
    void resumeToMoreEpochs()
    {
        const QStringList recipe {"train", "--data", m_data, "--batch", "32", "--momentum", "0.9",
                                  "--json"};
        QCOMPARE(runCli(recipe + QStringList {"--epochs", "2", "--save", path("two.bplab")}).exitCode, 0);
        const QString snaps = path("const-snaps");
        QCOMPARE(runCli(recipe + QStringList {"--epochs", "1", "--checkpoint-dir", snaps}).exitCode, 0);
        const CliRun resumed = runCli({"train", "--resume", snaps, "--epochs", "2", "--save",
                                       path("one-plus-one.bplab"), "--json"});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QCOMPARE(jsonLines(resumed.out).at(0).value("epoch").toInt(), 2);
        QVERIFY(readFile(path("two.bplab")) == readFile(path("one-plus-one.bplab")));
    }

    void checkpointEveryAndKeep()
    {
        const QString snaps = path("every");
        const CliRun run = runCli({"train", "--data", m_data, "--epochs", "1", "--batch", "32",
                                   "--checkpoint-dir", snaps, "--checkpoint-every", "3", "--keep", "2"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        // Steps 3, 6, 9 and the end (10): four written, the newest two kept.
        QCOMPARE(snapshotFiles(snaps), (QStringList {"snapshot-000003.bplabsnap", "snapshot-000004.bplabsnap"}));
        QVERIFY2(run.err.contains("(step 10)"), run.err.constData());
    }

    void resumeRefusesOtherSettingsAndData()
    {
        const QString snaps = path("refuse");
        QCOMPARE(runCli({"train", "--data", m_data, "--epochs", "1", "--batch", "32", "--checkpoint-dir", snaps})
                         .exitCode,
                 0);
        const CliRun momentum = runCli({"train", "--resume", snaps, "--momentum", "0.5"});
        QCOMPARE(momentum.exitCode, 1);
        QVERIFY2(momentum.err.contains("--momentum cannot be combined with --resume"), momentum.err.constData());
        const CliRun other = runCli({"train", "--resume", snaps, "--epochs", "2", "--data", m_other});
        QCOMPARE(other.exitCode, 2);
        QVERIFY2(other.err.contains("other data"), other.err.constData());
        QVERIFY(isOneLine(other.err.mid(other.err.lastIndexOf("data:"))));
        const CliRun missing = runCli({"train", "--resume", path("no-such-folder")});
        QCOMPARE(missing.exitCode, 2);
        QCOMPARE(runCli({"train", "--checkpoint-every", "5"}).exitCode, 1); // needs --checkpoint-dir
        const CliRun workers = runCli({"train", "--resume", snaps, "--workers", "2"});
        QCOMPARE(workers.exitCode, 1);
        QVERIFY2(workers.err.contains("--workers cannot be combined with --resume"), workers.err.constData());
    }

    void damagedNewestSnapshotIsSkipped()
    {
        const QString snaps = path("damaged");
        QCOMPARE(runCli({"train", "--data", m_data, "--epochs", "2", "--batch", "32", "--checkpoint-dir",
                         snaps, "--checkpoint-every", "5"})
                         .exitCode,
                 0);
        QStringList files = snapshotFiles(snaps);
        QCOMPARE(files.size(), 3); // steps 10, 15, 20 (4 written: 5, 10, 15, 20)
        const QString newest = QDir(snaps).filePath(files.last());
        QByteArray bytes = readFile(newest);
        bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x40);
        QVERIFY(writeFile(newest, bytes));
        const CliRun run = runCli({"train", "--resume", snaps, "--epochs", "3", "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("warning: skipped snapshot-000004.bplabsnap"), run.err.constData());
        QVERIFY2(run.err.contains("damaged"), run.err.constData());
        QVERIFY2(run.err.contains("resuming from the older " + QDir(snaps).filePath("snapshot-000003.bplabsnap").toUtf8()),
                 run.err.constData());
        QCOMPARE(jsonLines(run.out).size(), 2); // from step 15: epochs 2 and 3
        QCOMPARE(jsonLines(run.out).at(0).value("epoch").toInt(), 2);
    }

    // lr 50 with standard scaling blows the weights up within two epochs: exit code 2 and the
    // core's message, or with --on-divergence halve a finished run with finite weights.
    void divergenceStopsOrHalves()
    {
        const QStringList recipe {"train", "--data", m_data, "--batch", "32", "--epochs", "4",
                                  "--normalize", "standard", "--lr", "50"};
        const QString snaps = path("diverged");
        const CliRun stop = runCli(recipe + QStringList {"--checkpoint-dir", snaps});
        QCOMPARE(stop.exitCode, 2);
        const QByteArray last = stop.err.trimmed().split('\n').last();
        QVERIFY2(last.contains("training diverged in epoch"), stop.err.constData());
        QVERIFY2(last.contains("at learning rate 50"), last.constData());
        QVERIFY2(last.contains("try a smaller learning rate (e.g. 25)"), last.constData());
        QVERIFY2(last.contains("--resume " + snaps.toUtf8()), last.constData());
        // The restored state was saved too (the end of epoch 1 and the state before the failure).
        QVERIFY(snapshotFiles(snaps).size() >= 1);

        const CliRun halve = runCli(recipe + QStringList {"--on-divergence", "halve", "--save",
                                                         path("halved.bplab"), "--json"});
        QVERIFY2(halve.exitCode == 0, halve.err.constData());
        QVERIFY2(halve.err.contains("--on-divergence halve: training on from the restored weights at "
                                    "learning rate 25"),
                 halve.err.constData());
        QCOMPARE(jsonLines(halve.out).size(), 4);
        for (const QJsonObject &e : jsonLines(halve.out))
            QVERIFY(std::isfinite(e.value("train_loss").toDouble()) && e.value("test_loss").isDouble());
        // eval reads the weights and refuses NaN or infinite ones.
        const CliRun eval = runCli({"eval", "--data", m_data, "--model", path("halved.bplab"), "--json"});
        QVERIFY2(eval.exitCode == 0, eval.err.constData());
    }

    // --json: the divergence as an object after the epoch lines, numbered as they are (from 1),
    // with the policy's suggested rate; its epoch and batch are those of the message on stderr.
    // The epoch lines name the training threads of the core's policy.
    void divergenceAsJson()
    {
        const CliRun run = runCli({"train", "--data", m_data, "--batch", "32", "--epochs", "4",
                                   "--normalize", "standard", "--lr", "50", "--json"});
        QCOMPARE(run.exitCode, 2);
        const QList<QJsonObject> lines = jsonLines(run.out);
        QVERIFY(!lines.isEmpty());
        QCOMPARE(lines.last().keys(), QStringList {"divergence"});
        const QJsonObject d = lines.last().value("divergence").toObject();
        QCOMPARE(d.keys(), (QStringList {"batch", "epoch", "quantity", "rate", "suggested_rate"}));
        QCOMPARE(d.value("rate").toDouble(), 50.0);
        QCOMPARE(d.value("suggested_rate").toDouble(), bplab::suggestedLearningRate(50.0));
        QCOMPARE(d.value("suggested_rate").toDouble(), 25.0);
        const int epoch = d.value("epoch").toInt();
        // The epoch lines before it: the epochs finished before the one that diverged.
        QCOMPARE(int(lines.size()) - 1, epoch - 1);
        const QByteArray where = QStringLiteral("training diverged in epoch %1, batch %2/10 ")
                                         .arg(epoch)
                                         .arg(d.value("batch").toInt())
                                         .toUtf8();
        QVERIFY2(run.err.contains(where), (where + "\n---\n" + run.err).constData());
        QVERIFY2(run.err.contains(": " + d.value("quantity").toString().toUtf8() + " became "),
                 run.err.constData());
        for (qsizetype i = 0; i + 1 < lines.size(); ++i)
            QCOMPARE(lines[i].value("training_threads").toInt(), bplab::defaultTrainingThreads());
    }

    // With momentum 0.9 the run that diverges at lr 50 recovers by halving too (the restored
    // momentum buffer is kept), with one worker and with two: finite weights, a good accuracy.
    void halvingRecoversWithMomentum_data()
    {
        QTest::addColumn<QString>("workers");
        QTest::newRow("1 worker") << QStringLiteral("1");
        QTest::newRow("2 workers") << QStringLiteral("2");
    }
    void halvingRecoversWithMomentum()
    {
        QFETCH(QString, workers);
        const QString model = path("momentum-halved-" + workers + ".bplab");
        const CliRun run = runCli({"train", "--data", m_data, "--batch", "16", "--epochs", "6", "--normalize",
                                   "standard", "--lr", "50", "--momentum", "0.9", "--workers", workers,
                                   "--on-divergence", "halve", "--save", model, "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("training diverged in epoch 1"), run.err.constData());
        QVERIFY2(run.err.contains("--on-divergence halve: training on from the restored weights at learning rate 25"),
                 run.err.constData());
        const QList<QJsonObject> epochs = jsonLines(run.out);
        QCOMPARE(epochs.size(), 6);
        for (const QJsonObject &e : epochs)
            QVERIFY(std::isfinite(e.value("train_loss").toDouble()) && e.value("test_loss").isDouble());
        const double accuracy = epochs.last().value("test_accuracy").toDouble();
        QVERIFY2(accuracy > 90, qPrintable(QString::number(accuracy)));
        const CliRun eval = runCli({"eval", "--data", m_data, "--model", model, "--json"});
        QVERIFY2(eval.exitCode == 0, eval.err.constData());
    }

    // The stop mode uses the same rule as halve and the app: the run stops with exit code 2 on the
    // first batch that halve would have undone, also with --workers 2.
    void stopAndHalveUseTheSameRule()
    {
        const QStringList recipe {"train", "--data", m_data, "--batch", "16", "--epochs", "2", "--normalize",
                                  "standard", "--lr", "50", "--momentum", "0.9", "--workers", "2"};
        const CliRun stop = runCli(recipe);
        QCOMPARE(stop.exitCode, 2);
        const CliRun halve = runCli(recipe + QStringList {"--on-divergence", "halve"});
        QCOMPARE(halve.exitCode, 0);
        const QByteArray stopped = stop.err.trimmed().split('\n').last();
        const QByteArray first = halve.err.mid(halve.err.indexOf("training diverged"));
        const QByteArray message = stopped.mid(stopped.indexOf("training diverged"));
        QVERIFY2(message.startsWith("training diverged in epoch"), stop.err.constData());
        QVERIFY2(first.startsWith(message), (message + "\n---\n" + halve.err).constData());
    }

    // --workers 2 with momentum, the cosine schedule and augmentation: 2 epochs straight, and
    // 1 epoch + resume (from the epoch's end and from mid-epoch) give byte-identical models.
    void exactResumeWithWorkers()
    {
        const QStringList recipe {"train", "--data", m_data, "--epochs", "2", "--batch", "16", "--workers", "2",
                                  "--momentum", "0.9", "--schedule", "cosine", "--augment", "--seed", "3",
                                  "--json"};
        const CliRun straight = runCli(recipe + QStringList {"--save", path("workers-straight.bplab")});
        QVERIFY2(straight.exitCode == 0, straight.err.constData());
        const QString snaps = path("workers-snaps");
        const CliRun first = runCli(recipe + QStringList {"--checkpoint-dir", snaps, "--checkpoint-every", "3",
                                                          "--stop-after", "1"});
        QVERIFY2(first.exitCode == 0, first.err.constData());
        // Steps 3, 6, 9 and the epoch's end (10): the newest three kept.
        QCOMPARE(snapshotFiles(snaps), (QStringList {"snapshot-000002.bplabsnap", "snapshot-000003.bplabsnap",
                                                     "snapshot-000004.bplabsnap"}));
        const CliRun resumed = runCli({"train", "--resume", snaps, "--save", path("workers-resumed.bplab"), "--json"});
        QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
        QVERIFY2(resumed.err.contains("data parallel: 2 replicas x batch 16"), resumed.err.constData());
        QVERIFY(sameEpoch(jsonLines(resumed.out).at(0), jsonLines(straight.out).at(1)));
        const QByteArray a = readFile(path("workers-straight.bplab"));
        QVERIFY(a.size() > 407000);
        QVERIFY2(a == readFile(path("workers-resumed.bplab")), "the resumed model differs from the straight one");
        // From step 9 of 10 (mid-epoch) to the end.
        const CliRun mid = runCli({"train", "--resume", QDir(snaps).filePath("snapshot-000003.bplabsnap"), "--save",
                                   path("workers-mid.bplab")});
        QVERIFY2(mid.exitCode == 0, mid.err.constData());
        QVERIFY2(mid.err.contains("(step 9)") || mid.err.contains("step 9"), mid.err.constData());
        QVERIFY2(a == readFile(path("workers-mid.bplab")), "resumed mid-epoch, the model differs");
        // The single trainer's path refuses it only inside the trainer; the CLI keeps the count.
    }

    // Resuming a cosine run with another total stretches its schedule: said once, on stderr.
    void cosineResumeToAnotherTotalIsSaid()
    {
        const QString snaps = path("cosine-total");
        QCOMPARE(runCli({"train", "--data", m_data, "--epochs", "2", "--batch", "32", "--schedule", "cosine",
                         "--stop-after", "1", "--checkpoint-dir", snaps})
                         .exitCode,
                 0);
        const CliRun longer = runCli({"train", "--resume", snaps, "--epochs", "3"});
        QVERIFY2(longer.exitCode == 0, longer.err.constData());
        QCOMPARE(longer.err.count("cosine schedule is stretched"), 1);
        QVERIFY2(longer.err.contains("3 epochs in total instead of the snapshot's 2"), longer.err.constData());
        const CliRun same = runCli({"train", "--resume", QDir(snaps).filePath("snapshot-000001.bplabsnap")});
        QVERIFY2(same.exitCode == 0, same.err.constData());
        QVERIFY2(!same.err.contains("in total instead"), same.err.constData());
    }
};

QTEST_MAIN(TestCliSnapshot)
#include "tst_clisnapshot.moc"
