// The Data parallel page against the core: the plotted numbers are simulate()'s, controls run the
// simulation again, the utilisation curves integrate to the bytes each link carried.

#include "clusterview.h"
#include "linkplot.h"
#include "livepanel.h"
#include "replicaheatmaps.h"
#include "topologywidget.h"
#include "replicaexchange.h"
#include "io/json.h"
#include "train/trainer.h"

#include <QComboBox>
#include <QFileInfo>
#include <QPushButton>
#include <QTabWidget>
#include <random>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <qcustomplot.h>

using namespace bplab;
using namespace bplab::cluster;
using namespace bplab::clusterview;

namespace {
double kindBytes(const SimResult &r, LinkKind k)
{
    double b = 0;
    for (std::size_t l = 0; l < r.links.size(); ++l)
        if (r.links[l].kind == k)
            b += r.linkStats[l].bytes;
    return b;
}
// A small synthetic training set (the tests must not need the real MNIST files).
std::shared_ptr<const DataSplit> syntheticData(int n)
{
    auto d = std::make_shared<DataSplit>();
    d->name = "synthetic";
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> pix(0, 255), lab(0, 9);
    d->train.pixels.resize(std::size_t(n) * 784);
    for (auto &p : d->train.pixels)
        p = std::uint8_t(pix(rng));
    d->train.labels.resize(std::size_t(n));
    for (auto &l : d->train.labels)
        l = std::uint8_t(lab(rng));
    d->test = d->train;
    return d;
}

/** 2 servers x 2 GPUs of the training's replicas, batch 64 each. */
Trainer fourReplicas(std::shared_ptr<const DataSplit> data)
{
    return Trainer(std::move(data), sourceRecipe(), std::make_shared<ReplicaExchange>(2, 2));
}
} // namespace

class TestClusterView : public QObject
{
    Q_OBJECT
private slots:
    void modelEqualsCoreSimulate();
    void controlReRuns();
    void utilisationIntegratesToBytes();
    void exportedJsonIsThePlottedValues();
    void verdictFollowsModelSize();
    void largeRunGoesToWorker();
    void animationStepsOneScheduleStep();
    void replicaGradientsAverage();
    void fitsTheWindow();
    void realMnistReplicas();
};

void TestClusterView::modelEqualsCoreSimulate()
{
    ClusterView view;
    ClusterSettings s;
    s.servers = 2;
    s.gpusPerServer = 4;
    s.algorithm = Algorithm::Hierarchical;
    s.modelScale = 50;
    s.iterations = 7;
    s.snapshotEvery = 3;
    s.failAt = 5;
    view.setSettings(s);
    view.simulateNow();
    QVERIFY(view.settings() == s);
    const SimResult direct = simulate(toSimConfig(s));
    const auto shown = view.result();
    QVERIFY(shown);
    QCOMPARE(shown->totalSeconds, direct.totalSeconds);
    QCOMPARE(shown->links.size(), direct.links.size());
    for (std::size_t l = 0; l < direct.links.size(); ++l) {
        QCOMPARE(shown->linkStats[l].bytes, direct.linkStats[l].bytes);
        QCOMPARE(shown->linkStats[l].busySeconds, direct.linkStats[l].busySeconds);
    }
    QCOMPARE(shown->iterations.size(), direct.iterations.size());
    for (std::size_t i = 0; i < direct.iterations.size(); ++i) {
        QCOMPARE(shown->iterations[i].algbw, direct.iterations[i].algbw);
        QCOMPARE(shown->iterations[i].busbw, direct.iterations[i].busbw);
    }
    QCOMPARE(shown->lostIterations, direct.lostIterations);
    QVERIFY(direct.lostIterations > 0);
    // The bandwidth plot holds the same per-iteration numbers in GB/s.
    QCPGraph *bus = view.linkPlot()->bandwidthPlot()->graph(1);
    QCOMPARE(bus->dataCount(), int(direct.iterations.size()));
    for (int i = 0; i < bus->dataCount(); ++i)
        QCOMPARE(bus->data()->at(i)->value, direct.iterations[std::size_t(i)].busbw / 1e9);
}

