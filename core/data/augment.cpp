#include "data/augment.h"

#include "rng.h"

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {

/** Uniform in [a, b) from 53 bits of mixSeed(key, stream): a counter-based draw, no state. */
double uniformAt(std::uint64_t key, std::uint64_t stream, double a, double b)
{
    return a + (b - a) * (double(mixSeed(key, stream) >> 11) * 0x1.0p-53);
}

} // namespace

Affine augmentTransform(std::uint64_t seed, int epoch, std::uint32_t index)
{
    // Stream 2 of the run's seed (0: initialisation, 1: shuffling), then the epoch, then the sample.
    const std::uint64_t key = mixSeed(mixSeed(mixSeed(seed, 2), std::uint64_t(epoch)), index);
    Affine t;
    t.dx = uniformAt(key, 0, -kAugmentShift, kAugmentShift);
    t.dy = uniformAt(key, 1, -kAugmentShift, kAugmentShift);
    t.degrees = uniformAt(key, 2, -kAugmentDegrees, kAugmentDegrees);
    t.scale = uniformAt(key, 3, 1.0 - kAugmentScale, 1.0 + kAugmentScale);
    return t;
}

void applyAffine(const std::uint8_t *in, const Affine &t, std::uint8_t *out)
{
    constexpr int n = kImageSide;
    constexpr double centre = (n - 1) / 2.0; // 13.5: the middle between the two central pixels
    constexpr double kPi = 3.14159265358979323846;
    const double angle = t.degrees * kPi / 180.0;
    // Each output pixel p samples the input at the inverse map: q = R(-angle) (p - c - d) / s + c.
    // With y pointing down, R(-angle) turns the picture counter-clockwise on the screen.
    const double c = std::cos(angle) / t.scale, s = std::sin(angle) / t.scale;
    for (int y = 0; y < n; ++y) {
        for (int x = 0; x < n; ++x) {
            const double u = x - centre - t.dx, v = y - centre - t.dy;
            const double sx = c * u - s * v + centre;
            const double sy = s * u + c * v + centre;
            const double fx = std::floor(sx), fy = std::floor(sy);
            const int x0 = int(fx), y0 = int(fy);
            const double ax = sx - fx, ay = sy - fy;
            // value = (1-ax)(1-ay) I00 + ax(1-ay) I10 + (1-ax)ay I01 + ax ay I11, zero outside
            const auto at = [&](int xx, int yy) -> double {
                return xx < 0 || yy < 0 || xx >= n || yy >= n ? 0.0 : double(in[yy * n + xx]);
            };
            const double value = (1 - ax) * (1 - ay) * at(x0, y0) + ax * (1 - ay) * at(x0 + 1, y0) +
                                 (1 - ax) * ay * at(x0, y0 + 1) + ax * ay * at(x0 + 1, y0 + 1);
            out[y * n + x] = std::uint8_t(std::clamp(std::lround(value), 0L, 255L));
        }
    }
}

} // namespace bplab
