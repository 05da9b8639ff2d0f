#pragma once
// A grey bitmap as plain bytes (no Qt), and the small operations the preprocessing shares.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bplab {

/** width x height bytes in row order; 0 = black (no ink), 255 = full ink (MNIST's polarity). */
struct GreyImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;

    GreyImage() = default;
    GreyImage(int w, int h, std::uint8_t fill = 0)
        : width(w), height(h), pixels(std::size_t(w > 0 ? w : 0) * std::size_t(h > 0 ? h : 0), fill) {}
    bool isNull() const { return width <= 0 || height <= 0; }
    std::uint8_t at(int x, int y) const { return pixels[std::size_t(y) * std::size_t(width) + std::size_t(x)]; }
    std::uint8_t &at(int x, int y) { return pixels[std::size_t(y) * std::size_t(width) + std::size_t(x)]; }
};

/** Pixel rectangle [x, x+width) x [y, y+height). */
struct PixelRect {
    int x = 0, y = 0, width = 0, height = 0;
    bool isEmpty() const { return width <= 0 || height <= 0; }
};

/**
 * Centre of mass in index coordinates: pixel (column c, row r) has its centre at (c, r), so a
 * 28x28 field spans [-0.5, 27.5] and MNIST's digits have their centre of mass at (14, 14) on
 * average (measured on the test set: 14.00, 13.99). valid is false for an all-black image.
 */
struct CentreOfMass {
    double x = 0, y = 0;
    bool valid = false;
};
CentreOfMass centreOfMass(const GreyImage &image);

/** The smallest rectangle holding every pixel above threshold (empty when there is none). */
PixelRect inkBounds(const GreyImage &image, std::uint8_t threshold = 0);

/** The part of image inside rect (clipped to the image). */
GreyImage cropImage(const GreyImage &image, const PixelRect &rect);

/**
 * Area-average resampling to outW x outH: each output pixel is the mean of the source area it
 * covers, fractional source pixels weighted by their overlap (a box filter; for enlargement it
 * repeats pixels).
 */
GreyImage resampleArea(const GreyImage &image, int outW, int outH);

/**
 * Draws image into a black fieldW x fieldH field so that the centre of its pixel (0, 0) lands at
 * (x, y) in the field's index coordinates; fractional positions are resampled bilinearly.
 */
GreyImage placeShifted(const GreyImage &image, int fieldW, int fieldH, double x, double y);

} // namespace bplab