void TestClusterView::controlReRuns()
{
    ClusterView view;
    QVERIFY(view.result());
    QCOMPARE(view.result()->config.cluster.servers, 2);
    QVERIFY(kindBytes(*view.result(), LinkKind::Nic) > 0);
    QSignalSpy spy(&view, &ClusterView::simulated);
    view.serversBox()->setValue(1);
    QVERIFY(spy.wait(2000));
    QCOMPARE(view.result()->config.cluster.servers, 1);
    QCOMPARE(kindBytes(*view.result(), LinkKind::Nic), 0.0);
    QVERIFY(kindBytes(*view.result(), LinkKind::NvLink) > 0);
    // No NIC line is drawn without NIC traffic: PCIe and NVLink only.
    QCOMPARE(view.linkPlot()->lineCount(), 2);

    view.algorithmBox()->setCurrentIndex(view.algorithmBox()->findData(int(Algorithm::Hierarchical)));
    QVERIFY(spy.wait(2000));
    QVERIFY(view.result()->config.algorithm == Algorithm::Hierarchical);
}

void TestClusterView::utilisationIntegratesToBytes()
{
    ClusterView view;
    ClusterSettings s;
    s.modelScale = 200;
    s.iterations = 4;
    view.setSettings(s);
    view.simulateNow();
    const auto r = view.result();
    const UtilizationTimeline &t = view.linkPlot()->timeline();
    QCOMPARE(int(t.times.size()), LinkPlot::kBins);
    int checked = 0;
    for (std::size_t l = 0; l < r->links.size(); ++l) {
        const double bytes = r->linkStats[l].bytes;
        const std::vector<double> pct = view.linkPlot()->linkPercent(int(l));
        double integral = 0;
        for (double p : pct)
            integral += p / 100.0 * t.binSeconds * r->links[l].bytesPerS;
        if (bytes == 0) {
            QCOMPARE(integral, 0.0);
            continue;
        }
        ++checked;
        QVERIFY2(std::abs(integral - bytes) <= 0.01 * bytes,
                 qPrintable(QStringLiteral("%1: %2 vs %3")
                                    .arg(QString::fromStdString(r->links[l].name))
                                    .arg(integral)
                                    .arg(bytes)));
    }
    QVERIFY(checked >= 3 * 8);
    // Each-link mode draws one line per link that carried bytes.
    view.linkPlot()->setShowEachLink(true);
    QCOMPARE(view.linkPlot()->lineCount(), checked);
}

// The links' export: the bin width, the times, then each link's plotted percentages, in that order
// (ordered JSON, as every JSON file the program writes), the numbers the plot drew.
void TestClusterView::exportedJsonIsThePlottedValues()
{
    ClusterView view;
    ClusterSettings s;
    s.iterations = 2;
    view.setSettings(s);
    view.simulateNow();
    const LinkPlot *plot = view.linkPlot();
    const QByteArray json = plot->json();
    QVERIFY(json.startsWith("{\"bin_seconds\":"));
    QVERIFY(json.endsWith("]}]}\n"));
    const qsizetype times = json.indexOf("\"time_s\":["), links = json.indexOf("\"links\":[");
    QVERIFY2(times > 0 && links > times, json.left(200).constData());
    const Result<Json> parsed = parseJson(std::string_view(json.constData(), std::size_t(json.size())), 64 << 20);
    QVERIFY2(parsed, parsed ? "" : parsed.error().c_str());
    const UtilizationTimeline &t = plot->timeline();
    QCOMPARE((*parsed)["bin_seconds"].get<double>(), t.binSeconds);
    QCOMPARE((*parsed)["time_s"].size(), t.times.size());
    QCOMPARE((*parsed)["time_s"][1].get<double>(), t.times[1]);
    const auto r = view.result();
    const Json &first = (*parsed)["links"].at(0);
    QCOMPARE(first.begin().key(), std::string("name"));
    QCOMPARE(first["name"].get<std::string>(), r->links[0].name);
    const std::vector<double> percent = plot->linkPercent(0);
    QCOMPARE(first["percent"].size(), percent.size());
    for (std::size_t b = 0; b < percent.size(); ++b)
        QCOMPARE(first["percent"][b].get<double>(), percent[b]);
}

