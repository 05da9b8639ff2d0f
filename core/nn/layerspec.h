#pragma once
// A network as a list of layers: what each layer is (dense, convolution, pooling, flatten,
// dropout), the shape of the values it passes on, and the --layers spelling. The 10 outputs with
// SoftMax are always last and are not part of the list. A network of dense layers alone is the
// dense case of Architecture (its `hidden` widths); any other kind makes the list the network.

#include "result.h"

#include <cstddef>
#include <string>
#include <vector>

namespace bplab {

enum class LayerKind { Dense, Conv, Pool, Flatten, Dropout };

/** One layer before the output layer. Dense and convolution layers have parameters and apply the
 *  network's activation; the others have none. */
struct LayerSpec
{
    LayerKind kind = LayerKind::Dense;
    int size = 0;      ///< dense: neurons; conv: output channels; pool: the window's side (2)
    int kernel = 0;    ///< conv: the kernel's side k (k x k)
    int stride = 1;    ///< conv: 1 or 2
    bool same = true;  ///< conv: zero padding (k - 1) / 2 on every side (odd k); false: none ("valid")
    double rate = 0;   ///< dropout: the probability that a value is set to 0 in training

    bool hasParameters() const { return kind == LayerKind::Dense || kind == LayerKind::Conv; }
    bool operator==(const LayerSpec &o) const = default;
};

/** The values one layer passes on, per sample: channels x height x width, stored channel after
 *  channel, each row after row (PyTorch's order, so that flattening is the identity). A dense
 *  layer's are channels x 1 x 1 (flat). */
struct FeatureShape
{
    int channels = 1, height = 1, width = 1;
    bool flat = false; ///< after a dense or flatten layer: no longer a picture

    int size() const { return channels * height * width; }
    bool operator==(const FeatureShape &o) const = default;
};

/** The network's input: one channel of 28 x 28 pixels. */
FeatureShape inputShape();

inline constexpr int kMaxLayers = 16;
inline constexpr int kMaxChannels = 256;
inline constexpr int kMaxKernel = 11;

/**
 * "conv 8 5x5, pool 2, conv 16 5x5 stride 2 valid, pool 2, flatten, dense 64, dropout 0.25": the
 * layers in order, comma-separated. The message of a refusal names the part that cannot be read
 * or built, e.g. "--layers: \"conv 8 9x9\" (layer 3): the 9 x 9 kernel is larger than its 7 x 7
 * input".
 */
Result<std::vector<LayerSpec>> parseLayers(const std::string &text);
/** The --layers spelling of one layer and of a list ("conv 8 5x5 stride 2 valid", "dropout 0.25"). */
std::string layerText(const LayerSpec &spec);
std::string layersText(const std::vector<LayerSpec> &layers);

/** The shape after each layer of `layers` from inputShape(), or why a layer cannot be built
 *  ("layer 3, conv 8 9x9: ..."). */
Result<std::vector<FeatureShape>> layerShapes(const std::vector<LayerSpec> &layers);

/** What `info` shows per layer: its parameters, the values it passes on and its multiply-adds,
 *  per sample. */
struct LayerCost
{
    std::string name;          ///< "conv 8 5x5", "output 10"
    FeatureShape out;
    std::size_t weights = 0, biases = 0;
    std::size_t multiplyAdds = 0; ///< forward, one sample
};
/** One entry per layer of `layers` and one for the output layer (10 outputs); empty when the list
 *  cannot be built. */
std::vector<LayerCost> layerCosts(const std::vector<LayerSpec> &layers, int outputs);

} // namespace bplab
