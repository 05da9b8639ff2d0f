#pragma once
// Feeds the Draw page from training: the latest weights (while training at most every 250 ms,
// and after every state change), the class names, and an example digit from the test set until
// the user draws.

namespace bplab {

class DrawView;
class TrainingController;

/** Connects view to controller for the lifetime of both (GUI thread). */
void connectDrawView(DrawView *view, TrainingController *controller);

} // namespace bplab
