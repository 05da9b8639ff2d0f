#include "drawcanvas.h"

#include "uiformat.h"

#include <QMouseEvent>
#include <QPainter>
#include <QTabletEvent>
#include <QTouchEvent>

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {
/** A pen's pressure 0-1 as a factor on its width: 0.5 (a normal press) draws the set width. */
float pressureFactor(double pressure)
{
    return float(std::clamp(0.3 + 1.4 * pressure, 0.3, 1.7));
}
} // namespace

DrawCanvas::DrawCanvas(QWidget *parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_AcceptTouchEvents);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setCursor(Qt::CrossCursor);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAccessibleName(tr("Drawing canvas"));
}

void DrawCanvas::setStrokes(const std::vector<Stroke> &strokes)
{
    m_strokes = strokes;
    m_picture = QImage();
    update();
    emit strokesChanged();
}

void DrawCanvas::setPenWidth(float width)
{
    m_penWidth = std::clamp(width, 4.f, 64.f);
}

void DrawCanvas::setPicture(const QImage &picture, const QString &caption)
{
    m_picture = picture;
    m_pictureCaption = caption;
    m_strokes.clear();
    m_drawing = false;
    update();
}

void DrawCanvas::setHint(const QString &hint)
{
    m_hint = hint;
    update();
}

QString DrawCanvas::accessibleSummary() const
{
    if (hasPicture())
        return m_pictureCaption.isEmpty() ? tr("A picture.") : m_pictureCaption;
    if (m_strokes.empty())
        return tr("Empty: draw a digit with the mouse, a pen or a finger, or drop a picture of one.");
    return tr("Strokes drawn: %1.").arg(m_strokes.size());
}

void DrawCanvas::clear()
{
    const bool had = !m_strokes.empty() || !m_picture.isNull();
    m_strokes.clear();
    m_picture = QImage();
    m_drawing = false;
    update();
    if (had)
        emit strokesChanged();
}

void DrawCanvas::undoStroke()
{
    if (m_strokes.empty())
        return;
    m_strokes.pop_back();
    m_drawing = false;
    update();
    emit strokesChanged();
}

QRectF DrawCanvas::canvasRect() const
{
    const double side = std::max(1, std::min(width(), height()));
    return {(width() - side) / 2.0, (height() - side) / 2.0, side, side};
}

double DrawCanvas::unitsToPixels() const
{
    return canvasRect().width() / kCanvasSide;
}

QPointF DrawCanvas::canvasToWidget(const QPointF &p) const
{
    return canvasRect().topLeft() + p * unitsToPixels();
}

QPointF DrawCanvas::widgetToCanvas(const QPointF &p) const
{
    return (p - canvasRect().topLeft()) / unitsToPixels();
}

void DrawCanvas::beginStroke(const QPointF &widgetPos, float factor)
{
    if (!m_picture.isNull()) {
        m_picture = QImage();
        emit pictureRemoved();
        update();
    }
    const QPointF c = widgetToCanvas(widgetPos);
    m_strokes.push_back({{float(c.x()), float(c.y()), m_penWidth * factor}});
    m_drawing = true;
    update();
    emit strokesChanged();
}

void DrawCanvas::extendStroke(const QPointF &widgetPos, float factor)
{
    if (!m_drawing || m_strokes.empty())
        return;
    const QPointF c = widgetToCanvas(widgetPos);
    Stroke &s = m_strokes.back();
    const StrokePoint &last = s.back();
    // Points closer than half a canvas unit add nothing visible.
    if (std::hypot(c.x() - last.x, c.y() - last.y) < 0.5)
        return;
    const StrokePoint p{float(c.x()), float(c.y()), m_penWidth * factor};
    // Repaint just the new segment's box (the pen's width around it).
    const double r = std::max(p.width, last.width) * unitsToPixels() / 2 + 2;
    const QRectF dirty = QRectF(canvasToWidget({last.x, last.y}), canvasToWidget({p.x, p.y})).normalized()
                             .adjusted(-r, -r, r, r);
    s.push_back(p);
    update(dirty.toAlignedRect());
    emit strokesChanged();
}

void DrawCanvas::endStroke()
{
    if (!m_drawing)
        return;
    m_drawing = false;
    emit strokeFinished();
}

