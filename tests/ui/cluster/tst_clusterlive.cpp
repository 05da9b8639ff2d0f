// The Data parallel page's "Training, live" tab: the training's batches, each simulated on the
// what-if cluster, drawn end to end with their batch numbers; the lines reveal up to a time; the
// caption's numbers are the simulation's; a reset clears it; the page's controls choose the
// cluster.

#include "clusterview.h"
#include "linkplot.h"
#include "livepanel.h"

#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>

using namespace bplab;
using namespace bplab::cluster;
using namespace bplab::clusterview;

namespace {

std::shared_ptr<const LiveIteration> iteration(const SimConfig &chosen, std::uint64_t step,
                                               int replicas)
{
    auto it = std::make_shared<LiveIteration>();
    it->step = step;
    it->replicas = replicas;
    it->result = simulate(liveIterationConfig(chosen, replicas, 64));
    return it;
}

/** The lines' values (%) at keys (axis units) of the utilisation plot, NaN where not drawn. */
QCPGraph *kindLine(LinkPlot *plot, LinkKind kind)
{
    QCustomPlot *p = plot->utilisationPlot();
    for (int i = 0; i < p->graphCount(); ++i)
        if (p->graph(i)->property("line").toBool()
            && p->graph(i)->property("kind").toInt() == int(kind))
            return p->graph(i);
    return nullptr;
}

int labelsOf(QCustomPlot *p, bool visibleOnly = false)
{
    int n = 0;
    for (int i = 0; i < p->itemCount(); ++i)
        if (auto *t = qobject_cast<QCPItemText *>(p->item(i));
            t && t->text().startsWith(QLatin1String("batch ")) && (t->visible() || !visibleOnly))
            ++n;
    return n;
}

} // namespace

class TestClusterLive : public QObject
{
    Q_OBJECT

private slots:
    void drawsTheTrainingsBatches()
    {
        ClusterView view;
        view.resize(1200, 760);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.tabs()->currentIndex(), int(ClusterView::LiveTab));
        LivePanel *live = view.livePanel();
        live->setAnimated(false);
        const SimConfig chosen = view.liveCluster();
        QCOMPARE(chosen.cluster.gpusPerServer, 4);
        for (std::uint64_t step = 1; step <= 9; ++step)
            view.addLiveIteration(iteration(chosen, step, 8));
        live->redrawNow();
        QCOMPARE(live->timeline().size(), LivePanel::kIterations);
        const SimResult one = iteration(chosen, 1, 8)->result;
        LinkPlot *plot = live->linkPlot();
        // PCIe, NVLink and NIC all carry bytes: three lines, and a label per batch (4..9).
        QCOMPARE(plot->lineCount(), 3);
        QCOMPARE(labelsOf(plot->utilisationPlot()), LivePanel::kIterations);
        // Evenly spaced, every name has room (one that would run into the previous is hidden).
        QCOMPARE(labelsOf(plot->utilisationPlot(), true), LivePanel::kIterations);
        // The axis spans the six iterations of simulated time.
        const double total = plot->utilisationPlot()->xAxis->range().upper * plot->timeUnit();
        QVERIFY2(std::abs(total - 6 * one.totalSeconds) < 1e-3 * total,
                 qPrintable(QString::number(total)));
        // The caption's numbers are the simulation's.
        const QString caption = live->captionText();
        QVERIFY2(caption.contains(QStringLiteral("Batch 9: 8 replicas as 2 × 4 GPUs")),
                 qPrintable(caption));
        QVERIFY2(caption.contains(formatSeconds(one.iterations.front().allreduceSeconds)),
                 qPrintable(caption));
        // The bandwidth plot counts trained batches.
        QCustomPlot *bw = plot->bandwidthPlot();
        QVERIFY(bw->graphCount() >= 2);
        QCOMPARE(bw->graph(0)->data()->begin()->key, 4.0);
        QCOMPARE((bw->graph(0)->data()->end() - 1)->key, 9.0);

