#pragma once
// What an open question of a Step through step keeps from the screen: the term of the pass it asks
// for (z or a of one hidden neuron, a logit, a probability, the loss, the sign of a delta, the
// loss after the update) is blank in the Step view until the question is answered or revealed,
// on its own stage and on every later one that repeats it or is computed from it.

#include "lesson/lesson.h"

#include <optional>

namespace bplab {

/** The term of the Step view's pass a question holds back. */
struct StepTermHold
{
    Quantity quantity = Quantity::ArgmaxP; ///< which term: z, a, logit, p (and the largest p), loss, delta, loss after
    int layer = 0; ///< Z1, A1, SignDelta1: the hidden layer (0-based); the output terms have none
    int index = 0; ///< the neuron or class (0-based); ArgmaxP, Loss and LossAfterLower read every output
    bool operator==(const StepTermHold &) const = default;
};

/** The term a Step step's question asks for; none for a step of another view, a step without a
 *  question, or a question about something the Step view does not show (a test accuracy). */
std::optional<StepTermHold> stepTermHold(const LessonStep &step);

/** The first stage of the Step view that shows the term for arch (1-based, as the view counts:
 *  for 784-128-10, z1 at 2, a1 at 3, the logits at 4, p at 5, the loss at 6, delta2 at 7, delta1
 *  at 8, the loss after the update at 10). Every later stage shows it or what follows from it. */
int firstStageShowing(const StepTermHold &term, const Architecture &arch);

} // namespace bplab
