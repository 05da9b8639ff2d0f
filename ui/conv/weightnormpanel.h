#pragma once
// The weights' size ||w||_2 over the batches while weight decay pulls every weight towards 0
// (g += lambda w): a line from the first batch shown to the last, with its values at both ends.

#include "convvalues.h"

#include <panelaccessible.h>
#include <panelexport.h>

#include <QVector>
#include <QWidget>

class QPainter;

namespace bplab {

class WeightNormPanel : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit WeightNormPanel(QWidget *parent = nullptr);

    /** The norm after each batch shown so far (in order of their batch) and lambda. */
    void setSeries(QVector<WeightNormPoint> points, double weightDecay);
    const QVector<WeightNormPoint> &series() const { return m_points; }
    /** "‖w‖₂ = 12.3 after batch 100 (weight decay λ = 0.0005; 14.1 at batch 0)". */
    QString title() const;

    /** PNG, SVG, PDF; CSV "batch,norm". */
    PanelExport panelExport();
    QByteArray csv() const;

    // A row per point: its batch and the norm.
    int accessibleRows() const override { return int(m_points.size()); }
    int accessibleColumns() const override { return 2; }
    QString accessibleCell(int row, int column) const override;
    QString accessibleColumnHeader(int column) const override;
    QString accessibleSummary() const override { return title(); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void paint(QPainter &p, const QSize &size) const;

    QVector<WeightNormPoint> m_points;
    double m_decay = 0;
};

} // namespace bplab
