#pragma once
// The hidden layer's answer to the shown sample: one cell per neuron of a1 = ReLU(z1), darker the
// larger its activation, a blank cell for a neuron that stays silent (a = 0), and a line that
// counts the active ones. Shows that a digit lights up only a part of the hidden layer.

#include "panelaccessible.h"
#include "panelexport.h"

#include <nn/params.h>

#include <QWidget>

class QPainter;

namespace bplab {

class ActivationStrip : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit ActivationStrip(QWidget *parent = nullptr);

    /** The activations a of one hidden layer for one sample (any width; empty clears). */
    void setActivations(const Vec<float> &a);
    /** What the strip says while it has no activations (default: no sample yet), e.g. that the
     *  network has no hidden layer. */
    void setEmptyText(const QString &text);
    /** ReLU's a (the default): a neuron is off at 0 and the strip counts the active ones. Any
     *  other activation's a is never "off": the strip gives the range, negative values in orange. */
    void setCountsActive(bool counts);
    const Vec<float> &activations() const { return m_a; }
    /** Neurons with a > 0. */
    int activeCount() const;
    /** "37 of 128 neurons active, the largest a = 4.21 (neuron 17)", neurons numbered from 1. */
    QString summary() const;

    /** PNG, SVG, PDF (at least at sizeHint(), so a strip squeezed on screen is whole in the file);
     *  CSV "neuron,a" (neuron from 1, as in the SoftMax table's CSV). */
    PanelExport panelExport();
    QByteArray csv() const;

    // A row per neuron for a screen reader: its index and its activation.
    int accessibleRows() const override { return int(m_a.size()); }
    int accessibleColumns() const override { return 2; }
    QString accessibleCell(int row, int column) const override;
    QString accessibleColumnHeader(int column) const override;
    QString accessibleSummary() const override { return summary(); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void paint(QPainter &p, const QSize &size) const;
    /** Cells per row for a width: as many as fit at least kMinCell pixels wide. */
    int columns(int width) const;
    static constexpr int kMinCell = 10;

    Vec<float> m_a;
    QString m_emptyText;
    bool m_countsActive = true;
};

} // namespace bplab
