#pragma once
// A heatmap's cells shrunk to the pixels that show them: a 1024 x 1024 weight matrix drawn in a
// few hundred pixels is coloured and drawn at that size, once per new value, and not at a
// million cells per replot.

#include <cmath>
#include <cstddef>
#include <vector>

namespace bplab {

struct ShrunkCells
{
    int width = 0, height = 0;
    std::vector<double> z; ///< row-major, width x height
};

/** A side of n cells shown in at most max cells: n, or max where it is smaller (and at least 2). */
constexpr int shrunkSide(int n, int max)
{
    return max >= 2 && n > max ? max : n;
}

/** Cells of a w x h heatmap put one at a time (in any order, gaps left out) into at most
 *  maxW x maxH cells: each the value of largest magnitude among the cells it covers (one strong
 *  weight stays visible when many share a pixel), NaN where none was put. A side already within
 *  its maximum (or a maximum below 2) keeps its cells. No buffer of the whole matrix is made. */
class CellShrinker
{
public:
    CellShrinker(int w, int h, int maxW, int maxH)
    {
        m_out.width = shrunkSide(w, maxW);
        m_out.height = shrunkSide(h, maxH);
        m_out.z.assign(std::size_t(m_out.width) * std::size_t(m_out.height), std::nan(""));
        // Source column x lands in cell x * width / w (every cell covers whole source cells).
        m_column.resize(static_cast<std::size_t>(w));
        for (int x = 0; x < w; ++x)
            m_column[std::size_t(x)] = int(std::size_t(x) * std::size_t(m_out.width) / std::size_t(w));
        m_rowStart.resize(static_cast<std::size_t>(h));
        for (int y = 0; y < h; ++y)
            m_rowStart[std::size_t(y)] = std::size_t(y) * std::size_t(m_out.height) / std::size_t(h) * std::size_t(m_out.width);
    }
    void put(int x, int y, double v)
    {
        double &cell = m_out.z[m_rowStart[std::size_t(y)] + std::size_t(m_column[std::size_t(x)])];
        if (!std::isnan(v) && !(std::abs(cell) >= std::abs(v)))
            cell = v;
    }
    const ShrunkCells &cells() const { return m_out; }

private:
    ShrunkCells m_out;
    std::vector<int> m_column;
    std::vector<std::size_t> m_rowStart;
};

/** The w x h cells z (row-major; NaN: a gap) in at most maxW x maxH cells (CellShrinker). */
inline ShrunkCells shrinkCells(const std::vector<double> &z, int w, int h, int maxW, int maxH)
{
    CellShrinker s(w, h, maxW, maxH);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            s.put(x, y, z[std::size_t(y) * std::size_t(w) + std::size_t(x)]);
    return s.cells();
}

} // namespace bplab
