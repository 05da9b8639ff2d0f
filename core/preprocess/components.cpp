#include "components.h"

#include <algorithm>
#include <cmath>

namespace bplab {
namespace {

PixelRect unite(const PixelRect &a, const PixelRect &b)
{
    if (a.isEmpty())
        return b;
    const int x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
    const int x1 = std::max(a.x + a.width, b.x + b.width), y1 = std::max(a.y + a.height, b.y + b.height);
    return {x0, y0, x1 - x0, y1 - y0};
}

/** Background pixels between two boxes (0 when they overlap or touch), as a Euclidean length. */
double gap(const PixelRect &a, const PixelRect &b)
{
    const int dx = std::max({0, a.x - (b.x + b.width), b.x - (a.x + a.width)});
    const int dy = std::max({0, a.y - (b.y + b.height), b.y - (a.y + a.height)});
    return std::hypot(double(dx), double(dy));
}

} // namespace

std::vector<InkComponent> inkComponents(const GreyImage &image, std::vector<int> &labels, const StrayRule &rule)
{
    std::vector<InkComponent> components;
    labels.assign(image.pixels.size(), -1);
    if (image.isNull())
        return components;
    const int w = image.width, h = image.height;
    std::vector<int> stack;
    for (int start = 0; start < w * h; ++start) {
        if (image.pixels[std::size_t(start)] == 0 || labels[std::size_t(start)] >= 0)
            continue;
        const int id = int(components.size());
        InkComponent c;
        int x0 = w, y0 = h, x1 = -1, y1 = -1;
        labels[std::size_t(start)] = id;
        stack.assign(1, start);
        while (!stack.empty()) {
            const int i = stack.back();
            stack.pop_back();
            const int x = i % w, y = i / w;
            ++c.pixels;
            x0 = std::min(x0, x), x1 = std::max(x1, x);
            y0 = std::min(y0, y), y1 = std::max(y1, y);
            for (int ny = std::max(0, y - 1); ny <= std::min(h - 1, y + 1); ++ny)
                for (int nx = std::max(0, x - 1); nx <= std::min(w - 1, x + 1); ++nx) {
                    const int n = ny * w + nx;
                    if (image.pixels[std::size_t(n)] != 0 && labels[std::size_t(n)] < 0) {
                        labels[std::size_t(n)] = id;
                        stack.push_back(n);
                    }
                }
        }
        c.box = {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
        components.push_back(c);
    }
    if (components.size() < 2)
        return components;

    // main ink: components with at least keepFraction of the largest's pixels
    long largest = 0;
    for (const InkComponent &c : components)
        largest = std::max(largest, c.pixels);
    PixelRect main;
    for (const InkComponent &c : components)
        if (double(c.pixels) >= rule.keepFraction * double(largest))
            main = unite(main, c.box);
    // a smaller one is stray when its gap to the main box exceeds nearFraction of the main's
    // larger side (at least 2 px, so that a line broken by one pixel stays whole)
    const double far = std::max(2.0, rule.nearFraction * std::max(main.width, main.height));
    for (InkComponent &c : components)
        c.stray = double(c.pixels) < rule.keepFraction * double(largest) && gap(c.box, main) > far;
    return components;
}

GreyImage dropStrayInk(const GreyImage &image, const StrayRule &rule)
{
    std::vector<int> labels;
    const std::vector<InkComponent> components = inkComponents(image, labels, rule);
    GreyImage out = image;
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (labels[i] >= 0 && components[std::size_t(labels[i])].stray)
            out.pixels[i] = 0;
    return out;
}

} // namespace bplab
