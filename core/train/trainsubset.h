#pragma once
// A smaller training set drawn evenly from every class (train --train-subset N), e.g. to watch a
// network learn a few hundred images by heart while the test accuracy stays behind.

#include "data/dataset.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bplab {

/**
 * The first n images of a seeded shuffle balanced by class: each class's images are shuffled
 * (by seed), then taken in turns, class 0 to 9 (each class's first, then each one's second, ...,
 * a class that runs out left out of the turns), so that n images hold every class n/10 times,
 * within one, while the classes last. The images keep their order in data; n >= data.size()
 * returns data whole.
 */
Dataset balancedSubset(const Dataset &data, std::size_t n, std::uint64_t seed);
/** The images of data at `indices` (in that order), with their labels. */
Dataset subsetOf(const Dataset &data, const std::vector<std::uint32_t> &indices);
/** The images a run trains on when it asks for `wanted` of `available`: all of them for 0 (no
 *  subset) or for a number at least as large, else `wanted` (TrainConfig::trainSubset's rule). */
inline std::size_t subsetSize(std::size_t wanted, std::size_t available)
{
    return wanted == 0 || wanted >= available ? available : wanted;
}
/** The indices into data of balancedSubset(data, n, seed)'s images, ascending (all of them when
 *  n >= data.size()). */
std::vector<std::uint32_t> balancedSubsetIndices(const Dataset &data, std::size_t n, std::uint64_t seed);

} // namespace bplab
