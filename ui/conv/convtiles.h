#pragma once
// What the conv panels share: small images of a kernel or a feature map, the grid that fits n of
// them in a rectangle, and the numbers' spelling.

#include <QImage>
#include <QRectF>
#include <QString>
#include <QStringList>

class QFontMetrics;
class QPainter;
class QPalette;

namespace bplab {

/** A w x h image of signed values on the diverging scale (divergingscale.h), 0 in the middle,
 *  -range and +range at its ends (range > 0). */
QImage signedTile(const float *values, int width, int height, float range);
/** A w x h image of a feature map: from the paper colour at 0 to dark at `high` for values >= 0;
 *  on the diverging scale when `low` < 0 (another activation than ReLU). */
QImage mapTile(const float *values, int width, int height, float low, float high);
/** The largest |v| of n values (at least a tiny positive number, so that 0 stays the middle). */
float largestMagnitude(const float *values, std::size_t n);

/** Columns and the side of each cell (cells of aspect 1:1 for a square tile) that fit n tiles of
 *  aspect w:h in `area` with `gap` pixels between them, each as large as it can be. */
struct TileGrid
{
    int columns = 1, rows = 1;
    double cellWidth = 0, cellHeight = 0;
    QRectF cell(const QRectF &area, int i, double gap) const;
};
TileGrid fitTiles(int n, int tileWidth, int tileHeight, const QSizeF &area, double gap);

/** Draws `tile` in `rect` without smoothing (each value a block) and a thin frame round it. */
void drawTile(QPainter &p, const QRectF &rect, const QImage &tile, const QPalette &palette);

/** The first of `texts` (longest first) that fits in `width`, else the last one elided. */
QString fittingText(const QFontMetrics &fm, int width, const QStringList &texts);

/** A value with three significant digits in the reader's locale ("0.0412", "-1.25"). */
QString convNumber(double value);

} // namespace bplab
