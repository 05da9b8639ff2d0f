// The --layers spelling and the shapes of a layer list (layerspec.h).

#include "nn/layerspec.h"

#include "nn/params.h"

#include <charconv>
#include <cstdio>
#include <sstream>

namespace bplab {

namespace {

std::vector<std::string> splitOn(const std::string &text, char sep)
{
    std::vector<std::string> parts;
    std::size_t pos = 0;
    while (true) {
        const std::size_t at = text.find(sep, pos);
        parts.push_back(text.substr(pos, at == std::string::npos ? std::string::npos : at - pos));
        if (at == std::string::npos)
            return parts;
        pos = at + 1;
    }
}

std::vector<std::string> words(const std::string &text)
{
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

bool wholeNumber(const std::string &s, int &v)
{
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    return !s.empty() && r.ec == std::errc() && r.ptr == s.data() + s.size();
}

bool rateNumber(const std::string &s, double &v)
{
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    return !s.empty() && r.ec == std::errc() && r.ptr == s.data() + s.size();
}

/** s without the white space words() splits on, at both ends. */
std::string trimmed(const std::string &s)
{
    constexpr const char *space = " \t\n\r\f\v";
    const std::size_t a = s.find_first_not_of(space);
    if (a == std::string::npos)
        return {};
    return s.substr(a, s.find_last_not_of(space) - a + 1);
}

/** One layer's words, or why they are not one (without the "--layers" prefix). */
Result<LayerSpec> parseOne(const std::vector<std::string> &w)
{
    LayerSpec s;
    if (w.empty())
        return Error {"an empty layer"};
    const std::string &kind = w[0];
    if (kind == "dense") {
        s.kind = LayerKind::Dense;
        if (w.size() != 2 || !wholeNumber(w[1], s.size))
            return Error {"write a dense layer as \"dense N\" (N neurons)"};
        if (s.size < 1 || s.size > 1024)
            return Error {"a dense layer needs 1 to 1,024 neurons, not " + w[1]};
        return s;
    }
    if (kind == "conv") {
        s.kind = LayerKind::Conv;
        if (w.size() < 3 || !wholeNumber(w[1], s.size))
            return Error {"write a convolution as \"conv C KxK\" (C channels, K x K kernels; then optionally "
                          "\"stride S\" and \"valid\")"};
        if (s.size < 1 || s.size > kMaxChannels)
            return Error {"a convolution needs 1 to " + std::to_string(kMaxChannels) + " channels, not " + w[1]};
        const std::vector<std::string> k = splitOn(w[2], 'x');
        int k2 = 0;
        if (k.size() != 2 || !wholeNumber(k[0], s.kernel) || !wholeNumber(k[1], k2) || s.kernel != k2)
            return Error {"the kernel \"" + w[2] + "\" is not square: write it as KxK, e.g. 5x5"};
        if (s.kernel < 1 || s.kernel > kMaxKernel)
            return Error {"a kernel's side is 1 to " + std::to_string(kMaxKernel) + ", not " + k[0]};
        for (std::size_t i = 3; i < w.size(); ++i) {
            if (w[i] == "valid" || w[i] == "same") {
                s.same = w[i] == "same";
            } else if (w[i] == "stride" && i + 1 < w.size()) {
                if (!wholeNumber(w[i + 1], s.stride) || s.stride < 1 || s.stride > 2)
                    return Error {"the stride is 1 or 2, not " + w[i + 1]};
                ++i;
            } else {
                return Error {"\"" + w[i] + "\" is not a convolution's option (stride S, valid, same)"};
            }
        }
        if (s.same && s.kernel % 2 == 0)
            return Error {"an even kernel has no centre to pad around: write \"valid\" or an odd size"};
        return s;
    }
    if (kind == "pool") {
        s.kind = LayerKind::Pool;
        s.size = 2;
        if (w.size() > 2 || (w.size() == 2 && (!wholeNumber(w[1], s.size) || s.size != 2)))
            return Error {"pooling is 2 x 2 with stride 2: write \"pool 2\""};
        return s;
    }
    if (kind == "flatten") {
        s.kind = LayerKind::Flatten;
        if (w.size() != 1)
            return Error {"flatten takes no number"};
        return s;
    }
    if (kind == "dropout") {
        s.kind = LayerKind::Dropout;
        if (w.size() != 2 || !rateNumber(w[1], s.rate))
            return Error {"write dropout as \"dropout P\" (P the rate, e.g. 0.25)"};
        if (!(s.rate >= 0 && s.rate < 1))
            return Error {"a dropout rate is at least 0 and below 1 (a rate of 1 drops every value), not " + w[1]};
        return s;
    }
    return Error {"\"" + kind + "\" is not a layer (dense, conv, pool, flatten, dropout)"};
}

std::string side(int h, int w)
{
    return std::to_string(h) + " x " + std::to_string(w);
}

/** "\"conv 8 9x9\" (layer 3)": how a message names a layer. */
std::string named(const LayerSpec &s, std::size_t i)
{
    return "\"" + layerText(s) + "\" (layer " + std::to_string(i + 1) + ")";
}

} // namespace

FeatureShape inputShape()
{
    return {1, kImageSide, kImageSide, false};
}

Result<std::vector<LayerSpec>> parseLayers(const std::string &text)
{
    const std::string flag = "--layers: ";
    std::vector<LayerSpec> out;
    const std::vector<std::string> items = splitOn(text, ',');
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string item = trimmed(items[i]);
        if (item.empty())
            return Error {flag + "layer " + std::to_string(i + 1) + " is empty (write layers like \"conv 8 5x5, "
                          + "pool 2, dense 64\")"};
        auto spec = parseOne(words(item));
        if (!spec)
            return Error {flag + "\"" + item + "\" (layer " + std::to_string(i + 1) + "): " + spec.error()};
        out.push_back(*spec);
    }
    if (out.size() > std::size_t(kMaxLayers))
        return Error {flag + "at most " + std::to_string(kMaxLayers) + " layers, not " + std::to_string(out.size())};
    if (auto shapes = layerShapes(out); !shapes)
        return Error {flag + shapes.error()};
    return out;
}

std::string layerText(const LayerSpec &s)
{
    switch (s.kind) {
    case LayerKind::Dense:
        return "dense " + std::to_string(s.size);
    case LayerKind::Conv: {
        std::string t = "conv " + std::to_string(s.size) + " " + std::to_string(s.kernel) + "x" + std::to_string(s.kernel);
        if (s.stride != 1)
            t += " stride " + std::to_string(s.stride);
        return s.same ? t : t + " valid";
    }
    case LayerKind::Pool:
        return "pool " + std::to_string(s.size);
    case LayerKind::Flatten:
        return "flatten";
    case LayerKind::Dropout: {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", s.rate);
        return std::string("dropout ") + buf;
    }
    }
    return "?";
}

std::string layersText(const std::vector<LayerSpec> &layers)
{
    std::string t;
    for (std::size_t i = 0; i < layers.size(); ++i)
        t += (i ? ", " : "") + layerText(layers[i]);
    return t;
}

Result<std::vector<FeatureShape>> layerShapes(const std::vector<LayerSpec> &layers)
{
    if (layers.empty())
        return Error {"no layers (write layers like \"conv 8 5x5, pool 2, dense 64\")"};
    std::vector<FeatureShape> shapes;
    FeatureShape in = inputShape();
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const LayerSpec &s = layers[i];
        FeatureShape out = in;
        switch (s.kind) {
        case LayerKind::Dense:
            if (s.size < 1)
                return Error {named(s, i) + ": a dense layer needs at least 1 neuron"};
            out = {s.size, 1, 1, true};
            break;
        case LayerKind::Conv: {
            if (in.flat)
                return Error {named(s, i) + ": a convolution needs a picture, and its input is flat (after a dense "
                                            "or flatten layer)"};
            if (s.size < 1)
                return Error {named(s, i) + ": 0 channels"};
            if (s.kernel > in.height || s.kernel > in.width)
                return Error {named(s, i) + ": the " + side(s.kernel, s.kernel) + " kernel is larger than its "
                              + side(in.height, in.width) + " input"};
            const int pad = s.same ? (s.kernel - 1) / 2 : 0;
            out.channels = s.size;
            out.height = (in.height + 2 * pad - s.kernel) / s.stride + 1;
            out.width = (in.width + 2 * pad - s.kernel) / s.stride + 1;
            break;
        }
        case LayerKind::Pool:
            if (in.flat)
                return Error {named(s, i) + ": pooling needs a picture, and its input is flat (after a dense or "
                                            "flatten layer)"};
            if (in.height < 2 || in.width < 2)
                return Error {named(s, i) + ": a 2 x 2 pool over a " + side(in.height, in.width) + " map"};
            out.height = in.height / 2;
            out.width = in.width / 2;
            break;
        case LayerKind::Flatten:
            out = {in.size(), 1, 1, true};
            break;
        case LayerKind::Dropout:
            if (!(s.rate >= 0 && s.rate < 1))
                return Error {named(s, i) + ": a dropout rate is at least 0 and below 1"};
            break;
        }
        shapes.push_back(out);
        in = out;
    }
    return shapes;
}

