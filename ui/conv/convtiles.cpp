#include "convtiles.h"

#include "divergingscale.h"
#include "palettecolors.h"

#include <QLocale>
#include <QFontMetrics>
#include <QPainter>
#include <QPalette>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace bplab {

QImage signedTile(const float *values, int width, int height, float range)
{
    static QCPColorGradient gradient = divergingGradient(); // GUI thread only
    QImage image(width, height, QImage::Format_ARGB32);
    const QCPRange scale(-double(range), double(range));
    for (int r = 0; r < height; ++r) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(r));
        for (int c = 0; c < width; ++c)
            line[c] = gradient.color(double(values[r * width + c]), scale);
    }
    return image;
}

QImage mapTile(const float *values, int width, int height, float low, float high)
{
    if (low < 0)
        return signedTile(values, width, height, std::max(-low, high));
    QImage image(width, height, QImage::Format_ARGB32);
    const float top = std::max(high, 1e-12f);
    for (int r = 0; r < height; ++r) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(r));
        for (int c = 0; c < width; ++c) {
            // 0 is white, `high` near black: ink on paper, as the digit itself is drawn.
            const float t = std::clamp(values[r * width + c] / top, 0.0f, 1.0f);
            const int g = int(std::lround(255.0f - 230.0f * t));
            line[c] = qRgb(g, g, g);
        }
    }
    return image;
}

float largestMagnitude(const float *values, std::size_t n)
{
    float m = 0;
    for (std::size_t i = 0; i < n; ++i)
        if (std::isfinite(values[i]))
            m = std::max(m, std::abs(values[i]));
    return std::max(m, 1e-12f);
}

QRectF TileGrid::cell(const QRectF &area, int i, double gap) const
{
    const int r = i / columns, c = i % columns;
    return {area.left() + c * (cellWidth + gap), area.top() + r * (cellHeight + gap), cellWidth, cellHeight};
}

TileGrid fitTiles(int n, int tileWidth, int tileHeight, const QSizeF &area, double gap)
{
    TileGrid best;
    n = std::max(1, n);
    const double aspect = double(std::max(1, tileHeight)) / std::max(1, tileWidth);
    for (int cols = 1; cols <= n; ++cols) {
        const int rows = (n + cols - 1) / cols;
        const double w = (area.width() - gap * (cols - 1)) / cols;
        const double h = (area.height() - gap * (rows - 1)) / rows;
        const double side = std::min(w, h / aspect);
        if (side > best.cellWidth) {
            best.columns = cols;
            best.rows = rows;
            best.cellWidth = side;
        }
    }
    best.cellWidth = std::max(0.0, std::floor(best.cellWidth));
    best.cellHeight = std::floor(best.cellWidth * aspect);
    return best;
}

void drawTile(QPainter &p, const QRectF &rect, const QImage &tile, const QPalette &palette)
{
    if (rect.width() < 1 || rect.height() < 1)
        return;
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(rect, tile);
    if (rect.width() >= 6) {
        p.setPen(QPen(colors::frame(palette), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(rect.adjusted(-0.5, -0.5, 0.5, 0.5));
    }
}

QString fittingText(const QFontMetrics &fm, int width, const QStringList &texts)
{
    for (const QString &t : texts)
        if (fm.horizontalAdvance(t) <= width)
            return t;
    return texts.isEmpty() ? QString() : fm.elidedText(texts.constLast(), Qt::ElideRight, width);
}

QString convNumber(double value)
{
    if (!std::isfinite(value))
        return QLocale().toString(value);
    return QLocale().toString(value, 'g', 3);
}

} // namespace bplab