void TestClusterView::verdictFollowsModelSize()
{
    ClusterView view;
    ClusterSettings s = view.settings();
    s.gpusPerServer = 8;
    s.latencyScale = 20;
    view.setSettings(s);
    view.simulateNow();
    QVERIFY2(view.latencyShareShown() > 0.5, qPrintable(view.verdictText()));
    QCOMPARE(view.latencyShareShown(), latencyShare(*view.result()));
    QVERIFY(view.verdictText().contains(QStringLiteral("latency dominates")));
    QVERIFY(view.verdictText().contains(QStringLiteral("407,080 bytes")));
    s.modelScale = 10000;
    s.latencyScale = 1;
    s.iterations = 2;
    view.setSettings(s);
    view.simulateNow();
    QVERIFY2(view.latencyShareShown() < 0.1, qPrintable(view.verdictText()));
    QVERIFY(view.verdictText().contains(QStringLiteral("bandwidth dominates")));
}

void TestClusterView::largeRunGoesToWorker()
{
    ClusterView view;
    QSignalSpy spy(&view, &ClusterView::simulated);
    ClusterSettings s = view.settings();
    s.servers = 8;
    s.gpusPerServer = 8;
    // 64 ranks x 300 iterations: far above the GUI thread's 20 ms, and small enough to finish
    // within the wait under ThreadSanitizer on a loaded machine (1,000 did not).
    s.iterations = 300;
    view.setSettings(s);
    QVERIFY(spy.wait(120000));
    QCOMPARE(view.result()->config.iterations, 300);
    QCOMPARE(view.result()->config.cluster.ranks(), 64);
    QVERIFY(view.lastRunInWorker());
}

void TestClusterView::animationStepsOneScheduleStep()
{
    ClusterView view;
    view.simulateNow();
    TopologyWidget *topo = view.topology();
    const auto r = view.result();
    // Ring over 8 ranks, one bucket: 2(N-1) = 14 steps of 8 transfers each.
    QCOMPARE(int(r->buckets.size()), 1);
    QCOMPARE(topo->stepCount(), 14);
    QCOMPARE(topo->currentStep(), 0);
    QCOMPARE(int(topo->currentTransfers().size()), 8);
    for (const TimedTransfer &t : topo->currentTransfers())
        QCOMPARE(t.transfer.step, 0);
    topo->stepForward();
    QCOMPARE(topo->currentStep(), 1);
    QCOMPARE(topo->progress(), 0.0);
    for (const TimedTransfer &t : topo->currentTransfers()) {
        QCOMPARE(t.transfer.step, 1);
        // ring: rank r sends to r + 1
        QCOMPARE(t.transfer.dst, (t.transfer.src + 1) % 8);
    }
    // The NIC out of GPU 3 carries 3 -> 4 in this step; GPU 7's PCIe link is idle.
    const Topology topology(r->config.cluster);
    QVERIFY(topo->linkUtilisation(topology.nicOut(3)) > 0);
    QCOMPARE(topo->linkUtilisation(topology.pcieDown(7)), 0.0);
    for (int k = 0; k < 13; ++k)
        topo->stepForward();
    QCOMPARE(topo->currentStep(), 0); // wraps after the last step
    QVERIFY(topo->stepText().startsWith(QStringLiteral("Step 1 of 14")));
    // Playing advances by itself.
    topo->setSpeed(20);
    topo->play();
    QTRY_VERIFY_WITH_TIMEOUT(topo->currentStep() >= 1, 3000);
    topo->pause();
    QVERIFY(!topo->playing());
}

void TestClusterView::replicaGradientsAverage()
{
    ClusterView view;
    ReplicaHeatmaps *maps = view.heatmaps();
    view.setReplicaGradients(nullptr, 0);
    QVERIFY(!maps->stepButton()->isEnabled());
    view.setReplicaGradients(nullptr, 1);
    QVERIFY(maps->stepButton()->isEnabled());
    QVERIFY2(maps->resultText().contains(QStringLiteral("one replica")), qPrintable(maps->resultText()));
    QCOMPARE(maps->replicas(), 0);

    // What the training worker sends after a batch of 4 replicas x 64.
    Trainer t = fourReplicas(syntheticData(1000));
    t.trainBatch();
    view.setReplicaGradients(std::make_shared<const ReplicaGradients>(replicaGradients(t)), 4);
    QCOMPARE(maps->replicas(), 4);
    QVERIFY(maps->maxDifference() >= 0);
    QVERIFY2(maps->maxDifference() < 1e-6, qPrintable(maps->resultText()));
    QVERIFY(maps->colourRange() > 0);
    const ReplicaGradients &g = *maps->gradients();
    // The replicas' gradients differ (different images); the average is the trainer's gradient.
    QVERIFY(!(g.dW2[0] == g.dW2[1]));
    QCOMPARE(g.counts[0], 64);
    QVERIFY(g.averageDW2 == t.gradients().layers.back().W);
    QVERIFY(maps->resultText().contains(QStringLiteral("4 replicas")));
    // The button asks the training for a batch; the view trains nothing itself.
    QSignalSpy steps(view.heatmaps(), &ReplicaHeatmaps::stepRequested);
    QTest::mouseClick(maps->stepButton(), Qt::LeftButton);
    QCOMPARE(steps.size(), 1);
    QCOMPARE(maps->gradients()->step, std::size_t(1));
}

