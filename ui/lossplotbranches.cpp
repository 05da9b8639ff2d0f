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

void LossPlot::drawBranches()
{
    for (QCPGraph *g : m_branches)
        m_plot->removeGraph(g);
    m_branches.clear();
    m_branchMaxX = m_branchMaxLoss = 0;
    const QLocale c;
    for (const BranchCurve &branch : m_run->branches()) {
        QVector<QCPGraphData> points;
        points.reserve(qsizetype(branch.average.size()));
        for (const LossHistory::Point &p : branch.average)
            points.append(QCPGraphData(p.x, p.y));
        QCPGraph *g = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
        g->setName(tr("earlier branch, lr %1").arg(c.toString(branch.learningRate, 'g', 4)));
        g->data()->set(points, true);
        g->setAdaptiveSampling(true);
        m_branches.append(g);
        m_branchMaxX = std::max(m_branchMaxX, branch.maxX);
        m_branchMaxLoss = std::max(m_branchMaxLoss, branch.maxLoss);
    }
    styleBranches();
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
