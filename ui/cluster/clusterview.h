#pragma once
// The Data parallel page: controls for the simulated cluster on the left; on the right the
// link-utilisation plot, the topology with the all-reduce's chunks moving, and the replicas' real
// gradients. Every change of a control runs the core's timing simulation again: on the GUI thread
// when the last run, scaled to this one's size, took under 20 ms, else on a worker thread that
// hands back a value.

#include "clustersettings.h"
#include "livetimeline.h"
#include "replicaexchange.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTabWidget;
class QTimer;

namespace bplab::clusterview {

class LinkPlot;
class LivePanel;
class MeasuredPanel;
class TopologyWidget;
class ReplicaHeatmaps;

class ClusterView : public QWidget
{
    Q_OBJECT
public:
    explicit ClusterView(QWidget *parent = nullptr);
    ~ClusterView() override;

    /** What the controls show; setSettings moves the controls and runs the simulation. */
    ClusterSettings settings() const;
    void setSettings(const ClusterSettings &s);

    /** Runs the simulation of the current settings now, on the calling (GUI) thread. */
    void simulateNow();
    /** The last finished simulation (null before the first). */
    std::shared_ptr<const cluster::SimResult> result() const { return m_result; }
    /** Whether the last finished run went through the worker thread, and how long it took. */
    bool lastRunInWorker() const { return m_lastInWorker; }
    /** The sentence on latency or bandwidth shown above the plots. */
    QString verdictText() const;
    /** Latency's share of the all-reduce's time in the last run (latencyShare()). */
    double latencyShareShown() const { return m_latencyShare; }

    /** The training's replicas after its last batch (null: it trains one replica, `replicas`). */
    void setReplicaGradients(std::shared_ptr<const cluster::ReplicaGradients> gradients, int replicas);
    /** The training's last batch timed on the what-if cluster (the "Training, live" tab). */
    void addLiveIteration(std::shared_ptr<const cluster::LiveIteration> iteration);
    /** The what-if cluster's links, shape and all-reduce, which the training's batches are timed
     *  on (the run's length, model size and faults are the what-if run's alone). */
    cluster::SimConfig liveCluster() const;
    /** The network whose gradient the what-if cluster all-reduces (the training's); simulates
     *  again when it changed. */
    void setNetwork(const Architecture &network);

    /** The tabs, in order. */
    enum Tab { LiveTab = 0, WhatIfTab, TopologyTab, GradientsTab, MeasuredTab };

    // The parts (tests, automation).
    LinkPlot *linkPlot() const { return m_linkPlot; }
    LivePanel *livePanel() const { return m_live; }
    MeasuredPanel *measuredPanel() const { return m_measured; }
    TopologyWidget *topology() const { return m_topology; }
    ReplicaHeatmaps *heatmaps() const { return m_heatmaps; }
    QTabWidget *tabs() const { return m_tabs; }
    QSpinBox *serversBox() const { return m_servers; }
    QSpinBox *gpusBox() const { return m_gpus; }
    QComboBox *algorithmBox() const { return m_algorithm; }

signals:
    /** A simulation finished and every part shows it. */
    void simulated();
    /** A control of the cluster changed: liveCluster() is new. */
    void liveClusterChanged(const bplab::cluster::SimConfig &chosen);

private:
    QWidget *makeControls();
    void scheduleRun();
    void run();
    void apply(std::shared_ptr<const cluster::SimResult> r, double share, double seconds,
               bool worker);
    void updateSummary();
    void showSummaryFor(int tab);

    std::shared_ptr<const cluster::SimResult> m_result;
    bool m_lastInWorker = false;
    double m_secondsPerUnit = 0; ///< measured cost per ranks^2 x iterations: thread or not
    quint64 m_generation = 0;
    Architecture m_network; // the training's (liveCluster())
    bool m_updatingControls = false;
    double m_latencyShare = 0;

    QTimer *m_runTimer = nullptr;
    QSpinBox *m_servers = nullptr;
    QSpinBox *m_gpus = nullptr;
    QComboBox *m_pcie = nullptr;
    QComboBox *m_nvlink = nullptr;
    QComboBox *m_nic = nullptr;
    QDoubleSpinBox *m_latency = nullptr;
    QComboBox *m_algorithm = nullptr;
    QDoubleSpinBox *m_bucket = nullptr;
    QDoubleSpinBox *m_modelScale = nullptr;
    QCheckBox *m_resident = nullptr;
    QSpinBox *m_snapshot = nullptr;
    QSpinBox *m_failAt = nullptr;
    QSpinBox *m_dropAt = nullptr;
    QSpinBox *m_iterations = nullptr;
    QCheckBox *m_eachLink = nullptr;
    QLabel *m_verdict = nullptr;
    QLabel *m_summary = nullptr;
    QTabWidget *m_tabs = nullptr;
    LinkPlot *m_linkPlot = nullptr;
    LivePanel *m_live = nullptr;
    MeasuredPanel *m_measured = nullptr;
    TopologyWidget *m_topology = nullptr;
    ReplicaHeatmaps *m_heatmaps = nullptr;
};

} // namespace bplab::clusterview
