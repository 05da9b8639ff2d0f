// A measured MPI run on the Data parallel page: the trace file read (and refused when it is not a
// measured run), its per-iteration numbers beside the prediction, and mpirun's command line and
// its message when mpirun is missing. With mpirun and the shared MNIST folder, a real run of
// `mpirun -np 2 backprop-lab-cli train --mpi` through the runner.

#include "chrometrace.h"
#include "clusterview.h"
#include "data/dataset.h"
#include "measuredpanel.h"
#include "mpirunner.h"
#include "simtrace.h"
#include "tracefile.h"

#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using namespace bplab;
using namespace bplab::cluster;
using namespace bplab::clusterview;

namespace {

/** A trace as train --mpi --trace writes it: pid = rank, compute, wait and allreduce per step. */
QByteArray measuredTrace(int ranks, int steps)
{
    ChromeTrace t;
    t.setInfo("source", "backprop-lab-cli train --mpi");
    t.setInfo("ranks", std::to_string(ranks));
    for (int r = 0; r < ranks; ++r) {
        t.nameProcess(r, "rank " + std::to_string(r), r);
        t.nameTrack(r, 0, "rank " + std::to_string(r) + " (measured)", 0);
        double now = 0;
        for (int s = 0; s < steps; ++s) {
            const double compute = 1e-3 + r * 1e-4, wait = 2e-5, reduce = 100e-6 * (s + 1);
            t.add({r, 0, "compute", "measured", now, compute, {{"step", double(s)}}});
            t.add({r, 0, "wait", "measured", now + compute, wait, {{"step", double(s)}}});
            t.add({r,
                   0,
                   "allreduce",
                   "measured",
                   now + compute + wait,
                   reduce,
                   {{"step", double(s)}, {"bytes", 407080.0}}});
            now += compute + wait + reduce;
        }
    }
    const std::string json = t.json();
    return QByteArray(json.data(), qsizetype(json.size()));
}

} // namespace

class TestClusterMeasured : public QObject
{
    Q_OBJECT

private slots:
    void readsAMeasuredTrace()
    {
        const auto run = parseMeasuredTrace(measuredTrace(2, 3), QStringLiteral("run.json"));
        QVERIFY2(run.ok(), run.error().c_str());
        QCOMPARE(run->ranks, 2);
        QCOMPARE(run->spans.size(), std::size_t(2 * 3 * 3));
        const MeasuredSummary s = summarize(*run);
        QCOMPARE(s.iterations.size(), std::size_t(3));
        // microseconds in the file, seconds here: the slowest rank's compute is 1.1 ms
        QVERIFY(std::abs(s.iterations[1].computeSeconds - 1.1e-3) < 1e-9);
        QVERIFY(std::abs(s.iterations[1].allreduceSeconds - 200e-6) < 1e-9);
        QCOMPARE(s.bytesPerAllreduce, 407080.0);
    }

    void refusesWhatIsNoMeasuredRun()
    {
        const auto garbage = parseMeasuredTrace("{\"traceEvents\": [", QStringLiteral("bad.json"));
        QVERIFY(!garbage.ok());
        QVERIFY2(QString::fromStdString(garbage.error()).contains(QStringLiteral("not a trace")),
                 garbage.error().c_str());
        SimConfig c;
        c.iterations = 2;
        const std::string sim = simulationTrace(simulate(c)).json();
        const auto simulated = parseMeasuredTrace(QByteArray(sim.data(), qsizetype(sim.size())),
                                                  QStringLiteral("sim.json"));
        QVERIFY(!simulated.ok());
        QVERIFY2(
                QString::fromStdString(simulated.error()).contains(QStringLiteral("simulated run")),
                simulated.error().c_str());
        const auto missing = readMeasuredTrace(QStringLiteral("/nonexistent/run.json"));
        QVERIFY(!missing.ok());
        QVERIFY(QString::fromStdString(missing.error()).contains(QStringLiteral("Cannot open")));
    }

