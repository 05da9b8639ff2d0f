#pragma once
// The class the network gives a few samples at once (one matrix product per layer): the marks of
// a mini-batch's mosaic, without the loss or the probabilities.

#include "data/dataset.h"
#include "nn/network.h"
#include "nn/params.h"

#include <cstdint>
#include <vector>

namespace bplab {

/** argmax_k z2_k of each sample `indices[i]` of `data`, scaled by `normalize`. */
std::vector<std::int8_t> classifySamples(const ParamsF &params, const Dataset &data,
                                         const std::vector<std::uint32_t> &indices, Normalize normalize);

} // namespace bplab
