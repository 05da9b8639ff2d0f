#include "preprocess.h"

#include "components.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bplab {
namespace {

/** The extent of the rendered ink along one axis at scale s: max(s v + R) - min(s v - R). */
struct AxisExtent {
    std::vector<float> v, radius;
    double lowAt(double s) const
    {
        double lo = std::numeric_limits<double>::max();
        for (std::size_t i = 0; i < v.size(); ++i)
            lo = std::min(lo, s * v[i] - radius[i]);
        return lo;
    }
    double highAt(double s) const
    {
        double hi = std::numeric_limits<double>::lowest();
        for (std::size_t i = 0; i < v.size(); ++i)
            hi = std::max(hi, s * v[i] + radius[i]);
        return hi;
    }
    double extentAt(double s) const { return highAt(s) - lowAt(s); }
};

/** The 20x20 box pasted into 28x28 at the whole-pixel offset nearest to putting its centre of
 *  mass on (14, 14). */
void placeCentred(PreprocessResult &result)
{
    const CentreOfMass c = centreOfMass(result.fitted);
    result.fittedInk = inkBounds(result.fitted);
    if (!c.valid) {
        result.centred = GreyImage(kImageSide, kImageSide);
        return;
    }
    result.shiftX = int(std::round(kCentreOfMass - c.x));
    result.shiftY = int(std::round(kCentreOfMass - c.y));
    result.centred = placeShifted(result.fitted, kImageSide, kImageSide, result.shiftX, result.shiftY);
}

/** The strokes without those whose ink on the raw render (scale rawScale) lies only in stray
 *  components; a stroke with a point on the main ink is kept whole, and so is one that marks no
 *  pixel of the render at all (too thin to judge). */
std::vector<Stroke> withoutStrayStrokes(const std::vector<Stroke> &strokes, const GreyImage &raw, float rawScale,
                                        const StrayRule &rule)
{
    std::vector<int> labels;
    const std::vector<InkComponent> components = inkComponents(raw, labels, rule);
    if (components.size() < 2)
        return strokes;
    std::vector<Stroke> kept;
    for (const Stroke &stroke : strokes) {
        bool onMain = false, onStray = false;
        for (const StrokePoint &p : stroke) {
            const int x = int(std::floor(p.x * rawScale)), y = int(std::floor(p.y * rawScale));
            if (x < 0 || y < 0 || x >= raw.width || y >= raw.height)
                continue;
            const int label = labels[std::size_t(y) * std::size_t(raw.width) + std::size_t(x)];
            if (label >= 0) {
                onMain = onMain || !components[std::size_t(label)].stray;
                onStray = onStray || components[std::size_t(label)].stray;
            }
        }
        if (onMain || !onStray)
            kept.push_back(stroke);
    }
    return kept;
}

void finish(PreprocessResult &result)
{
    std::copy(result.centred.pixels.begin(), result.centred.pixels.end(), result.input.begin());
    result.centre = centreOfMass(result.centred);
    result.empty = !result.centre.valid;
}

} // namespace

