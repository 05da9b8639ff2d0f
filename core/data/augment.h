#pragma once
// Augmentation of the training images: a random small affine transform (shift, rotation, scale)
// per sample and epoch, so that the network sees digits drawn a little off-centre, tilted or
// larger, as people draw them. Each transform is a pure function of (seed, epoch, sample index):
// no generator state, so a snapshot restores a run exactly and the same seed gives the same bits.

#include "nn/params.h"
#include "data/dataset.h"
#include "nn/network.h"

#include <array>
#include <cstdint>

namespace bplab {

/** Largest shift (pixels, each axis), rotation (degrees) and relative scale change. */
inline constexpr double kAugmentShift = 2.0;
inline constexpr double kAugmentDegrees = 10.0;
inline constexpr double kAugmentScale = 0.10;

/** One affine transform about the image centre: rotate by `degrees` (counter-clockwise on the
 *  screen), scale by `scale`, then shift by (dx, dy) pixels (x right, y down). */
struct Affine {
    double dx = 0;
    double dy = 0;
    double degrees = 0;
    double scale = 1;
};

/** The transform of training sample `index` in epoch `epoch` (0-based) of a run with `seed`:
 *  dx, dy uniform in [-2, 2], degrees in [-10, 10], scale in [0.9, 1.1]. */
Affine augmentTransform(std::uint64_t seed, int epoch, std::uint32_t index);

/** out = the 28x28 image `in` under t, by bilinear interpolation; pixels that come from outside
 *  the image are black (0). The identity transform copies the image exactly. */
void applyAffine(const std::uint8_t *in, const Affine &t, std::uint8_t *out);

} // namespace bplab
