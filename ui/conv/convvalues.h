#pragma once
// What the Train view's panels of a convolutional network are given: plain values, copied from the
// trainer by the app (one shared, read-only object per picture). The panels only draw them.

#include <cstdint>
#include <string>
#include <vector>

namespace bplab {

/** One convolution layer's kernels and their gradients: C_out x C_in x k x k values each, in
 *  PyTorch's Conv2d order (output channel, input channel, row, column). */
struct ConvFilterBank
{
    std::string name;  ///< "conv 8 5x5" (its --layers spelling)
    int layer = 0;     ///< the layer's place in the list, from 1
    int outChannels = 0, inChannels = 0, kernel = 0;
    std::vector<float> weights;   ///< W
    std::vector<float> gradients; ///< dL/dW of the last batch (averaged); empty: none yet
    std::vector<float> biases;    ///< b, one per output channel

    /** Kernel (o, i)'s first value. */
    std::size_t offset(int o, int i) const { return (std::size_t(o) * std::size_t(inChannels) + std::size_t(i)) * std::size_t(kernel * kernel); }
};

/** The shown sample's values after one convolution or pooling layer: channels x height x width,
 *  channel after channel, row after row. */
struct FeatureMapSet
{
    std::string name; ///< "conv 8 5x5", "pool 2"
    int layer = 0;    ///< the layer's place in the list, from 1
    int channels = 0, height = 0, width = 0;
    std::vector<float> values;

    const float *map(int c) const { return values.data() + std::size_t(c) * std::size_t(height * width); }
};

/** Which values a dropout layer set to 0 for the shown sample in its training pass. */
struct DropoutMask
{
    std::string name; ///< "dropout 0.25"
    int layer = 0;
    double rate = 0;
    int channels = 1, height = 1, width = 1; ///< the shape of the values it acts on
    std::vector<std::uint8_t> dropped;       ///< 1: this value was off; one per value
};

/** The weights' size under weight decay: ||w||_2 over every parameter (biases included, as the
 *  decay takes them), after a batch. */
struct WeightNormPoint
{
    std::uint64_t step = 0; ///< batches trained
    double norm = 0;
};

/** Everything the conv panels draw for one picture. */
struct ConvVisuals
{
    std::vector<ConvFilterBank> filters;
    std::vector<FeatureMapSet> maps;
    std::vector<DropoutMask> masks;
    double weightDecay = 0;    ///< lambda (0: none)
    WeightNormPoint weightNorm; ///< now
};

} // namespace bplab
