#pragma once
// What evaluating a data set gives: its loss, accuracy and confusion matrix, and each sample's
// answer when asked (networkeval.h computes them for any network).

#include "data/dataset.h"
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
/** Each sample's answer, in the data set's order (what the evaluation counted, sample by sample). */
struct SampleAnswers
{
    std::vector<float> probabilities; ///< size() x 10: sample i's p_k at [i * 10 + k]
    std::vector<float> losses;        ///< -ln p_label per sample
    std::vector<std::uint8_t> predicted; ///< argmax p per sample (the confusion matrix's column)
};
/** An evaluation of `count` samples before any is counted; perSample, if any, sized for them. */
Evaluation emptyEvaluation(std::size_t count, SampleAnswers *perSample);

} // namespace bplab
