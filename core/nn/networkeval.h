#pragma once
// Evaluating a network of any Architecture: the test or training set's loss, accuracy and
// confusion matrix, and one image's probabilities.

#include "nn/architecture.h"
#include "nn/evaluation.h"
#include "data/dataset.h"
#include "nn/mlp.h"

#include <array>
#include <cstdint>

namespace bplab {

/** Test loss, accuracy and confusion matrix of any network, as evaluate() gives them for the
 *  source network (chunks of 1,000 samples, each split by sample over the evaluation threads;
 *  on libxsmm's kernels when they are chosen; the loss is -ln p_label by log-sum-exp). With
 *  perSample, also every sample's probabilities, loss and answer. */
Evaluation evaluateNetwork(const Architecture &arch, const MlpParamsF &params, const Dataset &data,
                           Normalize normalize, SampleAnswers *perSample = nullptr);

/** The ten SoftMax probabilities of one image (784 bytes) for any network. */
std::array<float, kOutputs> networkProbabilities(const Architecture &arch, const MlpParamsF &params,
                                                 const std::uint8_t *pixels, Normalize normalize);

} // namespace bplab
