// The Data parallel page wired to the real training worker: every trained batch arrives timed on
// the page's cluster (simulated on the worker's thread), the page's cluster reaches the worker, a
// reset clears the live tab, and a measured trace is read off the GUI thread into the Measured tab.

#include "guifixtures.h"

#include "clusterpage.h"
#include "trainingcontroller.h"

#include <chrometrace.h>
#include <clusterview.h>
#include <livepanel.h>
#include <measuredpanel.h>

#include <QFile>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace bplab;
using namespace bplab::cluster;
using namespace bplab::clusterview;
using namespace bplab::test;

class TestGuiClusterPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString error = writeSyntheticDataset(m_dir.path(), 2000, 200);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void batchesArriveTimedOnTheChosenCluster()
    {
        TrainingController c;
        ClusterView view;
        new ClusterPage(&view, &c);
        LivePanel *live = view.livePanel();
        live->setAnimated(false);
        TrainConfig config = c.config();
        config.replicas = 8;
        config.batch = 16;
        c.setConfig(config);
        QSignalSpy loaded(&c, &TrainingController::dataChanged);
        c.loadData(m_dir.path());
        QVERIFY(loaded.wait(20000));

        runBatches(&c, 3);
        QTRY_VERIFY(live->timeline().newest() && live->timeline().newest()->step == 3);
        const LiveIteration *it = live->timeline().newest();
        QCOMPARE(it->replicas, 8);
        QCOMPARE(it->result.config.cluster.servers, 2);
        QCOMPARE(it->result.config.cluster.gpusPerServer, 4);
        QCOMPARE(it->result.config.batch, 16);
        // The worker's simulation is the core's for the page's cluster and the real batch.
        const SimResult expected = simulate(liveIterationConfig(view.liveCluster(), 8, 16));
        QCOMPARE(it->result.iterations.front().allreduceSeconds,
                 expected.iterations.front().allreduceSeconds);
        QCOMPARE(it->result.totalSeconds, expected.totalSeconds);

        // Two GPUs per server: the next batch runs on 4 servers x 2, and the tab starts again.
        view.gpusBox()->setValue(2);
        runBatches(&c, 1);
        QTRY_VERIFY(live->timeline().newest() && live->timeline().newest()->step == 4);
        QCOMPARE(live->timeline().newest()->result.config.cluster.servers, 4);
        QCOMPARE(live->timeline().size(), 1);

        // A reset: nothing trained, nothing shown.
        c.reset();
        QTRY_VERIFY(live->timeline().empty());
    }

    void readsATraceOffTheGuiThread()
    {
        TrainingController c;
        ClusterView view;
        auto *page = new ClusterPage(&view, &c);
        ChromeTrace t;
        t.setInfo("source", "backprop-lab-cli train --mpi");
        t.setInfo("ranks", "2");
        t.setInfo("batch", "32");
        for (int r = 0; r < 2; ++r)
            for (int s = 0; s < 4; ++s) {
                t.add({r, 0, "compute", "measured", s * 1e-3, 500e-6, {{"step", double(s)}}});
                t.add({r,
                       0,
                       "allreduce",
                       "measured",
                       s * 1e-3 + 600e-6,
                       80e-6 + r * 1e-6,
                       {{"step", double(s)}, {"bytes", 407080.0}}});
            }
        const QString path = m_dir.filePath(QStringLiteral("run.json"));
        QVERIFY(t.write(path.toStdString()).ok());

        QSignalSpy read(page, &ClusterPage::traceRead);
        page->openTrace(path);
        QVERIFY(read.wait(20000));
        QCOMPARE(read.at(0).at(0).toBool(), true);
        MeasuredPanel *panel = view.measuredPanel();
        QVERIFY(panel->comparison());
        QCOMPARE(panel->comparison()->measured.ranks, 2);
        QCOMPARE(panel->comparison()->samplesPerRank, 32); // the trace's "batch"
        QVERIFY(!panel->comparison()->samplesAssumed);
        QVERIFY2(panel->comparisonText().contains(QStringLiteral("all-reduce 81.0 µs")),
                 qPrintable(panel->comparisonText()));

        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not json");
        f.close();
        page->openTrace(bad);
        QVERIFY(read.wait(20000));
        QCOMPARE(read.at(1).at(0).toBool(), false);
        QVERIFY2(panel->statusText().contains(QStringLiteral("is not a trace")),
                 qPrintable(panel->statusText()));
        QCOMPARE(panel->comparison()->measured.ranks, 2); // the last good one stays
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestGuiClusterPage)
#include "tst_guiclusterpage.moc"
