#pragma once
// The network at a glance, top to bottom: the input image, each hidden layer as a grid of its
// width (the default network's 128 neurons as 16 x 8 circles, a wide layer as small squares) and
// the 10 output neurons. Neurons are coloured by the value the active stage is about, the active
// stage's layer is highlighted, the selected neuron's edges are drawn (its strongest inputs and
// its outgoing weights). Hover any neuron for its values; click to select it, or with the focus
// move the selection with the arrow keys (Left/Right: the neighbour, Up/Down: a row of the grid;
// the output neuron where the network has no hidden layer); the focused diagram has a frame. Over
// a mini-batch it shows the sample the pages spell out (StepModel::trace()).

#include "panelaccessible.h"
#include <QWidget>

namespace bplab {

class StepModel;
struct NetworkStage;

class NetworkDiagram : public QWidget, public AccessiblePanel
{
    Q_OBJECT
public:
    explicit NetworkDiagram(const StepModel *model, QWidget *parent = nullptr);

    enum class Part { None, Input, Hidden, Output };
    struct Hit {
        Part part = Part::None;
        int index = -1; ///< pixel 0-783, hidden neuron or output neuron 0-9
        int layer = 0;  ///< the hidden layer (0-based)
    };
    /** What is under a widget position, and its hover text. */
    Hit hitAt(const QPoint &pos) const;
    QString hoverText(const Hit &hit) const;
    /** Centre of neuron j of the first hidden layer / output neuron k (widget coordinates, for
     *  tests). */
    QPoint hiddenCenter(int j) const;
    QPoint outputCenter(int k) const;
    /** Hidden neuron j of hidden layer `layer` (0-based). */
    QPoint layerCenter(int layer, int j) const;
    /** The layers' titles as drawn, input first: the first wording that fits the width. */
    QStringList layerTitles() const;
    /** Hidden layer `layer`'s grid (0-based) and the size of its cells, in px. */
    QRect hiddenRect(int layer) const;
    int hiddenPitch(int layer) const;
    /** The layers the active stage is about ("input", "hidden", "output", "edges"). */
    QStringList highlightedParts() const;
    /** The layers' widths, what the stage is about and the selected neurons, in words. */
    QString accessibleSummary() const override;

    /** Values the hover and the summary show as "?" (by hand: not computed yet). */
    void setBlanks(const QVector<float> &values) { m_blanks = values; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void hiddenNeuronClicked(int j);
    void outputNeuronClicked(int k);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    bool event(QEvent *event) override;

private:
    /** The layers: the input, one box per hidden layer, the outputs. */
    struct LayerBox {
        QRect rect;
        int cols = 1, rows = 1, pitch = 1, width = 0;
    };
    struct Layers {
        QRect input;
        QVector<LayerBox> hidden;
        LayerBox output;
    };
    Layers layers() const;
    QStringList networkHighlights() const;
    QString networkHover(const Hit &hit) const;
    QString networkSummary() const;
    void paintNetwork(QPainter &p);
    /** The selected neuron's strongest incoming terms and its outgoing weights (or adjustments). */
    void paintNetworkEdges(QPainter &p, const Layers &ls, const NetworkStage &stage);

    /** formatExact(v), or "?" for a blank. */
    QString shown(float v) const;

    const StepModel *m_model;
    QVector<float> m_blanks;
};

} // namespace bplab
