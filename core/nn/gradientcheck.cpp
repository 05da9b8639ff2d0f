#include "nn/gradientcheck.h"

#include "nn/layerpass.h"
#include "nn/mlptrace.h"

#include "rng.h"

#include <algorithm>
#include <cmath>

namespace bplab {

double relativeDifference(double a, double b)
{
    const double scale = std::max(std::abs(a), std::abs(b));
    return scale == 0 ? 0.0 : std::abs(a - b) / scale;
}

double sampleLoss(const MlpParamsD &params, const Architecture &arch, const Vec<double> &x, int label)
{
    if (arch.layered())
        return sampleLossOf(arch, params, x, label);
    MlpWorkspace<double> ws(arch, 1);
    ws.X.col(0) = x;
    mlpForward(params, 1, ws);
    const auto z = ws.Z.back().col(0);
    // d_k = z_k - z_label; L = log(sum_k e^(d_k)) = M + log(e^-M + sum_{k != label} e^(d_k - M)),
    // M = max(0, max d_k): no overflow, and log1p where the label's logit is the largest.
    double m = 0;
    for (Eigen::Index k = 0; k < z.size(); ++k)
        if (k != label)
            m = std::max(m, z[k] - z[label]);
    double sum = 0;
    for (Eigen::Index k = 0; k < z.size(); ++k)
        if (k != label)
            sum += std::exp(z[k] - z[label] - m);
    return m == 0 ? std::log1p(sum) : m + std::log(std::exp(-m) + sum);
}

std::vector<GradientCheck> gradientCheck(const Architecture &arch, const MlpParamsD &params, const std::uint8_t *pixels,
                                         Normalize normalize, int label, int count, std::uint64_t seed, double h)
{
    std::vector<GradientCheck> out;
    if (count <= 0 || !params.hasShape(arch))
        return out;
    const Vec<double> x = scaleInput<double>(pixels, normalize);
    // The backward pass's gradient of this one sample's loss.
    MlpParamsD grads = MlpParamsD::zeros(arch);
    const std::uint8_t labelByte = std::uint8_t(label);
    if (arch.layered()) {
        // a layer list's own pass, evaluation mode (dropout passes every value on)
        LayerPass<double> pass(arch, 1);
        pass.X.col(0) = x;
        pass.forwardBackward(params, &labelByte, 1, grads, 1, PassContext {});
    } else {
        MlpWorkspace<double> ws(arch, 1);
        ws.X.col(0) = x;
        mlpForwardBackward(params, &labelByte, 1, ws, grads);
    }

    std::vector<int> inked; // the first dense layer's columns whose pixel is not 0
    const bool firstDense = arch.body().empty() || arch.body().front().kind == LayerKind::Dense;
    for (int i = 0; i < arch.inputs && firstDense; ++i)
        if (pixels[i] != 0)
            inked.push_back(i);
    Rng rng(seed);
    MlpParamsD shifted = params;
    const int layers = arch.layerCount();
    for (int i = 0; i < count; ++i) {
        GradientCheck c;
        const int l = i % layers;
        const RowMat<double> &W = params.layers[std::size_t(l)].W;
        c.layer = l + 1;
        c.row = int(rng.below(std::uint64_t(W.rows())));
        c.col = l == 0 && !inked.empty() ? inked[std::size_t(rng.below(inked.size()))]
                                         : int(rng.below(std::uint64_t(W.cols())));
        c.h = h;
        c.backprop = grads.layers[std::size_t(l)].W(c.row, c.col);
        // numerical = (L(w + h) - L(w - h)) / 2h, the other weights as they are.
        double &w = shifted.layers[std::size_t(l)].W(c.row, c.col);
        const double original = w;
        w = original + h;
        const double plus = sampleLoss(shifted, arch, x, label);
        w = original - h;
        const double minus = sampleLoss(shifted, arch, x, label);
        w = original;
        c.numerical = (plus - minus) / (2 * h);
        c.relativeDifference = relativeDifference(c.backprop, c.numerical);
        out.push_back(c);
    }
    return out;
}

} // namespace bplab
