#include "lesson/lesson.h"

#include <algorithm>

namespace bplab {

AnswerKind answerKindOf(Quantity q)
{
    switch (q) {
    case Quantity::ArgmaxP:
    case Quantity::CompareBest:
    case Quantity::CompareSmallestGradient: return AnswerKind::Class;
    case Quantity::LossAfterLower: return AnswerKind::YesNo;
    case Quantity::SignDelta2:
    case Quantity::SignDelta1: return AnswerKind::Sign;
    default: return AnswerKind::Number;
    }
}

int stageCount(const Architecture &arch)
{
    if (arch.layered())
        return 6 + 2 * int(arch.layers.size());
    return 7 + 3 * int(arch.hidden.size());
}

int maxStageCount()
{
    return std::max(7 + 3 * kMaxHiddenLayers, 6 + 2 * kMaxLayers);
}

std::optional<Architecture> stepNetwork(const Lesson &lesson, int stepOf)
{
    if (stepOf <= 0)
        return lesson.settings.network.value_or(Architecture::source());
    for (auto s = lesson.steps.rbegin(); s != lesson.steps.rend(); ++s)
        if (!s->compare.empty())
            return stepOf <= int(s->compare.size()) ? std::optional<Architecture>(s->compare[std::size_t(stepOf - 1)].arch)
                                                    : std::nullopt;
    return std::nullopt;
}

std::uint64_t lessonTrainImages(const Lesson &lesson)
{
    // import-sample keeps 80% of the 10,000 digits it ships for training.
    const std::uint64_t all = lesson.dataset == "sample" ? 8000 : 60000;
    const std::uint64_t subset = lesson.settings.trainSubset.value_or(0);
    return subset > 0 ? std::min(subset, all) : all;
}

long long lessonBatches(const Lesson &lesson)
{
    const std::uint64_t batch = std::uint64_t(lesson.settings.batch.value_or(1));
    const std::uint64_t epochs = std::uint64_t(lesson.settings.epochs.value_or(kMaxLessonEpochs));
    return (long long)(epochs * ((lessonTrainImages(lesson) + batch - 1) / batch));
}

LessonRestrictions LessonRestrictions::of(const Lesson &lesson)
{
    return {lesson.views, lesson.locked, lesson.hidden};
}

bool LessonRestrictions::showsView(LessonView view) const
{
    return views.empty() || std::find(views.begin(), views.end(), view) != views.end();
}

bool LessonRestrictions::hides(LessonControl control) const
{
    return std::find(hidden.begin(), hidden.end(), control) != hidden.end();
}

bool LessonRestrictions::locks(LessonControl control) const
{
    return hides(control) || std::find(locked.begin(), locked.end(), control) != locked.end();
}

} // namespace bplab
