#pragma once
// The heatmap panel: the first weight matrix as a mosaic of 28x28 tiles, one per neuron of the
// first layer (W1 of 784-128-10 as 16x8 tiles), and below it each later layer's matrix in a map of
// its own with its title and colour bar (W2, 10x128, for 784-128-10; none for 784-10, whose first
// layer is its output); the gradients, the weights or the weight adjustments, on a diverging
// colour scale centred on 0. Hover names the weight and its value; clicking a tile selects that
// hidden neuron.

#include "panelaccessible.h"
#include "heatmapmaps.h"
#include "heatmapmosaic.h"
#include "nn/mlp.h"
#include "panelexport.h"
#include "nn/params.h"

#include <QWidget>

#include <functional>
#include <memory>

class QCustomPlot;
class QCPColorMap;
class QCPTextElement;
class QComboBox;
class QLabel;
class QMouseEvent;

namespace bplab {

class HeatmapPanel : public QWidget, public AccessiblePanel
{
    Q_OBJECT
public:
    enum class Quantity { Gradients, Weights, Adjustments };
    Q_ENUM(Quantity)

    explicit HeatmapPanel(QWidget *parent = nullptr);
    ~HeatmapPanel() override;

    /** The network and the three snapshots the panel can show, each in arch's shapes (any may be
     *  null: "no values yet"). Only the chosen quantity is drawn; a hidden panel draws when it is
     *  shown again. */
    void setLayers(const Architecture &arch, std::shared_ptr<const MlpParamsF> weights,
                   std::shared_ptr<const MlpParamsF> gradients, std::shared_ptr<const MlpParamsF> adjustments);
    void clear();
    /** The network drawn (784-128-10 ReLU until setLayers() says otherwise). */
    const Architecture &network() const { return m_arch; }
    /** The first layer's mosaic: its tiles and how many across. */
    const mosaic::Layout &mosaicLayout() const { return m_maps->layout(); }

    void setQuantity(Quantity quantity);
    Quantity quantity() const { return m_quantity; }

    /** Outlines hidden neuron j's tile (0-based; -1: none). Does not emit hiddenNeuronSelected. */
    void setSelectedHiddenNeuron(int j);
    int selectedHiddenNeuron() const { return m_selected; }

    /** Thicker outlines for a projector (the larger text comes with the application's font). */
    void setPresentation(bool on);
    bool presentation() const { return m_presentation; }

    /** The height at which this panel, `width` wide, draws the W1 mosaic as large as the width
     *  allows and no larger, each later matrix at heatmapLegibleHeight() (from the last
     *  layout's titles, colour bars and controls). */
    int preferredHeight(int width) const;

    /** The two maps with their titles and colour bars: PNG at twice the on-screen resolution,
     *  or a vector PDF (panelexport.h). */
    PanelExport panelExport();
    /** Writes .png or .pdf by the file's suffix; exported() follows. */
    bool exportTo(const QString &fileName);

    // What is shown (tests). Positions are in this widget's coordinates.
    /** "hidden neuron 5, pixel (12, 7): dL/dW1 = -0.00123" / "output neuron 3 ← hidden neuron 5:
     *  W2 = 0.0417", the value at full precision; "" outside the maps or in a gap. */
    QString hoverTextAt(const QPoint &widgetPos) const;
    /** The value shown at widgetPos; NaN outside the maps, in a gap or without values. */
    double valueAt(const QPoint &widgetPos) const;
    /** The hover text currently shown below the maps. */
    QString hoverText() const;
    /** The quantity shown, each map's value range and largest entries, the selected neuron. */
    QString accessibleSummary() const override;
    QString hiddenTitle() const;
    /** The symmetric colour range [-m, m] of the W1 map. */
    double hiddenRange() const;
    QCustomPlot *plot() const { return m_plot; }
    QCPColorMap *hiddenMap() const { return m_maps->map(0); }
    QCPTextElement *hiddenTitleElement() const { return m_maps->title(0); }
    /** Weight layer l's map, title and colour range (0-based: 0 is the mosaic, W2 is layer 1);
     *  null, "" and NaN for a layer the network does not have. */
    QCPColorMap *layerMap(int l) const;
    QCPTextElement *layerTitleElement(int l) const;
    QString layerTitle(int l) const;
    double layerRange(int l) const;
    QComboBox *quantityBox() const { return m_quantityBox; }

signals:
    void quantityChanged(bplab::HeatmapPanel::Quantity quantity);
    /** The user clicked hidden neuron j's tile (or its column in W2); j is 0-based. */
    void hiddenNeuronSelected(int j);
    /** The last export's result, for a status bar. */
    void exported(const QString &fileName, bool ok);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    double valueOf(const HeatmapMaps::Target &t) const;
    const MlpParamsF *shown() const;
    /** "hidden neuron 5" / "neuron 5 of hidden layer 2" / "output neuron 5": the neuron j of
     *  weight layer l's outputs. */
    QString neuronName(int layer, int j) const;
    void refresh();
    void updateTitles();
    void applyStyle();
    void onMouseMove(QMouseEvent *event);
    void onMousePress(QMouseEvent *event);
    void showContextMenu(const QPoint &pos);
    QSize exportSize() const;

    Architecture m_arch;
    std::shared_ptr<const MlpParamsF> m_weights, m_gradients, m_adjustments;
    Quantity m_quantity = Quantity::Gradients;
    int m_selected = -1;
    bool m_presentation = false;
    bool m_dirty = false;

    QComboBox *m_quantityBox = nullptr;
    QLabel *m_hover = nullptr;
    QLabel *m_showLabel = nullptr;
    QCustomPlot *m_plot = nullptr;
    HeatmapMaps *m_maps = nullptr; // draws into m_plot
};

} // namespace bplab
