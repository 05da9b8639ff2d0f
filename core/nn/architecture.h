#pragma once
// The network's shape as a value: 784 inputs, 0 to 2 hidden layers of 1 to 1,024 neurons with
// one activation, 10 SoftMax outputs. The source's 784-128-10 ReLU network is one of them.

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

    /** The source's network, the default: 784-128-10, ReLU. */
    static Architecture source() { return {}; }

    /** Weight layers: hidden.size() + 1. Layer l (0-based) maps layerInputs(l) to layerOutputs(l).
     */
    int layerCount() const { return int(hidden.size()) + 1; }
    int layerInputs(int l) const { return l == 0 ? inputs : hidden[std::size_t(l - 1)]; }
    int layerOutputs(int l) const
    {
        return l == int(hidden.size()) ? outputs : hidden[std::size_t(l)];
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
    /** Forward-pass multiply-adds: one per weight per sample. */
    std::size_t multiplyAddsPerSample() const { return weightCount(); }
    std::size_t multiplyAddsPerBatch(int batch) const { return weightCount() * std::size_t(batch); }
    /** FLOPs (2 per multiply-add) of one sample's forward and backward pass: W a per layer
     *  forward, dW = delta a^T per layer and W^T delta for every layer but the first (no
     *  gradient for the input): 4 x weights + 2 x the weights after the first layer. */
    std::size_t trainingFlopsPerSample() const
    {
        return 4 * weightCount() + 2 * (weightCount() - layerWeightCount(0));
    }
    std::size_t layerWeightCount(int l) const
    {
        return std::size_t(layerOutputs(l)) * std::size_t(layerInputs(l));
    }

    bool operator==(const Architecture &o) const = default;
};

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
/** Ok for a shape the engine trains (784 in, 10 out, 0-2 hidden layers of 1-1,024); else why not.
 */
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
