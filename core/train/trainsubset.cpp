#include "train/trainsubset.h"

#include "rng.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <vector>

namespace bplab {

std::vector<std::uint32_t> balancedSubsetIndices(const Dataset &data, std::size_t n, std::uint64_t seed)
{
    if (n >= data.size()) {
        std::vector<std::uint32_t> all(data.size());
        std::iota(all.begin(), all.end(), std::uint32_t(0));
        return all;
    }
    std::array<std::vector<std::uint32_t>, kOutputs> byClass;
    for (std::size_t i = 0; i < data.size(); ++i)
        byClass[std::size_t(data.label(i)) % kOutputs].push_back(std::uint32_t(i));
    Rng rng(mixSeed(seed, 7));
    for (auto &indices : byClass)
        shuffle(indices.data(), indices.size(), rng);

    std::vector<std::uint32_t> chosen;
    chosen.reserve(n);
    for (std::size_t turn = 0; chosen.size() < n; ++turn)
        for (const auto &indices : byClass)
            if (turn < indices.size() && chosen.size() < n)
                chosen.push_back(indices[turn]);
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

Dataset subsetOf(const Dataset &data, const std::vector<std::uint32_t> &indices)
{
    const std::size_t pixels = std::size_t(data.rows) * std::size_t(data.cols);
    Dataset out;
    out.rows = data.rows;
    out.cols = data.cols;
    out.pixels.resize(indices.size() * pixels);
    out.labels.resize(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) {
        std::copy_n(data.image(indices[k]), pixels, out.pixels.data() + k * pixels);
        out.labels[k] = data.labels[indices[k]];
    }
    return out;
}

Dataset balancedSubset(const Dataset &data, std::size_t n, std::uint64_t seed)
{
    if (n >= data.size())
        return data;
    return subsetOf(data, balancedSubsetIndices(data, n, seed));
}

} // namespace bplab
