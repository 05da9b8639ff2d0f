#pragma once
// A small synthetic DataSplit for the Dataset view's tests: known labels per set and a pixel
// pattern that differs between images, so a test can tell which image was painted.

#include <data/dataset.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace bplab::test {

/** Training labels: 1x class 0, 2x class 1, 3x class 2, 4x class 3, 2x class 9 (12 images). */
inline const std::vector<std::uint8_t> kTrainLabels{3, 0, 1, 2, 9, 1, 2, 3, 2, 3, 9, 3};
/** Test labels: 2x class 5, 1x class 7. */
inline const std::vector<std::uint8_t> kTestLabels{5, 7, 5};

/** Pixel (r, c) of image i: (r * 28 + c + 7 * i) mod 256. */
inline std::uint8_t fixturePixel(int image, int r, int c)
{
    return std::uint8_t((r * kImageSide + c + 7 * image) % 256);
}

inline Dataset fixtureSet(const std::vector<std::uint8_t> &labels)
{
    Dataset d;
    d.labels = labels;
    d.pixels.resize(labels.size() * std::size_t(kInputs));
    for (std::size_t i = 0; i < labels.size(); ++i)
        for (int r = 0; r < kImageSide; ++r)
            for (int c = 0; c < kImageSide; ++c)
                d.pixels[i * kInputs + std::size_t(r * kImageSide + c)] = fixturePixel(int(i), r, c);
    return d;
}

inline std::shared_ptr<const DataSplit> fixtureSplit(bool fashionNames = false)
{
    auto s = std::make_shared<DataSplit>();
    s->name = "synthetic";
    s->train = fixtureSet(kTrainLabels);
    s->test = fixtureSet(kTestLabels);
    for (int k = 0; k < kOutputs; ++k)
        s->classNames[std::size_t(k)] = std::to_string(k);
    if (fashionNames)
        s->classNames = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                         "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"};
    return s;
}

} // namespace bplab::test
