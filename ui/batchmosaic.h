#pragma once
// The mini-batch as a mosaic: each of its digits small, marked right or wrong by the network's
// answer before the batch's update (a tick, or a cross with the wrong answer), and a line that
// counts them. One sample at a time, the samples not yet seen are dimmed and the current one framed.

#include "panelaccessible.h"

#include <QImage>
#include <QVector>
#include <QWidget>

namespace bplab {

class BatchMosaic : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    /** The most digits drawn (a larger batch shows its first kMaxShown). */
    static constexpr int kMaxShown = 256;

    explicit BatchMosaic(QWidget *parent = nullptr);

    /** images: 28x28 greyscale digits; labels and predicted: 0-9 (-1: unknown), same length.
     *  current: one sample at a time, the index of the sample shown (those after it are not
     *  yet answered); -1: the whole batch. */
    void setBatch(const QVector<QImage> &images, const QVector<int> &labels,
                  const QVector<int> &predicted, int current = -1);
    void clear();

    int count() const { return int(m_labels.size()); }
    /** Samples the network answered right (of those answered). */
    int rightCount() const;
    int answeredCount() const;
    /** "58 of 64 right before the update" (or "this batch: no answers yet"). */
    QString summaryText() const;
    /** Where digit i is drawn (widget coordinates; empty when not shown). */
    QRect cellRect(int i) const;

    /** Digit i for a screen reader: "8, answered 6, wrong". */
    QString cellText(int i) const;
    int accessibleRows() const override { return count(); }
    int accessibleColumns() const override { return 1; }
    QString accessibleCell(int row, int) const override { return cellText(row); }
    QString accessibleColumnHeader(int) const override;
    QRect accessibleCellRect(int row, int) const override { return cellRect(row); }
    QString accessibleSummary() const override { return summaryText(); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int columns() const;
    bool answered(int i) const { return m_current < 0 || i <= m_current; }

    QImage m_tiles; // every digit side by side in a grid, made once per batch
    QVector<int> m_labels, m_predicted;
    int m_current = -1;
};

} // namespace bplab
