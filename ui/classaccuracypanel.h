#pragma once
// The accuracy per class on the test set after the last epoch: one bar per class, from the
// evaluation's confusion matrix (row c: the images of class c, by predicted class).

#include "panelaccessible.h"

#include <QStringList>
#include <QVector>
#include <QWidget>

#include <array>

class QPainter;

namespace bplab {

class ClassAccuracyPanel : public QWidget, public AccessibleTable
{
    Q_OBJECT
public:
    explicit ClassAccuracyPanel(QWidget *parent = nullptr);

    /** Accuracy of class c = confusion[c][c] / sum_k confusion[c][k], in percent (a class
     *  without test images shows no bar). An all-zero matrix clears. */
    void setConfusion(const std::array<std::array<int, 10>, 10> &confusion, int epoch);
    /** Names of the ten classes (Fashion-MNIST); empty or not ten: "0".."9". */
    void setClassNames(const QStringList &names);
    void clear();

    /** Percent per class, -1 for a class without test images; empty before the first epoch. */
    const QVector<double> &accuracies() const { return m_accuracy; }
    /** "7: 97.3 %", or "7: no test images". */
    QString rowText(int c) const;

    // The table for a screen reader: a row per class, its name and its accuracy.
    int accessibleRows() const override { return m_accuracy.size(); }
    int accessibleColumns() const override { return 2; }
    QString accessibleCell(int row, int column) const override;
    QString accessibleColumnHeader(int column) const override;
    QString accessibleSummary() const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /** How the classes are drawn in a panel `height` px tall at text lines of `line` px: a row
     *  each under the title; ten columns (value, bar, class) under it; or, lower than the title
     *  and a column need, a strip of values over their classes without the title (its tooltip
     *  and the screen reader's table say what they are). */
    enum class Shape { Rows, Columns, Strip };
    static Shape shapeFor(int height, int line);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void paintColumns(QPainter &p, int line);
    void paintStrip(QPainter &p, int line);
    /** The class with the lowest accuracy, -1 before the first epoch. */
    int weakest() const;

    QVector<double> m_accuracy;
    QStringList m_names;
    int m_epoch = 0;
};

} // namespace bplab
