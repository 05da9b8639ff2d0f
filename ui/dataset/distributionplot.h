#pragma once
// The label distribution of one set: a horizontal bar per class (QCustomPlot) with its count and
// share written beside it, the class chosen in the filter highlighted. Clicking a bar chooses it.

#include "panelaccessible.h"
#include <QStringList>
#include <QVector>
#include <QWidget>

class QCustomPlot;
class QCPBars;
class QCPItemText;
class QCPTextElement;

namespace bplab {

class DistributionPlot : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit DistributionPlot(QWidget *parent = nullptr);

    /** Ten counts and names; title e.g. "Training set: 60,000 images". */
    void setCounts(const QVector<int> &counts, const QStringList &names, const QString &title);
    /** Highlights class k (-1: none). */
    void setHighlightedClass(int k);

    // What is shown (tests).
    int highlightedClass() const { return m_highlight; }
    /** The bar length drawn for class k (0 when k is out of range or not shown). */
    double barValue(int k) const;
    /** The value written beside bar k, e.g. "5,923 (9.9 %)". */
    QString barText(int k) const;
    /** True when class k's bar is drawn in the highlight colour. */
    bool isBarHighlighted(int k) const;
    QString title() const;
    // The bars for a screen reader: a row per class, its name and "5,923 (9.9 %)".
    int accessibleRows() const override { return m_counts.size(); }
    int accessibleColumns() const override { return 2; }
    QString accessibleCell(int row, int column) const override;
    QString accessibleColumnHeader(int column) const override;
    QString accessibleSummary() const override { return title(); }
    QCustomPlot *plot() const { return m_plot; }

signals:
    /** The user clicked the bar of class k. */
    void classClicked(int k);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void applyStyle();
    void refresh();

    QCustomPlot *m_plot = nullptr;
    QCPBars *m_bars = nullptr;
    QCPBars *m_highlightBar = nullptr;
    QCPTextElement *m_title = nullptr;
    QVector<QCPItemText *> m_texts;
    QVector<int> m_counts;
    QStringList m_names;
    int m_highlight = -1;
};

} // namespace bplab