void TestClusterView::fitsTheWindow()
{
    ClusterView view;
    view.resize(1150, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // The controls' column leaves the plots at least 780 pixels.
    QVERIFY2(view.tabs()->width() >= 780, qPrintable(QString::number(view.tabs()->width())));
    // Before the training's first batch the live tab shows its sentence, not empty axes.
    QVERIFY(!view.livePanel()->linkPlot()->isVisible());
    auto first = std::make_shared<LiveIteration>();
    first->step = 1;
    first->replicas = 8;
    first->result = simulate(liveIterationConfig(view.liveCluster(), 8, 64));
    view.addLiveIteration(first);
    view.livePanel()->redrawNow();
    QCoreApplication::sendPostedEvents(); // the layout takes the plot in
    QVERIFY(view.livePanel()->linkPlot()->isVisible());
    QVERIFY2(view.livePanel()->linkPlot()->utilisationPlot()->height() >= 250,
             qPrintable(QString::number(view.livePanel()->linkPlot()->utilisationPlot()->height())));
    view.tabs()->setCurrentIndex(ClusterView::WhatIfTab);
    QVERIFY(view.linkPlot()->utilisationPlot()->height() >= 250);
    if (!qEnvironmentVariableIsEmpty("BPLAB_CLUSTER_GRAB")) {
        const QString dir = qEnvironmentVariable("BPLAB_CLUSTER_GRAB");
        Trainer t = fourReplicas(syntheticData(600));
        t.trainBatch();
        view.setReplicaGradients(std::make_shared<const ReplicaGradients>(replicaGradients(t)), 4);
        for (int i = 0; i < view.tabs()->count(); ++i) {
            view.tabs()->setCurrentIndex(i);
            if (i == ClusterView::TopologyTab) {
                view.topology()->stepForward();
                view.topology()->stepForward();
            }
            QVERIFY(view.grab().save(QStringLiteral("%1/cluster-tab%2.png").arg(dir).arg(i)));
        }
        ClusterSettings s = view.settings();
        s.snapshotEvery = 3;
        s.failAt = 5;
        s.dropPacketAt = 2;
        s.modelScale = 100;
        view.setSettings(s);
        view.simulateNow();
        view.tabs()->setCurrentIndex(ClusterView::WhatIfTab);
        QVERIFY(view.grab().save(QStringLiteral("%1/cluster-fail.png").arg(dir)));
    }
}

void TestClusterView::realMnistReplicas()
{
    const QString folder = QStringLiteral(BPLAB_SHARED_MNIST);
    if (!QFileInfo::exists(folder))
        QSKIP("the shared MNIST folder is not on this machine");
    auto loaded = loadDataFolder(folder.toStdString());
    QVERIFY2(loaded.ok(), loaded.error().c_str());
    TrainConfig c = sourceRecipe();
    Trainer t(std::make_shared<const DataSplit>(std::move(*loaded)), c,
              std::make_shared<ReplicaExchange>(2, 4, Algorithm::Hierarchical));
    ClusterView view;
    for (std::size_t step = 1; step <= 2; ++step) {
        t.trainBatch();
        view.setReplicaGradients(std::make_shared<const ReplicaGradients>(replicaGradients(t)), 8);
        QCOMPARE(view.heatmaps()->replicas(), 8);
        QVERIFY2(view.heatmaps()->maxDifference() < 1e-6, qPrintable(view.heatmaps()->resultText()));
        QCOMPARE(view.heatmaps()->gradients()->step, step);
    }
}

QTEST_MAIN(TestClusterView)
#include "tst_clusterview.moc"
