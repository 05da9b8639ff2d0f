#include "lesson/lessonhold.h"

#include <algorithm>

namespace bplab {

std::optional<StepTermHold> stepTermHold(const LessonStep &step)
{
    if (step.view != LessonView::Step || !step.question)
        return std::nullopt;
    const LessonQuestion &q = *step.question;
    switch (q.quantity) {
    case Quantity::Z1:
    case Quantity::A1:
    case Quantity::SignDelta1: return StepTermHold {q.quantity, q.layer, q.index};
    case Quantity::Logit:
    case Quantity::P:
    case Quantity::SignDelta2: return StepTermHold {q.quantity, 0, q.index};
    case Quantity::ArgmaxP:
    case Quantity::Loss:
    case Quantity::LossAfterLower: return StepTermHold {q.quantity, 0, 0};
    default: return std::nullopt;
    }
}

int firstStageShowing(const StepTermHold &term, const Architecture &arch)
{
    // Stages: 1 the input; z and a of each hidden layer l (2 + 2l, 3 + 2l); the logits, SoftMax,
    // the loss and the output deltas; the hidden deltas from the last layer back; the weight
    // adjustments; the update.
    const int hidden = int(arch.hidden.size());
    const int layer = std::clamp(term.layer, 0, std::max(0, hidden - 1));
    const int logits = 2 + 2 * hidden;
    switch (term.quantity) {
    case Quantity::Z1: return 2 + 2 * layer;
    case Quantity::A1: return 3 + 2 * layer;
    case Quantity::Logit: return logits;
    case Quantity::P:
    case Quantity::ArgmaxP: return logits + 1;
    case Quantity::Loss: return logits + 2;
    case Quantity::SignDelta2: return logits + 3;
    case Quantity::SignDelta1: return logits + 3 + (hidden - layer);
    case Quantity::LossAfterLower: return stageCount(arch);
    default: return stageCount(arch) + 1;
    }
}

} // namespace bplab
