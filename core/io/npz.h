#pragma once
// NumPy .npz files of the weights in torch.nn.Linear layout: float32 .npy entries in a zip,
// written stored; read stored or deflated, float32 or float64, C or Fortran order.

#include "io/modelfile.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bplab {

/** W1 (128x784), b1 (128), W2 (10x128), b2 (10) as float32 .npy entries in a zip (stored). */
Status saveNpz(const std::string &path, const MlpParamsF &params);
/** Reads such a file (stored or deflated entries; float32 or float64; C or Fortran order). */
Result<MlpParamsF> loadNpz(const std::string &path);

/** The bytes of an .npz as saveNpz writes them, and the decoding of any .npz loadNpz accepts. */
std::vector<std::uint8_t> encodeNpz(const MlpParamsF &params);
Result<MlpParamsF> decodeNpz(const std::uint8_t *data, std::size_t size, const std::string &name);

/** W1, b1, ..., WL, bL as float32 .npy entries, then `activation` as a 0-d NumPy unicode string
 *  ("<U4" for "relu"): np.load reads all of it with allow_pickle=False. A layer list's in PyTorch's
 *  layouts: W1..WL only for the layers with parameters, a convolution's weight C_out x C_in x k x k,
 *  then also `layers`, the --layers text. */
std::vector<std::uint8_t> encodeNetworkNpz(const Architecture &arch, const MlpParamsF &params);
/** Reads such a file, or one without `activation` (then ReLU); with `layers`, the network it names
 *  (every array in its layout, a convolution's 4-D in C order). The message names a missing or
 *  misshapen array. */
Result<NetworkModel> decodeNetworkNpz(const std::uint8_t *data, std::size_t size, const std::string &name);
Status saveNetworkNpz(const std::string &path, const Architecture &arch, const MlpParamsF &params);

} // namespace bplab
