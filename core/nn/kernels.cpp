// Kernel choice, libxsmm's kernels and the helpers of the batched passes (kernels.h).

#include "nn/kernels.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>
#ifdef BPLAB_HAVE_XSMM
#include <libxsmm.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace bplab {

namespace {

std::atomic<int> g_kernels {-1}; // -1: not chosen yet (see activeKernels())

Kernels defaultKernels()
{
    if (const char *env = std::getenv("BPLAB_KERNELS"); env && *env) {
        if (const auto k = parseKernels(env))
            return xsmmBuilt() ? *k : Kernels::Eigen;
    }
    return xsmmBuilt() ? Kernels::Xsmm : Kernels::Eigen;
}

} // namespace

bool xsmmBuilt()
{
#ifdef BPLAB_HAVE_XSMM
    return true;
#else
    return false;
#endif
}

Kernels activeKernels()
{
    int k = g_kernels.load(std::memory_order_relaxed);
    if (k < 0) {
        k = int(defaultKernels());
        g_kernels.store(k, std::memory_order_relaxed);
    }
    return Kernels(k);
}

Kernels setActiveKernels(Kernels kernels)
{
    if (!xsmmBuilt())
        kernels = Kernels::Eigen;
    g_kernels.store(int(kernels), std::memory_order_relaxed);
    return kernels;
}

const char *toString(Kernels kernels)
{
    return kernels == Kernels::Xsmm ? "xsmm" : "eigen";
}

std::optional<Kernels> parseKernels(std::string_view name)
{
    if (name == "eigen")
        return Kernels::Eigen;
    if (name == "xsmm")
        return Kernels::Xsmm;
    return std::nullopt;
}

Gemm::Gemm(const GemmShape &shape)
    : m_shape(shape)
{
#ifdef BPLAB_HAVE_XSMM
    static std::once_flag initialised;
    std::call_once(initialised, [] { libxsmm_init(); });
    const libxsmm_blasint lda = shape.lda, ldb = shape.ldb, ldc = shape.ldc;
    const float alpha = 1.0f, beta = shape.accumulate ? 1.0f : 0.0f;
    const int flags = shape.transB ? LIBXSMM_GEMM_FLAG_TRANS_B : LIBXSMM_GEMM_FLAG_NONE;
    // No prefetch variant: the operands of one batch stay in the core's own caches.
    m_kernel = reinterpret_cast<void *>(libxsmm_smmdispatch(shape.m, shape.n, shape.k, &lda, &ldb,
                                                            &ldc, &alpha, &beta, &flags, nullptr));
#endif
}

void Gemm::operator()(const float *a, const float *b, float *c) const
{
#ifdef BPLAB_HAVE_XSMM
    reinterpret_cast<libxsmm_smmfunction>(m_kernel)(a, b, c);
#else
    (void)a;
    (void)b;
    (void)c;
#endif
}

namespace {

/** The plain loop: blocks of 16 x 16 so that both sides stay in the first-level cache. */
void transposeBlocked(const float *X, int ldx, int rows, int n, float *XT, int ldxt)
{
    constexpr int kBlock = 16;
    for (int r0 = 0; r0 < rows; r0 += kBlock)
        for (int c0 = 0; c0 < n; c0 += kBlock) {
            const int r1 = std::min(rows, r0 + kBlock), c1 = std::min(n, c0 + kBlock);
            for (int r = r0; r < r1; ++r)
                for (int c = c0; c < c1; ++c)
                    XT[std::size_t(r) * ldxt + c] = X[std::size_t(c) * ldx + r];
        }
}

#if defined(__x86_64__) && defined(__GNUC__)
/** 4 floats from low in the register's lane 0, 4 from high in lane 1. */
__attribute__((target("avx"))) inline __m256 lanes(const float *low, const float *high)
{
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(low)), _mm_loadu_ps(high), 1);
}

/**
 * 8 x 8 tiles in AVX registers (whatever the build's baseline: chosen at run time). The tile's
 * two 4 x 8 halves are loaded into the two lanes of each register, so that 16 in-lane shuffles
 * complete it: the shuffle port, not the loads, is what limits a transposition.
 */