void DrawCanvas::mousePressEvent(QMouseEvent *event)
{
    emit inputReceived();
    if (event->button() == Qt::LeftButton && !m_tabletDown)
        beginStroke(event->position(), 1.f);
    else if (event->button() == Qt::RightButton)
        undoStroke();
    event->accept();
}

void DrawCanvas::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_drawing || m_tabletDown)
        return;
    emit inputReceived();
    extendStroke(event->position(), 1.f);
}

void DrawCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && !m_tabletDown)
        endStroke();
}

void DrawCanvas::tabletEvent(QTabletEvent *event)
{
    emit inputReceived();
    const float factor = pressureFactor(event->pressure());
    switch (event->type()) {
    case QEvent::TabletPress:
        m_tabletDown = true;
        beginStroke(event->position(), factor);
        break;
    case QEvent::TabletMove:
        if (m_tabletDown)
            extendStroke(event->position(), factor);
        break;
    case QEvent::TabletRelease:
        m_tabletDown = false;
        endStroke();
        break;
    default:
        break;
    }
    event->accept(); // no synthesized mouse events for the pen
}

bool DrawCanvas::event(QEvent *event)
{
    switch (event->type()) {
    case QEvent::TouchBegin:
    case QEvent::TouchUpdate:
    case QEvent::TouchEnd: {
        auto *touch = static_cast<QTouchEvent *>(event);
        emit inputReceived();
        if (!touch->points().isEmpty()) {
            const QEventPoint &p = touch->points().first(); // one finger draws
            if (event->type() == QEvent::TouchBegin)
                beginStroke(p.position(), 1.f);
            else if (event->type() == QEvent::TouchUpdate)
                extendStroke(p.position(), 1.f);
            else {
                extendStroke(p.position(), 1.f);
                endStroke();
            }
        }
        event->accept();
        return true;
    }
    case QEvent::TouchCancel:
        endStroke();
        event->accept();
        return true;
    default:
        return QWidget::event(event);
    }
}

void DrawCanvas::paintEvent(QPaintEvent *event)
{
    QPainter p(this);
    p.fillRect(event->rect(), palette().color(QPalette::Window));
    const QRectF area = canvasRect();
    p.fillRect(area, Qt::black);
    // On a dark window the black canvas needs an edge to show where to draw (WCAG 1.4.11).
    if (contrastRatio(Qt::black, palette().color(QPalette::Window)) < kGraphicContrast) {
        p.setPen(QPen(colors::frame(palette()), 1));
        p.drawRect(area.adjusted(-1, -1, 0, 0));
    }
    p.setRenderHint(QPainter::Antialiasing);
    if (!m_picture.isNull()) {
        const QSizeF s = QSizeF(m_picture.size()).scaled(area.size(), Qt::KeepAspectRatio);
        const QRectF target(area.center() - QPointF(s.width(), s.height()) / 2, s);
        p.setRenderHint(QPainter::SmoothPixmapTransform, m_picture.width() > area.width() / 2);
        p.drawImage(target, m_picture);
    }
    const double k = unitsToPixels();
    for (const Stroke &s : m_strokes) {
        if (s.size() == 1) {
            const QPointF c = canvasToWidget({s[0].x, s[0].y});
            p.setPen(Qt::NoPen);
            p.setBrush(Qt::white);
            p.drawEllipse(c, s[0].width * k / 2, s[0].width * k / 2);
            continue;
        }
        for (std::size_t i = 1; i < s.size(); ++i) {
            // one segment per point pair, so the pen's pressure shows as width
            p.setPen(QPen(Qt::white, 0.5 * (s[i - 1].width + s[i].width) * k, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(canvasToWidget({s[i - 1].x, s[i - 1].y}), canvasToWidget({s[i].x, s[i].y}));
        }
    }
    QFont font = readableFont(this->font());
    p.setFont(font);
    p.setPen(QColor(200, 200, 200));
    if (m_strokes.empty() && m_picture.isNull() && !m_hint.isEmpty())
        p.drawText(area.adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap, m_hint);
    else if (!m_picture.isNull() && !m_pictureCaption.isEmpty())
        p.drawText(area.adjusted(10, 8, -10, -8), Qt::AlignBottom | Qt::AlignHCenter | Qt::TextWordWrap,
                   m_pictureCaption);
}

} // namespace bplab