    // The simulated trace's pids start above a measured trace's ranks: one file can hold both.
    void simulatedPidsAreNotRanks()
    {
        SimConfig c;
        c.cluster = sharedMemoryHost(4);
        c.resident = true;
        const ChromeTrace t = simulationTrace(simulate(c));
        QVERIFY(!t.spans().empty());
        for (const TraceSpan &s : t.spans())
            QVERIFY2(s.pid >= kSimulatedPidBase, qPrintable(QString::number(s.pid)));
    }

    void showsMeasuredBesidePredicted()
    {
        MeasuredPanel panel;
        panel.resize(900, 600);
        const auto run = parseMeasuredTrace(measuredTrace(2, 5), QStringLiteral("run.json"));
        QVERIFY(run.ok());
        auto c = std::make_shared<const MeasuredComparison>(compareWithSimulation(*run));
        panel.setComparison(c, QStringLiteral("/tmp/run.json"));
        QCOMPARE(panel.plot()->graphCount(), 4); // measured and predicted all-reduce and compute
        QCOMPARE(panel.plot()->graph(0)->dataCount(), 5);
        const QString text = panel.comparisonText();
        QVERIFY2(text.startsWith(QStringLiteral("run.json: 2 ranks, 5 iterations")),
                 qPrintable(text));
        // median of 100..500 us is 300 us; the prediction for 2 ranks is 35.1 us
        QVERIFY2(text.contains(QStringLiteral("all-reduce 300.0 µs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("all-reduce 35.1 µs")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("assumes 64 samples")), qPrintable(text));
    }

    void mpirunCommandLine()
    {
        MpiRunRequest r;
        r.program = QStringLiteral("/opt/bin/backprop-lab-cli");
        r.ranks = 4;
        r.trainArguments = {QStringLiteral("--data"), QStringLiteral("/d"),
                            QStringLiteral("--epochs"), QStringLiteral("1")};
        r.tracePath = QStringLiteral("/tmp/t.json");
        const QStringList expected {QStringLiteral("--oversubscribe"),
                                    QStringLiteral("-np"),
                                    QStringLiteral("4"),
                                    r.program,
                                    QStringLiteral("train"),
                                    QStringLiteral("--mpi"),
                                    QStringLiteral("--data"),
                                    QStringLiteral("/d"),
                                    QStringLiteral("--epochs"),
                                    QStringLiteral("1"),
                                    QStringLiteral("--trace"),
                                    r.tracePath};
        QCOMPARE(mpirunArguments(r, false), expected);
        QCOMPARE(mpirunArguments(r, true),
                 QStringList {QStringLiteral("--allow-run-as-root")} + expected);
    }

    void saysWhenMpirunIsMissing()
    {
        MpiRunner runner;
        QSignalSpy done(&runner, &MpiRunner::finished);
        MpiRunRequest r;
        r.mpirun = QString(); // not installed
        r.program = QStringLiteral("/bin/true");
        QVERIFY(!runner.start(r));
        QCOMPARE(done.size(), 1);
        QCOMPARE(done.at(0).at(0).toBool(), false);
        QVERIFY2(done.at(0).at(1).toString().startsWith(QStringLiteral("mpirun was not found")),
                 qPrintable(done.at(0).at(1).toString()));
        QVERIFY(!runner.running());
    }

    // A run ended from the page (Stop): finished() says so, and no rank is left behind.
    void stopEndsTheRun()
    {
        const QString mpirun = MpiRunner::findMpirun();
        if (mpirun.isEmpty())
            QSKIP("mpirun not found on PATH (Debian: openmpi-bin)");
        const QString data = QStringLiteral(BPLAB_SHARED_MNIST);
        if (!BPLAB_HAVE_MPI || !QFileInfo::exists(data))
            QSKIP("no MPI in this build, or no shared MNIST folder");
        QTemporaryDir dir;
        MpiRunner runner;
        QSignalSpy done(&runner, &MpiRunner::finished);
        MpiRunRequest r;
        r.mpirun = mpirun;
        r.program = QStringLiteral(BPLAB_CLI_PATH);
        r.ranks = 2;
        r.trainArguments = {QStringLiteral("--data"), data, QStringLiteral("--epochs"),
                            QStringLiteral("50")};
        r.tracePath = dir.filePath(QStringLiteral("run.json"));
        QVERIFY(runner.start(r));
        // Stopped as soon as the ranks have printed something (they are training then).
        QSignalSpy out(&runner, &MpiRunner::output);
        QVERIFY(out.wait(60000));
        runner.cancel();
        QVERIFY(done.wait(60000));
        QCOMPARE(done.at(0).at(0).toBool(), false);
        QCOMPARE(done.at(0).at(1).toString(), QStringLiteral("The run was stopped."));
        QVERIFY(!runner.running());
        // No rank is left: none has the run's unique trace path on its command line.
        const QString pgrep = QStandardPaths::findExecutable(QStringLiteral("pgrep"));
        if (!pgrep.isEmpty()) {
            QProcess p;
            p.start(pgrep, {QStringLiteral("-f"), r.tracePath});
            QVERIFY(p.waitForFinished(10000));
            QVERIFY2(p.exitCode() == 1, p.readAllStandardOutput().constData()); // 1: no match
        }
    }

    // Two real ranks on the shared MNIST: the runner's trace has both ranks' iterations.
    void runsMpirun()
    {
        const QString mpirun = MpiRunner::findMpirun();
        if (mpirun.isEmpty())
            QSKIP("mpirun not found on PATH (Debian: openmpi-bin)");
        if (!BPLAB_HAVE_MPI)
            QSKIP("this build has no MPI");
        const QString data = QStringLiteral(BPLAB_SHARED_MNIST);
        if (!QFileInfo::exists(data))
            QSKIP("the shared MNIST folder is not on this machine");
        // Open MPI keeps allocations of its own until a rank ends: no leak check in the ranks.
        if (qEnvironmentVariableIsSet("ASAN_OPTIONS"))
            qputenv("ASAN_OPTIONS", qgetenv("ASAN_OPTIONS") + ":detect_leaks=0");
        QTemporaryDir dir;
        MpiRunner runner;
        QSignalSpy done(&runner, &MpiRunner::finished);
        MpiRunRequest r;
        r.mpirun = mpirun;
        r.program = QStringLiteral(BPLAB_CLI_PATH);
        r.ranks = 2;
        r.trainArguments = {QStringLiteral("--data"),   data,
                            QStringLiteral("--epochs"), QStringLiteral("1"),
                            QStringLiteral("--batch"),  QStringLiteral("256")};
        r.tracePath = dir.filePath(QStringLiteral("run.json"));
        QVERIFY(runner.start(r));
        QVERIFY(runner.running());
        QVERIFY(done.wait(180000));
        QVERIFY2(done.at(0).at(0).toBool(), qPrintable(done.at(0).at(1).toString()));
        QCOMPARE(done.at(0).at(2).toString(), r.tracePath);
        const auto run = readMeasuredTrace(r.tracePath);
        QVERIFY2(run.ok(), run.error().c_str());
        QCOMPARE(run->samplesPerRank, 256); // the trace says its batch
        const MeasuredSummary s = summarize(*run);
        QCOMPARE(s.ranks, 2);
        // One exchange per global batch of 2 x 256 images (the last one short).
        const auto loaded = loadDataFolder(data.toStdString());
        QVERIFY(loaded.ok());
        const std::size_t images = loaded->train.size();
        QCOMPARE(s.iterations.size(), (images + 511) / 512);
        QCOMPARE(s.bytesPerAllreduce, 407080.0);
        QVERIFY(s.medianAllreduceSeconds > 0 && s.medianComputeSeconds > 0);
        if (!qEnvironmentVariableIsEmpty("BPLAB_CLUSTER_GRAB")) {
            ClusterView view;
            view.resize(1280, 740);
            MeasuredComparison c = compareWithSimulation(*run);
            view.measuredPanel()->setComparison(std::make_shared<const MeasuredComparison>(c),
                                                r.tracePath);
            view.measuredPanel()->setStatus(done.at(0).at(1).toString());
            view.tabs()->setCurrentIndex(ClusterView::MeasuredTab);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            QVERIFY(view.grab().save(qEnvironmentVariable("BPLAB_CLUSTER_GRAB") + "/measured.png"));
        }
    }
};

QTEST_MAIN(TestClusterMeasured)
#include "tst_clustermeasured.moc"
