#pragma once
// A grid of values drawn as coloured cells with crisp edges: 784 weights as a 28x28 image, 128
// hidden values as 16x8, or an input image in grey. Signed values use a diverging scale centred on
// 0 (blue negative, red positive); a caption under the grid gives the range. Hover names the cell
// and its full-precision value; a click emits cellClicked. With the focus, the arrow keys move a
// keyboard cursor from cell to cell (drawn as a dashed outline, read out as the hover text) and
// emit cellClicked for the cell reached, as a click on it would; the focused grid has a frame.

#include "panelaccessible.h"
#include <QRect>
#include <QSet>
#include <QString>
#include <QVector>
#include <QWidget>

namespace bplab {

class ValueGrid : public QWidget, public AccessiblePanel
{
    Q_OBJECT
public:
    enum class Scale { Diverging, Grey };

    explicit ValueGrid(QWidget *parent = nullptr);

    /** values in row order (rows * cols of them); name labels hover texts ("w", "z"); indexBase 1
     *  names cells 1-based ("neuron 5"), 0 as pixels "(row, col)". */
    void setValues(const QVector<float> &values, int rows, int cols, Scale scale);
    void setCaption(const QString &caption);
    /** How a cell is named in hover texts and to a screen reader: "%1" is replaced by the 1-based
     *  index; a pattern with "%2" names a matrix's row and column instead (%1: firstRow + the
     *  1-based row, %2: the 1-based column); pixel cells are named "pixel (row, col)" when empty. */
    void setCellName(const QString &pattern, int firstRow = 0)
    {
        m_cellName = pattern;
        m_firstRow = firstRow;
    }
    void setValueName(const QString &name) { m_valueName = name; }
    /** Cells drawn with a cross (e.g. neurons that ReLU set to 0). */
    void setMarked(const QSet<int> &cells);
    /** A cell outlined (-1: none). */
    void setSelected(int cell);
    /** A block of cells framed (x = first column, y = first row, in cells; empty: none), e.g. the
     *  input patch a kernel lies on. */
    void setRegion(const QRect &cells);
    /** Preferred cell size in pixels (the widget scales down to fit). */
    void setCellSize(int pixels);

    int rows() const { return m_rows; }
    int cols() const { return m_cols; }
    QVector<float> values() const { return m_values; }
    float range() const { return m_range; } ///< the symmetric range [-range, range] (Diverging)
    QString caption() const { return m_caption; }
    /** The cell the arrow keys reached (-1: none yet; the first arrow starts at the selected
     *  cell, else at cell 0). */
    int keyboardCell() const { return m_cursor; }
    /** The cell under a widget position (-1: none) and its hover text. */
    int cellAt(const QPoint &pos) const;
    QString hoverText(int cell) const;
    QColor colorOf(float value) const;
    /** The caption, the shape, the value range and the largest entries, in words. */
    QString accessibleSummary() const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void cellClicked(int cell);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRect gridRect() const;
    int captionHeight() const;

    QVector<float> m_values;
    int m_rows = 0, m_cols = 0;
    Scale m_scale = Scale::Diverging;
    float m_range = 1;
    QString m_caption, m_cellName, m_valueName = QStringLiteral("value");
    int m_firstRow = 0; ///< the row a matrix's first row is named by (setCellName)
    QSet<int> m_marked;
    int m_selected = -1;
    QRect m_region;
    int m_cursor = -1; ///< the arrow keys' cell
    int m_cellSize = 8;
};

/** The diverging colour of v on [-range, range] (RdBu, white at 0), shared with the diagram. */
QColor divergingColor(float v, float range);

} // namespace bplab
