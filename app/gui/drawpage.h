#pragma once
// Feeds the Draw page from training: the weights every view shows (the timeline's cursor: while
// training at most every 250 ms, and every exact snapshot), the class names, and an example digit
// from the test set until the user draws.

#include <QtGlobal>

#include <functional>

namespace bplab {

class DrawView;
class TrainingController;

/** Connects view to controller for the lifetime of both (GUI thread). shownBatch, when given, is
 *  told the batch of each set of weights the page takes (-1: a model file's). */
void connectDrawView(DrawView *view, TrainingController *controller,
                     std::function<void(qint64)> shownBatch = {});

} // namespace bplab
