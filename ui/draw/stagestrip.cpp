#include "stagestrip.h"

#include "uiformat.h"

#include <QPainter>

#include <algorithm>

namespace bplab {

StageStrip::StageStrip(QWidget *parent)
    : QWidget(parent)
{
    setAccessibleName(tr("Preprocessing stages"));
}

QStringList StageStrip::captions()
{
    return {tr("Drawn"), tr("Ink cropped"), tr("Fit in 20×20"), tr("Centred 28×28")};
}

void StageStrip::setStages(const QImage &raw, const QImage &cropped, const QImage &fitted, const QImage &centred)
{
    m_images = {raw, cropped, fitted, centred};
    update();
}

void StageStrip::clear()
{
    m_images = {};
    update();
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
    for (int i = 0; i < 4; ++i) {
        const int x = i * (cellW + gap);
        const QRect box(x + (cellW - side) / 2, 0, side, side);
        p.fillRect(box, Qt::black);
        const QImage &img = m_images[std::size_t(i)];
        if (!img.isNull()) {
            // The 20x20 and 28x28 stages are drawn with crisp pixels; the others smoothly.
            const QSizeF s = QSizeF(img.size()).scaled(box.size(), Qt::KeepAspectRatio);
            const QRectF target(QPointF(box.center()) + QPointF(0.5, 0.5) - QPointF(s.width(), s.height()) / 2, s);
            p.setRenderHint(QPainter::SmoothPixmapTransform, i < 2 && img.width() > side / 2);
            p.drawImage(target, img);
            if (i == 3 && img.width() == 28) {
                // The target of the centre of mass: pixel (14, 14)'s centre.
                const double k = target.width() / 28;
                const QPointF c = target.topLeft() + QPointF(14.5 * k, 14.5 * k);
                p.setPen(QPen(colors::orange(), 1.5));
                p.drawLine(c - QPointF(5, 0), c + QPointF(5, 0));
                p.drawLine(c - QPointF(0, 5), c + QPointF(0, 5));
            }
        }
        p.setPen(QPen(text, 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(box.adjusted(0, 0, -1, -1));
        p.drawText(QRect(x, side + 2, cellW, captionH), Qt::AlignHCenter | Qt::AlignTop, names[i]);
    }
}

} // namespace bplab
