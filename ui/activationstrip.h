#pragma once
// The hidden layers' answer to the shown sample: a strip per hidden layer, one cell per neuron of
// a_l = f(z_l), darker the larger its activation, each strip titled with its layer, its width and
// its activation. For ReLU a blank cell is a neuron that stays silent (a = 0) and the title counts
// the active ones; any other activation gives the range, negative values in orange. Shows that a
// digit lights up only a part of each hidden layer.

#include "panelaccessible.h"
#include "panelexport.h"

#include <nn/architecture.h>
#include <nn/params.h>

#include <QWidget>

#include <vector>

class QPainter;

namespace bplab {

class ActivationStrip : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit ActivationStrip(QWidget *parent = nullptr);

    /** The activations of every hidden layer for one sample, first to last (any widths; none
     *  clears). */
    void setLayers(std::vector<Vec<float>> layers);
    /** One hidden layer's activations (empty clears). */
    void setActivations(const Vec<float> &a);
    /** What the strip says while it has no activations (default: no sample yet), e.g. that the
     *  network has no hidden layer. */
    void setEmptyText(const QString &text);
    /** The hidden layers' activation f (ReLU by default): its name in the titles and the tooltip
     *  ("a1 = tanh(z1)"); with ReLU a neuron is off at 0 and each strip counts the active ones. */
    void setActivation(Activation f);
    Activation activation() const { return m_activation; }
    int layerCount() const { return int(m_layers.size()); }
    /** Layer l's activations (0-based; empty for a layer not shown). */
    const Vec<float> &activations(int layer = 0) const;
    /** Neurons of layer l with a > 0. */
    int activeCount(int layer = 0) const;
    /** One hidden layer: "37 of 128 neurons active, the largest a = 4.21 (neuron 17)", neurons
     *  numbered from 1; several: each layer's, "Hidden layer 2: ..." */
    QString summary() const;
    /** Layer l's title above its strip: "Hidden layer 2: 128 tanh neurons, a2 from -0.98 to 0.97". */
    QString layerTitle(int layer) const;

    /** PNG, SVG, PDF (at least at sizeHint(), so a strip squeezed on screen is whole in the file);
     *  CSV "layer,neuron,a", a row per neuron of every hidden layer (both counted from 1). */
    PanelExport panelExport();
    QByteArray csv() const;

    // A row per neuron for a screen reader: its layer, its index and its activation.
    int accessibleRows() const override;
    int accessibleColumns() const override { return 3; }
    QString accessibleCell(int row, int column) const override;
    QString accessibleColumnHeader(int column) const override;
    QString accessibleSummary() const override { return summary(); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void paint(QPainter &p, const QSize &size) const;
    /** Layer l's strip in `band`: its title line (unless compact) and its cells. */
    void paintLayer(QPainter &p, int layer, const QRect &band) const;
    /** Cells per row for n neurons in a width: as many as fit at least kMinCell pixels wide. */
    int columns(int n, int width) const;
    /** The layer and neuron of accessible row `row` ({-1, -1} outside). */
    std::pair<int, int> neuronOfRow(int row) const;
    bool countsActive() const { return m_activation == Activation::ReLU; }
    void updateToolTip();
    static constexpr int kMinCell = 10;

    std::vector<Vec<float>> m_layers;
    QString m_emptyText;
    Activation m_activation = Activation::ReLU;
};

} // namespace bplab
