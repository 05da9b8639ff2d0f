#include "lossreadout.h"

#include <QLocale>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {
// The read-out picks the nearest point within this many font heights of the mouse.
constexpr double kHoverRadiusEm = 1.5;

// A loss as a person reads it: four significant digits, no trailing zeros ("9.5", "0.4375").
QString readoutLoss(double v)
{
    return QLocale().toString(v, 'g', 4);
}

// An epoch as a person reads it: "4.93" within an epoch, "5" at its end (the test points).
QString readoutEpoch(double x)
{
    return x == std::round(x) ? QLocale().toString(qlonglong(x)) : QLocale().toString(x, 'f', 2);
}
} // namespace

LossReadout::LossReadout(QCustomPlot *plot, Graphs graphs, std::function<const LossHistory &()> history,
                         QObject *parent)
    : QObject(parent)
    , m_plot(plot)
    , m_g(graphs)
    , m_history(std::move(history))
{
    m_tracer = new QCPItemTracer(m_plot);
    m_tracer->setStyle(QCPItemTracer::tsCircle);
    m_tracer->setInterpolating(false);
    m_tracer->setVisible(false);
    m_box = new QCPItemText(m_plot);
    m_box->setLayer(QStringLiteral("overlay"));
    m_box->position->setType(QCPItemPosition::ptAbsolute);
    m_box->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_box->setTextAlignment(Qt::AlignLeft);
    m_box->setClipToAxisRect(false);
    m_box->setVisible(false);
}

LossReadout::Hit LossReadout::nearestPoint(const QPoint &pos) const
{
    // The nearest point (in pixels) of any graph within the hover radius; the batch loss and its
    // average are looked up in the full history, not in the thinned-out drawn points.
    const double radius = m_em * kHoverRadiusEm;
    Hit hit;
    double bestDist = radius * radius;
    const auto consider = [&](QCPGraph *g, double key, double value, int index) {
        const double dx = g->keyAxis()->coordToPixel(key) - pos.x();
        const double dy = g->valueAxis()->coordToPixel(value) - pos.y();
        const double d = dx * dx + dy * dy;
        if (d < bestDist) {
            bestDist = d;
            hit = {g, key, value, index};
        }
    };
    QCPAxis *xAxis = m_plot->xAxis;
    const double k0 = std::min(xAxis->pixelToCoord(pos.x() - radius), xAxis->pixelToCoord(pos.x() + radius));
    const double k1 = std::max(xAxis->pixelToCoord(pos.x() - radius), xAxis->pixelToCoord(pos.x() + radius));
    for (QCPGraph *g : {m_g.testAccuracy, m_g.testLoss, m_g.trainAccuracy, m_g.trainLoss}) {
        if (!g->visible())
            continue;
        const auto end = g->data()->findEnd(k1, false);
        for (auto it = g->data()->findBegin(k0, false); it < end; ++it)
            consider(g, it->key, it->value, int(it - g->data()->constBegin()));
    }
    const LossHistory &history = m_history();
    const std::vector<double> &xs = history.x();
    const std::size_t begin = std::size_t(std::lower_bound(xs.begin(), xs.end(), k0) - xs.begin());
    const std::size_t end = std::size_t(std::upper_bound(xs.begin(), xs.end(), k1) - xs.begin());
    // Dense data: look at no more than ~4000 points per curve.
    const std::size_t stride = std::max<std::size_t>(1, (end - std::min(begin, end)) / 4000);
    for (std::size_t i = begin; i < end; i += stride) {
        if (m_g.average->visible())
            consider(m_g.average, xs[i], history.movingAverage(i), int(i));
        if (m_g.batch->visible())
            consider(m_g.batch, xs[i], double(history.loss()[i]), int(i));
    }
    return hit;
}

QString LossReadout::textAt(const QPoint &pos) const
{
    return textOf(nearestPoint(pos));
}

