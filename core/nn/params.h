#pragma once
// The matrix types of every network's parameters (mlp.h), and the default network's sizes.

#include "eigen.h"
#include <cstddef>
#include <cstdint>

namespace bplab {

inline constexpr int kInputs = 784;  ///< 28 x 28 pixels, flattened in row order
inline constexpr int kHidden = 128;  ///< the default network's hidden neurons (ReLU)
inline constexpr int kOutputs = 10;  ///< output neurons (SoftMax); class c is neuron c+1
inline constexpr int kImageSide = 28;

template <class S>
using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>; // column-major
template <class S>
using Vec = Eigen::Matrix<S, Eigen::Dynamic, 1>;
/** Row-major: each row contiguous. W1 is stored so, so that the two training threads' halves of
 *  the hidden layer (rows 0-63 and 64-127) are two separate blocks of memory: column-major, every
 *  column had half 0's rows and half 1's rows side by side, and the cores' prefetchers fought
 *  over the lines at the seam (two threads were no faster than one; docs/benchmarks.md). */
template <class S>
using RowMat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Sizes of the network, from the layer shapes.
constexpr std::size_t hiddenWeightCount() { return std::size_t(kHidden) * kInputs; }   // 100,352
constexpr std::size_t outputWeightCount() { return std::size_t(kOutputs) * kHidden; }  // 1,280
constexpr std::size_t weightCount() { return hiddenWeightCount() + outputWeightCount(); } // 101,632
constexpr std::size_t biasCount() { return std::size_t(kHidden) + kOutputs; }           // 138
constexpr std::size_t parameterCount() { return weightCount() + biasCount(); }          // 101,770
/** Bytes of the weights alone at a precision of bytesPerValue (2 = FP16, 4 = FP32, 8 = FP64). */
constexpr std::size_t weightBytes(int bytesPerValue) { return weightCount() * std::size_t(bytesPerValue); }
constexpr std::size_t parameterBytes(int bytesPerValue) { return parameterCount() * std::size_t(bytesPerValue); }
/** Forward-pass multiply-adds: one per weight per sample. */
constexpr std::size_t multiplyAddsPerSample() { return weightCount(); }
constexpr std::size_t multiplyAddsPerBatch(int batch) { return multiplyAddsPerSample() * std::size_t(batch); }

} // namespace bplab
