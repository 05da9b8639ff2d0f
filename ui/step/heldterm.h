#pragma once
// What a lesson's open question keeps blank in the Step view (lessonhold.h): the values of the
// term it asks for on the shown stage, from the first stage showing it on.

#include "lesson/lessonhold.h"

#include <QVector>

namespace bplab {

class StepModel;

/** The held term's values on m's shown stage (none before the first stage showing it); appends
 *  to `sums` the numbers the pages write in double that give it away: a z's sum of terms (z =
 *  that sum + b), the loss in base 10. */
QVector<float> heldTermValues(const StepModel &m, const StepTermHold &term, QVector<double> &sums);

} // namespace bplab
