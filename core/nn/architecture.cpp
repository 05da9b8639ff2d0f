#include "nn/architecture.h"

#include "data/idx.h"

#include <charconv>

namespace bplab {

std::size_t Architecture::weightCount() const
{
    std::size_t n = 0;
    for (int l = 0; l < layerCount(); ++l)
        n += layerWeightCount(l);
    return n;
}

std::size_t Architecture::biasCount() const
{
    std::size_t n = 0;
    for (int l = 0; l < layerCount(); ++l)
        n += std::size_t(layerOutputs(l));
    return n;
}

std::vector<LayerSpec> Architecture::body() const
{
    if (!layers.empty())
        return layers;
    std::vector<LayerSpec> out;
    for (int w : hidden) {
        LayerSpec s;
        s.size = w;
        out.push_back(s);
    }
    return out;
}

int Architecture::layeredCount() const
{
    int n = 1;
    for (const LayerSpec &s : layers)
        n += s.hasParameters() ? 1 : 0;
    return n;
}

int Architecture::layeredInputs(int l) const
{
    // Walk the shapes to the l-th layer with parameters: a dense layer's (and the output layer's)
    // inputs are everything before it, a convolution's one kernel's reach, C_in k k.
    FeatureShape in = inputShape();
    int seen = 0;
    for (const LayerSpec &s : layers) {
        if (s.hasParameters() && seen++ == l)
            return s.kind == LayerKind::Conv ? in.channels * s.kernel * s.kernel : in.size();
        FeatureShape out = in;
        switch (s.kind) {
        case LayerKind::Dense:
            out = {s.size, 1, 1, true};
            break;
        case LayerKind::Conv: {
            const int pad = s.same ? (s.kernel - 1) / 2 : 0;
            out = {s.size, (in.height + 2 * pad - s.kernel) / s.stride + 1,
                   (in.width + 2 * pad - s.kernel) / s.stride + 1, false};
            break;
        }
        case LayerKind::Pool:
            out.height /= 2;
            out.width /= 2;
            break;
        case LayerKind::Flatten:
            out = {in.size(), 1, 1, true};
            break;
        case LayerKind::Dropout:
            break;
        }
        in = out;
    }
    return in.size(); // the output layer
}

int Architecture::layeredOutputs(int l) const
{
    int seen = 0;
    for (const LayerSpec &s : layers)
        if (s.hasParameters() && seen++ == l)
            return s.size;
    return outputs;
}

std::size_t Architecture::layeredMultiplyAdds(bool afterFirst) const
{
    std::size_t n = 0;
    bool first = true;
    for (const LayerCost &c : layerCosts(layers, outputs)) {
        if (c.weights == 0)
            continue;
        if (!(afterFirst && first))
            n += c.multiplyAdds;
        first = false;
    }
    return n;
}

Architecture withLayers(const std::vector<LayerSpec> &layers, Activation activation)
{
    Architecture arch;
    arch.activation = activation;
    arch.hidden.clear();
    bool dense = true;
    for (const LayerSpec &s : layers)
        dense = dense && s.kind == LayerKind::Dense;
    if (dense) {
        for (const LayerSpec &s : layers)
            arch.hidden.push_back(s.size);
    } else {
        arch.layers = layers;
    }
    return arch;
}

namespace {

/** Each activation once: its name in flags and files, and the name a sentence uses. */
struct ActivationNames
{
    Activation activation;
    const char *name;
    const char *display;
};

constexpr ActivationNames kActivations[] = {
        {Activation::ReLU, "relu", "ReLU"},
        {Activation::Sigmoid, "sigmoid", "sigmoid"},
        {Activation::Tanh, "tanh", "tanh"},
        {Activation::LeakyReLU, "leakyrelu", "leaky ReLU"},
};

const ActivationNames *namesOf(Activation activation)
{
    for (const ActivationNames &n : kActivations)
        if (n.activation == activation)
            return &n;
    return nullptr;
}

} // namespace

std::string toString(Activation activation)
{
    const ActivationNames *n = namesOf(activation);
    return n ? n->name : "?";
}

std::string displayName(Activation activation)
{
    const ActivationNames *n = namesOf(activation);
    return n ? n->display : "?";
}

std::optional<Activation> activationFromName(const std::string &name)
{
    for (const ActivationNames &n : kActivations)
        if (name == n.name)
            return n.activation;
    return std::nullopt;
}

Result<std::vector<int>> parseHidden(const std::string &text)
{
    const std::string flag = "--hidden " + text + ": ";
    if (text == "0")
        return std::vector<int> {};
    std::vector<int> widths;
    std::size_t pos = 0;
    while (true) {
        const std::size_t comma = text.find(',', pos);
        const std::string item
                = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        std::uint64_t v = 0;
        const auto r = std::from_chars(item.data(), item.data() + item.size(), v);
        if (item.empty() || r.ec == std::errc::invalid_argument
            || r.ptr != item.data() + item.size())
            return Error {flag + "\"" + item
                          + "\" is not a whole number (write widths like 128 or 256,128; 0 for no "
                            "hidden layer)"};
        if (r.ec == std::errc::result_out_of_range || v < 1 || v > std::uint64_t(kMaxHiddenWidth))
            return Error {flag + "a hidden layer needs 1 to " + withThousands(kMaxHiddenWidth)
                          + " neurons, not "
                          + (r.ec == std::errc::result_out_of_range ? item : withThousands(v))};
        widths.push_back(int(v));
        if (comma == std::string::npos)
            break;
        pos = comma + 1;
    }
    if (widths.size() > std::size_t(kMaxHiddenLayers))
        return Error {flag + "at most " + std::to_string(kMaxHiddenLayers) + " hidden layers, not "
                      + std::to_string(widths.size())};
    return widths;
}

Result<Activation> parseActivation(const std::string &text)
{
    if (auto a = activationFromName(text))
        return *a;
    return Error {"--activation " + text + ": choose relu, sigmoid, tanh or leakyrelu"};
}

Result<Architecture> parseArchitecture(const std::string &hidden, const std::string &activation)
{
    auto widths = parseHidden(hidden);
    if (!widths)
        return Error {widths.error()};
    auto act = parseActivation(activation);
    if (!act)
        return Error {act.error()};
    Architecture arch;
    arch.hidden = std::move(*widths);
    arch.activation = *act;
    return arch;
}

std::string hiddenText(const std::vector<int> &hidden)
{
    if (hidden.empty())
        return "0";
    std::string s;
    for (std::size_t i = 0; i < hidden.size(); ++i)
        s += (i ? "," : "") + std::to_string(hidden[i]);
    return s;
}

std::string describe(const Architecture &arch)
{
    std::string s = std::to_string(arch.inputs);
    for (int w : arch.hidden)
        s += "-" + std::to_string(w);
    if (arch.layered()) // "conv 8 5x5, pool 2, dense 64 -> 10 ReLU"
        return layersText(arch.layers) + " -> " + std::to_string(arch.outputs) + " " + displayName(arch.activation);
    s += "-" + std::to_string(arch.outputs);
    // Without a hidden layer there is no activation to name.
    return arch.hidden.empty() ? s : s + " " + displayName(arch.activation);
}

Status validate(const Architecture &arch)
{
    if (arch.inputs != kInputs || arch.outputs != kOutputs)
        return Error {"the network must map " + std::to_string(kInputs) + " inputs to "
                      + std::to_string(kOutputs) + " outputs, not " + std::to_string(arch.inputs)
                      + " to " + std::to_string(arch.outputs)};
    if (arch.layered()) {
        if (!arch.hidden.empty())
            return Error {"a network is written either as hidden widths or as a list of layers, not both"};
        if (auto shapes = layerShapes(arch.layers); !shapes)
            return Error {shapes.error()};
        if (arch.layers.size() > std::size_t(kMaxLayers))
            return Error {"at most " + std::to_string(kMaxLayers) + " layers, not " + std::to_string(arch.layers.size())};
        return Status::success();
    }
    if (arch.hidden.size() > std::size_t(kMaxHiddenLayers))
        return Error {"at most " + std::to_string(kMaxHiddenLayers) + " hidden layers, not "
                      + std::to_string(arch.hidden.size())};
    for (int w : arch.hidden)
        if (w < 1 || w > kMaxHiddenWidth)
            return Error {"a hidden layer needs 1 to " + withThousands(kMaxHiddenWidth)
                          + " neurons, not " + std::to_string(w)};
    return Status::success();
}

Init initFor(Activation activation)
{
    return activation == Activation::Sigmoid || activation == Activation::Tanh ? Init::Xavier
                                                                               : Init::He;
}

Init initFor(const Architecture &arch)
{
    return arch.hasHiddenLayers() ? initFor(arch.activation) : Init::He;
}

std::string initRuleText(const Architecture &arch)
{
    return initRuleText(arch.hasHiddenLayers() ? arch.activation : Activation::ReLU);
}

std::string initRuleText(Activation activation)
{
    switch (activation) {
    case Activation::ReLU:
        return "He: w ~ N(0, 2 / fan_in)";
    case Activation::LeakyReLU:
        return "He: w ~ N(0, 2 / ((1 + 0.01^2) fan_in))";
    case Activation::Sigmoid:
    case Activation::Tanh:
        return "Xavier/Glorot: w ~ U(-a, a), a = sqrt(6 / (fan_in + fan_out))";
    }
    return "?";
}

} // namespace bplab
