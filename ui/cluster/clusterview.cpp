#include "clusterview.h"

#include "linkplot.h"
#include "livepanel.h"
#include "measuredpanel.h"
#include "replicaheatmaps.h"
#include "topologywidget.h"
#include "uiformat.h"

#include <background.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace bplab::clusterview {

using namespace bplab::cluster;

namespace {
// Runs estimated (from the last measured run) to take longer than this go to a worker thread.
constexpr double kGuiThreadBudgetS = 0.020;
// Before any measurement: sizes (runSize()) up to this run on the GUI thread (8 GPUs x 50).
constexpr double kFirstRunSize = 8.0 * 8.0 * 50.0;

// A run's cost grows with its transfers: a ring moves 2(N-1) chunks per rank and iteration, so
// N^2 x iterations measures it (counting rank-iterations alone put 64 GPUs at 1/8 their cost).
double runSize(const SimConfig &c)
{
    const double ranks = c.cluster.ranks();
    return ranks * ranks * std::max(1, c.iterations);
}

QSpinBox *spin(int lo, int hi, int value, const QString &special = {})
{
    auto *s = new QSpinBox;
    s->setRange(lo, hi);
    s->setValue(value);
    if (!special.isEmpty())
        s->setSpecialValueText(special);
    return s;
}
} // namespace

ClusterView::ClusterView(QWidget *parent)
    : QWidget(parent)
    , m_runTimer(new QTimer(this))
{
    m_runTimer->setSingleShot(true);
    m_runTimer->setInterval(0);
    connect(m_runTimer, &QTimer::timeout, this, &ClusterView::run);

    auto *scroll = new QScrollArea;
    scroll->setWidget(makeControls());
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(scroll->widget()->sizeHint().width() + 20);
    scroll->setMaximumWidth(scroll->widget()->sizeHint().width() + 40);

    m_verdict = new QLabel;
    m_verdict->setWordWrap(true);
    QFont vf = readableFont(font(), 1.1);
    vf.setBold(true);
    m_verdict->setFont(vf);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_summary->setFont(readableFont(font()));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    // Room for three lines: the snapshot and failure numbers follow the per-iteration ones.
    m_summary->setMinimumHeight(3 * QFontMetrics(m_summary->font()).lineSpacing() + 4);
    m_verdict->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);

    m_linkPlot = new LinkPlot;
    m_eachLink = new QCheckBox(tr("Show each link"));
    m_eachLink->setToolTip(tr("One line per directional link instead of one per kind of link"));
    connect(m_eachLink, &QCheckBox::toggled, m_linkPlot, &LinkPlot::setShowEachLink);
    auto *plotPage = new QWidget;
    auto *plotLayout = new QVBoxLayout(plotPage);
    plotLayout->setContentsMargins(4, 4, 4, 4);
    auto *plotBar = new QHBoxLayout;
    auto *hint = new QLabel(tr("Drag or scroll on the time axis to zoom"));
    hint->setFont(readableFont(font()));
    plotBar->addWidget(m_eachLink);
    plotBar->addStretch(1);
    plotBar->addWidget(hint);
    plotLayout->addLayout(plotBar);
    plotLayout->addWidget(m_linkPlot, 1);

    m_tabs = new QTabWidget;
    m_tabs->setFont(readableFont(font()));
    m_live = new LivePanel;
    m_tabs->addTab(m_live, tr("Training, live"));
    m_tabs->setTabToolTip(LiveTab, tr("The training's own batches, each timed on the what-if "
                                      "cluster's links for the real gradient"));
    m_tabs->addTab(plotPage, tr("What-if links"));
    m_tabs->setTabToolTip(WhatIfTab, tr("The what-if run of the controls on the left: its length, "
                                        "model size, snapshots and faults"));

    m_topology = new TopologyWidget;
    auto *topoPage = new QWidget;
    auto *topoLayout = new QVBoxLayout(topoPage);
    topoLayout->setContentsMargins(4, 4, 4, 4);
    auto *animBar = new QHBoxLayout;
    auto *playButton = new QPushButton(tr("Play"));
    auto *stepButton = new QPushButton(tr("Step"));
    auto *speed = new QComboBox;
    for (double f : {0.25, 0.5, 1.0, 2.0, 4.0})
        speed->addItem(tr("%1 steps/s").arg(f), f);
    speed->setCurrentIndex(2);
    animBar->addWidget(playButton);
    animBar->addWidget(stepButton);
    animBar->addWidget(new QLabel(tr("Speed")));
    animBar->addWidget(speed);
    animBar->addStretch(1);
    topoLayout->addLayout(animBar);
    topoLayout->addWidget(m_topology, 1);
    connect(playButton, &QPushButton::clicked, m_topology, [this] {
        if (m_topology->playing())
            m_topology->pause();
        else
            m_topology->play();
    });
    connect(m_topology, &TopologyWidget::playingChanged, playButton,
            [playButton](bool on) { playButton->setText(on ? tr("Pause") : tr("Play")); });
    connect(stepButton, &QPushButton::clicked, m_topology, &TopologyWidget::stepForward);
    connect(speed, &QComboBox::currentIndexChanged, m_topology,
            [this, speed] { m_topology->setSpeed(speed->currentData().toDouble()); });
    m_tabs->addTab(topoPage, tr("Topology and ring"));

    m_heatmaps = new ReplicaHeatmaps;
    m_tabs->addTab(m_heatmaps, tr("Replica gradients"));
    m_measured = new MeasuredPanel;
    m_tabs->addTab(m_measured, tr("Measured (MPI)"));
    m_tabs->setTabToolTip(MeasuredTab, tr("A real run of train --mpi beside the simulator's "
                                          "prediction for the same bytes"));
    // The sentences above the tabs are the what-if run's: shown with its two tabs only.
    connect(m_tabs, &QTabWidget::currentChanged, this, &ClusterView::showSummaryFor);

    auto *right = new QVBoxLayout;
    right->addWidget(m_verdict);
    right->addWidget(m_summary);
    right->addWidget(m_tabs, 1);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(scroll);
    layout->addLayout(right, 1);

    simulateNow();
    showSummaryFor(m_tabs->currentIndex());
}

