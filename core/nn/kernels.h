#pragma once
// The matrix-product kernels of the batched passes: Eigen's products (the reference), or
// libxsmm's small-matrix kernels, JIT-compiled at run time for the CPU the program runs on (so a
// build for a generic x86-64 keeps their speed). Chosen at run time; the result bits depend on
// the choice (another order of the sums), never on the thread count.

#include <optional>
#include <string_view>

namespace bplab {

enum class Kernels { Eigen, Xsmm };

/** Whether this build has libxsmm (CMake option BPLAB_XSMM and the libxsmm-dev package). */
bool xsmmBuilt();
/** The kernels the batched passes use: $BPLAB_KERNELS ("eigen" or "xsmm"; read at the first
 *  call), else xsmm when the build has it, else Eigen. */
Kernels activeKernels();
/** Chooses the kernels for every later batch (xsmm means Eigen in a build without it); returns
 *  the choice in effect. For tests and benchmarks: not while a batch runs. */
Kernels setActiveKernels(Kernels kernels);
const char *toString(Kernels kernels);
/** "eigen" or "xsmm"; nullopt for anything else. */
std::optional<Kernels> parseKernels(std::string_view name);

/** The shape of C (m x n) = A (m x k) op(B) (k x n), column-major, leading dimensions lda, ldb,
 *  ldc; op(B) = B^T when transB (B then stored n x k). C is overwritten (beta 0), or with
 *  accumulate C += A op(B) (beta 1). */
struct GemmShape
{
    int m = 0, n = 0, k = 0;
    int lda = 0, ldb = 0, ldc = 0;
    bool transB = false;
    bool accumulate = false;
    bool operator==(const GemmShape &) const = default;
};

/**
 * One libxsmm kernel for one shape. Made once per shape: libxsmm compiles it at its first request
 * and keeps it in its registry for the life of the process; callers keep the Gemm and call it per
 * batch. A kernel is a pure function of its operands: any number of threads may call it at once.
 */
class Gemm
{
public:
    Gemm() = default;
    /** libxsmm's kernel for the shape; invalid without libxsmm or for a shape it cannot make. */
    explicit Gemm(const GemmShape &shape);
    bool valid() const { return m_kernel != nullptr; }
    const GemmShape &shape() const { return m_shape; }
    /** C = A op(B) (C += A op(B) when the shape accumulates) on the shape's sizes. */
    void operator()(const float *a, const float *b, float *c) const;

private:
    GemmShape m_shape;
    void *m_kernel = nullptr;
};

/** XT = X^T: X is rows x n (column-major, leading dimension ldx), XT n x rows (ldxt). */
void transposeInto(const float *X, int ldx, int rows, int n, float *XT, int ldxt);

/** The five products of a training batch, in the order bench lists them. */
enum class GemmId { Z1, Z2, Back, dW2, dW1 };
inline constexpr int kGemmCount = 5;
/** "Z1 = W1 X", "Z2 = W2 A1", "W2^T Delta2", "dW2 = Delta2 A1^T", "dW1 = Delta1 X^T". */
const char *gemmFormula(GemmId id);

/** The work of a training batch outside the five products, in the order bench lists it. */
enum class PhaseId { Gather, Activations, SoftMax, Backward, Step, Wait };
inline constexpr int kPhaseCount = 6;
/** "gather", "bias_relu", "softmax", "backward_elementwise", "sgd_step", "wait". */
const char *phaseName(PhaseId id);

/** Time and FLOPs spent in each product by the batched passes while profiling is on, summed
 *  over both halves of every batch (bench measures the epoch's kernels with it), and the time of
 *  each phase outside them. */
struct GemmProfile
{
    double seconds[kGemmCount] = {};
    double flops[kGemmCount] = {};
    double phaseSeconds[kPhaseCount] = {};
    double batchSeconds = 0; ///< wall time inside the batched passes (both halves at once)
};
/** Turns the timing of every product on or off (off by default: two clock reads per product). */
void setGemmProfiling(bool on);
bool gemmProfiling();
/** Clears the sums. */
void resetGemmProfile();
GemmProfile gemmProfile();
/** Adds one product of half h (0 or 1: each half writes its own sums). */
void addGemmTime(int half, GemmId id, double seconds, double flops);
/** Adds one phase of half h. */
void addPhaseTime(int half, PhaseId id, double seconds);
/** Adds the wall time of one batch (the caller's thread). */
void addBatchTime(double seconds);

} // namespace bplab