PreprocessResult preprocessStrokes(const std::vector<Stroke> &strokes, int canvasW, int canvasH,
                                   const StrokeOptions &options)
{
    PreprocessResult result;
    const int side = std::max(1, std::max(canvasW, canvasH));
    const float rawScale = std::min(1.f, float(options.rawMaxSide) / float(side));
    result.raw = renderStrokes(strokes, std::max(1, int(std::lround(canvasW * rawScale))),
                               std::max(1, int(std::lround(canvasH * rawScale))), 0, 0, rawScale, 0, 0,
                               rawScale, 2);
    // Strokes whose ink is a stray speck (components.h) on the raw render do not count.
    const std::vector<Stroke> kept = withoutStrayStrokes(strokes, result.raw, rawScale, options.stray);
    result.cropBox = inkBounds(result.raw);
    result.cropped = cropImage(result.raw, result.cropBox);
    if (kept.size() != strokes.size()) {
        const GreyImage clean = renderStrokes(kept, result.raw.width, result.raw.height, 0, 0, rawScale, 0, 0,
                                              rawScale, 2);
        result.cropBox = inkBounds(clean);
        result.cropped = cropImage(clean, result.cropBox);
    }

    AxisExtent ex, ey;
    const float widthScale = kMnistPenWidth / std::max(1e-3f, options.referenceWidth);
    for (const Stroke &stroke : kept)
        for (const StrokePoint &p : stroke) {
            const float r = 0.5f * p.width * widthScale;
            ex.v.push_back(p.x), ex.radius.push_back(r);
            ey.v.push_back(p.y), ey.radius.push_back(r);
        }
    if (ex.v.empty()) {
        result.centred = GreyImage(kImageSide, kImageSide);
        return result;
    }

    // The scale s at which the larger side of the ink (pen included, at its fixed MNIST width)
    // is exactly 20: the extents grow monotonically with s, so bisect. A drawing too small to
    // reach 20 even at sMax (a dot) is enlarged no further.
    auto extent = [&](double s) { return std::max(ex.extentAt(s), ey.extentAt(s)); };
    const double sMax = double(kFittedBox) / (0.02 * side);
    double s = sMax;
    if (extent(sMax) > kFittedBox) {
        double lo = 0, hi = sMax;
        for (int i = 0; i < 60; ++i) {
            const double mid = 0.5 * (lo + hi);
            (extent(mid) > kFittedBox ? hi : lo) = mid;
        }
        s = lo;
    }

    // The 20x20 stage: the ink's box centred in the box.
    const double offX = (kFittedBox - ex.extentAt(s)) / 2 - ex.lowAt(s);
    const double offY = (kFittedBox - ey.extentAt(s)) / 2 - ey.lowAt(s);
    const int ss = options.supersample;
    result.fitted = renderStrokes(kept, kFittedBox, kFittedBox, 0, 0, float(s), float(offX), float(offY),
                                  widthScale, ss);

    // The 28x28 field: the 20x20 box moved by whole pixels so that the centre of mass is as near
    // (14, 14) as whole pixels allow (within 0.5 px), as MNIST did: a sub-pixel move would spread
    // the ink over a 21st row or column.
    placeCentred(result);
    finish(result);
    return result;
}

PreprocessResult preprocessPicture(const GreyImage &picture, const PictureOptions &options)
{
    PreprocessResult result;
    result.centred = GreyImage(kImageSide, kImageSide);
    if (picture.isNull())
        return result;

    // Paper is what the border shows: light paper (mean > 127) means dark ink, so invert.
    auto borderMean = [](const GreyImage &g) {
        double sum = 0;
        long n = 0;
        for (int c = 0; c < g.width; ++c) {
            sum += g.at(c, 0) + (g.height > 1 ? g.at(c, g.height - 1) : 0);
            n += g.height > 1 ? 2 : 1;
        }
        for (int r = 1; r + 1 < g.height; ++r) {
            sum += g.at(0, r) + (g.width > 1 ? g.at(g.width - 1, r) : 0);
            n += g.width > 1 ? 2 : 1;
        }
        return n ? sum / double(n) : 0.0;
    };
    GreyImage ink = picture;
    if (borderMean(picture) > 127)
        for (auto &v : ink.pixels)
            v = std::uint8_t(255 - v);

    // ink' = (v - paper) * 255 / (max - paper) for v above paper + noiseFraction (max - paper),
    // else 0: paper goes to black, the strongest ink to 255, faint specks and texture vanish.
    const double paper = borderMean(ink);
    const double strongest = *std::max_element(ink.pixels.begin(), ink.pixels.end());
    if (strongest - paper < 8) { // nothing stands out of the paper
        result.raw = ink;
        return result;
    }
    const double threshold = paper + options.noiseFraction * (strongest - paper);
    for (auto &v : ink.pixels)
        v = v <= threshold ? 0
                           : std::uint8_t(std::clamp(std::lround((v - paper) * 255.0 / (strongest - paper)), 0L, 255L));
    result.raw = ink;

    // Stray specks far from the digit (components.h) do not widen its box.
    const GreyImage kept = dropStrayInk(ink, options.stray);
    const PixelRect box = inkBounds(kept);
    result.cropBox = box;
    result.cropped = cropImage(kept, box);
    // fit the larger side to 20, keeping the aspect ratio
    const double s = double(kFittedBox) / std::max(box.width, box.height);
    const int fw = std::clamp(int(std::lround(box.width * s)), 1, kFittedBox);
    const int fh = std::clamp(int(std::lround(box.height * s)), 1, kFittedBox);
    const GreyImage small = resampleArea(result.cropped, fw, fh);
    result.fitted = placeShifted(small, kFittedBox, kFittedBox, (kFittedBox - fw) / 2, (kFittedBox - fh) / 2);

    placeCentred(result);
    finish(result);
    return result;
}

} // namespace bplab
