#pragma once
// A batch's inputs without their zeros, and the first layer's two products over them. Most of an
// MNIST image is background (about 150 of its 784 pixels are inked), and a product that skips
// the zeros adds the same non-zero terms in the same order as one that multiplies by them:
//   z_s = sum over the inked p of x_{s,p} W[:, p],   dW[:, p] = sum over the samples s that ink p
//   of x_{s,p} delta_s.
// The weights are read with the inputs as rows (W^T: W[:, p] contiguous), the sums are written
// per sample (m x n, column s for sample s).

#include <cstdint>
#include <vector>

namespace bplab {

class SparseInputs
{
public:
    /** The non-zeros of X (inputs x n, column-major, leading dimension ldx) by sample, and of the
     *  same values' X^T (n x inputs, leading dimension ldxt) by input. */
    void build(const float *X, int ldx, const float *XT, int ldxt, int inputs, int n);
    /** Room for batches of up to n samples of `inputs`, so that build() allocates nothing. */
    void reserve(int inputs, int n);

    int samples() const { return m_n; }
    int inputs() const { return m_inputs; }
    /** Whether some sample has input p non-zero (its row of dW^T is zero otherwise, and times()
     *  never reads its row of W^T). */
    bool inked(int p) const { return m_inputStart[std::size_t(p) + 1] > m_inputStart[std::size_t(p)]; }
    /** How many of the n x inputs values are not zero. */
    int nonZeros() const { return m_sampleStart.empty() ? 0 : m_sampleStart.back(); }
    /** Whether the products below are worth taking over dense ones for these inputs: at most
     *  half of them non-zero (MNIST: about a fifth), and BPLAB_DENSE_INPUTS not set. The sparse
     *  products read a row of W^T per non-zero and their callers transpose W and dW per batch, so
     *  inputs with few zeros are left to the dense kernels. */
    bool worthSkipping() const;
    /** False when BPLAB_DENSE_INPUTS is set: the dense kernels for every batch (and no build()). */
    static bool enabled();

    /**
     * Z (m x n, leading dimension ldz) = W X for W^T given as WT (inputs x m, row p at WT + p ldw):
     * z_s = sum over sample s's non-zero inputs p of x_{s,p} W^T[p, :]. m is rounded up to 16 in
     * both WT and Z (their rows must have room: ldw, ldz >= m rounded up to 16).
     */
    void times(const float *WT, int ldw, int m, float *Z, int ldz) const;

    /**
     * dW^T (inputs x m, row p at dWT + p ldw) = X Delta^T for Delta (m x n, column s at
     * D + s ldd): row p = sum over the samples s with x_{s,p} != 0 of x_{s,p} delta_s; the rows of
     * inputs no sample inks are zero. m is rounded up to 16 as in times().
     */
    void outer(const float *D, int ldd, int m, float *dWT, int ldw) const;

private:
    int m_inputs = 0, m_n = 0;
    std::vector<int> m_sampleStart, m_inputStart;  ///< n + 1, inputs + 1 offsets
    /// by sample: the input and its value; by input: the sample and its value (nonZeros() used)
    std::vector<std::uint32_t> m_input, m_sample;
    std::vector<float> m_value, m_valueByInput;
};

} // namespace bplab
