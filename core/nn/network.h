#pragma once
// The choices every network is made with: the initialisation rule and the input scaling, and the
// scaling itself (784 bytes into the input x).

#include "data/dataset.h"
#include "nn/params.h"

#include <cstdint>
#include <optional>
#include <string>

namespace bplab {

enum class Init { He, Xavier, PyTorch };
/** Every initialisation, in the order the CLI lists them. */
inline constexpr Init kInits[] = {Init::He, Init::Xavier, Init::PyTorch};
enum class Normalize { None, Standard }; // x/255, or (x/255 - 0.1307) / 0.3081 (MNIST mean/std)

/** Scales 784 bytes into the network's input x (column vector). Defined for float and double. */
template <class S>
Vec<S> scaleInput(const std::uint8_t *pixels, Normalize normalize);
template <>
Vec<float> scaleInput<float>(const std::uint8_t *pixels, Normalize normalize);
template <>
Vec<double> scaleInput<double>(const std::uint8_t *pixels, Normalize normalize);
/** The 256 float input values for the bytes 0-255 under a scaling (the same bits as scaleBytes). */
const float *inputTable(Normalize normalize);
/** out[i] = the float input for pixels[i], i < n (vectorised; what every float path uses). */
void scaleBytes(const std::uint8_t *pixels, int n, Normalize normalize, float *out);

std::string toString(Init init);
std::string toString(Normalize normalize);
/** "he", "xavier", "pytorch" / "none", "standard"; nullopt for anything else. */
std::optional<Init> parseInit(const std::string &name);
std::optional<Normalize> parseNormalize(const std::string &name);

} // namespace bplab

