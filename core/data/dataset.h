#pragma once
// Datasets kept as bytes (60,000 x 784 = 47 MB, not 188 MB of floats), the data-folder lookup and
// one-hot encoding.

#include "nn/params.h"
#include "result.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bplab {

/** Images and their labels, as bytes. */
struct Dataset {
    int rows = kImageSide;
    int cols = kImageSide;
    std::vector<std::uint8_t> pixels; // size() * rows * cols
    std::vector<std::uint8_t> labels; // 0-9

    std::size_t size() const { return labels.size(); }
    const std::uint8_t *image(std::size_t i) const { return pixels.data() + i * std::size_t(rows * cols); }
    int label(std::size_t i) const { return labels[i]; }
};

/** A training set and a test set from one folder. */
struct DataSplit {
    std::string name;   ///< "MNIST", "Fashion-MNIST", "MNIST sample" or the folder's name
    std::string folder; ///< where it was read from
    Dataset train;
    Dataset test;
    std::array<std::string, kOutputs> classNames; ///< "0".."9", or Fashion-MNIST's names
};

enum class KnownDataset { Mnist, Fashion, Sample };

/**
 * Reads a folder holding train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-images-idx3-ubyte
 * and t10k-labels-idx1-ubyte, each optionally .gz. Where train-images is absent, a single
 * train<tag>-images-idx3-ubyte with its train<tag>-labels-idx1-ubyte is taken (e.g. train10k-...).
 * Image and label counts must agree. One of the two sets may be absent altogether (its Dataset is
 * then empty; a folder of imported pictures often holds a test set only); half a set is an error.
 * Fashion-MNIST is recognised by its folder and gets its names.
 */
Result<DataSplit> loadDataFolder(const std::string &folder);

/** $XDG_DATA_HOME/backprop-lab, or ~/.local/share/backprop-lab. */
std::string appDataFolder();
/** mnist: appDataFolder()/mnist; sample: appDataFolder()/sample; fashion: /usr/share/datasets/fashion-mnist. */
std::string knownDatasetFolder(KnownDataset which);
std::optional<KnownDataset> parseKnownDataset(const std::string &name); // "mnist", "fashion", "sample"

/** True when folder holds the two t10k files or one set of training files (raw or .gz). */
bool looksLikeDataFolder(const std::string &folder);

/**
 * The folder to use: explicitDir if given; else the known dataset if given; else $BPLAB_DATA;
 * else full MNIST in the application data folder; else the offline sample. The error lists every
 * place looked in and what to do.
 */
Result<std::string> findDataFolder(const std::string &explicitDir, std::optional<KnownDataset> known);

/** y = one-hot(label): ten values with a single 1 at index label (output neuron label+1). */
std::array<float, kOutputs> oneHot(int label);

} // namespace bplab
