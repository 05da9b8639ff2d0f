#pragma once
// What a lesson may do to the window it runs in, and nothing more: the lesson runner sees the
// window only through this (the window implements it; a test may give a runner another host).
// Everything a lesson sets lasts for the session: the user's saved settings stay as they were.

#include "comparepage.h"

#include <lesson/lesson.h>
#include <lesson/lessonhold.h>
#include <train/trainconfig.h>

#include <QString>

#include <optional>
#include <vector>

namespace bplab {

class StepModel;
class TrainingController;

class LessonHost
{
public:
    virtual ~LessonHost() = default;

    /** The session the lesson drives: its runs, pace, timeline and learning rate. */
    virtual TrainingController *session() const = 0;
    /** The lesson's training settings, for this session only. */
    virtual void useSessionSettings(const TrainConfig &config) = 0;
    /** Reads the lesson's data set, for this session only. */
    virtual void openSessionData(const QString &folder) = 0;
    virtual void showView(LessonView view) = 0;
    /** Only the lesson's views and controls; the default value gives every one back. */
    virtual void restrict(const LessonRestrictions &restrictions) = 0;
    /** The Step view computes at `lr` (a lesson step's) and says so; nullopt: at the training's
     *  rate again, unless the person set one there. */
    virtual void setStepLearningRate(std::optional<double> lr) = 0;
    /** Test image `index` in the Step view. */
    virtual void showTestImage(int index) = 0;
    /** Stage `stage` of the Step view's pass. */
    virtual void showStage(int stage) = 0;
    /** The Step view's By hand mode with these cells to compute (their neurons selected). */
    virtual void computeByHand(const std::vector<HandCellRef> &cells) = 0;
    /** The Data parallel page's what-if cluster as a question's true value assumes it: these
     *  servers, GPUs and algorithm, the rest at the page's defaults. */
    virtual void showCluster(const LessonCluster &cluster) = 0;
    /** The Compare view trains these runs side by side, unless it shows them already. */
    virtual void compareRuns(const std::vector<CompareChoice> &runs) = 0;
    /** The Compare view's runs: what each one ended with, nullopt while it trains or waits. */
    virtual std::vector<std::optional<CompareResult>> compareResults() const = 0;
    /** What the Compare view keeps from the screen while the step's question is open. */
    virtual void holdCompare(CompareHold hold) = 0;
    /** What the Step view keeps blank while the step's question is open: the term it asks for,
     *  on the stage that first shows it and every later one (lessonhold.h); nullopt: nothing. */
    virtual void holdStepTerm(std::optional<StepTermHold> term) = 0;
    /** Whether the Compare view has a run training or waiting. */
    virtual bool compareBusy() const = 0;
    /** What the Compare view shows of its runs. */
    virtual void showCompareMeasure(CompareMeasure measure) = 0;
    /** The Mistakes view shows Compare run `run`'s mistakes (1-4, as soon as it has weights), or
     *  the training's weights' (0). */
    virtual void showMistakesOf(int run) = 0;
    /** Step through steps through Compare run `run`'s network (1-4), or the training's (0). */
    virtual void stepThroughRun(int run) = 0;
    /** The Step view's pass, for a question's true value. */
    virtual const StepModel *stepModel() const = 0;
    /** The keyboard goes back to the window (Space, the arrows). */
    virtual void focusWindow() = 0;
};

} // namespace bplab
