#pragma once
// Which neurons dropout switched off for the shown sample in its training pass: a cell per value
// the dropout layer acts on, filled where it was set to 0, and the count against the rate p. The
// survivors were scaled by 1 / (1 - p).

#include "convvalues.h"

#include <panelaccessible.h>
#include <panelexport.h>

#include <QWidget>

#include <vector>

class QPainter;

namespace bplab {

class DropoutMaskPanel : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit DropoutMaskPanel(QWidget *parent = nullptr);

    /** The dropout layers' masks of the sample (none clears). */
    void setMasks(std::vector<DropoutMask> masks);
    const std::vector<DropoutMask> &masks() const { return m_masks; }
    /** Values of mask i set to 0. */
    int droppedCount(int i) const;
    /** "dropout 0.25 (layer 6): 17 of 64 neurons off (26.6 %), the others x 1.33". */
    QString maskTitle(int i) const;
    /** Above its cells, where room is short: "dropout 0.25: 17 of 64 off (26.6 %)". */
    QString shortTitle(int i) const;

    /** PNG, SVG, PDF; CSV "layer,neuron,dropped", a row per value (neurons from 1). */
    PanelExport panelExport();
    QByteArray csv() const;

    // A row per value: its layer, neuron and whether it was off.
    int accessibleRows() const override;
    int accessibleColumns() const override { return 3; }
    QString accessibleCell(int row, int column) const override;
    QString accessibleColumnHeader(int column) const override;
    QString accessibleSummary() const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void paint(QPainter &p, const QSize &size) const;
    std::pair<int, int> valueOfRow(int row) const;

    std::vector<DropoutMask> m_masks;
};

} // namespace bplab
