#include "nn/network.h"

#include "rng.h"

#include <cmath>
#include <limits>

namespace bplab {

namespace {

constexpr double kMnistMean = 0.1307;
constexpr double kMnistStd = 0.3081;

/** Fills m (rows x cols) row after row, so the draw order matches neuron after neuron. */
template <class M, class F>
void fillRowMajor(M &m, F draw)
{
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            m(r, c) = float(draw());
}

} // namespace

ParamsF initParams(Init init, std::uint64_t seed)
{
    ParamsF p = ParamsF::zeros();
    Rng rng(mixSeed(seed, 0));
    switch (init) {
    case Init::He: {
        // w ~ N(0, 2 / fan_in): keeps the ReLU activations' variance from layer to layer.
        const double s1 = std::sqrt(2.0 / kInputs), s2 = std::sqrt(2.0 / kHidden);
        fillRowMajor(p.W1, [&] { return s1 * rng.normal(); });
        fillRowMajor(p.W2, [&] { return s2 * rng.normal(); });
        break;
    }
    case Init::Xavier: {
        // w ~ U(-a, a), a = sqrt(6 / (fan_in + fan_out)) (Glorot uniform).
        const double a1 = std::sqrt(6.0 / (kInputs + kHidden)), a2 = std::sqrt(6.0 / (kHidden + kOutputs));
        fillRowMajor(p.W1, [&] { return rng.uniform(-a1, a1); });
        fillRowMajor(p.W2, [&] { return rng.uniform(-a2, a2); });
        break;
    }
    case Init::PyTorch: {
        // torch.nn.Linear: w, b ~ U(-1/sqrt(fan_in), 1/sqrt(fan_in)).
        const double a1 = 1.0 / std::sqrt(double(kInputs)), a2 = 1.0 / std::sqrt(double(kHidden));
        fillRowMajor(p.W1, [&] { return rng.uniform(-a1, a1); });
        for (Eigen::Index i = 0; i < p.b1.size(); ++i)
            p.b1(i) = float(rng.uniform(-a1, a1));
        fillRowMajor(p.W2, [&] { return rng.uniform(-a2, a2); });
        for (Eigen::Index i = 0; i < p.b2.size(); ++i)
            p.b2(i) = float(rng.uniform(-a2, a2));
        break;
    }
    }
    return p;
}

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

template <class S>
Trace<S> forwardTrace(const Params<S> &params, const Vec<S> &x, int label)
{
    Trace<S> t;
    t.label = (label >= 0 && label < kOutputs) ? label : -1;
    t.input = x;
    t.target = Vec<S>::Zero(kOutputs);
    if (t.label >= 0)
        t.target(t.label) = S(1);
    // z1 = W1 x + b1; a1 = max(0, z1)
    t.z1 = params.W1 * x + params.b1;
    t.a1 = t.z1.cwiseMax(S(0));
    // z2 = W2 a1 + b2
    t.logits = params.W2 * t.a1 + params.b2;
    // e^z and their sum as the source writes them; they may overflow for large logits.
    t.exp = t.logits.array().exp().matrix();
    t.expSum = t.exp.sum();
    t.expFinite = t.exp.allFinite() && std::isfinite(double(t.expSum));
    // p_k = e^(z_k - m) / sum_j e^(z_j - m), m = max z: the same value, without overflow.
    const S m = t.logits.maxCoeff();
    Vec<S> shifted = (t.logits.array() - m).exp().matrix();
    const S shiftedSum = shifted.sum();
    t.probabilities = shifted / shiftedSum;
    t.probabilities.maxCoeff(&t.predicted);
    if (t.label < 0) {
        t.delta2 = Vec<S>::Zero(kOutputs);
        t.delta1 = Vec<S>::Zero(kHidden);
        return t;
    }
    // L = -ln p_label = ln(sum_j e^(z_j - m)) - (z_label - m): finite even when p_label underflows.
    t.loss = std::log(shiftedSum) - (t.logits(t.label) - m);
    // delta2 = p - y
    t.delta2 = t.probabilities - t.target;
    // delta1 = (W2^T delta2) .* relu'(z1), relu'(z) = 1 for z > 0, else 0
    t.delta1 = (params.W2.transpose() * t.delta2).cwiseProduct((t.z1.array() > S(0)).template cast<S>().matrix());
    return t;
}

template <class S>
Params<S> gradientsOf(const Trace<S> &trace)
{
    if (trace.label < 0)
        return Params<S>::zeros();
    // dW1 = delta1 x^T, db1 = delta1, dW2 = delta2 a1^T, db2 = delta2
    return {trace.delta1 * trace.input.transpose(), trace.delta1, trace.delta2 * trace.a1.transpose(), trace.delta2};
}

template <class S>
Params<S> adjustmentsOf(const Params<S> &gradients, S lr)
{
    // delta_w = -lr * gradient
    return {-lr * gradients.W1, -lr * gradients.b1, -lr * gradients.W2, -lr * gradients.b2};
}

template <class S>
StepTrace<S> explainStep(const Params<S> &params, const Vec<S> &x, int label, S lr)
{
    StepTrace<S> s;
    s.before = forwardTrace(params, x, label);
    s.gradients = gradientsOf(s.before);
    s.adjustments = adjustmentsOf(s.gradients, lr);
    // w_new = w_old + delta_w
    s.after = {params.W1 + s.adjustments.W1, params.b1 + s.adjustments.b1, params.W2 + s.adjustments.W2,
               params.b2 + s.adjustments.b2};
    s.afterTrace = forwardTrace(s.after, x, label);
    return s;
}

std::array<float, kOutputs> predictProbabilities(const ParamsF &params, const std::uint8_t *pixels,
                                                 Normalize normalize)
{
    const TraceF t = forwardTrace(params, scaleInput<float>(pixels, normalize), -1);
    std::array<float, kOutputs> p{};
    for (int k = 0; k < kOutputs; ++k)
        p[std::size_t(k)] = t.probabilities(k);
    return p;
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

template Trace<float> forwardTrace(const Params<float> &, const Vec<float> &, int);
template Trace<double> forwardTrace(const Params<double> &, const Vec<double> &, int);
template Params<float> gradientsOf(const Trace<float> &);
template Params<double> gradientsOf(const Trace<double> &);
template Params<float> adjustmentsOf(const Params<float> &, float);
template Params<double> adjustmentsOf(const Params<double> &, double);
template StepTrace<float> explainStep(const Params<float> &, const Vec<float> &, int, float);
template StepTrace<double> explainStep(const Params<double> &, const Vec<double> &, int, double);

} // namespace bplab
