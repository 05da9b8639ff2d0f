#include "raster.h"

#include <algorithm>
#include <cmath>

namespace bplab {
namespace {

struct Capsule {
    float ax, ay, bx, by, ra, rb; // sample-space ends and radii
};

void coverCapsule(std::vector<std::uint8_t> &mask, int w, int h, const Capsule &k)
{
    const float rMax = std::max(k.ra, k.rb);
    const int x0 = std::max(0, int(std::floor(std::min(k.ax, k.bx) - rMax)));
    const int x1 = std::min(w - 1, int(std::ceil(std::max(k.ax, k.bx) + rMax)));
    const int y0 = std::max(0, int(std::floor(std::min(k.ay, k.by) - rMax)));
    const int y1 = std::min(h - 1, int(std::ceil(std::max(k.ay, k.by) + rMax)));
    const float dx = k.bx - k.ax, dy = k.by - k.ay;
    const float len2 = dx * dx + dy * dy;
    for (int j = y0; j <= y1; ++j) {
        const float py = j + 0.5f - k.ay;
        std::uint8_t *row = &mask[std::size_t(j) * std::size_t(w)];
        for (int i = x0; i <= x1; ++i) {
            if (row[i])
                continue;
            const float px = i + 0.5f - k.ax;
            // t = clamp(<p - a, b - a> / |b - a|^2, 0, 1); covered when |p - (a + t (b - a))| <= r(t)
            const float t = len2 > 0 ? std::clamp((px * dx + py * dy) / len2, 0.f, 1.f) : 0.f;
            const float ex = px - t * dx, ey = py - t * dy;
            const float r = k.ra + t * (k.rb - k.ra);
            if (ex * ex + ey * ey <= r * r)
                row[i] = 1;
        }
    }
}

} // namespace

GreyImage renderStrokes(const std::vector<Stroke> &strokes, int outW, int outH, float originX, float originY,
                        float scale, float offsetX, float offsetY, float widthScale, int supersample)
{
    GreyImage out(outW, outH);
    if (out.isNull())
        return out;
    const int ss = std::max(1, supersample);
    const int w = outW * ss, h = outH * ss;
    std::vector<std::uint8_t> mask(std::size_t(w) * std::size_t(h), 0);
    auto toSample = [&](const StrokePoint &p, float &x, float &y, float &r) {
        x = ((p.x - originX) * scale + offsetX) * float(ss);
        y = ((p.y - originY) * scale + offsetY) * float(ss);
        r = 0.5f * p.width * widthScale * float(ss);
    };
    for (const Stroke &stroke : strokes) {
        if (stroke.empty())
            continue;
        Capsule k{};
        toSample(stroke.front(), k.ax, k.ay, k.ra);
        if (stroke.size() == 1) {
            k.bx = k.ax, k.by = k.ay, k.rb = k.ra;
            coverCapsule(mask, w, h, k);
            continue;
        }
        for (std::size_t i = 1; i < stroke.size(); ++i) {
            toSample(stroke[i], k.bx, k.by, k.rb);
            coverCapsule(mask, w, h, k);
            k.ax = k.bx, k.ay = k.by, k.ra = k.rb;
        }
    }
    // grey = 255 * covered samples / ss^2
    const int full = ss * ss;
    for (int r = 0; r < outH; ++r)
        for (int c = 0; c < outW; ++c) {
            int n = 0;
            for (int j = 0; j < ss; ++j) {
                const std::uint8_t *row = &mask[std::size_t(r * ss + j) * std::size_t(w) + std::size_t(c * ss)];
                for (int i = 0; i < ss; ++i)
                    n += row[i];
            }
            out.at(c, r) = std::uint8_t((n * 255 + full / 2) / full);
        }
    return out;
}

} // namespace bplab
