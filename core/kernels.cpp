// Kernel choice, libxsmm's kernels and the helpers of the batched passes (kernels.h).

#include "kernels.h"

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
    const float alpha = 1.0f, beta = 0.0f;
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
/** 8 x 8 tiles in AVX registers (whatever the build's baseline: chosen at run time). */
__attribute__((target("avx"))) void transposeAvx(const float *X, int ldx, int rows, int n,
                                                 float *XT, int ldxt)
{
    const int rows8 = rows / 8 * 8, n8 = n / 8 * 8;
    for (int c0 = 0; c0 < n8; c0 += 8)
        for (int r0 = 0; r0 < rows8; r0 += 8) {
            __m256 v[8];
            for (int i = 0; i < 8; ++i)
                v[i] = _mm256_loadu_ps(X + std::size_t(c0 + i) * ldx + r0); // column c0 + i
            const __m256 t0 = _mm256_unpacklo_ps(v[0], v[1]), t1 = _mm256_unpackhi_ps(v[0], v[1]);
            const __m256 t2 = _mm256_unpacklo_ps(v[2], v[3]), t3 = _mm256_unpackhi_ps(v[2], v[3]);
            const __m256 t4 = _mm256_unpacklo_ps(v[4], v[5]), t5 = _mm256_unpackhi_ps(v[4], v[5]);
            const __m256 t6 = _mm256_unpacklo_ps(v[6], v[7]), t7 = _mm256_unpackhi_ps(v[6], v[7]);
            const __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
            const __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
            const __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xEE);
            const __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xEE);
            const __m256 o[8]
                    = {_mm256_permute2f128_ps(s0, s4, 0x20), _mm256_permute2f128_ps(s1, s5, 0x20),
                       _mm256_permute2f128_ps(s2, s6, 0x20), _mm256_permute2f128_ps(s3, s7, 0x20),
                       _mm256_permute2f128_ps(s0, s4, 0x31), _mm256_permute2f128_ps(s1, s5, 0x31),
                       _mm256_permute2f128_ps(s2, s6, 0x31), _mm256_permute2f128_ps(s3, s7, 0x31)};
            for (int i = 0; i < 8; ++i)
                _mm256_storeu_ps(XT + std::size_t(r0 + i) * ldxt + c0, o[i]); // row r0 + i
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
    return p;
}

void addGemmTime(int half, GemmId id, double seconds, double flops)
{
    GemmProfile &p = g_profile[half & 1].sums;
    p.seconds[int(id)] += seconds;
    p.flops[int(id)] += flops;
}

} // namespace bplab
