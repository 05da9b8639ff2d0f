#include "plotstyle.h"

#include <qcustomplot.h>

namespace bplab {

void styleAxis(QCPAxis *axis, const QColor &text, const QColor &grid, const QFont &tickFont, const QFont &labelFont,
               qreal width)
{
    axis->setTickLabelFont(tickFont);
    axis->setLabelFont(labelFont);
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
    axis->setBasePen(QPen(text, width));
    axis->setTickPen(QPen(text, width));
    axis->setSubTickPen(QPen(text, width));
    axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
}

} // namespace bplab
