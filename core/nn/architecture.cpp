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
    return arch.hidden.empty() ? Init::He : initFor(arch.activation);
}

std::string initRuleText(const Architecture &arch)
{
    return initRuleText(arch.hidden.empty() ? Activation::ReLU : arch.activation);
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