ClusterView::~ClusterView() = default;

QWidget *ClusterView::makeControls()
{
    auto *box = new QWidget;
    box->setFont(readableFont(font()));
    auto *v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);

    auto form = [&](const QString &title) {
        auto *g = new QGroupBox(title);
        auto *f = new QFormLayout(g);
        f->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        f->setVerticalSpacing(4);
        v->addWidget(g);
        return f;
    };

    // The page's settings model a cluster that is not there: the training's own replicas run in
    // this process (the toolbar's Replicas; their gradients are the Replica gradients tab).
    QFormLayout *hw = form(tr("What-if cluster"));
    if (auto *group = qobject_cast<QGroupBox *>(hw->parentWidget()))
        group->setToolTip(tr("A simulated cluster of GPUs and links, timed by the simulator for the "
                             "real gradient size. The training itself runs its replicas in this "
                             "process: choose them with Replicas in the toolbar."));
    m_servers = spin(1, 8, 2);
    m_gpus = spin(1, 8, 4);
    m_pcie = new QComboBox;
    m_pcie->addItem(tr("Gen4 x16, 31.5 GB/s"), int(PciePreset::Gen4));
    m_pcie->addItem(tr("Gen5 x16, 63 GB/s"), int(PciePreset::Gen5));
    m_nvlink = new QComboBox;
    m_nvlink->addItem(tr("A100, 300 GB/s"), int(NvLinkPreset::A100));
    m_nvlink->addItem(tr("H100, 450 GB/s"), int(NvLinkPreset::H100));
    m_nic = new QComboBox;
    m_nic->addItem(tr("200 Gb/s"), int(NicPreset::Gbps200));
    m_nic->addItem(tr("400 Gb/s"), int(NicPreset::Gbps400));
    m_latency = new QDoubleSpinBox;
    m_latency->setRange(0, 100);
    m_latency->setDecimals(2);
    m_latency->setSingleStep(0.25);
    m_latency->setValue(1.0);
    m_latency->setSuffix(QStringLiteral(" ×"));
    m_latency->setToolTip(tr("Multiplies every link latency; 0 = no latency"));
    // A combo box is otherwise read by its current item alone ("Ring"), not by what it chooses.
    m_pcie->setAccessibleName(tr("PCIe"));
    m_nvlink->setAccessibleName(tr("NVLink"));
    m_nic->setAccessibleName(tr("NIC"));
    hw->addRow(tr("Servers"), m_servers);
    hw->addRow(tr("GPUs / server"), m_gpus);
    hw->addRow(tr("PCIe"), m_pcie);
    hw->addRow(tr("NVLink"), m_nvlink);
    hw->addRow(tr("NIC"), m_nic);
    hw->addRow(tr("Latency"), m_latency);

    QFormLayout *ar = form(tr("All-reduce"));
    m_algorithm = new QComboBox;
    m_algorithm->addItem(tr("Ring"), int(Algorithm::Ring));
    m_algorithm->addItem(tr("Hierarchical"), int(Algorithm::Hierarchical));
    m_algorithm->setAccessibleName(tr("Algorithm"));
    m_bucket = new QDoubleSpinBox;
    m_bucket->setRange(0.01, 1024);
    m_bucket->setDecimals(2);
    m_bucket->setValue(25);
    m_bucket->setSuffix(QStringLiteral(" MiB"));
    m_bucket->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_bucket->setToolTip(tr("Gradient bucket cap: a bucket is all-reduced as soon as the backward "
                            "pass has produced it"));
    m_modelScale = new QDoubleSpinBox;
    m_modelScale->setRange(1, 100000);
    m_modelScale->setDecimals(0);
    m_modelScale->setValue(1);
    m_modelScale->setPrefix(QStringLiteral("× "));
    m_modelScale->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_modelScale->setToolTip(tr("The timed gradient is this many times 407,080 bytes"));
    ar->addRow(tr("Algorithm"), m_algorithm);
    ar->addRow(tr("Bucket cap"), m_bucket);
    ar->addRow(tr("Model size"), m_modelScale);

    QFormLayout *rn = form(tr("Run"));
    m_iterations = spin(1, 1000, 10);
    m_resident = new QCheckBox(tr("Dataset resident in VRAM"));
    m_snapshot = spin(0, 1000, 0, tr("never"));
    m_failAt = spin(-1, 999, -1, tr("never"));
    m_dropAt = spin(-1, 999, -1, tr("never"));
    m_snapshot->setToolTip(tr("Write a snapshot every k iterations"));
    m_failAt->setToolTip(tr("A GPU or link fails during this iteration (0-based): roll back to "
                            "the last snapshot"));
    m_dropAt->setToolTip(tr("The first network message of this iteration is lost once and sent "
                            "again after a timeout"));
    rn->addRow(tr("Iterations"), m_iterations);
    rn->addRow(m_resident);
    rn->addRow(tr("Snapshot every"), m_snapshot);
    rn->addRow(tr("Fail at iteration"), m_failAt);
    rn->addRow(tr("Lost packet at"), m_dropAt);
    v->addStretch(1);

    for (QSpinBox *s : {m_servers, m_gpus, m_iterations, m_snapshot, m_failAt, m_dropAt})
        connect(s, &QSpinBox::valueChanged, this, &ClusterView::scheduleRun);
    for (QDoubleSpinBox *s : {m_latency, m_bucket, m_modelScale})
        connect(s, &QDoubleSpinBox::valueChanged, this, &ClusterView::scheduleRun);
    for (QComboBox *c : {m_pcie, m_nvlink, m_nic, m_algorithm})
        connect(c, &QComboBox::currentIndexChanged, this, &ClusterView::scheduleRun);
    connect(m_resident, &QCheckBox::toggled, this, &ClusterView::scheduleRun);
    return box;
}

