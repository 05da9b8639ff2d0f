#pragma once
// A small synthetic dataset for training tests: ten classes, each a fixed random prototype image
// plus noise, so that a few epochs separate them.

#include "data/dataset.h"
#include "rng.h"

#include <memory>

namespace bplab::test {

inline std::shared_ptr<DataSplit> syntheticSplit(std::size_t train, std::size_t test, std::uint64_t seed = 9)
{
    Rng rng(seed);
    std::vector<std::uint8_t> prototypes(std::size_t(kOutputs) * kInputs);
    for (auto &v : prototypes)
        v = rng.uniform01() < 0.2 ? std::uint8_t(128 + rng.below(128)) : 0;
    auto make = [&](std::size_t n, Dataset &d) {
        d.pixels.resize(n * kInputs);
        d.labels.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const int label = int(rng.below(kOutputs));
            d.labels[i] = std::uint8_t(label);
            for (int p = 0; p < kInputs; ++p) {
                int v = prototypes[std::size_t(label) * kInputs + std::size_t(p)];
                v += int(rng.below(61)) - 30; // noise
                if (rng.uniform01() < 0.1)
                    v = 0; // dropped pixels
                d.pixels[i * kInputs + std::size_t(p)] = std::uint8_t(std::clamp(v, 0, 255));
            }
        }
    };
    auto split = std::make_shared<DataSplit>();
    split->name = "synthetic";
    make(train, split->train);
    make(test, split->test);
    for (int c = 0; c < kOutputs; ++c)
        split->classNames[std::size_t(c)] = std::to_string(c);
    return split;
}

} // namespace bplab::test
