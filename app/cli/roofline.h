#pragma once
// The roofline of a training epoch on this machine: each matrix product of one mini-batch timed
// alone, in a tight loop, at its best speed, on the kernels the core runs (kernels.h: libxsmm's
// or Eigen's), with the same flags, threads and split as the core.

#include <string>
#include <vector>

namespace bplab::cli {

struct GemmTiming
{
    std::string formula;     ///< e.g. "Z1 = W1 X"
    int m = 0, k = 0, n = 0; ///< (m x k) * (k x n)
    double seconds = 0;      ///< best time of one product
    double flops() const { return 2.0 * m * k * n; }
    double gflops() const { return seconds > 0 ? flops() / seconds / 1e9 : 0; }
};

struct BatchRoofline
{
    int batch = 0;
    std::string kernels; ///< "xsmm" or "eigen": what was timed
    std::vector<GemmTiming> gemms;
    double seconds() const; ///< sum of the products' best times: one batch at peak
    double flops() const;
};

/**
 * Times the five products of one batch of `batch` samples: forward Z1 = W1 X, Z2 = W2 A1;
 * backward dW2 = Delta2 A1^T, W2^T Delta2, dW1 = Delta1 X^T. Each is repeated for at least
 * minSeconds per trial, best of `trials`. With threads > 1 the work is split as the core splits
 * it (core/nn/batch.cpp): every thread takes its share of the 128 hidden neurons in all five
 * products (for Z2 = W2 A1 its share of the logits, W2[:, its neurons] A1[its neurons]), all at once.
 */
BatchRoofline measureBatchRoofline(int batch, int threads = 1, double minSeconds = 0.01,
                                   int trials = 5);

} // namespace bplab::cli
