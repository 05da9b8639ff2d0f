#pragma once
// Paints one grid cell of the Dataset view: the 28x28 image enlarged by a whole factor with crisp
// (nearest-neighbour) pixels, its label below in bold and its index in the set. All cells have
// one size (the view relies on it to lay out 60,000 cells without asking each one).

#include <QStyledItemDelegate>

namespace bplab {

class ImageDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit ImageDelegate(QObject *parent = nullptr);

    /** Screen pixels per image pixel (clamped to 1-16). */
    void setScale(int scale);
    int scale() const { return m_scale; }
    /** A third line under the label: the network's answer and its probability (the model's
     *  PredictedRole and ConfidenceRole), marked when wrong. */
    void setAnswerLine(bool on) { m_answerLine = on; }
    bool answerLine() const { return m_answerLine; }
    /** The cell size for the view's font (the same for every cell). */
    QSize cellSize(const QFont &font) const;
    /** Where the image is drawn inside a cell. */
    QRect imageRect(const QRect &cell) const;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_scale = 4;
    bool m_answerLine = false;
};

} // namespace bplab
