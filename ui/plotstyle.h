#pragma once
// The look every plot's axes share: lines, ticks and labels in the window's text colour, a dotted
// grid, the readable fonts, so that a plot follows the palette (dark, high contrast) like the
// widgets around it.

#include <QColor>
#include <QFont>

class QCPAxis;

namespace bplab {

/** Styles `axis`: its base line, ticks and sub-ticks `width` px in `text`, its tick labels in
 *  `tickFont`, its label in `labelFont`, its grid dotted in `grid`. */
void styleAxis(QCPAxis *axis, const QColor &text, const QColor &grid, const QFont &tickFont, const QFont &labelFont,
               qreal width = 1);

} // namespace bplab
