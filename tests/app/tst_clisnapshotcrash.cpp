// Snapshots survive kill -9 at any moment: train --checkpoint-every 1 runs as a child process and
// is killed with SIGKILL at random moments, 30 times, each run resuming the last. After every kill
// each snapshot file in the folder loads completely, the newest is the one a resume takes, no
// temporary file is listed as a snapshot, and the position never goes back. SIGTERM stops a run
// with a snapshot of the exact position and exit code 130.

#include "clitestutil.h"
#include "train/snapshotfolder.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace bplab;
using namespace bplab::test;

class TestCliSnapshotCrash : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_data;

    /** Starts the CLI (environment as runCli) without waiting. */
    static void start(QProcess &p, const QStringList &args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("BPLAB_DATA"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), QDir::temp().filePath(QStringLiteral("bplab-test-no-data")));
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(QStringLiteral(BPLAB_CLI_PATH), args);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_data = m_dir.filePath(QStringLiteral("data"));
        QVERIFY(writeSyntheticFolder(m_data, 200, 50, 3)); // 13 batches of 16 per epoch
    }

    void killedAtRandomMoments()
    {
        const QString snaps = m_dir.filePath(QStringLiteral("snaps"));
        const quint32 seed = QRandomGenerator::global()->generate();
        qInfo("random seed %u", seed);
        QRandomGenerator random(seed);
        std::uint64_t lastStep = 0;
        int temporaryFilesSeen = 0, killsWithSnapshots = 0;
        QElapsedTimer total;
        total.start();
        for (int kill = 0; kill < 30; ++kill) {
            QProcess p;
            // The first run starts from scratch; each later one resumes what the last left.
            if (kill == 0 || listSnapshots(snaps.toStdString()).empty())
                start(p, {"train", "--data", m_data, "--epochs", "100000", "--batch", "16", "--momentum",
                          "0.9", "--checkpoint-dir", snaps, "--checkpoint-every", "1", "--keep", "3"});
            else
                start(p, {"train", "--resume", snaps});
            QVERIFY(p.waitForStarted(10000));
            // Each snapshot is flushed to disk twice (file and folder): a few per run. The first
            // run lives long enough to write some; later ones are killed anywhere from start-up on.
            QTest::qWait(int((kill == 0 ? 1500 : 200) + random.bounded(800)));
            p.kill(); // SIGKILL
            QVERIFY(p.waitForFinished(10000));
            QCOMPARE(p.exitStatus(), QProcess::CrashExit);

            const std::vector<SnapshotFile> files = listSnapshots(snaps.toStdString());
            for (const SnapshotFile &f : files) {
                auto s = loadSnapshot(f.path);
                QVERIFY2(s.ok(), s.error().c_str()); // complete, every check passed
            }
            for (const QString &name : QDir(snaps).entryList(QDir::Files | QDir::Hidden)) {
                if (name.startsWith(QLatin1Char('.')))
                    ++temporaryFilesSeen; // a write that was cut: never listed above
                else
                    QVERIFY2(name.startsWith(QLatin1String("snapshot-")), qPrintable(name));
            }
            if (files.empty())
                continue; // killed before its first batch
            ++killsWithSnapshots;
            QVERIFY(files.size() <= 4); // the newest three, and one just written before pruning
            auto newest = loadSnapshotFrom(snaps.toStdString());
            QVERIFY2(newest.ok(), newest.error().c_str());
            QVERIFY(newest->skipped.empty());
            QCOMPARE(QString::fromStdString(newest->path), QString::fromStdString(files.front().path));
            QVERIFY2(newest->snapshot.step >= lastStep, qPrintable(QString("step %1 after %2")
                                                                        .arg(newest->snapshot.step)
                                                                        .arg(lastStep)));
            lastStep = newest->snapshot.step;
        }
        qInfo("30 kills in %lld ms: %d left snapshots, newest at step %llu, %d temporary files seen",
              total.elapsed(), killsWithSnapshots, static_cast<unsigned long long>(lastStep),
              temporaryFilesSeen);
        QVERIFY(killsWithSnapshots >= 25);
        QVERIFY(lastStep >= 10);
    }

    void terminatedRunLeavesItsPosition()
    {
        const QString snaps = m_dir.filePath(QStringLiteral("term"));
        QProcess p;
        start(p, {"train", "--data", m_data, "--epochs", "100000", "--batch", "16", "--checkpoint-dir", snaps,
                  "--checkpoint-every", "1000000"});
        QVERIFY(p.waitForStarted(10000));
        // The SIGTERM handler is in place before the first epoch's line; a fixed wait is too short
        // where starting up is slow (a sanitizer build), and the signal would end the process.
        QByteArray out;
        QElapsedTimer waited;
        waited.start();
        while (!out.contains("epoch ") && p.state() == QProcess::Running && waited.elapsed() < 120000) {
            p.waitForReadyRead(1000);
            out += p.readAllStandardOutput();
        }
        QVERIFY2(out.contains("epoch "), out.constData());
        ::kill(pid_t(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 130);
        // One snapshot, written on the way out, at the batch the run stopped after.
        const std::vector<SnapshotFile> files = listSnapshots(snaps.toStdString());
        QCOMPARE(files.size(), std::size_t(1));
        auto s = loadSnapshot(files[0].path);
        QVERIFY2(s.ok(), s.error().c_str());
        QVERIFY(s->step > 0);
        QCOMPARE(s->batchLosses.size(), std::size_t(s->step));
    }
};

QTEST_MAIN(TestCliSnapshotCrash)
#include "tst_clisnapshotcrash.moc"
