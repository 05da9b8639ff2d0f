#pragma once
// The Mistakes view's wiring: the page of ui/mistakes (MistakesView) fed from the training
// controller, on the weights every view shows (TrainingController::shownWeights()) or, chosen in
// its Network box, on a Compare run's latest weights.

#include "snapshots.h"

#include <QString>
#include <QVector>

#include <train/comparison.h>
#include <data/dataset.h>

#include <functional>

class QWidget;

namespace bplab {

class TrainingController;

/** A double-click on a gallery image: image `index` of `set`, the data's own test set when
 *  `ownTestSet` (then Step through can show it by its index), else a test set opened in the page,
 *  named `setName`. */
struct MistakeImage
{
    const Dataset *set = nullptr;
    int index = 0;
    bool ownTestSet = true;
    QString setName;
    int run = 0; ///< the Compare run whose answers the page shows (0: the training's weights)
};

/**
 * The Mistakes view: a test set's confusion matrix at the weights shown, the gallery of a
 * clicked cell and the most confident mistakes. The test set is the data's own, or one chosen in
 * the page's Test set box (Open a test set...: a data folder holding a test set, e.g. a class's
 * handwriting imported with import-images), evaluated with the same weights. It evaluates off
 * the GUI thread, only while it is visible, when training pauses, steps or finishes, at each
 * epoch's end and after a reset or new data. openImage is called on a double-click in the
 * gallery (the main window opens that image in Step through).
 */
QWidget *makeMistakesPage(TrainingController *controller, std::function<void(const MistakeImage &)> openImage,
                           QWidget *parent = nullptr);

/** Reads the test set of data folder `folder` (off the GUI thread) and shows it in the page, as
 *  Open a test set... does after its folder dialog. */
void openMistakesTestSet(QWidget *page, const QString &folder);

/** The networks trained in the Compare view, each with its latest weights: the page's Network
 *  box offers them beside the training's weights, and shows the chosen one's mistakes. */
void setMistakesNetworks(QWidget *page, const QVector<OtherNetwork> &networks);

/** The Network box at Compare run `run` (1-4, counted as the Compare view's table does; as soon
 *  as that run has weights), or at the training's weights (0). */
void showMistakesOfRun(QWidget *page, int run);

/** True when `page` (from makeMistakesPage) shows the matrix of the weights every view shows:
 *  visible, evaluated and not waiting for a newer evaluation. */
bool mistakesPageIsCurrent(const QWidget *page);

} // namespace bplab
