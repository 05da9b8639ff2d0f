#include "iconstyle.h"

#include <palettecolors.h>

#include <QGuiApplication>
#include <QIcon>
#include <QIconEngine>
#include <QPolygonF>
#include <QPainter>
#include <QStyleOption>

namespace bplab {

namespace {
/** ":/icons/actions/NAME.png" (24 px) and its 48 px "@2x" twin for high-DPI screens. */
QIcon actionIcon(const char *name)
{
    const QString base = QStringLiteral(":/icons/actions/") + QLatin1String(name);
    QIcon icon;
    icon.addFile(base + QStringLiteral(".png"), QSize(24, 24));
    icon.addFile(base + QStringLiteral("@2x.png"), QSize(48, 48));
    return icon;
}
} // namespace

/**
 * The timeline's arrows (first batch, one back, one on), drawn when painted in the application
 * palette's button text colour: Fusion's own are dark grey pictures that vanish on a dark or
 * high-contrast palette, and a palette chosen later (View > High contrast) must reach them too.
 */
class ArrowIconEngine : public QIconEngine
{
public:
    explicit ArrowIconEngine(QStyle::StandardPixmap kind) : m_kind(kind) {}
    QIconEngine *clone() const override { return new ArrowIconEngine(m_kind); }
    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State) override
    {
        const QPalette pal = QGuiApplication::palette();
        const QColor ink = pal.color(mode == QIcon::Disabled ? QPalette::Disabled : QPalette::Active,
                                     QPalette::ButtonText);
        const QRectF r = QRectF(rect).adjusted(rect.width() * 0.2, rect.height() * 0.25,
                                               -rect.width() * 0.2, -rect.height() * 0.25);
        const double half = r.width() / 2;
        // A triangle pointing left (dir -1) or right (+1) in [x, x + half].
        const auto triangle = [&](double x, int dir) {
            QPolygonF t;
            if (dir < 0)
                t << QPointF(x, r.center().y()) << QPointF(x + half, r.top()) << QPointF(x + half, r.bottom());
            else
                t << QPointF(x + half, r.center().y()) << QPointF(x, r.top()) << QPointF(x, r.bottom());
            painter->drawPolygon(t);
        };
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(Qt::NoPen);
        painter->setBrush(ink);
        switch (m_kind) {
        case QStyle::SP_MediaSkipBackward: // |<
            painter->drawRect(QRectF(r.left(), r.top(), r.width() * 0.15, r.height()));
            triangle(r.left() + r.width() * 0.2, -1);
            triangle(r.left() + r.width() * 0.2 + half * 0.8, -1);
            break;
        case QStyle::SP_MediaSeekBackward: // <<
            triangle(r.left(), -1);
            triangle(r.left() + half, -1);
            break;
        default: // >>
            triangle(r.left(), 1);
            triangle(r.left() + half, 1);
            break;
        }
        painter->restore();
    }
    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        QPixmap pm(size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        paint(&p, QRect(QPoint(0, 0), size), mode, state);
        return pm;
    }

private:
    QStyle::StandardPixmap m_kind;
};

IconStyle::IconStyle(const QString &baseStyleName) : QProxyStyle(baseStyleName) {}

QIcon IconStyle::standardIcon(StandardPixmap icon, const QStyleOption *option, const QWidget *widget) const
{
    switch (icon) {
    case SP_MediaPlay:
        return actionIcon("play");
    case SP_MediaPause:
        return actionIcon("pause");
    case SP_MediaSkipForward:
        return actionIcon("step");
    case SP_BrowserReload:
        return actionIcon("reset");
    case SP_MediaSkipBackward:
    case SP_MediaSeekBackward:
    case SP_MediaSeekForward:
        return QIcon(new ArrowIconEngine(icon));
    case SP_MessageBoxWarning:
        return actionIcon("warning");
    case SP_DialogCloseButton:
        return actionIcon("close");
    default:
        return QProxyStyle::standardIcon(icon, option, widget);
    }
}

namespace {
/** A 1 px outline in the palette's text colour inside `rect` (high-contrast palettes only). */
void outline(QPainter *painter, const QStyleOption *option, const QRect &rect)
{
    if (!colors::isHighContrast(option->palette))
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(option->palette.color(QPalette::WindowText), 1));
    painter->drawRect(rect.adjusted(0, 0, -1, -1));
    painter->restore();
}
} // namespace

void IconStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                              const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (element == PE_IndicatorCheckBox || element == PE_FrameLineEdit)
        outline(painter, option, option->rect);
}

void IconStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                                   QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    if (control == CC_SpinBox)
        outline(painter, option, option->rect);
}

QIcon IconStyle::applicationIcon()
{
    QIcon icon;
    for (int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/hicolor/%1/org.backproplab.BackpropLab.png").arg(size), QSize(size, size));
    return icon;
}

} // namespace bplab