QString LossReadout::textOf(const Hit &hit) const
{
    if (!hit.graph)
        return {};
    if (hit.graph == m_g.batch)
        return tr("batch %1, epoch %2\nbatch loss %3")
                .arg(QLocale().toString(hit.index + 1))
                .arg(readoutEpoch(hit.key), readoutLoss(hit.value));
    if (hit.graph == m_g.average)
        return tr("batch %1, epoch %2\nmoving average %3")
                .arg(QLocale().toString(hit.index + 1))
                .arg(readoutEpoch(hit.key), readoutLoss(hit.value));
    if (hit.graph == m_g.testLoss)
        return tr("epoch %1\ntest loss %2").arg(readoutEpoch(hit.key), readoutLoss(hit.value));
    if (hit.graph == m_g.trainLoss)
        return tr("epoch %1\ntraining-set loss %2").arg(readoutEpoch(hit.key), readoutLoss(hit.value));
    if (hit.graph == m_g.trainAccuracy)
        return tr("epoch %1\ntraining-set accuracy %2 %")
                .arg(readoutEpoch(hit.key), QLocale().toString(hit.value, 'g', 4));
    return tr("epoch %1\ntest accuracy %2 %").arg(readoutEpoch(hit.key), QLocale().toString(hit.value, 'g', 4));
}

void LossReadout::showAt(const QPoint &pos)
{
    const Hit hit = nearestPoint(pos);
    m_text = textOf(hit);
    m_tracer->setVisible(hit.graph != nullptr);
    m_box->setVisible(hit.graph != nullptr);
    if (!hit.graph)
        return;
    // At the point itself (the drawn line may hold only the column's extremes).
    m_tracer->setGraph(nullptr);
    m_tracer->position->setAxes(hit.graph->keyAxis(), hit.graph->valueAxis());
    m_tracer->position->setCoords(hit.key, hit.value);
    m_box->setText(m_text);
    // Beside the mouse on the side with room for the whole box (the spotlight's large font
    // makes it wide), kept inside the plot widget.
    const QRect area = m_plot->axisRect()->rect();
    const int off = m_em / 2;
    const QMargins pad = m_box->padding();
    const int boxWidth = QFontMetrics(m_box->font()).boundingRect(QRect(), 0, m_text).width()
                         + pad.left() + pad.right() + 2;
    const int x = pos.x();
    const bool right = x + off + boxWidth <= m_plot->width() && (x < area.center().x() || x - off - boxWidth < 0);
    const bool below = pos.y() < area.top() + area.height() / 3;
    m_box->setPositionAlignment(Qt::AlignLeft | (below ? Qt::AlignTop : Qt::AlignBottom));
    const int left = right ? x + off : x - off - boxWidth;
    m_box->position->setCoords(std::clamp(left, 0, std::max(0, m_plot->width() - boxWidth)),
                               pos.y() + (below ? off : -off));
}

bool LossReadout::hide()
{
    const bool shown = m_box->visible();
    m_tracer->setVisible(false);
    m_box->setVisible(false);
    m_text.clear();
    return shown;
}

QRectF LossReadout::box() const
{
    if (!m_box->visible())
        return {};
    return QRectF(m_box->topLeft->pixelPosition(), m_box->bottomRight->pixelPosition());
}

void LossReadout::setStyle(const QFont &font, const QPalette &pal, double line)
{
    const QFontMetrics fm(font);
    m_em = fm.height();
    const QColor text = pal.color(QPalette::WindowText);
    QColor back = pal.color(QPalette::Base);
    back.setAlpha(230);
    m_tracer->setSize(fm.height() * 0.8);
    m_tracer->setPen(QPen(text, 1.5 * line));
    m_box->setFont(font);
    m_box->setColor(text);
    m_box->setBrush(back);
    m_box->setPen(QPen(pal.color(QPalette::Mid)));
    const int pad = fm.height() / 4;
    m_box->setPadding(QMargins(pad * 2, pad, pad * 2, pad));
}

} // namespace bplab
