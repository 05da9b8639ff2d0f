#include "lossaxes.h"

#include <QAction>
#include <QMenu>
#include <QSize>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bplab {

LossAxes::LossAxes(QCustomPlot *plot, QList<QCPGraph *> loss, QList<QCPGraph *> accuracy, QList<QCPGraph *> fromZero,
                   QObject *parent)
    : QObject(parent)
    , m_plot(plot)
    , m_loss(std::move(loss))
    , m_accuracy(std::move(accuracy))
    , m_fromZero(std::move(fromZero))
{
    // Each axis title as long as its axis allows (fitTitles()); the unit says the rest.
    m_lossTitles = QStringList{tr("cross-entropy loss"), tr("cross-entropy"), tr("loss")};
    m_accuracyTitles = QStringList{tr("accuracy (%)"), tr("%")};
    m_plot->yAxis->setLabel(m_lossTitles.first());
    m_plot->yAxis2->setLabel(m_accuracyTitles.first());
    m_plot->yAxis2->setRange(0, 100);
    connect(m_plot, &QCustomPlot::afterLayout, this, &LossAxes::fitTitles);
    connect(m_plot, &QCustomPlot::legendClick, this,
            [this](QCPLegend *, QCPAbstractLegendItem *item, QMouseEvent *) { onLegendClick(item); });
}

void LossAxes::setCurveShown(QCPGraph *curve, bool shown)
{
    if (!curve || curve->visible() == shown)
        return;
    curve->setVisible(shown);
    restyleLegend();
    emit changed();
}

bool LossAxes::curveShown(const QCPGraph *curve) const
{
    return curve && curve->visible();
}

void LossAxes::addCurveActions(QMenu *menu)
{
    QMenu *curves = menu->addMenu(tr("Curves shown"));
    for (QCPGraph *g : m_loss + m_accuracy) {
        if (!m_plot->legend->hasItemWithPlottable(g))
            continue; // not drawn yet (the training-set curves before their first point)
        QAction *a = curves->addAction(g->name());
        a->setCheckable(true);
        a->setChecked(g->visible());
        connect(a, &QAction::toggled, this, [this, g](bool on) { setCurveShown(g, on); });
    }
}

void LossAxes::onLegendClick(QCPAbstractLegendItem *item)
{
    auto *entry = qobject_cast<QCPPlottableLegendItem *>(item);
    if (!entry)
        return;
    auto *g = qobject_cast<QCPGraph *>(entry->plottable());
    if (m_loss.contains(g) || m_accuracy.contains(g))
        setCurveShown(g, !g->visible());
}

void LossAxes::restyleLegend()
{
    const QPalette pal = m_plot->palette();
    for (int i = 0; i < m_plot->legend->itemCount(); ++i) {
        auto *entry = qobject_cast<QCPPlottableLegendItem *>(m_plot->legend->item(i));
        if (!entry)
            continue;
        // A hidden curve's entry stays, greyed and struck through: a click shows it again.
        const bool shown = entry->plottable()->visible();
        QFont f = m_plot->legend->font();
        f.setStrikeOut(!shown);
        entry->setFont(f);
        entry->setTextColor(pal.color(shown ? QPalette::Active : QPalette::Disabled, QPalette::WindowText));
    }
}

void LossAxes::fitLossRange(double extraMax)
{
    const QCPRange x = m_plot->xAxis->range();
    double lo = std::numeric_limits<double>::infinity(), hi = extraMax > 0 ? extraMax : 0;
    for (const QCPGraph *g : std::as_const(m_loss)) {
        if (!g->visible())
            continue;
        const auto end = g->data()->findEnd(x.upper, false);
        for (auto it = g->data()->findBegin(x.lower, false); it != end; ++it) {
            if (it->key < x.lower || it->key > x.upper || !std::isfinite(it->value))
                continue;
            lo = std::min(lo, it->value);
            hi = std::max(hi, it->value);
        }
    }
    if (!(hi > 0)) {
        m_plot->yAxis->setRange(0, 2.5);
        return;
    }
    const bool batches = std::any_of(m_fromZero.begin(), m_fromZero.end(), [](const QCPGraph *g) { return g->visible(); });
    if (batches || !std::isfinite(lo)) {
        m_plot->yAxis->setRange(0, hi * 1.05);
        return;
    }
    const double margin = std::max((hi - lo) * 0.08, hi * 1e-3);
    m_plot->yAxis->setRange(std::max(0.0, lo - margin), hi + margin);
}

void LossAxes::updateTickCounts(const QSize &widget)
{
    const QFontMetrics fm(m_plot->xAxis->tickLabelFont());
    const int em = fm.height();
    const int plotW = widget.width() - 8 * em;  // less the two value axes' labels and titles
    const int plotH = widget.height() - 6 * em; // less the x labels, its title and the legend
    m_plot->xAxis->ticker()->setTickCount(std::clamp(plotW / (fm.averageCharWidth() * 9), 2, 8));
    const int yTicks = std::clamp(plotH / (em * 2), 2, 6);
    m_plot->yAxis->ticker()->setTickCount(yTicks);
    m_plot->yAxis2->ticker()->setTickCount(std::min(yTicks, 5));
}

// The longest title that fits along its axis; rotated titles do not change the margins, so this
// runs after the layout without a second pass.
void LossAxes::fitTitles()
{
    const int length = m_plot->axisRect()->height();
    bool retitled = false;
    for (auto [axis, titles] : {std::pair {m_plot->yAxis, &m_lossTitles}, std::pair {m_plot->yAxis2, &m_accuracyTitles}}) {
        const QFontMetrics fm(axis->labelFont());
        QString title = titles->last();
        for (const QString &t : std::as_const(*titles))
            if (fm.horizontalAdvance(t) <= length) {
                title = t;
                break;
            }
        if (axis->label() != title) {
            axis->setLabel(title);
            retitled = true;
        }
    }
    if (retitled)
        emit changed();
}

} // namespace bplab
