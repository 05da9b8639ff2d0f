#pragma once
// MNIST's own preprocessing (LeCun, Cortes and Burges, "The MNIST database"): the ink's bounding
// box is scaled to fit a 20x20 box keeping its aspect ratio, with anti-aliased grey levels, and
// placed in the 28x28 field so that its intensity-weighted centre of mass lies at the centre.
// Before the box is taken, small specks far from the digit are dropped (components.h: the rule).
// Two inputs: pen strokes kept as vector paths (re-rendered at the final scale, so the stroke is
// as wide as MNIST's however large it was drawn) and grey pictures of any size.

#include "components.h"
#include "greyimage.h"
#include "raster.h"
#include "nn/params.h"

#include <array>
#include <cstdint>
#include <vector>

namespace bplab {

/** MNIST's field, the box the ink is scaled into, and where its centre of mass goes. */
inline constexpr int kFittedBox = 20;
/** Target centre of mass in index coordinates (pixel (c, r) centred at (c, r)): MNIST's
 *  average, 0.5 px right of and below the field's geometric centre 13.5. */
inline constexpr double kCentreOfMass = 14.0;
/**
 * Stroke diameter in the 28x28 field (= 20x20-box units) for a point drawn at the reference
 * width: MNIST's strokes carry about 2.7 units of ink per row across a "1" (test set median,
 * slant included), i.e. a pen about 2.5 px wide.
 */
inline constexpr float kMnistPenWidth = 2.5f;

/** Every stage, for the thumbnails, and the network's input. */
struct PreprocessResult {
    GreyImage raw;     ///< the strokes as drawn (scaled down to at most rawMaxSide), or the picture with ink white
    GreyImage cropped; ///< raw cut to the ink's bounding box, stray specks removed
    GreyImage fitted;  ///< the ink fitted into the 20x20 box (aspect kept, centred in the box)
    GreyImage centred; ///< 28x28, centre of mass within 0.5 px of (kCentreOfMass, kCentreOfMass)
    std::array<std::uint8_t, kInputs> input{}; ///< centred's bytes (all 0 when empty)
    bool empty = true;                         ///< no ink at all
    CentreOfMass centre;                       ///< of centred, measured after placing
    // Where each stage came from (for showing the steps): the crop in raw's pixels, the ink
    // inside the 20x20 box, and where the box's pixel (0, 0) went in the 28x28 field.
    PixelRect cropBox;
    PixelRect fittedInk;
    int shiftX = 0, shiftY = 0;
};

struct StrokeOptions {
    /** The canvas width (pen diameter) that maps to kMnistPenWidth; wider pens draw wider. */
    float referenceWidth = 24.f;
    /** Longest side of the raw stage's render (it is only a thumbnail). */
    int rawMaxSide = 140;
    /** Samples per pixel side for the anti-aliasing (coverage of ss x ss points). */
    int supersample = 8;
    /** Which specks are dropped before the box is taken (keepFraction 0: none). */
    StrayRule stray;
};

/**
 * The MNIST pipeline for strokes drawn on a canvasW x canvasH canvas. The bounding box of the
 * strokes (pen width included) is fitted into 20x20 (its larger side spans exactly the box, the
 * other is centred), the strokes are rendered again at that scale with the pen
 * kMnistPenWidth * width / referenceWidth wide (no bitmap is shrunk, so the stroke has MNIST's
 * width and anti-aliasing whatever the drawing's size and position), and the box is pasted into
 * 28x28 moved by the whole pixels that bring the centre of mass nearest to (14, 14), as MNIST did.
 */
PreprocessResult preprocessStrokes(const std::vector<Stroke> &strokes, int canvasW, int canvasH,
                                   const StrokeOptions &options = {});

struct PictureOptions {
    /** Ink below this fraction of the strongest ink (after inversion) is paper noise and
     *  dropped; the remaining range is stretched to 0-255. */
    double noiseFraction = 0.15;
    /** Which specks are dropped before the box is taken (keepFraction 0: none). */
    StrayRule stray;
};

/**
 * The same pipeline for a grey picture of any size: dark ink on light paper (the border's mean
 * above 127) is inverted, faint noise dropped, the ink's bounding box cut out, shrunk (or
 * enlarged) by area averaging to fit 20x20 keeping its aspect ratio, and placed in 28x28 with its
 * centre of mass within 0.5 px of (14, 14) (whole-pixel moves, as MNIST).
 */
PreprocessResult preprocessPicture(const GreyImage &picture, const PictureOptions &options = {});

} // namespace bplab
