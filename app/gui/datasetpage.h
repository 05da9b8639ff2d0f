#pragma once
// Feeds the Data view from training: the split the worker loaded (no second copy of the images)
// and each image's answer by the weights every view shows, once a run pauses or ends.

#include <functional>

namespace bplab {

class DatasetView;
class TrainingController;

/** Connects view to controller for the lifetime of both (GUI thread). `openInStep(test, index,
 *  run)`: the view asked for an image in Step through, by the network whose answers it shows
 *  (0: the training's, else a Compare run's). */
void connectDatasetView(DatasetView *view, TrainingController *controller,
                        std::function<void(bool test, int index, int run)> openInStep);

} // namespace bplab
