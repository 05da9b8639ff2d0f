#pragma once
// Per-sample steps of the batched passes: gathering images into columns, SoftMax by column.

#include "data/dataset.h"
#include "nn/network.h"
#include "nn/params.h"

namespace bplab {

/** Asks the caches for the images of the samples indices[0 .. n) (they are scattered over the
 *  data set, where no hardware prefetcher follows): a gather converts one group of samples while
 *  the next group's images arrive. */
void prefetchImages(const Dataset &data, const std::uint32_t *indices, int n);

/** Columns [c0, c0 + n) of X from the samples indices[0 .. n). */
void gatherColumns(const Dataset &data, const std::uint32_t *indices, int c0, int n,
                   Normalize normalize, Eigen::Ref<Mat<float>> X);

/** P = softmax(Z2) per column (max subtracted); losses(c) = ln(sum e^(z - m)) - (z_label - m). */
void softmaxColumns(int c0, int n, const std::uint8_t *labels,
                    const Eigen::Ref<const Mat<float>> &Z2, Eigen::Ref<Mat<float>> P,
                    Eigen::Ref<Vec<float>> losses);

} // namespace bplab
