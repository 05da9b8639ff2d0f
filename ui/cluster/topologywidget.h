#pragma once
// The simulated cluster drawn: servers as boxes with their DRAM, GPUs and NVSwitch, the switch
// between the servers, and every PCIe, NVLink and NIC link. The recorded iteration's all-reduce
// is played step by step: each step's chunks move along their paths and every link takes the
// colour of its utilisation during that step.

#include "panelaccessible.h"
#include "simulator.h"

#include <QWidget>

#include <memory>
#include <vector>

class QTimer;

namespace bplab::clusterview {

class TopologyWidget : public QWidget, public AccessiblePanel
{
    Q_OBJECT
public:
    explicit TopologyWidget(QWidget *parent = nullptr);

    /** Shows this run's cluster and its recorded iteration's transfers; back to step 0, paused. */
    void setResult(std::shared_ptr<const cluster::SimResult> result);

    /** Animation steps: the recorded transfers grouped by (bucket, schedule step), in order. */
    int stepCount() const { return int(m_steps.size()); }
    int currentStep() const { return m_step; }
    /** 0 when a step starts, 1 when its chunks have arrived. */
    double progress() const { return m_progress; }
    bool playing() const;
    /** The transfers of the current step. */
    const std::vector<cluster::TimedTransfer> &currentTransfers() const;
    /** Link l's utilisation during the current step: its busy time / the step's duration. */
    double linkUtilisation(int link) const;
    /** "Step 3 of 14 — reduce-scatter: …" (also drawn at the top). */
    QString stepText() const;
    /** The cluster's shape and the step shown, in words. */
    QString accessibleSummary() const override;

    QSize minimumSizeHint() const override { return {520, 300}; }
    QSize sizeHint() const override { return {820, 420}; }

public slots:
    void play();
    void pause();
    /** Exactly one step forward (wrapping to 0 after the last); pauses. */
    void stepForward();
    /** Steps per second at speed 1 is one. */
    void setSpeed(double factor);

signals:
    void stepChanged(int step);
    void playingChanged(bool playing);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Geometry;
    Geometry layout() const;
    void tick();
    void computeUtilisation();

    std::shared_ptr<const cluster::SimResult> m_result;
    std::vector<std::vector<cluster::TimedTransfer>> m_steps;
    std::vector<double> m_linkUse; ///< per link, current step
    int m_step = 0;
    double m_progress = 0;
    double m_speed = 1.0;
    QTimer *m_timer = nullptr;
};

} // namespace bplab::clusterview
