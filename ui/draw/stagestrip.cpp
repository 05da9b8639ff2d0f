#include "stagestrip.h"

#include "uiformat.h"

#include <QEasingCurve>
#include <QMouseEvent>
#include <QPainter>
#include <QVariantAnimation>

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {

bool g_animationsEnabled = true;
constexpr int kStepMs = 1100; // one step of the animation
constexpr double kLast = 3;   // position of the still picture

/** rect r of an image of size `from` as drawn into `target`. */
QRectF mapInto(const QRectF &target, const QSize &from, const QRect &r)
{
    if (from.isEmpty())
        return target;
    const double kx = target.width() / from.width(), ky = target.height() / from.height();
    return {target.left() + r.x() * kx, target.top() + r.y() * ky, r.width() * kx, r.height() * ky};
}

QRectF lerp(const QRectF &a, const QRectF &b, double f)
{
    return {a.left() + (b.left() - a.left()) * f, a.top() + (b.top() - a.top()) * f,
            a.width() + (b.width() - a.width()) * f, a.height() + (b.height() - a.height()) * f};
}

} // namespace

StageStrip::StageStrip(QWidget *parent)
    : QWidget(parent)
{
    setAccessibleName(tr("Preprocessing stages"));
    setToolTip(tr("Click to watch the steps (click again to skip)"));
    m_animation = new QVariantAnimation(this);
    m_animation->setStartValue(0.0);
    m_animation->setEndValue(kLast);
    m_animation->setDuration(int(kLast) * kStepMs);
    connect(m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant &v) {
        m_position = v.toDouble();
        update();
    });
    connect(m_animation, &QVariantAnimation::finished, this, [this] {
        m_position = kLast;
        update();
        emit animationFinished();
    });
}

QStringList StageStrip::captions()
{
    return {tr("Drawn"), tr("Ink cropped"), tr("Fit in 20×20"), tr("Centred 28×28")};
}

QString StageStrip::accessibleSummary() const
{
    if (m_images[0].isNull())
        return tr("No drawing yet.");
    const QStringList names = captions();
    QStringList parts;
    for (std::size_t i = 0; i < m_images.size(); ++i)
        if (!m_images[i].isNull())
            parts << tr("%1: %2×%3 pixels").arg(names.value(int(i))).arg(m_images[i].width()).arg(m_images[i].height());
    QString text = parts.join(QStringLiteral("; ")) + QLatin1Char('.');
    const QRect &ink = m_geometry.inkInFitted;
    if (!ink.isEmpty())
        text += QLatin1Char(' ')
                + tr("The ink fills %1×%2 of the 20×20 box, which lies at (%3, %4) in the 28×28 input.")
                          .arg(ink.width())
                          .arg(ink.height())
                          .arg(m_geometry.fittedInCentred.x())
                          .arg(m_geometry.fittedInCentred.y());
    return text;
}

void StageStrip::setStages(const QImage &raw, const QImage &cropped, const QImage &fitted, const QImage &centred,
                           const StageGeometry &geometry)
{
    m_images = {raw, cropped, fitted, centred};
    m_geometry = geometry;
    skipAnimation();
    update();
}

void StageStrip::clear()
{
    m_images = {};
    skipAnimation();
    update();
}

void StageStrip::playSteps()
{
    if (!g_animationsEnabled || m_images[3].isNull() || m_images[0].isNull())
        return;
    m_animation->stop();
    m_position = 0;
    m_animation->start();
}

void StageStrip::skipAnimation()
{
    if (m_animation->state() == QAbstractAnimation::Running) {
        m_animation->stop();
        m_position = kLast;
        update();
        emit animationFinished();
    }
    m_position = kLast;
}

bool StageStrip::isAnimating() const { return m_animation->state() == QAbstractAnimation::Running; }

void StageStrip::setAnimationsEnabled(bool enabled) { g_animationsEnabled = enabled; }

bool StageStrip::animationsEnabled() { return g_animationsEnabled; }

void StageStrip::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    if (isAnimating())
        skipAnimation();
    else
        playSteps();
}

void StageStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QFont font = readableFont(this->font());
    p.setFont(font);
    const QFontMetrics fm(font);
    const int gap = 10;
    const int cellW = (width() - 3 * gap) / 4;
    // Large fonts (presentation mode) get the short captions rather than clipped long ones.
    QStringList names = captions();
    for (const QString &n : names)
        if (fm.horizontalAdvance(n) > cellW) {
            names = {tr("Drawn"), tr("Cropped"), tr("20×20"), tr("28×28")};
            break;
        }
    const int captionH = fm.height() + 4;
    const int side = std::max(16, std::min(cellW, height() - captionH));
    const QColor text = palette().color(QPalette::WindowText);

    // While animating: step `seg` (0-2) moves stage seg into stage seg + 1, f of the way.
    const bool animating = m_position < kLast;
    const int seg = std::min(2, int(std::floor(m_position)));
    const double f = QEasingCurve(QEasingCurve::InOutCubic).valueForProgress(m_position - seg);
    std::array<QRectF, 4> targets;
    for (int i = 0; i < 4; ++i) {
        const int x = i * (cellW + gap);
        const QRect box(x + (cellW - side) / 2, 0, side, side);
        p.fillRect(box, Qt::black);
        const QImage &img = m_images[std::size_t(i)];
        const bool shown = !animating || i <= seg;
        if (!img.isNull()) {
            // The 20x20 and 28x28 stages are drawn with crisp pixels; the others smoothly.
            const QSizeF s = QSizeF(img.size()).scaled(box.size(), Qt::KeepAspectRatio);
            const QRectF target(QPointF(box.center()) + QPointF(0.5, 0.5) - QPointF(s.width(), s.height()) / 2, s);
            targets[std::size_t(i)] = target;
            p.setRenderHint(QPainter::SmoothPixmapTransform, i < 2 && img.width() > side / 2);
            if (shown)
                p.drawImage(target, img);
            if (shown && i == 3 && img.width() == 28) {
                // The target of the centre of mass: pixel (14, 14)'s centre.
                const double k = target.width() / 28;
                const QPointF c = target.topLeft() + QPointF(14.5 * k, 14.5 * k);
                p.setPen(QPen(colors::orange(palette()), 1.5));
                p.drawLine(c - QPointF(5, 0), c + QPointF(5, 0));
                p.drawLine(c - QPointF(0, 5), c + QPointF(0, 5));
            }
        }
        p.setPen(QPen(text, 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(box.adjusted(0, 0, -1, -1));
        QFont captionFont = font;
        captionFont.setBold(animating && i == seg + 1);
        p.setFont(captionFont);
        p.setPen(animating && i == seg + 1 ? colors::orangeText(palette()) : text);
        p.drawText(QRect(x, side + 2, cellW, captionH), Qt::AlignHCenter | Qt::AlignTop, names[i]);
        p.setFont(font);
    }
    if (!animating || m_images[std::size_t(seg + 1)].isNull())
        return;

    // The moving piece: from its place in stage seg to its place in stage seg + 1.
    QRectF from, to;
    const QImage &next = m_images[std::size_t(seg + 1)];
    switch (seg) {
    case 0: // the ink's box cut out of the drawing
        from = mapInto(targets[0], m_images[0].size(), m_geometry.cropInRaw.isEmpty() ? m_images[0].rect()
                                                                                      : m_geometry.cropInRaw);
        to = targets[1];
        break;
    case 1: // scaled to fit 20x20, the aspect ratio kept
        from = targets[1];
        to = mapInto(targets[2], next.size(), m_geometry.inkInFitted.isEmpty() ? next.rect() : m_geometry.inkInFitted);
        break;
    default: // moved so that the centre of mass lands on (14, 14)
        from = targets[2];
        to = mapInto(targets[3], next.size(), QRect(m_geometry.fittedInCentred, m_images[2].size()));
        break;
    }
    const QRectF now = lerp(from, to, f);
    p.setPen(QPen(colors::orange(palette()), 1.5, Qt::DashLine));
    p.drawRect(from);
    if (seg == 1) {
        // the smooth crop fades into the anti-aliased 20x20 pixels
        p.setRenderHint(QPainter::SmoothPixmapTransform, true);
        p.setOpacity(1 - f);
        p.drawImage(now, m_images[1]);
        p.setRenderHint(QPainter::SmoothPixmapTransform, false);
        p.setOpacity(f);
        p.drawImage(now, m_images[2].copy(m_geometry.inkInFitted.isEmpty() ? m_images[2].rect() : m_geometry.inkInFitted));
        p.setOpacity(1);
    } else {
        p.setRenderHint(QPainter::SmoothPixmapTransform, seg == 0);
        p.drawImage(now, seg == 0 ? m_images[1] : m_images[2]);
    }
    p.setPen(QPen(colors::orange(palette()), 2));
    p.drawRect(now);
}

} // namespace bplab
