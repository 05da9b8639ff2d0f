#pragma once
// Each convolution layer's kernels as small pictures, and beside them their gradients of the last
// batch, one layer at a time on screen (a chooser in the corner; a file has them all): a grid per layer, a column per output channel and a row per input channel, every weight a
// block on the diverging scale (blue negative, white 0, red positive), each grid scaled to its own
// largest |value|, which the title gives. Shows what each filter has learned to look for.

#include "convvalues.h"

#include <panelaccessible.h>
#include <panelexport.h>

#include <QWidget>

#include <vector>

class QPainter;

namespace bplab {

class LayerChooser;

class ConvFilterPanel : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit ConvFilterPanel(QWidget *parent = nullptr);

    /** The convolution layers' kernels (none clears). */
    void setFilters(std::vector<ConvFilterBank> banks);
    const std::vector<ConvFilterBank> &filters() const { return m_banks; }
    /** The convolution layer shown on screen (index into filters()); the chooser in the corner
     *  changes it. */
    int shownLayer() const;
    void showLayer(int i);
    /** Layer i's title: "conv 8 5x5 (layer 1): 8 kernels of 1 x 5 x 5". */
    QString bankTitle(int i) const;
    /** Above its grids: "W from -0.412 to 0.388", "dL/dW from -0.0021 to 0.003". */
    QString weightsCaption(int i) const;
    QString gradientsCaption(int i) const;

    /** PNG, SVG, PDF; CSV "layer,out_channel,in_channel,row,column,w,dw", a row per weight. */
    PanelExport panelExport();
    QByteArray csv() const;

    // A row per kernel: layer, output and input channel, its k x k weights and their gradients.
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
    /** all: every layer (a file); else the chosen one. */
    void paint(QPainter &p, const QSize &size, bool all) const;
    /** corner: the width the chooser takes at the right of the title line. */
    void paintBank(QPainter &p, const ConvFilterBank &bank, int index, const QRect &band, int corner) const;
    /** The bank and kernel (output, input channel) of accessible row `row`; bank -1 outside. */
    struct KernelRef { int bank = -1, out = 0, in = 0; };
    KernelRef kernelOfRow(int row) const;

    std::vector<ConvFilterBank> m_banks;
    LayerChooser *m_chooser = nullptr;
};

} // namespace bplab
