#pragma once
// The network's shape as a value: 784 inputs, then either 0 to 2 dense hidden layers of 1 to 1,024
// neurons (`hidden`, what --hidden writes) or an ordered list of layers (`layers`, what --layers
// writes: convolution, pooling, flatten, dense, dropout; layerspec.h), one activation, and 10
// SoftMax outputs. The source's 784-128-10 ReLU network is one of them. The layers with
// parameters (dense and convolution, and the output layer) are numbered l = 0 .. layerCount() - 1
// and hold MlpParams' layers in that order: a dense layer's W is outputs x inputs, a convolution's
// C_out x (C_in k k) (PyTorch's Conv2d weight flattened), with C_out biases.

#include "nn/layerspec.h"
#include "nn/network.h"
#include "result.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bplab {

inline constexpr int kMaxHiddenLayers = 2;
inline constexpr int kMaxHiddenWidth = 1024;
/** Leaky ReLU's slope for z <= 0. */
inline constexpr double kLeakySlope = 0.01;

/** The hidden layers' nonlinearity a = f(z). */
enum class Activation { ReLU, Sigmoid, Tanh, LeakyReLU };

/** One network shape; every member is checked by validate() (the parsers only make valid ones). */
struct Architecture
{
    int inputs = kInputs;
    std::vector<int> hidden = {kHidden}; ///< widths of the hidden layers, first to last
    int outputs = kOutputs;
    Activation activation = Activation::ReLU;
    /** Empty: the dense network `hidden` describes. Otherwise every layer between the input and
     *  the output layer, in order, and `hidden` is empty; a list of dense layers alone is written
     *  as `hidden` instead (withLayers()), so each network has one spelling. */
    std::vector<LayerSpec> layers;

    /** The source's network, the default: 784-128-10, ReLU. */
    static Architecture source() { return {}; }

    /** Whether the network is a layer list (something other than dense layers). */
    bool layered() const { return !layers.empty(); }
    /** The layers before the output layer: `layers`, or a dense layer per hidden width. */
    std::vector<LayerSpec> body() const;
    /** Whether any layer sits between the input and the output layer. */
    bool hasHiddenLayers() const { return layerCount() > 1; }

    /** Layers with parameters. Layer l (0-based) has layerOutputs(l) outputs (channels for a
     *  convolution) of layerInputs(l) weights each (a convolution's: C_in k k). */
    int layerCount() const { return layers.empty() ? int(hidden.size()) + 1 : layeredCount(); }
    int layerInputs(int l) const
    {
        return layers.empty() ? (l == 0 ? inputs : hidden[std::size_t(l - 1)]) : layeredInputs(l);
    }
    int layerOutputs(int l) const
    {
        return layers.empty() ? (l == int(hidden.size()) ? outputs : hidden[std::size_t(l)]) : layeredOutputs(l);
    }

    std::size_t weightCount() const;
    std::size_t biasCount() const;
    std::size_t parameterCount() const { return weightCount() + biasCount(); }
    /** Bytes of the weights alone at bytesPerValue (2 = FP16, 4 = FP32, 8 = FP64). */
    std::size_t weightBytes(int bytesPerValue) const
    {
        return weightCount() * std::size_t(bytesPerValue);
    }
    std::size_t parameterBytes(int bytesPerValue) const
    {
        return parameterCount() * std::size_t(bytesPerValue);
    }
    /** Forward-pass multiply-adds: one per weight per sample (a convolution's once per output
     *  position). */
    std::size_t multiplyAddsPerSample() const { return layers.empty() ? weightCount() : layeredMultiplyAdds(false); }
    std::size_t multiplyAddsPerBatch(int batch) const { return multiplyAddsPerSample() * std::size_t(batch); }
    /** FLOPs (2 per multiply-add) of one sample's forward and backward pass: W a per layer
     *  forward, dW = delta a^T per layer and W^T delta for every layer but the first (no
     *  gradient for the input): 4 x weights + 2 x the weights after the first layer. */
    std::size_t trainingFlopsPerSample() const
    {
        if (!layers.empty())
            return 4 * layeredMultiplyAdds(false) + 2 * layeredMultiplyAdds(true);
        return 4 * weightCount() + 2 * (weightCount() - layerWeightCount(0));
    }
    std::size_t layerWeightCount(int l) const
    {
        return std::size_t(layerOutputs(l)) * std::size_t(layerInputs(l));
    }

    bool operator==(const Architecture &o) const = default;

private:
    int layeredCount() const;
    int layeredInputs(int l) const;
    int layeredOutputs(int l) const;
    /** Forward multiply-adds of the layer list's parameter layers (afterFirst: all but the first). */
    std::size_t layeredMultiplyAdds(bool afterFirst) const;
};

/** The network of these layers and activation: a list of dense layers alone becomes `hidden`
 *  (the --hidden network of those widths, the same bits), any other list `layers`. */
Architecture withLayers(const std::vector<LayerSpec> &layers, Activation activation);

/** "relu", "sigmoid", "tanh", "leakyrelu": the spelling of the CLI and the files. */
std::string toString(Activation activation);
/** "ReLU", "sigmoid", "tanh", "leaky ReLU": for people. */
std::string displayName(Activation activation);
/** The CLI/file spelling back; nullopt for anything else. */
std::optional<Activation> activationFromName(const std::string &name);

/** "--hidden 128", "--hidden 256,128", "--hidden 0" (no hidden layer); the message names the
 *  bad value, e.g. "--hidden 0,5: a hidden layer needs 1 to 1,024 neurons, not 0". */
Result<std::vector<int>> parseHidden(const std::string &text);
/** "--activation relu|sigmoid|tanh|leakyrelu"; else "--activation softplus: choose relu, ...". */
Result<Activation> parseActivation(const std::string &text);
/** Both flags at once. */
Result<Architecture> parseArchitecture(const std::string &hidden, const std::string &activation);
/** The --hidden spelling of the widths: "256,128", or "0" for none. */
std::string hiddenText(const std::vector<int> &hidden);
/** "784-256-128-10 tanh". */
std::string describe(const Architecture &arch);
/** Ok for a shape the engine trains (784 in, 10 out, 0-2 hidden layers of 1-1,024, or a layer
 *  list every layer of which can be built); else why not. */
Status validate(const Architecture &arch);

/** The initialisation the literature pairs with the activation: He for (leaky) ReLU, Xavier/Glorot
 *  for sigmoid and tanh. */
Init initFor(Activation activation);
/** A network's: its hidden layers' activation's; He for a network without hidden layers, which
 *  has no activation (784-10 trains alike whatever the activation setting says). */
Init initFor(const Architecture &arch);
/** The rule with its formula, for people: "He: w ~ N(0, 2 / fan_in)". */
std::string initRuleText(Activation activation);
std::string initRuleText(const Architecture &arch);

} // namespace bplab
