#include "legendfit.h"

#include <qcustomplot.h>

#include <algorithm>

namespace bplab {

void LegendFit::fit(QCPLegend *legend, int width) const
{
    const int count = legend->itemCount();
    // Each column as wide as its widest entry (foColumnsFirst: entry i is in column i % columns).
    const auto widthFor = [&](int columns) {
        int total = (columns - 1) * legend->columnSpacing();
        for (int c = 0; c < columns; ++c) {
            int widest = 0;
            for (int i = c; i < count; i += columns)
                if (QCPAbstractLegendItem *item = legend->item(i)) // a grid cell may be empty
                    widest = std::max(widest, item->minimumOuterSizeHint().width());
            total += widest;
        }
        return total;
    };
    const int available = width - legend->margins().left() - legend->margins().right();
    // One row, else two rows (three columns for six entries: the training set's beside the test
    // set's), with the full names, else with the brief ones; else two columns of brief names.
    int columns = 2;
    bool brief = true;
    const auto useNames = [this](bool briefNames) {
        for (const Name &n : m_names)
            n.plottable->setName(briefNames ? n.brief : n.full);
    };
    for (bool b : {false, true}) {
        useNames(b);
        bool fits = false;
        for (int c : {count, (count + 1) / 2})
            if (c > 0 && widthFor(c) <= available) {
                columns = c;
                fits = true;
                break;
            }
        if (fits) {
            brief = b;
            break;
        }
    }
    useNames(brief);
    if (brief && widthFor(columns) > available)
        columns = 1; // a very narrow plot: one entry a row
    if (legend->wrap() != columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
}

} // namespace bplab
