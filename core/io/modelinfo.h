#pragma once
// What a model file says about how its weights were made (the info block of a version-2 or
// version-3 file, docs/file-formats.md): its text form and a line for people.

#include "result.h"
#include "train/trainconfig.h"

#include <cstdint>
#include <optional>
#include <string>

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

/** The info block's text ("key=value" lines, docs/file-formats.md) and its strict parsing. */
std::string encodeModelInfo(const ModelInfo &info);
Result<ModelInfo> decodeModelInfo(const std::string &text, const std::string &name);

} // namespace bplab
