#pragma once
// The loss plot's read-out: the point of any curve nearest the mouse, marked by a ring, and a box
// beside the mouse saying what it is ("epoch 3\ntest loss 0.4375"). The batch loss and its
// moving average are looked up in the full history, not in the thinned-out points drawn.

#include <train/runhistory.h>

#include <QObject>
#include <QRectF>
#include <QString>

#include <functional>

class QCustomPlot;
class QCPGraph;
class QCPItemText;
class QCPItemTracer;
class QFont;
class QPalette;
class QPoint;

namespace bplab {

class LossReadout : public QObject
{
    Q_OBJECT
public:
    /** The curves of a LossPlot, in its plot. */
    struct Graphs
    {
        QCPGraph *batch = nullptr, *average = nullptr, *testLoss = nullptr, *testAccuracy = nullptr,
                 *trainLoss = nullptr, *trainAccuracy = nullptr;
    };
    /** Reads `history()` (the plot's current one) and the graphs' drawn epoch points. */
    LossReadout(QCustomPlot *plot, Graphs graphs, std::function<const LossHistory &()> history,
                QObject *parent = nullptr);

    /** The read-out for the mouse at pos (plot widget coordinates); "" when no point is near. */
    QString textAt(const QPoint &pos) const;
    /** Shows the nearest point's ring and box for the mouse at pos, or hides them. */
    void showAt(const QPoint &pos);
    /** Hides ring and box; returns whether they were shown. */
    bool hide();
    QString text() const { return m_text; }
    /** Where the box is drawn (plot widget coordinates; empty while hidden). */
    QRectF box() const;
    /** `font` is the plot's readable font; `line` 1, or 2 for a projector. */
    void setStyle(const QFont &font, const QPalette &pal, double line);

private:
    struct Hit
    {
        QCPGraph *graph = nullptr;
        double key = 0, value = 0;
        int index = -1;
    };
    Hit nearestPoint(const QPoint &pos) const;
    QString textOf(const Hit &hit) const;

    QCustomPlot *m_plot;
    Graphs m_g;
    std::function<const LossHistory &()> m_history;
    QCPItemTracer *m_tracer = nullptr;
    QCPItemText *m_box = nullptr;
    QString m_text;
    int m_em = 16; // the readable font's height
};

} // namespace bplab
