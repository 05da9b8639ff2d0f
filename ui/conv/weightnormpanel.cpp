#include "weightnormpanel.h"

#include "convtiles.h"

#include <palettecolors.h>
#include <uiformat.h>

#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace bplab {

WeightNormPanel::WeightNormPanel(QWidget *parent) : QWidget(parent)
{
    setToolTip(tr("The size of all weights and biases, ‖w‖₂ = sqrt(sum of w²), after each batch: "
                  "weight decay adds lambda w to every gradient and so pulls each weight towards 0."));
}

void WeightNormPanel::setSeries(QVector<WeightNormPoint> points, double weightDecay)
{
    m_points = std::move(points);
    m_decay = weightDecay;
    update();
    notifyPanelChanged(this);
}

QString WeightNormPanel::title() const
{
    if (m_points.isEmpty())
        return tr("Weight decay λ = %1: no weights yet").arg(convNumber(m_decay));
    const WeightNormPoint &last = m_points.constLast();
    const WeightNormPoint &first = m_points.constFirst();
    return tr("‖w‖₂ = %1 after batch %2 (weight decay λ = %3; %4 at batch %5)")
            .arg(convNumber(last.norm), QLocale().toString(qulonglong(last.step)), convNumber(m_decay),
                 convNumber(first.norm), QLocale().toString(qulonglong(first.step)));
}

QSize WeightNormPanel::sizeHint() const
{
    const QFontMetrics fm(readableFont(font()));
    return {fm.averageCharWidth() * 50, fm.height() * 5};
}

QSize WeightNormPanel::minimumSizeHint() const
{
    const QFontMetrics fm(readableFont(font()));
    return {fm.averageCharWidth() * 20, fm.height() * 2 + 8};
}

void WeightNormPanel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paint(p, size());
}

void WeightNormPanel::paint(QPainter &p, const QSize &size) const
{
    const QPalette &pal = palette();
    p.fillRect(QRect(QPoint(0, 0), size), pal.color(QPalette::Window));
    p.setFont(readableFont(font()));
    const QFontMetrics fm = p.fontMetrics();
    const int line = fm.height();
    p.setPen(pal.color(QPalette::WindowText));
    // The whole sentence where it fits, else the norm and lambda alone.
    const QString full = title();
    const QString brief = m_points.isEmpty() ? full
                                             : tr("‖w‖₂ = %1 (λ = %2)").arg(convNumber(m_points.constLast().norm),
                                                                            convNumber(m_decay));
    p.drawText(QRect(4, 0, size.width() - 8, line), Qt::AlignLeft | Qt::AlignVCenter,
               fittingText(fm, size.width() - 8,
                           {full, brief, m_points.isEmpty() ? full : QStringLiteral("‖w‖₂ = %1").arg(convNumber(m_points.constLast().norm))}));
    if (m_points.size() < 2 || size.height() < line * 2 + 8)
        return;
    double lo = m_points[0].norm, hi = lo;
    for (const WeightNormPoint &q : m_points) {
        lo = std::min(lo, q.norm);
        hi = std::max(hi, q.norm);
    }
    if (hi - lo < 1e-9 * std::max(1.0, hi))
        hi = lo + std::max(1e-6, lo * 0.01);
    // The y axis's two values at the left, the batches under the line.
    const QString top = convNumber(hi), bottom = convNumber(lo);
    const int labelW = std::max(fm.horizontalAdvance(top), fm.horizontalAdvance(bottom)) + 6;
    const QRectF plot(4 + labelW, line * 2, size.width() - 12 - labelW, size.height() - line * 3 - 4);
    if (plot.width() < 8 || plot.height() < 4)
        return;
    p.drawText(QRectF(4, plot.top() - line / 2.0, labelW - 6, line), Qt::AlignRight | Qt::AlignVCenter, top);
    p.drawText(QRectF(4, plot.bottom() - line / 2.0, labelW - 6, line), Qt::AlignRight | Qt::AlignVCenter, bottom);
    const double x0 = double(m_points.constFirst().step), x1 = std::max(x0 + 1, double(m_points.constLast().step));
    const QString first = tr("batch %1").arg(QLocale().toString(qulonglong(x0)));
    const QString last = tr("batch %1").arg(QLocale().toString(qulonglong(x1)));
    if (fm.horizontalAdvance(first) + fm.horizontalAdvance(last) + 12 <= plot.width()) // else the last alone
        p.drawText(QRectF(plot.left(), plot.bottom() + 2, plot.width(), line), Qt::AlignLeft | Qt::AlignVCenter, first);
    p.drawText(QRectF(plot.left(), plot.bottom() + 2, plot.width(), line), Qt::AlignRight | Qt::AlignVCenter, last);
    p.setPen(QPen(colors::frame(pal), 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    QPainterPath path;
    for (int i = 0; i < m_points.size(); ++i) {
        const QPointF at(plot.left() + (double(m_points[i].step) - x0) / (x1 - x0) * plot.width(),
                         plot.bottom() - (m_points[i].norm - lo) / (hi - lo) * plot.height());
        if (i == 0)
            path.moveTo(at);
        else
            path.lineTo(at);
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(colors::blue(pal), 2.5));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
}

PanelExport WeightNormPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("weightnorm");
    e.title = tr("the weights' norm");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    e.renderSize = [this] { return size().expandedTo(sizeHint()); };
    e.render = paintingWith([this](QPainter &p, const QSize &s) { paint(p, s); });
    e.data = [this](ExportFormat) { return csv(); };
    return e;
}

QByteArray WeightNormPanel::csv() const
{
    if (m_points.isEmpty())
        return {};
    QByteArray out = "batch,norm\n";
    for (const WeightNormPoint &q : m_points)
        out += QByteArray::number(qulonglong(q.step)) + ',' + QByteArray::number(q.norm, 'g', 12) + '\n';
    return out;
}

QString WeightNormPanel::accessibleCell(int row, int column) const
{
    if (row < 0 || row >= m_points.size())
        return {};
    return column == 0 ? QLocale().toString(qulonglong(m_points[row].step)) : convNumber(m_points[row].norm);
}

QString WeightNormPanel::accessibleColumnHeader(int column) const
{
    return column == 0 ? tr("batch") : tr("norm ‖w‖₂");
}

} // namespace bplab
