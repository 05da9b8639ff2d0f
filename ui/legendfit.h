#pragma once
// A plot's legend laid out in as few rows as its width allows: every entry in one row, else two
// rows, with the entries' full names, else with their brief ones, else one entry a row. The text
// is never clipped; the layout depends only on the legend's width and font.

#include <QString>

#include <utility>
#include <vector>

class QCPAbstractPlottable;
class QCPLegend;

namespace bplab {

class LegendFit
{
public:
    struct Name
    {
        QCPAbstractPlottable *plottable;
        QString full, brief; // "training accuracy", "train %": the brief one where room is short
    };

    void setNames(std::vector<Name> names) { m_names = std::move(names); }
    /** Names and columns of `legend`'s entries for `width` pixels. */
    void fit(QCPLegend *legend, int width) const;

private:
    std::vector<Name> m_names;
};

} // namespace bplab
