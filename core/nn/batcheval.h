#pragma once
// The evaluation of a data set with the source network's weights: its loss, accuracy and
// confusion matrix, and each sample's answer when asked.

#include "data/dataset.h"
#include "nn/network.h"
#include "nn/params.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace bplab {

/** Test loss, accuracy (percent) and confusion matrix [true][predicted]. */
struct Evaluation
{
    double loss = 0;
    double accuracy = 0;
    std::size_t count = 0;
    std::array<std::array<int, kOutputs>, kOutputs> confusion {};
};
/** Each sample's answer, in the data set's order (what evaluate() counted, sample by sample). */
struct SampleAnswers
{
    std::vector<float> probabilities; ///< size() x 10: sample i's p_k at [i * 10 + k]
    std::vector<float> losses;        ///< -ln p_label per sample
    std::vector<std::uint8_t> predicted; ///< argmax p per sample (the confusion matrix's column)
};
/** Evaluates in chunks of 1,000 samples, each split by sample over evaluationThreads(), with the
 *  products on activeKernels(). With perSample, also keeps every sample's answer. */
Evaluation evaluate(const ParamsF &params, const Dataset &data, Normalize normalize,
                    SampleAnswers *perSample = nullptr);
/** An evaluation of `count` samples before any is counted; perSample, if any, sized for them. */
Evaluation emptyEvaluation(std::size_t count, SampleAnswers *perSample);

} // namespace bplab