std::vector<LayerCost> layerCosts(const std::vector<LayerSpec> &layers, int outputs)
{
    const auto shapes = layerShapes(layers);
    if (!shapes)
        return {};
    std::vector<LayerCost> costs;
    FeatureShape in = inputShape();
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const LayerSpec &s = layers[i];
        LayerCost c;
        c.name = layerText(s);
        c.out = (*shapes)[i];
        if (s.kind == LayerKind::Dense) {
            c.weights = std::size_t(s.size) * std::size_t(in.size());
            c.biases = std::size_t(s.size);
            c.multiplyAdds = c.weights;
        } else if (s.kind == LayerKind::Conv) {
            c.weights = std::size_t(s.size) * std::size_t(in.channels) * std::size_t(s.kernel * s.kernel);
            c.biases = std::size_t(s.size);
            // every weight once per output position (the padding's zeros counted)
            c.multiplyAdds = c.weights * std::size_t(c.out.height) * std::size_t(c.out.width);
        }
        costs.push_back(c);
        in = c.out;
    }
    LayerCost out;
    out.name = "output " + std::to_string(outputs);
    out.out = {outputs, 1, 1, true};
    out.weights = std::size_t(outputs) * std::size_t(in.size());
    out.biases = std::size_t(outputs);
    out.multiplyAdds = out.weights;
    costs.push_back(out);
    return costs;
}

} // namespace bplab
