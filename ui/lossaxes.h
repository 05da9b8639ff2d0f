#pragma once
// The loss plot's axes: which curves are shown (a click on a legend entry, or the plot's menu,
// hides or shows one), the loss axis fitted to the curves shown over the epochs shown (so that a
// test loss creeping from 0.47 to 0.51 is seen once the batch loss is hidden or the view zoomed),
// the axis titles as long as the axes allow, and tick counts that fit the plot's size.

#include <QList>
#include <QObject>
#include <QStringList>

class QCustomPlot;
class QCPAbstractLegendItem;
class QCPGraph;
class QMenu;
class QSize;

namespace bplab {

class LossAxes : public QObject
{
    Q_OBJECT
public:
    /** `loss` are the curves on the left axis, `accuracy` those on the right one (0-100 %); while
     *  one of `fromZero` (the batch loss and its average) is shown the loss axis starts at 0. */
    LossAxes(QCustomPlot *plot, QList<QCPGraph *> loss, QList<QCPGraph *> accuracy, QList<QCPGraph *> fromZero,
             QObject *parent = nullptr);

    /** Hides or shows a curve (and greys its legend entry). */
    void setCurveShown(QCPGraph *curve, bool shown);
    bool curveShown(const QCPGraph *curve) const;
    /** A checkable entry per curve, for the plot's context menu (the keyboard's way). */
    void addCurveActions(QMenu *menu);

    /** The loss axis from the values the shown loss curves have within the x range shown: up to
     *  a little above their largest; from 0 while a batch curve is shown, else from a little below
     *  their least (the epochs' curves alone fill the height). `extraMax` is a further largest
     *  value (earlier branches' curves). Before the data reach the graphs: 0 .. 2.5. */
    void fitLossRange(double extraMax);
    /** Tick spacing from the widget's size and font (not the axis rect of the last layout, so
     *  the choice cannot flip back and forth between replots). */
    void updateTickCounts(const QSize &widget);
    /** The greyed legend entries follow the palette. */
    void restyleLegend();

signals:
    /** A curve was hidden or shown, or a title changed: the owner replots. */
    void changed();

private:
    void fitTitles();
    void onLegendClick(QCPAbstractLegendItem *item);

    QCustomPlot *m_plot;
    QList<QCPGraph *> m_loss, m_accuracy, m_fromZero;
    QStringList m_lossTitles, m_accuracyTitles; // longest first
};

} // namespace bplab
