#pragma once
// The Classroom pages' wiring: the confusion-matrix page (ui/confusion) fed from the training
// controller. The weights it shows come from one function, shownWeights(), so that the views
// that follow a timeline cursor can swap the source in one place.

#include "snapshots.h"

#include <QString>

#include <functional>

class QWidget;

namespace bplab {

class TrainingController;

/** The weights the Classroom pages show and which batch they are after. */
struct ShownWeights
{
    ParamsPtr weights;       ///< null without data
    std::uint64_t batch = 0; ///< batches trained since the last reset
    int epoch = 0;           ///< 0-based epoch of the next batch
    int batchInEpoch = 0;    ///< batches done in that epoch (0: at an epoch's end)
};

/** The controller's current weights (exact when paused, at most ~33 ms old while running). */
ShownWeights shownWeights(const TrainingController *controller);

/** "weights after batch 1,250 (end of epoch 10)", "weights after batch 200 (in epoch 2)". */
QString describeShownWeights(const ShownWeights &w);

/**
 * The confusion-matrix page: the test set's confusion matrix at shownWeights(), the gallery of a
 * clicked cell and the most confident mistakes. It evaluates the test set off the GUI thread,
 * only while it is visible, when training pauses, steps or finishes, at each epoch's end and
 * after a reset or new data. openImage(testIndex) is called on a double-click in the gallery
 * (the main window opens that image in Step through).
 */
QWidget *makeConfusionPage(TrainingController *controller, std::function<void(int testIndex)> openImage,
                           QWidget *parent = nullptr);

} // namespace bplab
