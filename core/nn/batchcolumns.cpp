#include "nn/batchcolumns.h"

#include <algorithm>
#include <cmath>

namespace bplab {

void prefetchImages(const Dataset &data, const std::uint32_t *indices, int n)
{
    for (int c = 0; c < n; ++c) {
        const std::uint8_t *image = data.image(indices[c]);
        for (int b = 0; b < kInputs; b += 64)
            __builtin_prefetch(image + b);
    }
}

/** Columns [c0, c0 + n) of X from the samples indices[0 .. n). */
void gatherColumns(const Dataset &data, const std::uint32_t *indices, int c0, int n,
                   Normalize normalize, Eigen::Ref<Mat<float>> X)
{
    // The images are scattered over the data set, where no hardware prefetcher follows: ask for
    // the next image's 13 cache lines while this one is converted.
    for (int c = 0; c < n; ++c) {
        if (c + 1 < n) {
            const std::uint8_t *next = data.image(indices[c + 1]);
            for (int b = 0; b < kInputs; b += 64)
                __builtin_prefetch(next + b);
        }
        scaleBytes(data.image(indices[c]), kInputs, normalize, X.col(c0 + c).data());
    }
}

/** P = softmax(Z2) per column (max subtracted); losses(c) = ln(sum e^(z - m)) - (z_label - m). */
void softmaxColumns(int c0, int n, const std::uint8_t *labels,
                    const Eigen::Ref<const Mat<float>> &Z2, Eigen::Ref<Mat<float>> P,
                    Eigen::Ref<Vec<float>> losses)
{
    for (int c = c0; c < c0 + n; ++c) {
        const float *z = Z2.col(c).data();
        float *p = P.col(c).data();
        float m = z[0];
        for (int k = 1; k < kOutputs; ++k)
            m = std::max(m, z[k]);
        float sum = 0;
        for (int k = 0; k < kOutputs; ++k) {
            p[k] = std::exp(z[k] - m);
            sum += p[k];
        }
        const float inv = 1.0f / sum;
        for (int k = 0; k < kOutputs; ++k)
            p[k] *= inv;
        // L = -ln p_label, computed as log-sum-exp so it stays finite when p_label underflows.
        losses(c) = labels ? std::log(sum) - (z[labels[c]] - m) : 0.0f;
    }
}

} // namespace bplab
