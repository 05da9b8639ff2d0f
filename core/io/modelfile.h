#pragma once
// The model file (docs/file-formats.md): the weights with what made them (modelinfo.h), any
// architecture; reading a model file or an .npz (npz.h) by content.

#include "nn/mlp.h"
#include "io/modelinfo.h"
#include "result.h"
#include "train/trainconfig.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bplab {

/** The eight ASCII bytes a model file starts with, whatever its version. */
inline constexpr std::string_view kModelFileMagic = "BPLABMDL";

/** A network's weights with what the file says about them (nothing for version-1 files and
 *  .npz). */
struct Model {
    MlpParamsF params;
    std::optional<ModelInfo> info;
};

/** Writes magic, version, shapes, dtype, the arrays, the info (if any) and a CRC32; atomically.
 *  params must have the 784-128-10 shapes (nothing is written otherwise). */
Status saveModel(const std::string &path, const MlpParamsF &params);
Status saveModel(const std::string &path, const MlpParamsF &params, const ModelInfo &info);
/** Checks magic, version, shapes, size, info and CRC32; the message says what is wrong. Reads
 *  versions 1 and 2. */
Result<Model> readModel(const std::string &path);
/** readModel's weights alone. */
Result<MlpParamsF> loadModel(const std::string &path);

/** The bytes of a model file (what saveModel writes) and their decoding; name is for messages. */
std::vector<std::uint8_t> encodeModel(const MlpParamsF &params, const ModelInfo *info = nullptr);
Result<Model> decodeModelFile(const std::uint8_t *data, std::size_t size, const std::string &name);
Result<MlpParamsF> decodeModel(const std::uint8_t *data, std::size_t size, const std::string &name);
/** The size of a model file without info (407,140 bytes; version 1 files have this size too). */
std::size_t modelFileBytes();

/** A model file or an .npz, detected by content. */
Result<Model> readAnyModel(const std::string &path);
Result<MlpParamsF> loadAnyModel(const std::string &path);

// Any architecture. Model files: the source network is written as version 2, byte for byte what
// saveModel writes; every other dense shape as version 3, whose header adds the activation and
// whose arrays are W1, b1, ..., WL, bL; a layer list (convolution, pooling, dropout) as version 4,
// version 3 with the --layers text after the activation. Versions 1 and 2 read as 784-128-10
// ReLU. The functions above read version 3 only when it holds the source network, and say which
// network a version 3 or 4 file holds otherwise.

/** Weights of any architecture with what the file says about them. */
struct NetworkModel {
    Architecture arch;
    MlpParamsF params;
    std::optional<ModelInfo> info;
};

/** The bytes of a model file for params (in arch's shapes): version 2 for the source network,
 *  version 4 for a layer list, version 3 otherwise. */
std::vector<std::uint8_t> encodeNetworkModel(const Architecture &arch, const MlpParamsF &params,
                                             const ModelInfo *info = nullptr);
/** Reads versions 1 to 4; the message names the array whose shape does not fit. */
Result<NetworkModel> decodeNetworkModel(const std::uint8_t *data, std::size_t size, const std::string &name);
/** encodeNetworkModel written atomically; refuses (writing nothing) parameters not in arch's shapes. */
Status saveNetworkModel(const std::string &path, const Architecture &arch, const MlpParamsF &params,
                        const ModelInfo *info = nullptr);
Result<NetworkModel> readNetworkModel(const std::string &path);

/** A model file (any version) or an .npz of any architecture, detected by content. */
Result<NetworkModel> readAnyNetwork(const std::string &path);

} // namespace bplab
