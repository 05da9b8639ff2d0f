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

/** The w x h cells z (row-major; NaN: a gap) in at most maxW x maxH cells: each the value of
 *  largest magnitude among the cells it covers (one strong weight stays visible when many share a
 *  pixel), NaN where all are NaN. A side already within its maximum (or a maximum below 2) keeps
 *  its cells. */
inline ShrunkCells shrinkCells(const std::vector<double> &z, int w, int h, int maxW, int maxH)
{
    ShrunkCells out;
    out.width = shrunkSide(w, maxW);
    out.height = shrunkSide(h, maxH);
    if (out.width == w && out.height == h) {
        out.z = z;
        return out;
    }
    out.z.assign(std::size_t(out.width) * std::size_t(out.height), std::nan(""));
    // Source column x lands in cell x * width / w (every cell covers whole source cells).
    std::vector<int> column(static_cast<std::size_t>(w));
    for (int x = 0; x < w; ++x)
        column[std::size_t(x)] = int(std::size_t(x) * std::size_t(out.width) / std::size_t(w));
    for (int y = 0; y < h; ++y) {
        double *row = out.z.data() + std::size_t(y) * std::size_t(out.height) / std::size_t(h) * std::size_t(out.width);
        const double *in = z.data() + std::size_t(y) * std::size_t(w);
        for (int x = 0; x < w; ++x) {
            const double v = in[x];
            double &cell = row[column[std::size_t(x)]];
            if (!std::isnan(v) && !(std::abs(cell) >= std::abs(v)))
                cell = v;
        }
    }
    return out;
}

} // namespace bplab
