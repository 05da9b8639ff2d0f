#pragma once
// The answer to a lesson's question, computed from what the app shows (never written in the
// lesson), and whether a student's answer is right.

#include "nn/evaluation.h"
#include "lesson/lesson.h"
#include "nn/mlptrace.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bplab {

/** What the quantities are read from; a question whose source is absent has no answer yet. */
struct AnswerSources
{
    /** The shown image's trace and one update on it: the question's hidden layer (the first
     *  unless it names another) answers those about z1, a1 and delta1 (none without a hidden
     *  layer), the output layer those about delta2. */
    const MlpTrace<float> *trace = nullptr;
    const Evaluation *evaluation = nullptr; ///< the test set at the shown weights
    const Evaluation *trainEvaluation = nullptr; ///< the training set trained on, at the shown weights
    /** One all-reduce (snapshot false) or one snapshot (true) on that cluster, in seconds
     *  (the cluster simulation lives in bplab_cluster: lessoncluster.h gives this). */
    std::function<double(const LessonCluster &, bool snapshot)> clusterSeconds;
    /** The Compare view's runs in its order: what each one ended with, nullopt while it has not
     *  finished. */
    std::vector<std::optional<CompareResult>> compareRuns;
};

struct TrueAnswer
{
    AnswerKind kind = AnswerKind::Number;
    double value = 0;  ///< the class, 1/0 for yes/no, -1/0/+1 for a sign, or the number
    std::string text;  ///< as a student reads it: "7", "yes", "-", "0.53", "33.2 µs"
};

/** The value the question asks for, or why there is none yet ("no image is shown"). */
Result<TrueAnswer> trueAnswer(const LessonQuestion &q, const AnswerSources &sources);

/**
 * Whether `given` (as typed or picked: "7", "yes"/"no", "+"/"-"/"0", "0.53") is right. A class,
 * yes/no or sign must equal the value; a number must round to the same `digits` decimals as the
 * value (within half a unit of the last decimal), or lie within tolerancePercent of it where the
 * quantity has a tolerance. An answer that is not of the quantity's kind is an error, not wrong.
 */
Result<bool> isRightAnswer(const LessonQuestion &q, const TrueAnswer &truth, const std::string &given);

} // namespace bplab
