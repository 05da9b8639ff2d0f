#include "greyimage.h"

#include <algorithm>
#include <cmath>

namespace bplab {

CentreOfMass centreOfMass(const GreyImage &image)
{
    // (x, y) = sum_p I_p (c_p, r_p) / sum_p I_p
    double sum = 0, sx = 0, sy = 0;
    for (int r = 0; r < image.height; ++r)
        for (int c = 0; c < image.width; ++c) {
            const double v = image.at(c, r);
            sum += v;
            sx += v * c;
            sy += v * r;
        }
    if (sum <= 0)
        return {};
    return {sx / sum, sy / sum, true};
}

PixelRect inkBounds(const GreyImage &image, std::uint8_t threshold)
{
    int x0 = image.width, y0 = image.height, x1 = -1, y1 = -1;
    for (int r = 0; r < image.height; ++r)
        for (int c = 0; c < image.width; ++c)
            if (image.at(c, r) > threshold) {
                x0 = std::min(x0, c);
                x1 = std::max(x1, c);
                y0 = std::min(y0, r);
                y1 = std::max(y1, r);
            }
    if (x1 < 0)
        return {};
    return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

GreyImage cropImage(const GreyImage &image, const PixelRect &rect)
{
    const int x0 = std::clamp(rect.x, 0, image.width), y0 = std::clamp(rect.y, 0, image.height);
    const int x1 = std::clamp(rect.x + rect.width, 0, image.width);
    const int y1 = std::clamp(rect.y + rect.height, 0, image.height);
    GreyImage out(x1 - x0, y1 - y0);
    for (int r = y0; r < y1; ++r)
        std::copy_n(&image.pixels[std::size_t(r) * std::size_t(image.width) + std::size_t(x0)], x1 - x0,
                    &out.pixels[std::size_t(r - y0) * std::size_t(out.width)]);
    return out;
}

GreyImage resampleArea(const GreyImage &image, int outW, int outH)
{
    GreyImage out(outW, outH);
    if (image.isNull() || out.isNull())
        return out;
    const double fx = double(image.width) / outW, fy = double(image.height) / outH;
    // Per output column: the source columns it overlaps and by how much (reused for every row).
    struct Span {
        int first = 0;
        std::vector<double> weights;
    };
    auto spans = [](int n, double f, int srcN) {
        std::vector<Span> s(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) {
            const double a = i * f, b = std::min((i + 1) * f, double(srcN));
            const int first = int(std::floor(a)), last = std::min(srcN - 1, int(std::ceil(b)) - 1);
            s[std::size_t(i)].first = first;
            for (int k = first; k <= last; ++k)
                s[std::size_t(i)].weights.push_back(std::min(b, k + 1.0) - std::max(a, double(k)));
        }
        return s;
    };
    const std::vector<Span> xs = spans(outW, fx, image.width), ys = spans(outH, fy, image.height);
    for (int r = 0; r < outH; ++r) {
        const Span &sy = ys[std::size_t(r)];
        for (int c = 0; c < outW; ++c) {
            const Span &sx = xs[std::size_t(c)];
            // out = sum_{k,l} overlap_k overlap_l I_{k,l} / sum of overlaps
            double sum = 0, area = 0;
            for (std::size_t j = 0; j < sy.weights.size(); ++j)
                for (std::size_t i = 0; i < sx.weights.size(); ++i) {
                    const double w = sy.weights[j] * sx.weights[i];
                    sum += w * image.at(sx.first + int(i), sy.first + int(j));
                    area += w;
                }
            out.at(c, r) = std::uint8_t(std::clamp(std::lround(area > 0 ? sum / area : 0), 0L, 255L));
        }
    }
    return out;
}

GreyImage placeShifted(const GreyImage &image, int fieldW, int fieldH, double x, double y)
{
    GreyImage out(fieldW, fieldH);
    auto src = [&](int c, int r) -> double {
        return (c < 0 || r < 0 || c >= image.width || r >= image.height) ? 0.0 : image.at(c, r);
    };
    for (int r = 0; r < fieldH; ++r)
        for (int c = 0; c < fieldW; ++c) {
            // bilinear sample of the source at (c - x, r - y)
            const double u = c - x, v = r - y;
            const int u0 = int(std::floor(u)), v0 = int(std::floor(v));
            const double a = u - u0, b = v - v0;
            const double value = (1 - a) * (1 - b) * src(u0, v0) + a * (1 - b) * src(u0 + 1, v0)
                                 + (1 - a) * b * src(u0, v0 + 1) + a * b * src(u0 + 1, v0 + 1);
            out.at(c, r) = std::uint8_t(std::clamp(std::lround(value), 0L, 255L));
        }
    return out;
}

} // namespace bplab