__attribute__((target("avx"))) void transposeAvx(const float *X, int ldx, int rows, int n,
                                                 float *XT, int ldxt)
{
    const int rows8 = rows / 8 * 8, n8 = n / 8 * 8;
    for (int c0 = 0; c0 < n8; c0 += 8) {
        const float *a[8];
        for (int i = 0; i < 8; ++i)
            a[i] = X + std::size_t(c0 + i) * ldx; // column c0 + i
        for (int r0 = 0; r0 < rows8; r0 += 8) {
            for (int part = 0; part < 8; part += 4) { // rows r0 .. r0 + 3, then r0 + 4 .. r0 + 7
                const int r = r0 + part;
                // Lane 0: columns c0 .. c0 + 3, lane 1: c0 + 4 .. c0 + 7.
                const __m256 v0 = lanes(a[0] + r, a[4] + r), v1 = lanes(a[1] + r, a[5] + r);
                const __m256 v2 = lanes(a[2] + r, a[6] + r), v3 = lanes(a[3] + r, a[7] + r);
                const __m256 t0 = _mm256_unpacklo_ps(v0, v1), t1 = _mm256_unpackhi_ps(v0, v1);
                const __m256 t2 = _mm256_unpacklo_ps(v2, v3), t3 = _mm256_unpackhi_ps(v2, v3);
                float *out = XT + std::size_t(r) * ldxt + c0;
                _mm256_storeu_ps(out, _mm256_shuffle_ps(t0, t2, 0x44));
                _mm256_storeu_ps(out + ldxt, _mm256_shuffle_ps(t0, t2, 0xEE));
                _mm256_storeu_ps(out + 2 * std::size_t(ldxt), _mm256_shuffle_ps(t1, t3, 0x44));
                _mm256_storeu_ps(out + 3 * std::size_t(ldxt), _mm256_shuffle_ps(t1, t3, 0xEE));
            }
        }
    }
    // The edges (rows or columns beyond the last whole tile).
    if (rows8 < rows)
        transposeBlocked(X + rows8, ldx, rows - rows8, n, XT + std::size_t(rows8) * ldxt, ldxt);
    if (n8 < n)
        transposeBlocked(X + std::size_t(n8) * ldx, ldx, rows8, n - n8, XT + n8, ldxt);
}

bool haveAvx()
{
    static const bool avx = __builtin_cpu_supports("avx");
    return avx;
}
#endif

} // namespace

void transposeInto(const float *X, int ldx, int rows, int n, float *XT, int ldxt)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (haveAvx()) {
        transposeAvx(X, ldx, rows, n, XT, ldxt);
        return;
    }
#endif
    transposeBlocked(X, ldx, rows, n, XT, ldxt);
}

const char *gemmFormula(GemmId id)
{
    switch (id) {
    case GemmId::Z1:
        return "Z1 = W1 X";
    case GemmId::Z2:
        return "Z2 = W2 A1";
    case GemmId::Back:
        return "W2^T Delta2";
    case GemmId::dW2:
        return "dW2 = Delta2 A1^T";
    case GemmId::dW1:
        return "dW1 = Delta1 X^T";
    }
    return "";
}

const char *phaseName(PhaseId id)
{
    switch (id) {
    case PhaseId::Gather:
        return "gather";
    case PhaseId::Activations:
        return "bias_relu";
    case PhaseId::SoftMax:
        return "softmax";
    case PhaseId::Backward:
        return "backward_elementwise";
    case PhaseId::Step:
        return "sgd_step";
    case PhaseId::Wait:
        return "wait";
    }
    return "";
}

namespace {

std::atomic<bool> g_profiling {false};
/** One set of sums per half, each on cache lines of its own. */
struct alignas(64) HalfProfile
{
    GemmProfile sums;
};
HalfProfile g_profile[2];

} // namespace

void setGemmProfiling(bool on)
{
    g_profiling.store(on, std::memory_order_relaxed);
}

bool gemmProfiling()
{
    return g_profiling.load(std::memory_order_relaxed);
}

void resetGemmProfile()
{
    g_profile[0].sums = GemmProfile {};
    g_profile[1].sums = GemmProfile {};
}

GemmProfile gemmProfile()
{
    GemmProfile p;
    for (int i = 0; i < kGemmCount; ++i) {
        p.seconds[i] = g_profile[0].sums.seconds[i] + g_profile[1].sums.seconds[i];
        p.flops[i] = g_profile[0].sums.flops[i] + g_profile[1].sums.flops[i];
    }
    for (int i = 0; i < kPhaseCount; ++i)
        p.phaseSeconds[i] = g_profile[0].sums.phaseSeconds[i] + g_profile[1].sums.phaseSeconds[i];
    p.batchSeconds = g_profile[0].sums.batchSeconds;
    return p;
}

void addGemmTime(int half, GemmId id, double seconds, double flops)
{
    GemmProfile &p = g_profile[half & 1].sums;
    p.seconds[int(id)] += seconds;
    p.flops[int(id)] += flops;
}

void addPhaseTime(int half, PhaseId id, double seconds)
{
    g_profile[half & 1].sums.phaseSeconds[int(id)] += seconds;
}

void addBatchTime(double seconds)
{
    g_profile[0].sums.batchSeconds += seconds;
}

} // namespace bplab