        // A reset (step 0) clears the tab.
        view.addLiveIteration(std::make_shared<const LiveIteration>());
        live->redrawNow();
        QVERIFY(live->timeline().empty());
        QCOMPARE(plot->lineCount(), 0);
        QVERIFY(live->captionText().startsWith(QStringLiteral("Start or step")));
    }

    void oneReplicaSaysWhatToChoose()
    {
        LivePanel live;
        live.setAnimated(false);
        live.addIteration(iteration(SimConfig {}, 12, 1));
        live.redrawNow();
        QVERIFY2(live.captionText().contains(QStringLiteral("nothing to all-reduce")),
                 qPrintable(live.captionText()));
        QCOMPARE(live.linkPlot()->lineCount(), 1); // PCIe only
    }

    // Four replicas on one server: PCIe and NVLink but no NIC, a legend whose wrapped grid has an
    // empty cell (which once crashed the layout), each line drawn.
    void fourReplicasOnOneServer()
    {
        LivePanel live;
        live.resize(1200, 700);
        live.show();
        QVERIFY(QTest::qWaitForWindowExposed(&live));
        live.setAnimated(false);
        for (std::uint64_t step = 1; step <= 3; ++step)
            live.addIteration(iteration(SimConfig {}, step, 4));
        live.redrawNow();
        live.linkPlot()->utilisationPlot()->replot();
        QCOMPARE(live.linkPlot()->lineCount(), 2);
        QVERIFY2(live.captionText().contains(QStringLiteral("Batch 3: 4 replicas as 1 × 4 GPUs")),
                 qPrintable(live.captionText()));
    }

    // Past the reveal time the lines are not drawn yet; the whole run once it is past the end.
    void revealsUpToATime()
    {
        LivePanel live;
        live.setAnimated(false);
        const SimConfig chosen {};
        for (std::uint64_t step = 1; step <= 2; ++step)
            live.addIteration(iteration(chosen, step, 8));
        live.redrawNow();
        LinkPlot *plot = live.linkPlot();
        const double half = live.timeline().newestStart()
                            + 0.5 * live.timeline().newest()->result.totalSeconds;
        plot->setRevealTime(half);
        QCPGraph *nic = kindLine(plot, LinkKind::Nic);
        QVERIFY(nic);
        int drawn = 0, hidden = 0;
        for (auto it = nic->data()->constBegin(); it != nic->data()->constEnd(); ++it) {
            if (it->key * plot->timeUnit() >= half + 1e-12)
                QVERIFY2(std::isnan(it->value), qPrintable(QString::number(it->key)));
            std::isnan(it->value) ? ++hidden : ++drawn;
        }
        QVERIFY(drawn > 0 && hidden > 0);
        plot->setRevealTime(std::numeric_limits<double>::infinity());
        for (auto it = nic->data()->constBegin(); it != nic->data()->constEnd(); ++it)
            QVERIFY(!std::isnan(it->value));
    }

    // Batches a second apart (a paced class): the newest fills its links over 0.8 s of wall
    // time, the clock being the test's own; batches 30 ms apart are drawn whole at once.
    void pacedBatchesFillTheLinksOverTime()
    {
        LivePanel live;
        live.resize(900, 600);
        live.show();
        QVERIFY(QTest::qWaitForWindowExposed(&live));
        qint64 now = 0;
        live.setClock([&now] { return now; });
        const SimConfig chosen {};
        live.addIteration(iteration(chosen, 1, 8));
        now = 1000;
        live.addIteration(iteration(chosen, 2, 8));
        QCOMPARE(live.revealSeconds(), 0.8); // 0.8 x the 1 s since the previous batch
        QVERIFY(live.revealing());
        const double start = live.timeline().newestStart();
        const double length = live.timeline().newest()->result.totalSeconds;
        now = 1400; // half of 0.8 s
        live.advanceReveal();
        QVERIFY2(std::abs(live.linkPlot()->revealTime() - (start + 0.5 * length)) < 1e-9 * length,
                 qPrintable(QString::number(live.linkPlot()->revealTime())));
        if (!qEnvironmentVariableIsEmpty("BPLAB_CLUSTER_GRAB")) {
            QCoreApplication::processEvents(); // the queued replot
            QVERIFY(live.grab().save(qEnvironmentVariable("BPLAB_CLUSTER_GRAB")
                                     + "/live-reveal.png"));
        }
        now = 1801;
        live.advanceReveal();
        QVERIFY(!live.revealing());
        QVERIFY(std::isinf(live.linkPlot()->revealTime()));
        // A 10 s pause before a step: at most 1.5 s.
        now = 11801;
        live.addIteration(iteration(chosen, 3, 8));
        QCOMPARE(live.revealSeconds(), LivePanel::kMaxRevealS);
        // Full speed: no reveal.
        now = 11831;
        live.addIteration(iteration(chosen, 4, 8));
        QCOMPARE(live.revealSeconds(), 0.0);
        QVERIFY(!live.revealing());
        // The same batch again (the exact state at a pause) keeps the reveal as it is.
        now = 13000;
        live.addIteration(iteration(chosen, 5, 8));
        const double reveal = live.revealSeconds();
        now = 13010;
        live.addIteration(iteration(chosen, 5, 8));
        QCOMPARE(live.revealSeconds(), reveal);
        QCOMPARE(live.timeline().size(), 5);
    }

    // The controls that shape the cluster reach the training (liveClusterChanged).
    void controlsChooseTheCluster()
    {
        ClusterView view;
        QSignalSpy changed(&view, &ClusterView::liveClusterChanged);
        view.gpusBox()->setValue(2);
        QVERIFY(changed.size() >= 1);
        const auto chosen = changed.last().at(0).value<SimConfig>();
        QCOMPARE(chosen.cluster.gpusPerServer, 2);
        QCOMPARE(placeReplicas(chosen.cluster, 4).servers, 2);
    }
};

QTEST_MAIN(TestClusterLive)
#include "tst_clusterlive.moc"
