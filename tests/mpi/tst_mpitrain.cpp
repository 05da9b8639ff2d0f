// `mpirun -np N backprop-lab-cli train --mpi` on 2 and 4 real processes with a small synthetic
// data folder: the same weights as --workers N and as one process with batch N x B, bit-identical
// ranks, an exact resume, the trace with a track per rank, one rank's data error reaching all,
// and a rank killed with SIGKILL ending the run within the timeout. Also `simulate --trace`.

#include "../app/clitestutil.h"
#include "mpitestutil.h"

#include "train/exchange.h"
#include "io/modelfile.h"
#include "nn/network.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <set>
#include <thread>

using namespace bplab;
using namespace bplab::test;

namespace {

const QString kCli = QStringLiteral(BPLAB_CLI_PATH);

/** max |a - b| / max |b| of one tensor (the measure of the in-process replicas' tests). */
template<class T>
double relDiff(const T &a, const T &b)
{
    const double scale = std::max(1e-30, double(b.cwiseAbs().maxCoeff()));
    return double((a - b).cwiseAbs().maxCoeff()) / scale;
}

/** The largest relDiff over W1, b1, ..., WL, bL. */
double maxRelativeDifference(const MlpParamsF &a, const MlpParamsF &b)
{
    double worst = 0;
    for (std::size_t l = 0; l < a.layers.size(); ++l)
        worst = std::max({worst, relDiff(a.layers[l].W, b.layers[l].W), relDiff(a.layers[l].b, b.layers[l].b)});
    return worst;
}

MlpParamsF load(const QString &path)
{
    Result<MlpParamsF> p = loadModel(path.toStdString());
    if (!p)
        qFatal("cannot read %s: %s", qPrintable(path), p.error().c_str());
    return *p;
}

/** stdout's JSON lines. */
QList<QJsonObject> jsonLines(const QByteArray &out)
{
    QList<QJsonObject> lines;
    for (const QByteArray &line : out.split('\n'))
        if (!line.trimmed().isEmpty())
            lines << QJsonDocument::fromJson(line).object();
    return lines;
}

QString details(const MpiRun &run)
{
    return QStringLiteral("exit %1 after %2 s\nstdout: %3\nstderr: %4")
            .arg(run.exitCode)
            .arg(run.seconds)
            .arg(QString::fromUtf8(run.out), QString::fromUtf8(run.err));
}

/** The pids of the direct children of pid (mpirun's ranks on this host). */
QList<qint64> childrenOf(qint64 pid)
{
    QList<qint64> out;
    const QDir proc(QStringLiteral("/proc"));
    for (const QString &entry : proc.entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 child = entry.toLongLong(&ok);
        if (!ok)
            continue;
        const QByteArray stat = readFile(QStringLiteral("/proc/%1/stat").arg(child));
        // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
        const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 1 && fields[1].toLongLong() == pid)
            out << child;
    }
    return out;
}

} // namespace

