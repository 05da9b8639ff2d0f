#pragma once
// The Mistakes view's wiring: the confusion-matrix page (ui/confusion) fed from the training
// controller, on the weights every view shows (TrainingController::shownWeights()).

#include "snapshots.h"

#include <QString>

#include <functional>

class QWidget;

namespace bplab {

class TrainingController;

/**
 * The Mistakes view: the test set's confusion matrix at the weights shown, the gallery of a
 * clicked cell and the most confident mistakes. It evaluates the test set off the GUI thread,
 * only while it is visible, when training pauses, steps or finishes, at each epoch's end and
 * after a reset or new data. openImage(testIndex) is called on a double-click in the gallery
 * (the main window opens that image in Step through).
 */
QWidget *makeMistakesPage(TrainingController *controller, std::function<void(int testIndex)> openImage,
                           QWidget *parent = nullptr);

/** True when `page` (from makeMistakesPage) shows the matrix of the weights every view shows:
 *  visible, evaluated and not waiting for a newer evaluation. */
bool mistakesPageIsCurrent(const QWidget *page);

} // namespace bplab
