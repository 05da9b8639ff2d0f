#pragma once
// Pen strokes as vector paths and their rasteriser: thick polylines as capsules, anti-aliased by
// counting covered sample points (a union, so overlapping segments never add up beyond full ink).

#include "greyimage.h"

#include <vector>

namespace bplab {

/** One point of a stroke in canvas coordinates; width is the pen's diameter there (canvas
 *  units, pressure already applied). */
struct StrokePoint {
    float x = 0;
    float y = 0;
    float width = 1;
};
/** A polyline drawn without lifting the pen; a single point is a dot. */
using Stroke = std::vector<StrokePoint>;

/**
 * Renders strokes anti-aliased into a black outW x outH image: point p goes to
 * (p - origin) * scale + offset in area coordinates (pixel (c, r) covers [c, c+1) x [r, r+1)),
 * the pen's diameter is width * widthScale. Each segment is a capsule whose radius changes
 * linearly between its ends; a pixel's grey level is the fraction of its ss x ss sample points
 * that any capsule covers.
 */
GreyImage renderStrokes(const std::vector<Stroke> &strokes, int outW, int outH, float originX, float originY,
                        float scale, float offsetX, float offsetY, float widthScale, int supersample);

} // namespace bplab