class TestMpiTrain : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_data;
    static constexpr int kBatch = 16;

    QString path(const QString &name) const { return m_dir.filePath(name); }
    QStringList trainArgs(const QStringList &extra) const
    {
        return QStringList {QStringLiteral("train"),
                            QStringLiteral("--data"),
                            m_data,
                            QStringLiteral("--batch"),
                            QString::number(kBatch),
                            QStringLiteral("--seed"),
                            QStringLiteral("7")}
               + extra;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_data = path(QStringLiteral("data"));
        // 512 training images: 16 global batches of 2 x 16, or 8 of 4 x 16.
        QVERIFY(writeSyntheticFolder(m_data, 512, 100));
    }

    void equalsWorkersAndOneProcess_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::newRow("2 ranks") << 2;
        QTest::newRow("4 ranks") << 4;
    }
    // After one epoch: the weights of --mpi on N ranks, of --workers N and of one process with
    // batch N x B agree within 1e-6 relative, and every rank holds the same bits.
    void equalsWorkersAndOneProcess()
    {
        BPLAB_REQUIRE_MPIRUN();
        QFETCH(int, ranks);
        const QString mpiModel = path(QStringLiteral("mpi-%1.bplab").arg(ranks));
        const MpiRun run = runMpi(
                ranks, kCli,
                trainArgs({QStringLiteral("--mpi"), QStringLiteral("--epochs"), QStringLiteral("1"),
                           QStringLiteral("--json"), QStringLiteral("--save"), mpiModel}));
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(details(run)));
        const QList<QJsonObject> epochs = jsonLines(run.out);
        QCOMPARE(epochs.size(), 1); // rank 0 alone prints
        const QJsonObject e = epochs[0];
        QCOMPARE(e.value(QStringLiteral("ranks")).toInt(), ranks);
        QCOMPARE(e.value(QStringLiteral("allreduces")).toInt(), 512 / (ranks * kBatch));
        QCOMPARE(e.value(QStringLiteral("bytes_per_allreduce")).toInteger(), 407080);
        const double algbw = e.value(QStringLiteral("algbw")).toDouble();
        QVERIFY(algbw > 0);
        QVERIFY(std::abs(e.value(QStringLiteral("busbw")).toDouble()
                         - algbw * 2.0 * (ranks - 1) / ranks)
                <= 1e-9 * algbw);
        QVERIFY(e.value(QStringLiteral("allreduce_seconds")).toDouble() > 0);
        const double median = e.value(QStringLiteral("allreduce_median_seconds")).toDouble();
        QVERIFY(median > 0 && median <= e.value(QStringLiteral("allreduce_seconds")).toDouble());
        QVERIFY(e.value(QStringLiteral("compute_seconds")).toDouble() > 0);
        const QJsonArray sums = e.value(QStringLiteral("rank_checksums")).toArray();
        QCOMPARE(sums.size(), ranks);
        for (const QJsonValue &v : sums)
            QCOMPARE(v.toString(), sums[0].toString()); // bit-identical weights on every rank
        QCOMPARE(sums[0].toString().size(), 16);

        const QString workersModel = path(QStringLiteral("workers-%1.bplab").arg(ranks));
        const CliRun workers = runCli(trainArgs(
                {QStringLiteral("--workers"), QString::number(ranks), QStringLiteral("--epochs"),
                 QStringLiteral("1"), QStringLiteral("--save"), workersModel}));
        QVERIFY2(workers.exitCode == 0, workers.err.constData());
        const QString oneModel = path(QStringLiteral("one-%1.bplab").arg(ranks));
        const CliRun one
                = runCli({QStringLiteral("train"), QStringLiteral("--data"), m_data,
                          QStringLiteral("--batch"), QString::number(ranks * kBatch),
                          QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--epochs"),
                          QStringLiteral("1"), QStringLiteral("--save"), oneModel});
        QVERIFY2(one.exitCode == 0, one.err.constData());

        const MlpParamsF m = load(mpiModel), w = load(workersModel), o = load(oneModel);
        const MlpParamsF start = initMlp(Architecture::source(), Init::He, 7);
        QVERIFY(maxRelativeDifference(m, start) > 1e-3); // it trained
        const double vsWorkers = maxRelativeDifference(m, w), vsOne = maxRelativeDifference(m, o);
        qInfo("%d ranks: max relative difference %.3g to --workers, %.3g to batch %d", ranks,
              vsWorkers, vsOne, ranks * kBatch);
        QVERIFY2(vsWorkers <= 1e-6, qPrintable(QString::number(vsWorkers)));
        QVERIFY2(vsOne <= 1e-6, qPrintable(QString::number(vsOne)));
    }

    // Two epochs straight and one epoch + --resume give the same bits with the same N; another N
    // is refused.
    void resumeContinuesExactly()
    {
        BPLAB_REQUIRE_MPIRUN();
        const QString straight = path(QStringLiteral("straight.bplab"));
        const MpiRun a
                = runMpi(2, kCli,
                         trainArgs({QStringLiteral("--mpi"), QStringLiteral("--epochs"),
                                    QStringLiteral("2"), QStringLiteral("--save"), straight}));
        QVERIFY2(a.finished && a.exitCode == 0, qPrintable(details(a)));
        const QString snaps = path(QStringLiteral("snapshots"));
        const MpiRun b = runMpi(
                2, kCli,
                trainArgs({QStringLiteral("--mpi"), QStringLiteral("--epochs"), QStringLiteral("2"),
                           QStringLiteral("--stop-after"), QStringLiteral("1"),
                           QStringLiteral("--checkpoint-dir"), snaps}));
        QVERIFY2(b.finished && b.exitCode == 0, qPrintable(details(b)));
        QVERIFY(!QDir(snaps).entryList({QStringLiteral("*.bplabsnap")}).isEmpty());
        const MpiRun wrongN = runMpi(4, kCli,
                                     {QStringLiteral("train"), QStringLiteral("--mpi"),
                                      QStringLiteral("--resume"), snaps});
        QVERIFY2(wrongN.exitCode != 0 && wrongN.err.contains("mpirun -np 2"),
                 qPrintable(details(wrongN)));
        const QString resumed = path(QStringLiteral("resumed.bplab"));
        const MpiRun c
                = runMpi(2, kCli,
                         {QStringLiteral("train"), QStringLiteral("--mpi"),
                          QStringLiteral("--resume"), snaps, QStringLiteral("--save"), resumed});
        QVERIFY2(c.finished && c.exitCode == 0, qPrintable(details(c)));
        QCOMPARE(flatten(load(resumed)), flatten(load(straight)));
    }

    // One track per rank, each with compute, wait and allreduce spans of valid times.
    void traceHasATrackPerRank()
    {
        BPLAB_REQUIRE_MPIRUN();
        const QString trace = path(QStringLiteral("trace.json"));
        const MpiRun run
                = runMpi(4, kCli,
                         trainArgs({QStringLiteral("--mpi"), QStringLiteral("--epochs"),
                                    QStringLiteral("1"), QStringLiteral("--trace"), trace}));
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(details(run)));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(readFile(trace), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonArray events = doc.object().value(QStringLiteral("traceEvents")).toArray();
        std::set<int> named;
        std::map<int, std::map<QString, int>> spans;
        for (const QJsonValue &v : events) {
            const QJsonObject ev = v.toObject();
            const int pid = ev.value(QStringLiteral("pid")).toInt();
            const QString ph = ev.value(QStringLiteral("ph")).toString();
            if (ph == QLatin1String("M")
                && ev.value(QStringLiteral("name")).toString() == QLatin1String("thread_name"))
                named.insert(pid);
            if (ph == QLatin1String("X")) {
                QVERIFY(ev.value(QStringLiteral("dur")).toDouble() >= 0);
                QVERIFY(ev.value(QStringLiteral("ts")).toDouble() >= 0);
                ++spans[pid][ev.value(QStringLiteral("name")).toString()];
            }
        }
        QCOMPARE(named, (std::set<int> {0, 1, 2, 3}));
        QCOMPARE(int(spans.size()), 4);
        for (const auto &[pid, names] : spans)
            for (const char *name : {"compute", "wait", "allreduce"})
                QCOMPARE(names.at(QLatin1String(name)), 512 / (4 * kBatch));
    }

    // Rank 1 reads a folder that does not exist: both ranks stop, and rank 0 prints rank 1's
    // message (mpirun's MPMD form gives each rank its own arguments).
    void oneRanksDataErrorStopsAll()
    {
        BPLAB_REQUIRE_MPIRUN();
        const QString missing = path(QStringLiteral("no-such-folder"));
        QStringList args = trainArgs(
                {QStringLiteral("--mpi"), QStringLiteral("--epochs"), QStringLiteral("1")});
        QStringList second = args;
        second[second.indexOf(m_data)] = missing;
        args << QStringLiteral(":") << QStringLiteral("-np") << QStringLiteral("1") << kCli
             << second;
        const MpiRun run = runMpi(1, kCli, args);
        QVERIFY2(run.finished && run.exitCode == 2, qPrintable(details(run)));
        QVERIFY2(run.err.contains("reading the data failed on rank 1:")
                         && run.err.contains(missing.toUtf8()),
                 qPrintable(details(run)));
    }

    // Another network trains over MPI too: its gradient's bytes are its own parameter count,
    // every rank ends with the same weights, and they are --workers 2's.
    void anotherNetwork()
    {
        BPLAB_REQUIRE_MPIRUN();
        const QStringList network {QStringLiteral("--hidden"), QStringLiteral("24,12"), QStringLiteral("--activation"),
                                   QStringLiteral("tanh"), QStringLiteral("--epochs"), QStringLiteral("1")};
        const QString mpiModel = path(QStringLiteral("mpi-tanh.bplab"));
        const MpiRun run = runMpi(2, kCli,
                                  trainArgs(network + QStringList {QStringLiteral("--mpi"), QStringLiteral("--json"),
                                                                   QStringLiteral("--save"), mpiModel}));
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(details(run)));
        const QList<QJsonObject> epochs = jsonLines(run.out);
        QCOMPARE(epochs.size(), 1);
        const qint64 parameters = 784 * 24 + 24 + 24 * 12 + 12 + 12 * 10 + 10;
        QCOMPARE(epochs[0].value(QStringLiteral("bytes_per_allreduce")).toInteger(), 4 * parameters);
        const QJsonArray sums = epochs[0].value(QStringLiteral("rank_checksums")).toArray();
        QCOMPARE(sums.size(), 2);
        QCOMPARE(sums[1].toString(), sums[0].toString());

        const QString workersModel = path(QStringLiteral("workers-tanh.bplab"));
        const CliRun workers = runCli(trainArgs(
                network + QStringList {QStringLiteral("--workers"), QStringLiteral("2"), QStringLiteral("--save"), workersModel}));
        QVERIFY2(workers.exitCode == 0, workers.err.constData());
        const Result<NetworkModel> m = readAnyNetwork(mpiModel.toStdString());
        const Result<NetworkModel> w = readAnyNetwork(workersModel.toStdString());
        QVERIFY2(m && w, m ? (w ? "" : w.error().c_str()) : m.error().c_str());
        QCOMPARE(QString::fromStdString(describe(m->arch)), QStringLiteral("784-24-12-10 tanh"));
        const std::vector<float> a = flatten(m->params), b = flatten(w->params);
        QCOMPARE(a.size(), std::size_t(parameters));
        double worst = 0;
        for (std::size_t i = 0; i < a.size(); ++i)
            worst = std::max(worst, std::abs(double(a[i]) - b[i]) / std::max(1e-3, std::abs(double(b[i]))));
        QVERIFY2(worst <= 1e-6, qPrintable(QString::number(worst)));
    }

    // A layer list (convolution, pooling, dense, dropout) with weight decay trains over MPI as
    // --workers 2 trains it (the dropout masks follow the sample's place in the global batch), and
    // one epoch + --resume gives the bits of two epochs straight.
    void layerListTrainsOverMpi()
    {
        BPLAB_REQUIRE_MPIRUN();
        const QStringList network {QStringLiteral("--layers"), QStringLiteral("conv 4 5x5, pool 2, dense 16, dropout 0.25"),
                                   QStringLiteral("--weight-decay"), QStringLiteral("0.001")};
        const QString mpiModel = path(QStringLiteral("mpi-conv.bplab"));
        const MpiRun run = runMpi(2, kCli,
                                  trainArgs(network + QStringList {QStringLiteral("--epochs"), QStringLiteral("1"),
                                                                   QStringLiteral("--mpi"), QStringLiteral("--json"),
                                                                   QStringLiteral("--save"), mpiModel}));
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(details(run)));
        const QList<QJsonObject> epochs = jsonLines(run.out);
        QCOMPARE(epochs.size(), 1);
        // conv: 4 x 5 x 5 + 4; dense: 4 x 14 x 14 inputs x 16 + 16; output: 16 x 10 + 10.
        const qint64 parameters = 4 * 25 + 4 + 784 * 16 + 16 + 16 * 10 + 10;
        QCOMPARE(epochs[0].value(QStringLiteral("bytes_per_allreduce")).toInteger(), 4 * parameters);
        const QJsonArray sums = epochs[0].value(QStringLiteral("rank_checksums")).toArray();
        QCOMPARE(sums.size(), 2);
        QCOMPARE(sums[1].toString(), sums[0].toString());

        const QString workersModel = path(QStringLiteral("workers-conv.bplab"));
        const CliRun workers = runCli(trainArgs(network + QStringList {QStringLiteral("--epochs"), QStringLiteral("1"),
                                                                       QStringLiteral("--workers"), QStringLiteral("2"),
                                                                       QStringLiteral("--save"), workersModel}));
        QVERIFY2(workers.exitCode == 0, workers.err.constData());
        const Result<NetworkModel> m = readAnyNetwork(mpiModel.toStdString());
        const Result<NetworkModel> w = readAnyNetwork(workersModel.toStdString());
        QVERIFY2(m && w, m ? (w ? "" : w.error().c_str()) : m.error().c_str());
        QVERIFY(m->arch.layered());
        const std::vector<float> a = flatten(m->params), b = flatten(w->params);
        QCOMPARE(a.size(), std::size_t(parameters));
        double worst = 0;
        for (std::size_t i = 0; i < a.size(); ++i)
            worst = std::max(worst, std::abs(double(a[i]) - b[i]) / std::max(1e-3, std::abs(double(b[i]))));
        QVERIFY2(worst <= 1e-6, qPrintable(QString::number(worst)));

        const QString straight = path(QStringLiteral("conv-straight.bplab"));
        const MpiRun twoEpochs = runMpi(2, kCli,
                                        trainArgs(network + QStringList {QStringLiteral("--epochs"), QStringLiteral("2"),
                                                                         QStringLiteral("--mpi"), QStringLiteral("--save"),
                                                                         straight}));
        QVERIFY2(twoEpochs.finished && twoEpochs.exitCode == 0, qPrintable(details(twoEpochs)));
        const QString snaps = path(QStringLiteral("conv-snapshots"));
        const MpiRun first = runMpi(2, kCli,
                                    trainArgs(network + QStringList {QStringLiteral("--epochs"), QStringLiteral("2"),
                                                                     QStringLiteral("--mpi"), QStringLiteral("--stop-after"),
                                                                     QStringLiteral("1"), QStringLiteral("--checkpoint-dir"),
                                                                     snaps}));
        QVERIFY2(first.finished && first.exitCode == 0, qPrintable(details(first)));
        const QString resumed = path(QStringLiteral("conv-resumed.bplab"));
        const MpiRun second = runMpi(2, kCli,
                                     {QStringLiteral("train"), QStringLiteral("--mpi"), QStringLiteral("--resume"), snaps,
                                      QStringLiteral("--save"), resumed});
        QVERIFY2(second.finished && second.exitCode == 0, qPrintable(details(second)));
        const Result<NetworkModel> r = readAnyNetwork(resumed.toStdString()), s = readAnyNetwork(straight.toStdString());
        QVERIFY2(r && s, r ? (s ? "" : s.error().c_str()) : r.error().c_str());
        QCOMPARE(flatten(r->params), flatten(s->params));
    }

    // Rank 1 runs with another learning rate: its weights part from rank 0's in the first step,
    // and the checksum at the end of epoch 1 stops the run with exit code 2, naming rank 1.
    void divergedRankIsNamed()
    {
        BPLAB_REQUIRE_MPIRUN();
        QStringList args = trainArgs({QStringLiteral("--mpi"), QStringLiteral("--epochs"),
                                      QStringLiteral("2"), QStringLiteral("--json")});
        const QStringList second
                = args + QStringList {QStringLiteral("--lr"), QStringLiteral("0.05")};
        args << QStringLiteral(":") << QStringLiteral("-np") << QStringLiteral("1") << kCli
             << second;
        const MpiRun run = runMpi(1, kCli, args);
        QVERIFY2(run.finished && run.exitCode == 2, qPrintable(details(run)));
        QVERIFY2(run.err.contains("rank 1 diverged: after epoch 1 its weights"),
                 qPrintable(details(run)));
        QVERIFY(run.out.isEmpty()); // stopped before epoch 1 was printed
    }

    // A rank killed mid-epoch: the others end with a non-zero exit within the 30 s timeout.
    void killedRankEndsTheRun()
    {
        BPLAB_REQUIRE_MPIRUN();
        QProcess p;
        p.start(mpirunPath(),
                QStringList {QStringLiteral("--allow-run-as-root"),
                             QStringLiteral("--oversubscribe"), QStringLiteral("-np"),
                             QStringLiteral("2"), kCli}
                        + trainArgs({QStringLiteral("--mpi"), QStringLiteral("--epochs"),
                                     QStringLiteral("100000"), QStringLiteral("--json")}));
        QVERIFY(p.waitForStarted(30000));
        // Training runs once rank 0 has printed the first epoch.
        QElapsedTimer wait;
        wait.start();
        while (!p.canReadLine() && wait.elapsed() < 60000)
            p.waitForReadyRead(1000);
        QVERIFY2(p.canReadLine(), p.readAllStandardError().constData());
        const QList<qint64> ranks = childrenOf(p.processId());
        QVERIFY2(ranks.size() == 2, qPrintable(QStringLiteral("%1 children").arg(ranks.size())));
        QElapsedTimer clock;
        clock.start();
        ::kill(pid_t(ranks.last()), SIGKILL);
        const bool ended = p.waitForFinished(60000);
        const double seconds = double(clock.elapsed()) / 1000.0;
        if (!ended)
            p.kill();
        QVERIFY2(ended, "the other rank still runs 60 s after the kill");
        QVERIFY(p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0);
        QVERIFY2(seconds < 35, qPrintable(QStringLiteral("ended after %1 s").arg(seconds)));
        qInfo("a rank killed mid-epoch ended the run in %.2f s", seconds);
    }

    // The simulator's trace: the one-host preset, a track per link that carried bytes.
    void simulateTrace()
    {
        const QString trace = path(QStringLiteral("sim.json"));
        const CliRun run = runCli({QStringLiteral("simulate"), QStringLiteral("--shared-memory"),
                                   QStringLiteral("4"), QStringLiteral("--iterations"),
                                   QStringLiteral("3"), QStringLiteral("--trace"), trace});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonArray events = QJsonDocument::fromJson(readFile(trace))
                                          .object()
                                          .value(QStringLiteral("traceEvents"))
                                          .toArray();
        std::set<QString> tracks;
        std::map<QString, int> phases;
        for (const QJsonValue &v : events) {
            const QJsonObject ev = v.toObject();
            if (ev.value(QStringLiteral("name")).toString() == QLatin1String("thread_name"))
                tracks.insert(ev.value(QStringLiteral("args"))
                                      .toObject()
                                      .value(QStringLiteral("name"))
                                      .toString());
            // The simulated pids start at 1000, above a measured trace's ranks: the phases'
            // process follows the one server's.
            if (ev.value(QStringLiteral("ph")).toString() == QLatin1String("X")
                && ev.value(QStringLiteral("pid")).toInt() == 1001)
                ++phases[ev.value(QStringLiteral("name")).toString()];
            if (ev.value(QStringLiteral("ph")).toString() == QLatin1String("X"))
                QVERIFY2(ev.value(QStringLiteral("pid")).toInt() >= 1000, "a simulated pid is a rank's");
        }
        // 4 ranks on one host: each rank's shared-memory copy out and in, and the phases.
        for (int r = 0; r < 4; ++r) {
            QVERIFY2(tracks.count(QStringLiteral("s0.g%1>nvswitch").arg(r)), "an out link");
            QVERIFY2(tracks.count(QStringLiteral("s0.nvswitch>g%1").arg(r)), "an in link");
        }
        QVERIFY(tracks.count(QStringLiteral("iterations")));
        QCOMPARE(phases[QStringLiteral("allreduce")], 3);
    }
};

QTEST_GUILESS_MAIN(TestMpiTrain)
#include "tst_mpitrain.moc"
