#pragma once
// The shown sample's feature maps after each convolution and pooling layer, one layer at a time on
// screen (a chooser in the corner; a file has a band per layer), a picture per channel (white 0, dark its layer's largest value; the diverging scale where
// an activation gives negative values). Shows what each filter finds in this digit, and how
// pooling halves the pictures.

#include "convvalues.h"

#include <panelaccessible.h>
#include <panelexport.h>

#include <QWidget>

#include <vector>

class QPainter;

namespace bplab {

class LayerChooser;

class FeatureMapPanel : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit FeatureMapPanel(QWidget *parent = nullptr);

    /** The sample's maps, first layer to last (none clears). */
    void setMaps(std::vector<FeatureMapSet> maps);
    const std::vector<FeatureMapSet> &maps() const { return m_maps; }
    /** The layer shown on screen (index into maps()); the chooser in the corner changes it. */
    int shownLayer() const;
    void showLayer(int i);
    /** Layer i's title: "pool 2 (layer 2): 8 maps of 14 x 14, from 0 to 2.31". */
    QString mapTitle(int i) const;

    /** PNG, SVG, PDF; CSV "layer,name,channel,row,column,value", a row per value. */
    PanelExport panelExport();
    QByteArray csv() const;

    // A row per map: its layer, channel, least, largest and mean value.
    int accessibleRows() const override;
    int accessibleColumns() const override { return 5; }
    QString accessibleCell(int row, int column) const override;
    QString accessibleColumnHeader(int column) const override;
    QString accessibleSummary() const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    /** legend: a line under the maps that names the scale's ends (pictures for files). */
    void paint(QPainter &p, const QSize &size, bool legend = false) const;
    std::pair<int, int> mapOfRow(int row) const;

    std::vector<FeatureMapSet> m_maps;
    LayerChooser *m_chooser = nullptr;
};

} // namespace bplab
