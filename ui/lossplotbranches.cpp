// LossPlot: the timeline's cursor and the branches "Continue from here" abandoned.

#include "lossplot.h"

#include "uiformat.h"

#include <qcustomplot.h>

#include <algorithm>

namespace bplab {

void LossPlot::setCursorX(double x, bool visible)
{
    if (!m_cursorLine) {
        if (!visible)
            return;
        m_cursorLine = new QCPItemStraightLine(m_plot);
        m_cursorLine->setLayer(QStringLiteral("overlay"));
        styleBranches();
    }
    if (m_cursorLine->visible() == visible && m_cursorLine->point1->coords().x() == x)
        return;
    m_cursorLine->point1->setCoords(x, 0);
    m_cursorLine->point2->setCoords(x, 1);
    m_cursorLine->setVisible(visible);
    queueReplot();
}

bool LossPlot::cursorVisible() const
{
    return m_cursorLine && m_cursorLine->visible();
}

double LossPlot::cursorX() const
{
    return m_cursorLine ? m_cursorLine->point1->coords().x() : 0.0;
}

void LossPlot::abandonAfter(double x, const QVector<double> &abandonedX, const QVector<double> &abandonedLoss,
                            const QString &label)
{
    m_history.truncateAfter(x);
    // The test points after x belong to the abandoned branch too.
    for (QCPGraph *g : {m_testLoss, m_testAccuracy, m_trainLoss, m_trainAccuracy})
        g->data()->removeAfter(x + 1e-9);
    m_drawnCount = std::size_t(-1); // the same count may now hold other points

    // The abandoned batches' moving average (as the main curve's, over kMovingAverageSpan).
    LossHistory abandoned;
    const qsizetype n = std::min(abandonedX.size(), abandonedLoss.size());
    // The average runs on from the batches before x, so the faint curve starts where the new one does.
    const std::size_t before = std::min<std::size_t>(m_history.batchCount(), LossHistory::kMovingAverageSpan);
    for (std::size_t i = m_history.batchCount() - before; i < m_history.batchCount(); ++i)
        abandoned.appendBatch(m_history.x()[i], m_history.loss()[i]);
    for (qsizetype i = 0; i < n; ++i)
        abandoned.appendBatch(abandonedX[i], float(abandonedLoss[i]));
    QVector<QCPGraphData> points;
    points.reserve(qsizetype(abandoned.batchCount()));
    for (std::size_t i = before > 0 ? before - 1 : 0; i < abandoned.batchCount(); ++i)
        points.append(QCPGraphData(abandoned.x()[i], abandoned.movingAverage(i)));
    if (points.size() < 2)
        return;
    if (m_branches.size() >= kMaxBranches) {
        m_plot->removeGraph(m_branches.takeFirst());
    }
    QCPGraph *g = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    g->setName(label);
    g->data()->set(points, true);
    g->setAdaptiveSampling(true);
    m_branches.append(g);
    m_branchMaxX = std::max(m_branchMaxX, abandoned.maxX());
    m_branchMaxLoss = std::max(m_branchMaxLoss, abandoned.maxLoss());
    styleBranches();
    updateLegendColumns();
    updateRanges();
    queueReplot();
}

void LossPlot::styleBranches()
{
    const double line = m_presentation ? 2.0 : 1.0;
    const QPalette pal = palette();
    // Earlier branches: the moving average's width, faint and dashed (shape and shade, not hue).
    const QColor faint = colors::branch(pal);
    for (QCPGraph *g : m_branches)
        g->setPen(QPen(faint, 2.0 * line, Qt::DashLine));
    if (m_cursorLine) {
        const QColor cursor = colors::cursor(pal);
        m_cursorLine->setPen(QPen(cursor, 1.5 * line, Qt::DashDotLine));
    }
}

} // namespace bplab
