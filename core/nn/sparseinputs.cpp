// The first layer's products over the non-zero inputs only (sparseinputs.h).

#include "nn/sparseinputs.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace bplab {

namespace {

// 16 floats: the build's widest vectors (AVX-512's one register, two of AVX's). Only local
// variables have this type (no function takes or returns one, whose ABI would depend on -march);
// memory is read and written through memcpy, which compiles to unaligned vector moves.
using F16 = float __attribute__((vector_size(64)));

/** The indices and values of the non-zeros of `length` floats at x, appended at index/value
 *  (which must have room for 16 more than their count); returns how many. */
int compress(const float *x, int length, std::uint32_t *index, float *value)
{
    int count = 0;
    int i = 0;
#if defined(__AVX512F__)
    const __m512i step = _mm512_set1_epi32(16);
    __m512i at = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (; i + 16 <= length; i += 16) {
        const __m512 v = _mm512_loadu_ps(x + i);
        const __mmask16 inked = _mm512_cmpneq_ps_mask(v, _mm512_setzero_ps());
        // Compressed in registers and stored whole (a compressing store to memory is slow on
        // some CPUs); the room of 16 past the count takes the rest.
        _mm512_storeu_si512(index + count, _mm512_maskz_compress_epi32(inked, at));
        _mm512_storeu_ps(value + count, _mm512_maskz_compress_ps(inked, v));
        count += __builtin_popcount(inked);
        at = _mm512_add_epi32(at, step);
    }
#endif
    for (; i < length; ++i) {
        index[count] = std::uint32_t(i);
        value[count] = x[i];
        count += x[i] != 0.0f;
    }
    return count;
}

/** Room in index and value for every one of columns x length values and 16 more (compress()'s
 *  whole-vector stores); they keep their size between batches. */
void makeRoom(int columns, int length, std::vector<std::uint32_t> &index, std::vector<float> &value)
{
    const std::size_t room = std::size_t(columns) * std::size_t(length) + 16;
    if (index.size() < room) {
        index.resize(room);
        value.resize(room);
    }
}

/** The non-zeros of `columns` columns of `length` floats (leading dimension ld) as CSR offsets;
 *  index and value keep their size between batches. */
void compressColumns(const float *X, int ld, int length, int columns, std::vector<int> &start,
                     std::vector<std::uint32_t> &index, std::vector<float> &value)
{
    start.resize(std::size_t(columns) + 1);
    makeRoom(columns, length, index, value);
    int count = 0;
    start[0] = 0;
    for (int c = 0; c < columns; ++c) {
        count += compress(X + std::size_t(c) * std::size_t(ld), length, index.data() + count, value.data() + count);
        start[std::size_t(c) + 1] = count;
    }
}

// V vectors of 16 outputs at a time, held in registers across the sum.
template <int V>
void sumRows(const int *start, const std::uint32_t *row, const float *scale, int columns, const float *M,
             std::size_t ldm, float *out, std::size_t ldo)
{
    for (int c = 0; c < columns; ++c) {
        F16 acc[V] = {};
        for (int k = start[c]; k < start[c + 1]; ++k) {
            const float *m = M + std::size_t(row[k]) * ldm;
            const float x = scale[k];
#pragma GCC unroll 8
            for (int v = 0; v < V; ++v) {
                F16 w;
                std::memcpy(&w, m + 16 * v, sizeof w);
                acc[v] += x * w;
            }
        }
#pragma GCC unroll 8
        for (int v = 0; v < V; ++v)
            std::memcpy(out + std::size_t(c) * ldo + 16 * v, &acc[v], sizeof acc[v]);
    }
}

/** out[:, c] = sum over k in [start[c], start[c+1]) of scale[k] M[row[k], :] for the first m
 *  (rounded up to 16) entries of each row, in blocks of up to 128. */
void sumRowsBlocked(const std::vector<int> &start, const std::vector<std::uint32_t> &row,
                    const std::vector<float> &scale, int columns, const float *M, int ldm, int m, float *out,
                    int ldo)
{
    const int vectors = (m + 15) / 16;
    for (int v0 = 0; v0 < vectors; v0 += 8) {
        const float *Mv = M + 16 * v0;
        float *outv = out + 16 * v0;
        const auto run = [&](auto block) {
            sumRows<decltype(block)::value>(start.data(), row.data(), scale.data(), columns, Mv, std::size_t(ldm),
                                            outv, std::size_t(ldo));
        };
        switch (std::min(8, vectors - v0)) {
        case 1: run(std::integral_constant<int, 1> {}); break;
        case 2: run(std::integral_constant<int, 2> {}); break;
        case 3: run(std::integral_constant<int, 3> {}); break;
        case 4: run(std::integral_constant<int, 4> {}); break;
        case 5: run(std::integral_constant<int, 5> {}); break;
        case 6: run(std::integral_constant<int, 6> {}); break;
        case 7: run(std::integral_constant<int, 7> {}); break;
        default: run(std::integral_constant<int, 8> {}); break;
        }
    }
}

} // namespace

void SparseInputs::build(const float *X, int ldx, const float *XT, int ldxt, int inputs, int n)
{
    m_inputs = inputs;
    m_n = n;
    compressColumns(X, ldx, inputs, n, m_sampleStart, m_input, m_value);
    compressColumns(XT, ldxt, n, inputs, m_inputStart, m_sample, m_valueByInput);
}

void SparseInputs::reserve(int inputs, int n)
{
    makeRoom(n, inputs, m_input, m_value);
    makeRoom(inputs, n, m_sample, m_valueByInput);
    m_sampleStart.reserve(std::size_t(n) + 1);
    m_inputStart.reserve(std::size_t(inputs) + 1);
}

bool SparseInputs::enabled()
{
    static const bool dense = std::getenv("BPLAB_DENSE_INPUTS") != nullptr;
    return !dense;
}

bool SparseInputs::worthSkipping() const
{
    return enabled() && m_n > 0 && 2 * std::int64_t(nonZeros()) <= std::int64_t(m_n) * m_inputs;
}

void SparseInputs::times(const float *WT, int ldw, int m, float *Z, int ldz) const
{
    sumRowsBlocked(m_sampleStart, m_input, m_value, m_n, WT, ldw, m, Z, ldz);
}

void SparseInputs::outer(const float *D, int ldd, int m, float *dWT, int ldw) const
{
    sumRowsBlocked(m_inputStart, m_sample, m_valueByInput, m_inputs, D, ldd, m, dWT, ldw);
}

} // namespace bplab
