#pragma once
// The network's maths: initialisation, input scaling, the forward pass with its full trace, the
// backward pass of the source's derivation, batched versions for training, and evaluation.

#include "data/dataset.h"
#include "nn/params.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace bplab {

enum class Init { He, Xavier, PyTorch };
/** Every initialisation, in the order the CLI lists them. */
inline constexpr Init kInits[] = {Init::He, Init::Xavier, Init::PyTorch};
enum class Normalize { None, Standard }; // x/255, or (x/255 - 0.1307) / 0.3081 (MNIST mean/std)

/** Weights from a seeded generator (bitwise reproducible on one build). Biases 0 except PyTorch. */
ParamsF initParams(Init init, std::uint64_t seed);

/** Scales 784 bytes into the network's input x (column vector). Defined for float and double. */
template <class S>
Vec<S> scaleInput(const std::uint8_t *pixels, Normalize normalize);
template <>
Vec<float> scaleInput<float>(const std::uint8_t *pixels, Normalize normalize);
template <>
Vec<double> scaleInput<double>(const std::uint8_t *pixels, Normalize normalize);
/** The 256 float input values for the bytes 0-255 under a scaling (the same bits as scaleBytes). */
const float *inputTable(Normalize normalize);
/** out[i] = the float input for pixels[i], i < n (vectorised; what every float path uses). */
void scaleBytes(const std::uint8_t *pixels, int n, Normalize normalize, float *out);

/** Every value of one sample's forward and backward pass (what `explain` prints). */
template <class S>
struct Trace {
    int label = -1;     ///< the true class 0-9 (-1: no label, then no loss/gradients)
    int predicted = -1; ///< argmax of probabilities
    Vec<S> input;       ///< x, 784 values as fed to the network
    Vec<S> target;      ///< y, one-hot (10)
    Vec<S> z1;          ///< z1 = W1 x + b1 (128)
    Vec<S> a1;          ///< a1 = max(0, z1)
    Vec<S> logits;      ///< z2 = W2 a1 + b2 (10)
    Vec<S> exp;         ///< e^{z2_k} (unshifted, as the source writes it; check expFinite)
    S expSum = 0;       ///< sum_k e^{z2_k}
    bool expFinite = true; ///< false when e^z overflowed; probabilities are still exact (max-shifted)
    Vec<S> probabilities;  ///< p_k = e^{z2_k} / sum, computed stably
    S loss = 0;            ///< L = -ln p_label
    Vec<S> delta2;         ///< delta2 = p - y (10)
    Vec<S> delta1;         ///< delta1 = (W2^T delta2) .* relu'(z1) (128)
};
using TraceF = Trace<float>;
using TraceD = Trace<double>;

/** Forward pass of one sample (and backward deltas when label is 0-9). */
template <class S>
Trace<S> forwardTrace(const Params<S> &params, const Vec<S> &x, int label);

/** dW1 = delta1 x^T, db1 = delta1, dW2 = delta2 a1^T, db2 = delta2 for one sample. */
template <class S>
Params<S> gradientsOf(const Trace<S> &trace);

/** Weight adjustments delta_w = -lr * gradient (what w_new = w_old + delta_w adds). */
template <class S>
Params<S> adjustmentsOf(const Params<S> &gradients, S lr);

/** One plain SGD step on one sample: the trace before, the gradient, the adjustment, the new
 *  weights and the trace after (on the same sample with the new weights). */
template <class S>
struct StepTrace {
    Trace<S> before;
    Params<S> gradients;
    Params<S> adjustments;
    Params<S> after;
    Trace<S> afterTrace;
};
template <class S>
StepTrace<S> explainStep(const Params<S> &params, const Vec<S> &x, int label, S lr);

/** argmax of the 10 outputs and the probabilities for one image (for drawing / predict). */
std::array<float, kOutputs> predictProbabilities(const ParamsF &params, const std::uint8_t *pixels,
                                                 Normalize normalize);

std::string toString(Init init);
std::string toString(Normalize normalize);
/** "he", "xavier", "pytorch" / "none", "standard"; nullopt for anything else. */
std::optional<Init> parseInit(const std::string &name);
std::optional<Normalize> parseNormalize(const std::string &name);

} // namespace bplab

