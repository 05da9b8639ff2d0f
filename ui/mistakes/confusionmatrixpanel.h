#pragma once
// The confusion matrix of a test set: 10 x 10 counts (rows: true class, columns: predicted class),
// each cell shaded by its share of the true class on a light-to-dark scale that reads the same in
// grey, the count written in every cell, and the accuracy per class beside each row. Clicking a
// cell (or Enter on the selected one) asks for its gallery. Draws the same onto the screen and
// onto any paint device (PNG, SVG, PDF through panelexport.h).

#include "panelaccessible.h"
#include "panelexport.h"

#include <QStringList>
#include <QWidget>

#include <array>

class QPainter;

namespace bplab {

using ConfusionCounts = std::array<std::array<int, 10>, 10>;

class ConfusionMatrixPanel : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit ConfusionMatrixPanel(QWidget *parent = nullptr);

    /** counts[true][predicted]; caption says which weights ("weights after batch 375"). */
    void setCounts(const ConfusionCounts &counts, const QString &caption);
    /** Ten names (Fashion-MNIST); anything else: "0".."9". */
    void setClassNames(const QStringList &names);
    void clear();

    const ConfusionCounts &counts() const { return m_counts; }
    bool hasCounts() const { return m_total > 0; }
    /** Percent of class c's images predicted as c; -1 without images of c. */
    double classAccuracy(int c) const;
    /** The selected cell (true, predicted), or (-1, -1). */
    QPoint selectedCell() const { return m_selected; }
    void selectCell(int trueClass, int predicted);

    /** Where cell (true, predicted) is drawn at `size` (for tests and the mouse). */
    QRect cellRect(int trueClass, int predicted, const QSize &size) const;
    /** The title drawn on top: "Confusion matrix: 2,000 test images, 91.3 % right". */
    QString title() const;

    /** PNG, SVG, PDF of the panel; its counts as CSV (true,predicted,count) or JSON ({"confusion":
     *  [[...]], ...} as `backprop-lab-cli eval --json` writes it). */
    PanelExport panelExport();
    QByteArray csv() const;
    QByteArray json() const;
    /** Draws the whole panel into a rectangle of `size` (what paintEvent and the exports call). */
    void paintPanel(QPainter &p, const QSize &size) const;

    // The table for a screen reader: a row per true class (its name as the row header), a column
    // per predicted class, then the row's right %.
    int accessibleRows() const override { return hasCounts() ? 10 : 0; }
    int accessibleColumns() const override { return 11; }
    QString accessibleCell(int row, int column) const override;
    QString accessibleColumnHeader(int column) const override;
    QString accessibleRowHeader(int row) const override;
    QRect accessibleCellRect(int row, int column) const override;
    QString accessibleSummary() const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /** A cell was clicked or activated from the keyboard. */
    void cellActivated(int trueClass, int predicted);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Layout
    {
        QRectF grid;
        double cell = 0;
        QFont titleFont, captionFont, cellFont, labelFont;
        double titleHeight = 0;
        double labelWidth = 0;
    };
    Layout layoutFor(const QSize &size) const;
    QString className(int c) const;
    void paintLegend(QPainter &p, const Layout &l, const QRectF &area) const;

    ConfusionCounts m_counts {};
    std::array<int, 10> m_rowTotals {};
    int m_total = 0;
    int m_correct = 0;
    QString m_caption;
    QStringList m_names;
    QPoint m_selected {-1, -1};
};

/** The cell colour for a share 0-1 of its row: white to dark blue, lightness falling steadily
 *  (sqrt-scaled, so that a few percent of mistakes already show). */
QColor confusionShade(double share);

} // namespace bplab