ClusterSettings ClusterView::settings() const
{
    ClusterSettings s;
    s.servers = m_servers->value();
    s.gpusPerServer = m_gpus->value();
    s.pcie = PciePreset(m_pcie->currentData().toInt());
    s.nvlink = NvLinkPreset(m_nvlink->currentData().toInt());
    s.nic = NicPreset(m_nic->currentData().toInt());
    s.latencyScale = m_latency->value();
    s.algorithm = Algorithm(m_algorithm->currentData().toInt());
    s.bucketCapMiB = m_bucket->value();
    s.modelScale = m_modelScale->value();
    s.resident = m_resident->isChecked();
    s.snapshotEvery = m_snapshot->value();
    s.failAt = m_failAt->value();
    s.dropPacketAt = m_dropAt->value();
    s.iterations = m_iterations->value();
    return s;
}

void ClusterView::setSettings(const ClusterSettings &s)
{
    m_updatingControls = true;
    m_servers->setValue(s.servers);
    m_gpus->setValue(s.gpusPerServer);
    m_pcie->setCurrentIndex(m_pcie->findData(int(s.pcie)));
    m_nvlink->setCurrentIndex(m_nvlink->findData(int(s.nvlink)));
    m_nic->setCurrentIndex(m_nic->findData(int(s.nic)));
    m_latency->setValue(s.latencyScale);
    m_algorithm->setCurrentIndex(m_algorithm->findData(int(s.algorithm)));
    m_bucket->setValue(s.bucketCapMiB);
    m_modelScale->setValue(s.modelScale);
    m_resident->setChecked(s.resident);
    m_snapshot->setValue(s.snapshotEvery);
    m_failAt->setValue(s.failAt);
    m_dropAt->setValue(s.dropPacketAt);
    m_iterations->setValue(s.iterations);
    m_updatingControls = false;
    scheduleRun();
}

void ClusterView::scheduleRun()
{
    if (m_updatingControls)
        return;
    m_runTimer->start();
    emit liveClusterChanged(liveCluster());
}

cluster::SimConfig ClusterView::liveCluster() const
{
    SimConfig c = toSimConfig(settings());
    c.network = m_network;
    return c;
}

