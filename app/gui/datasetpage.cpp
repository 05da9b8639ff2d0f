#include "datasetpage.h"

#include "trainingcontroller.h"

#include <datasetview.h>

namespace bplab {

void connectDatasetView(DatasetView *view, TrainingController *controller,
                        std::function<void(bool test, int index, int run)> openInStep)
{
    QObject::connect(controller, &TrainingController::dataChanged, view,
                     [view, controller] { view->setDataset(controller->dataSplit()); });
    // Each image's answer by the weights every view shows (computed while the view is visible).
    const auto showAnswers = [view, controller] {
        view->setWeights(controller->shownNetwork(), controller->shownCaption());
    };
    QObject::connect(controller, &TrainingController::visualReady, view, [showAnswers](VisualPtr s) {
        if (!s->live && !s->duringRun)
            showAnswers();
    });
    QObject::connect(controller, &TrainingController::stateChanged, view, [showAnswers](TrainingState s) {
        if (s != TrainingState::Running)
            showAnswers();
    });
    QObject::connect(view, &DatasetView::openInStepRequested, view,
                     [view, openInStep = std::move(openInStep)](bool test, int index) {
                         const OtherNetwork *run = view->networkBox()->chosen(); // whose answers it shows
                         openInStep(test, index, run ? run->run : 0);
                     });
}

} // namespace bplab
