#include "lesson/lessonnames.h"

namespace bplab {

namespace {

constexpr LessonName<CompareMeasure> kLessonMeasureNames[] = {
    {"test_accuracy", CompareMeasure::TestAccuracy}, {"test_loss", CompareMeasure::TestLoss},
    {"train_loss", CompareMeasure::TrainLoss},       {"gradient", CompareMeasure::Gradient},
    {"gradient_map", CompareMeasure::GradientMap}, {"batch_loss", CompareMeasure::BatchLoss},
    {"train_accuracy", CompareMeasure::TrainAccuracy}, {"accuracy_gap", CompareMeasure::AccuracyGap},
};

constexpr LessonName<LessonView> kLessonViewNames[] = {
    {"train", LessonView::Train}, {"step", LessonView::Step},       {"draw", LessonView::Draw},
    {"cluster", LessonView::Cluster}, {"data", LessonView::Data}, {"mistakes", LessonView::Mistakes},
    {"compare", LessonView::Compare},
    {"confusion", LessonView::Mistakes, false}, // the Mistakes view's name in older lessons
};
constexpr LessonName<LessonControl> kLessonControlNames[] = {
    {"recipe", LessonControl::Recipe}, {"lr", LessonControl::Lr},           {"batch", LessonControl::Batch},
    {"epochs", LessonControl::Epochs}, {"seed", LessonControl::Seed},       {"pace", LessonControl::Pace},
    {"dataset", LessonControl::Dataset}, {"reset", LessonControl::Reset}, {"timeline", LessonControl::Timeline},
    {"replicas", LessonControl::Replicas}, {"train_subset", LessonControl::TrainSubset},
    {"network", LessonControl::Network},
};
constexpr LessonName<Quantity> kLessonQuantityNames[] = {
    {"argmax_p", Quantity::ArgmaxP},
    {"loss_after_lower", Quantity::LossAfterLower},
    {"sign_delta2", Quantity::SignDelta2},
    {"sign_delta1", Quantity::SignDelta1},
    {"z1", Quantity::Z1},
    {"a1", Quantity::A1},
    {"logit", Quantity::Logit},
    {"p", Quantity::P},
    {"loss", Quantity::Loss},
    {"test_accuracy", Quantity::TestAccuracy},
    {"train_accuracy", Quantity::TrainAccuracy},
    {"confusion_count", Quantity::ConfusionCount},
    {"allreduce_time", Quantity::AllReduceTime},
    {"snapshot_time", Quantity::SnapshotTime},
    {"compare_best", Quantity::CompareBest},
    {"compare_accuracy", Quantity::CompareAccuracy},
    {"compare_smallest_gradient", Quantity::CompareSmallestGradient},
};

} // namespace

std::span<const LessonName<LessonView>> lessonViewNames() { return kLessonViewNames; }
std::span<const LessonName<LessonControl>> lessonControlNames() { return kLessonControlNames; }
std::span<const LessonName<Quantity>> lessonQuantityNames() { return kLessonQuantityNames; }
std::span<const LessonName<CompareMeasure>> lessonMeasureNames() { return kLessonMeasureNames; }

const char *viewName(LessonView v) { return lessonNameOf(lessonViewNames(), v); }
const char *controlName(LessonControl c) { return lessonNameOf(lessonControlNames(), c); }
const char *quantityName(Quantity q) { return lessonNameOf(lessonQuantityNames(), q); }

} // namespace bplab