void ClusterView::setNetwork(const Architecture &network)
{
    if (network == m_network)
        return;
    m_network = network;
    simulateNow();
}

void ClusterView::addLiveIteration(std::shared_ptr<const cluster::LiveIteration> iteration)
{
    m_live->addIteration(std::move(iteration));
}

void ClusterView::showSummaryFor(int tab)
{
    const bool whatIf = tab == WhatIfTab || tab == TopologyTab;
    m_verdict->setVisible(whatIf);
    m_summary->setVisible(whatIf);
}

void ClusterView::simulateNow()
{
    m_runTimer->stop();
    ++m_generation; // a worker's older result is dropped
    const SimConfig config = liveCluster();
    QElapsedTimer clock;
    clock.start();
    auto r = std::make_shared<const SimResult>(simulate(config));
    const double seconds = clock.nsecsElapsed() * 1e-9;
    apply(r, latencyShare(*r), seconds, false);
}

void ClusterView::run()
{
    const SimConfig config = liveCluster();
    const double size = runSize(config);
    const bool small = m_secondsPerUnit > 0 ? m_secondsPerUnit * size < kGuiThreadBudgetS
                                            : size <= kFirstRunSize;
    if (small) {
        simulateNow();
        return;
    }
    const quint64 generation = ++m_generation;
    struct Simulated
    {
        std::shared_ptr<const SimResult> result;
        double share = 0, seconds = 0;
    };
    runInBackground(
            this,
            [config] {
                QElapsedTimer clock;
                clock.start();
                auto r = std::make_shared<const SimResult>(simulate(config));
                return Simulated {r, latencyShare(*r), clock.nsecsElapsed() * 1e-9};
            },
            [this, generation](const Simulated &s) {
                if (generation == m_generation) // else a later run's result is due
                    apply(s.result, s.share, s.seconds, true);
            });
    m_summary->setText(tr("Simulating %1 GPUs × %2 iterations…")
                               .arg(config.cluster.ranks())
                               .arg(config.iterations));
}

void ClusterView::apply(std::shared_ptr<const SimResult> r, double share, double seconds,
                        bool worker)
{
    m_result = std::move(r);
    m_latencyShare = share;
    m_lastInWorker = worker;
    m_secondsPerUnit = seconds / runSize(m_result->config);
    m_linkPlot->setResult(m_result);
    m_topology->setResult(m_result);
    updateSummary();
    emit simulated();
}

QString ClusterView::verdictText() const
{
    return m_verdict->text();
}

void ClusterView::setReplicaGradients(std::shared_ptr<const cluster::ReplicaGradients> gradients,
                                      int replicas)
{
    m_heatmaps->setGradients(std::move(gradients), replicas);
}

void ClusterView::updateSummary()
{
    if (!m_result)
        return;
    const SimResult &r = *m_result;
    m_verdict->setText(verdict(r, m_latencyShare));
    const BandwidthMeans bw = bandwidthMeans(r);
    double iter = 0, compute = 0, sync = 0;
    int n = 0;
    for (const IterationStats &s : r.iterations) {
        if (s.lost)
            continue;
        iter += s.seconds;
        compute += s.computeSeconds;
        sync += s.allreduceSeconds;
        ++n;
    }
    if (n > 0) {
        iter /= n;
        compute /= n;
        sync /= n;
    }
    QString text = tr("%1 GPUs, %2 bucket(s) of the %3 gradient. Per iteration: %4 (compute %5, "
                      "all-reduce %6). algbw %7, busbw %8. Total %9.")
                           .arg(r.config.cluster.ranks())
                           .arg(r.buckets.size())
                           .arg(formatBytes(r.timedGradientBytes))
                           .arg(formatSeconds(iter), formatSeconds(compute), formatSeconds(sync),
                                formatRate(bw.algbw), formatRate(bw.busbw),
                                formatSeconds(r.totalSeconds));
    if (r.config.snapshotEvery > 0 || r.config.failAt >= 0)
        text += tr(" Snapshots: %1 (each %2); Young's interval %3 ≈ %4 iterations, chosen k = %5.")
                        .arg(r.snapshots)
                        .arg(formatSeconds(r.snapshotSeconds), formatSeconds(r.youngIntervalSeconds))
                        .arg(r.youngIntervalIterations, 0, 'f', 0)
                        .arg(r.config.snapshotEvery);
    if (r.config.failAt >= 0)
        text += tr(" Failure: %1 iterations lost, %2 of work redone.")
                        .arg(r.lostIterations)
                        .arg(formatSeconds(r.lostSeconds));
    m_summary->setText(text);
}

} // namespace bplab::clusterview
