#include "nn/network.h"

#include <cmath>

namespace bplab {

namespace {

constexpr double kMnistMean = 0.1307;
constexpr double kMnistStd = 0.3081;

} // namespace

const float *inputTable(Normalize normalize)
{
    // One table per scaling, filled by scaleBytes itself: the single-sample and the batch paths
    // produce the same bits.
    struct Tables {
        float none[256];
        float standard[256];
        Tables()
        {
            std::uint8_t bytes[256];
            for (int b = 0; b < 256; ++b)
                bytes[b] = std::uint8_t(b);
            scaleBytes(bytes, 256, Normalize::None, none);
            scaleBytes(bytes, 256, Normalize::Standard, standard);
        }
    };
    static const Tables tables;
    return normalize == Normalize::Standard ? tables.standard : tables.none;
}

void scaleBytes(const std::uint8_t *pixels, int n, Normalize normalize, float *out)
{
    // x = b / 255, or (b / 255 - mean) / std = (b - 255 mean) * (1 / (255 std)). Written as one
    // multiply (or a subtract then a multiply), which no compiler fuses into an FMA, so the
    // vectorised loop gives the same bits as the table.
    if (normalize == Normalize::Standard) {
        constexpr float offset = float(255.0 * kMnistMean);
        constexpr float scale = float(1.0 / (255.0 * kMnistStd));
        for (int i = 0; i < n; ++i)
            out[i] = (float(pixels[i]) - offset) * scale;
    } else {
        constexpr float scale = float(1.0 / 255.0);
        for (int i = 0; i < n; ++i)
            out[i] = float(pixels[i]) * scale;
    }
}

template <>
Vec<float> scaleInput<float>(const std::uint8_t *pixels, Normalize normalize)
{
    Vec<float> x(kInputs);
    scaleBytes(pixels, kInputs, normalize, x.data());
    return x;
}

template <>
Vec<double> scaleInput<double>(const std::uint8_t *pixels, Normalize normalize)
{
    Vec<double> x(kInputs);
    for (int i = 0; i < kInputs; ++i) {
        const double v = pixels[i] / 255.0;
        x(i) = normalize == Normalize::Standard ? (v - kMnistMean) / kMnistStd : v;
    }
    return x;
}

std::string toString(Init init)
{
    switch (init) {
    case Init::He:
        return "he";
    case Init::Xavier:
        return "xavier";
    case Init::PyTorch:
        return "pytorch";
    }
    return "?";
}

std::string toString(Normalize normalize)
{
    return normalize == Normalize::Standard ? "standard" : "none";
}

std::optional<Init> parseInit(const std::string &name)
{
    if (name == "he")
        return Init::He;
    if (name == "xavier")
        return Init::Xavier;
    if (name == "pytorch")
        return Init::PyTorch;
    return std::nullopt;
}

std::optional<Normalize> parseNormalize(const std::string &name)
{
    if (name == "none")
        return Normalize::None;
    if (name == "standard")
        return Normalize::Standard;
    return std::nullopt;
}

} // namespace bplab
