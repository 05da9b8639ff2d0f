#pragma once
// Stray specks: small blobs of ink far from the digit (dust on a photographed page, a pen touching
// the canvas by accident) would widen the ink's bounding box and shrink the digit in the 20x20 box.
// They are found as 8-connected components of the ink and dropped before the box is taken.
//
// The rule (StrayRule): the "main ink" is every component holding at least keepFraction of the
// largest component's pixels (a digit drawn in two strokes that do not touch, e.g. a 4 or the bar
// of a 5, has two such parts). A smaller component is kept when its box lies within nearFraction
// of the main ink's larger side from the main ink's box (a short stroke or a break in a line stays
// part of the digit) and dropped only when it is both small and far.

#include "greyimage.h"

#include <vector>

namespace bplab {

struct StrayRule {
    /** Components with at least this fraction of the largest's pixels are main ink. */
    double keepFraction = 0.15;
    /** Smaller components nearer than this fraction of the main ink's larger side are kept. */
    double nearFraction = 0.25;
};

/** One 8-connected component of the pixels above 0. */
struct InkComponent {
    PixelRect box;
    long pixels = 0;
    bool stray = false; ///< dropped by the rule
};

/**
 * Labels the 8-connected components of the ink (pixels > 0): labels[y * width + x] is the index
 * into the returned components, or -1 for no ink. Each component's `stray` says whether the rule
 * drops it.
 */
std::vector<InkComponent> inkComponents(const GreyImage &image, std::vector<int> &labels,
                                        const StrayRule &rule = {});

/** The image with the stray components' pixels set to 0 (a copy; unchanged without strays). */
GreyImage dropStrayInk(const GreyImage &image, const StrayRule &rule = {});

} // namespace bplab
