#pragma once
// The network's maths: initialisation, input scaling, the forward pass with its full trace, the
// backward pass of the source's derivation, batched versions for training, and evaluation.

#include "dataset.h"
#include "params.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace bplab {

enum class Init { He, Xavier, PyTorch };
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

class BatchHelper; // the second training thread of a workspace (core/batch.cpp)

/**
 * Preallocated buffers for one mini-batch (no allocation in the batch loop): X is 784 x B with one
 * sample per column. The batch is always computed as two fixed halves of the 128 hidden neurons
 * (see forwardBackwardBatch); the workspace owns the thread that takes the second half.
 */
struct BatchWorkspace {
    explicit BatchWorkspace(int batch = 64);
    void resize(int batch);
    int batch = 0;
    Mat<float> X, Z2, P, Delta2;
    RowMat<float> Z1, A1, Delta1; ///< row-major, as W1: each half's rows one block
    Vec<float> losses;

    /** The second half's own buffers: its share of the logits, and its private copy of the
     *  output layer (both halves compute SoftMax and delta2 from the same sums, so they need
     *  to meet only once per batch). */
    struct Half {
        Mat<float> X; ///< half 1's own copy of the inputs when it gathers them (two threads)
        Mat<float> Z2share, Z2, P, Delta2;
        Vec<float> losses;
        float finite = 0; ///< a fused step's finiteness sum of what this half wrote (0: all finite)
    };
    Half halves[2];

    /** The helper thread, started by the first batch that uses two threads. A copy of a
     *  workspace starts its own. */
    struct Helper {
        Helper() = default;
        Helper(const Helper &) {}
        Helper &operator=(const Helper &) { return *this; }
        ~Helper();
        BatchHelper *get();
        /** The caller does other work before the next batch (e.g. evaluates the test set): the
         *  helper sleeps at once instead of spinning for its usual 2 ms, leaving the core free. */
        void rest();

    private:
        BatchHelper *m_helper = nullptr;
    };
    Helper helper;
};

/** Fills ws.X with samples order[first .. first+count) of data (count <= ws.batch). */
void gatherBatch(const Dataset &data, const std::uint32_t *indices, int count, Normalize normalize,
                 BatchWorkspace &ws);

/**
 * Forward and backward pass over the first `count` columns of ws.X; grads receives the gradient
 * averaged over the batch. Returns the mean cross-entropy. labels[i] belongs to column i.
 *
 * The work is split into two fixed halves of the hidden layer (neurons 0-63 and 64-127): each
 * half computes its rows of Z1, A1, delta1, dW1, db1, its columns of dW2 and its share of the
 * logits; the halves meet once per batch to add their shares of the logits (always half 0 plus
 * half 1). With two threads each half runs on its own thread; with one, both run in turn on the
 * caller. The products and sums are the same either way: the result bits do not depend on the
 * thread count.
 */
double forwardBackwardBatch(const ParamsF &params, const std::uint8_t *labels, int count,
                            BatchWorkspace &ws, ParamsF &grads);

/**
 * Where a fused SGD step writes, with Sgd::step's expressions (trainer.h):
 * v' = momentum * v + g into nextVelocity, w' = w - lr * v' into next (momentum 0: w' = w - lr * g,
 * nextVelocity untouched). next may be the parameters themselves and nextVelocity the velocity
 * (an update in place); separate buffers keep the old state for the divergence guard.
 */
struct SgdTarget {
    float lr = 0;
    float momentum = 0;
    const ParamsF *velocity = nullptr;
    ParamsF *nextVelocity = nullptr;
    ParamsF *next = nullptr;
};

/** The samples a batch gathers into ws.X itself (as gatherBatch: indices[0 .. count)). */
struct BatchSamples {
    const Dataset *data = nullptr;
    const std::uint32_t *indices = nullptr;
    Normalize normalize = Normalize::None;
};

struct StepResult {
    double loss = 0;    ///< mean cross-entropy of the batch (before the step)
    bool finite = true; ///< every value the step wrote (the new weights) is finite
};

/**
 * The whole training step of one batch: the gather (when samples is given; with two threads each
 * half converts the batch into its own input matrix, so that no inputs pass between the cores),
 * forwardBackwardBatch, then the SGD step done by each half on the
 * parameters whose gradient it just computed, while they are in its core's cache, together with
 * the finiteness check of the new weights. grads still receives the gradient. The same bits as
 * gatherBatch + forwardBackwardBatch + Sgd::step, for 1 and 2 threads.
 */
StepResult forwardBackwardStep(const ParamsF &params, const std::uint8_t *labels, int count,
                               BatchWorkspace &ws, ParamsF &grads, const SgdTarget &step,
                               const BatchSamples *samples = nullptr);

/** forwardBackwardStep in place (next = params, nextVelocity = velocity): the same bits as
 *  forwardBackwardBatch + Sgd::update. */
double forwardBackwardUpdate(ParamsF &params, const std::uint8_t *labels, int count,
                             BatchWorkspace &ws, ParamsF &grads, float lr, float momentum,
                             ParamsF &velocity);

/**
 * Threads forwardBackwardBatch runs its two halves on: 1 or 2. Default: $BPLAB_THREADS, else
 * kDefaultTrainingThreads when the machine has a core to spare (the last minute's load average
 * below the cores minus one half; decided once, at the first call), else 1; at most the
 * machine's cores. The result bits are the same for 1 and 2, so the choice is only about speed:
 * two threads pay off when each has a core of its own; on cores kept busy by other programs
 * (even low-priority ones) the halves wait for each other and one thread is faster.
 * Eigen's own product threading is off (EIGEN_DONT_PARALLELIZE): the core splits the work itself,
 * which is faster at batch 64.
 */
inline constexpr int kDefaultTrainingThreads = 2;
int trainingThreads();
void setTrainingThreads(int threads);
/** Threads evaluate() splits its 1,000-sample chunks over, by sample (default: all OpenMP's). */
int evaluationThreads();
void setEvaluationThreads(int threads);

/** Test loss, accuracy (percent) and confusion matrix [true][predicted]. */
struct Evaluation {
    double loss = 0;
    double accuracy = 0;
    std::size_t count = 0;
    std::array<std::array<int, kOutputs>, kOutputs> confusion{};
};
Evaluation evaluate(const ParamsF &params, const Dataset &data, Normalize normalize);

/** argmax of the 10 outputs and the probabilities for one image (for drawing / predict). */
std::array<float, kOutputs> predictProbabilities(const ParamsF &params, const std::uint8_t *pixels,
                                                 Normalize normalize);

std::string toString(Init init);
std::string toString(Normalize normalize);
/** "he", "xavier", "pytorch" / "none", "standard"; nullopt for anything else. */
std::optional<Init> parseInit(const std::string &name);
std::optional<Normalize> parseNormalize(const std::string &name);

} // namespace bplab
