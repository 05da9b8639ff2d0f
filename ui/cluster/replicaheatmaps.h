#pragma once
// The training's replicas: dL/dW2 (10x128) of every replica's last batch as a small colour map,
// their all-reduced average beside them, and the largest difference between that average and the
// mean computed directly. It draws what the training worker sends; it trains nothing itself.

#include "panelaccessible.h"
#include "replicaexchange.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;

namespace bplab::clusterview {

class ReplicaMaps;

class ReplicaHeatmaps : public QWidget, public AccessiblePanel
{
    Q_OBJECT
public:
    explicit ReplicaHeatmaps(QWidget *parent = nullptr);
    ~ReplicaHeatmaps() override;

    /** The training's last batch on its replicas (null: it trains `replicas` == 1 replica, or
     *  nothing is loaded when 0). */
    void setGradients(std::shared_ptr<const cluster::ReplicaGradients> gradients, int replicas);

    /** What is shown: replicas (0 before any), max |all-reduced average - direct weighted mean|
     *  over all values, and the symmetric colour range of the maps (max |dW2|). */
    int replicas() const { return m_gradients ? int(m_gradients->dW2.size()) : 0; }
    double maxDifference() const { return m_gradients ? m_gradients->maxDifference : -1; }
    double colourRange() const { return m_range; }
    std::shared_ptr<const cluster::ReplicaGradients> gradients() const { return m_gradients; }
    QPushButton *stepButton() const { return m_button; }
    QString resultText() const;
    /** The replicas, the colour range and how far the all-reduce is from the direct mean. */
    QString accessibleSummary() const override;

signals:
    /** "Train one batch": the training steps one batch (the replicas' next all-reduce). */
    void stepRequested();

private:
    std::shared_ptr<const cluster::ReplicaGradients> m_gradients;
    double m_range = 0;
    QPushButton *m_button = nullptr;
    QLabel *m_result = nullptr;
    ReplicaMaps *m_maps = nullptr;
};

} // namespace bplab::clusterview
