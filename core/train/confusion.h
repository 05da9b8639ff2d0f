#pragma once
// What the network answers for every image of a set, and the views of its mistakes a class
// discusses: the confusion matrix (counted by evaluate(), the same code as `eval`), the gallery
// of one cell, and the most confident mistakes.

#include "nn/architecture.h"
#include "nn/evaluation.h"
#include "nn/mlp.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bplab {

/** Every image's answer at one set of weights, and the evaluation they add up to. */
struct SetAnswers
{
    Evaluation summary;   ///< loss, accuracy and confusion[true][predicted], as `eval` prints them
    SampleAnswers samples;
    std::vector<std::uint8_t> labels; ///< the true classes, in the set's order

    std::size_t size() const { return labels.size(); }
    float p(std::size_t i, int k) const { return samples.probabilities[i * kOutputs + std::size_t(k)]; }
    int label(std::size_t i) const { return labels[i]; }
    int predicted(std::size_t i) const { return samples.predicted[i]; }
    float loss(std::size_t i) const { return samples.losses[i]; }
};

/** Runs evaluateNetwork() over the set, keeping each image's answer. */
SetAnswers answerSet(const Architecture &arch, const MlpParamsF &params, const Dataset &data, Normalize normalize);

/** One image of a gallery: its index in the set and what the network said about it. */
struct GalleryItem
{
    std::uint32_t index = 0;
    int trueClass = 0;
    int predicted = 0;
    float pPredicted = 0; ///< p of the class the network chose
    float pTrue = 0;      ///< p of the true class
    float loss = 0;

    bool operator==(const GalleryItem &) const = default;
};

/** Exactly the images of true class i predicted as j, most confident first (p_j falling; equal
 *  p by index). Their count is summary.confusion[i][j]. */
std::vector<GalleryItem> galleryOf(const SetAnswers &a, int trueClass, int predictedClass);

/** The wrong answers, most confident first (p of the chosen class falling), at most n. */
std::vector<GalleryItem> confidentMistakes(const SetAnswers &a, std::size_t n);

} // namespace bplab
