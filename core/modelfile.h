#pragma once
// The model file (docs/file-formats.md) and NumPy .npz export/import (torch.nn.Linear layout).

#include "mlp.h"
#include "params.h"
#include "result.h"
#include "trainconfig.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bplab {

struct DataSplit;

/**
 * What a model file (version 2) says about how its weights were made: the recipe (input scaling,
 * init, seed, epochs, batch, lr, momentum, schedule, augmentation), the data and the result.
 * eval, explain and predict scale their inputs as recipe.normalize says.
 */
struct ModelInfo {
    TrainConfig recipe;
    std::string initFrom; ///< the file the weights started from (train --init-from); empty: recipe.init
    std::string dataset;  ///< the data's name (DataSplit::name)
    std::uint64_t trainCount = 0; ///< images trained on
    std::uint64_t testCount = 0;
    std::uint32_t trainCrc = 0; ///< CRC32 of the training labels followed by the training pixels
    std::uint32_t testCrc = 0;  ///< the same for the test set
    int epochsTrained = 0;
    std::optional<double> testAccuracy; ///< percent, after the last epoch trained, when known

    bool operator==(const ModelInfo &o) const;
};

/** The info of a run of `config` on `data` after `epochsTrained` epochs (reads the data's bytes
 *  once for the CRCs: about 50 ms for 60,000 images). */
ModelInfo modelInfoFor(const TrainConfig &config, const DataSplit &data, int epochsTrained,
                       std::optional<double> testAccuracy);

/** One line for people: "10 epochs on MNIST (10,000 training images), he init, seed 1, SGD lr 0.1,
 *  batch 64, inputs x/255; test accuracy 93.56%". */
std::string describeModelInfo(const ModelInfo &info);

/** Weights with what the file says about them (nothing for version-1 files and .npz). */
struct Model {
    ParamsF params;
    std::optional<ModelInfo> info;
};

/** Writes magic, version, shapes, dtype, the arrays, the info (if any) and a CRC32; atomically. */
Status saveModel(const std::string &path, const ParamsF &params);
Status saveModel(const std::string &path, const ParamsF &params, const ModelInfo &info);
/** Checks magic, version, shapes, size, info and CRC32; the message says what is wrong. Reads
 *  versions 1 and 2. */
Result<Model> readModel(const std::string &path);
/** readModel's weights alone. */
Result<ParamsF> loadModel(const std::string &path);

/** W1 (128x784), b1 (128), W2 (10x128), b2 (10) as float32 .npy entries in a zip (stored). */
Status saveNpz(const std::string &path, const ParamsF &params);
/** Reads such a file (stored or deflated entries; float32 or float64; C or Fortran order). */
Result<ParamsF> loadNpz(const std::string &path);

/** The bytes of a model file (what saveModel writes) and their decoding; name is for messages. */
std::vector<std::uint8_t> encodeModel(const ParamsF &params, const ModelInfo *info = nullptr);
Result<Model> decodeModelFile(const std::uint8_t *data, std::size_t size, const std::string &name);
Result<ParamsF> decodeModel(const std::uint8_t *data, std::size_t size, const std::string &name);
/** The size of a model file without info (407,140 bytes; version 1 files have this size too). */
std::size_t modelFileBytes();

/** The info block's text ("key=value" lines, docs/file-formats.md) and its strict parsing. */
std::string encodeModelInfo(const ModelInfo &info);
Result<ModelInfo> decodeModelInfo(const std::string &text, const std::string &name);

/** The bytes of an .npz as saveNpz writes them, and the decoding of any .npz loadNpz accepts. */
std::vector<std::uint8_t> encodeNpz(const ParamsF &params);
Result<ParamsF> decodeNpz(const std::uint8_t *data, std::size_t size, const std::string &name);

/** A model file or an .npz, detected by content. */
Result<Model> readAnyModel(const std::string &path);
Result<ParamsF> loadAnyModel(const std::string &path);

// Any architecture. Model files: the source network is written as version 2, byte for byte what
// saveModel writes; every other shape as version 3, whose header adds the activation and whose
// arrays are W1, b1, ..., WL, bL. Versions 1 and 2 read as 784-128-10 ReLU. The functions above
// read version 3 only when it holds the source network, and say which network it holds otherwise.

/** Weights of any architecture with what the file says about them. */
struct NetworkModel {
    Architecture arch;
    MlpParamsF params;
    std::optional<ModelInfo> info;
};

/** The bytes of a model file for params (in arch's shapes): version 2 for the source network,
 *  version 3 otherwise. */
std::vector<std::uint8_t> encodeNetworkModel(const Architecture &arch, const MlpParamsF &params,
                                             const ModelInfo *info = nullptr);
/** Reads versions 1, 2 and 3; the message names the array whose shape does not fit. */
Result<NetworkModel> decodeNetworkModel(const std::uint8_t *data, std::size_t size, const std::string &name);
/** encodeNetworkModel written atomically; refuses (writing nothing) parameters not in arch's shapes. */
Status saveNetworkModel(const std::string &path, const Architecture &arch, const MlpParamsF &params,
                        const ModelInfo *info = nullptr);
Result<NetworkModel> readNetworkModel(const std::string &path);

/** W1, b1, ..., WL, bL as float32 .npy entries, then `activation` as a 0-d NumPy unicode string
 *  ("<U4" for "relu"): np.load reads all of it with allow_pickle=False. */
std::vector<std::uint8_t> encodeNetworkNpz(const Architecture &arch, const MlpParamsF &params);
/** Reads such a file, or one without `activation` (then ReLU); the message names a missing or
 *  misshapen array. */
Result<NetworkModel> decodeNetworkNpz(const std::uint8_t *data, std::size_t size, const std::string &name);
Status saveNetworkNpz(const std::string &path, const Architecture &arch, const MlpParamsF &params);
/** A model file (any version) or an .npz of any architecture, detected by content. */
Result<NetworkModel> readAnyNetwork(const std::string &path);

} // namespace bplab
