#pragma once
// The gradient checked two ways: for weights of any network (a layer list too), the backward
// pass's derivative of one sample's loss beside a central finite difference,
// (L(w + h) - L(w - h)) / 2h, both in double precision. Weights are drawn with a fixed seed across
// every layer; in a dense first layer only weights whose input pixel is not 0 (the others'
// gradient is a trivial 0 = 0).

#include "nn/mlp.h"
#include "nn/network.h"

#include <cstdint>
#include <vector>

namespace bplab {

/** One weight checked: W<layer>[row][col] (layer from 1 as in W1..WL, row and col in the
 *  torch.nn.Linear layout the .npz holds: row = the neuron, col = its input; a convolution's
 *  row = the output channel, col = (c k + ky) k + kx, its C_in x k x k kernel flattened). */
struct GradientCheck
{
    int layer = 1;
    int row = 0, col = 0;
    double backprop = 0;  ///< dL/dw from the backward pass
    double numerical = 0; ///< (L(w + h) - L(w - h)) / 2h
    double h = 0;
    /** |backprop - numerical| / max(|backprop|, |numerical|); 0 when both are 0. */
    double relativeDifference = 0;
};

/** The step of the finite differences: small against the weights (its error grows as h^2),
 *  large against the rounding of the two losses (about 1e-16 / h). */
inline constexpr double kGradientCheckStep = 1e-4;
/** The seed the weights are drawn with unless another is given. */
inline constexpr std::uint64_t kGradientCheckSeed = 1;

/** L = -ln p_label for input x, from the logits as log(1 + sum_{k != label} e^(z_k - z_label)),
 *  which keeps its digits when p_label is close to 1. A layer list (arch.layered()) goes through
 *  its own pass in evaluation mode (mlptrace.h). */
double sampleLoss(const MlpParamsD &params, const Architecture &arch, const Vec<double> &x, int label);

/**
 * Checks `count` weights of `params` (arch's shapes) on one sample: its 784 bytes scaled as
 * `normalize` says, and its label. The weights are drawn from `seed`: the i-th check lies in layer
 * i mod L (every layer gets its share), its row and column uniform, in a dense W1 a column whose
 * pixel is not 0 (any column when the image is blank or W1 is a convolution's). The same weight
 * may be drawn twice.
 */
std::vector<GradientCheck> gradientCheck(const Architecture &arch, const MlpParamsD &params, const std::uint8_t *pixels,
                                         Normalize normalize, int label, int count,
                                         std::uint64_t seed = kGradientCheckSeed, double h = kGradientCheckStep);

/** The relative difference of two derivatives as GradientCheck states it. */
double relativeDifference(double a, double b);

} // namespace bplab
