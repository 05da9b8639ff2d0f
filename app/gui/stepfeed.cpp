#include "stepfeed.h"

#include "steppredict.h"
#include "trainingcontroller.h"

#include <nn/mlp.h>
#include <nn/networkeval.h>
#include <stepview.h>

#include <QInputDialog>

#include <algorithm>

namespace bplab {

StepFeed::StepFeed(StepView *view, TrainingController *controller, QWidget *window)
    : QObject(view), m_view(view), m_controller(controller), m_window(window)
{
    m_predict = new StepPredict(view); // the Predict first switch and its questions
    TrainingController *c = controller;
    connect(c, &TrainingController::dataChanged, view, [view, c] { view->setDataset(c->dataSplit()); });
    // The step's learning rate is the training's unless a lesson step or the user set one there.
    view->setTrainingLearningRate(c->config().lr);
    connect(c, &TrainingController::settingsChanged, view, [view, c] {
        view->setTrainingLearningRate(c->config().lr);
        view->setSelectedHiddenNeuron(c->selectedHiddenNeuron());
    });
    // "Use the weights shown": the page leaves its own model file for the timeline's weights.
    connect(view->chooser(), &StepChooser::currentWeightsRequested, this, [this] {
        if (VisualPtr shown = m_controller->shown())
            show(shown);
    });
    // Every exact snapshot (pause, step, reset, the end, a restore, a batch of the timeline) and,
    // while the page is on screen, a live one every 250 ms.
    connect(c, &TrainingController::visualReady, this, [this](VisualPtr s) {
        m_view->setCurrentTrainingIndex(s->sampleIndex);
        follow(s, false);
    });
    connect(view, &StepView::hiddenNeuronSelected, c, &TrainingController::setSelectedHiddenNeuron);
}

void StepFeed::catchUp()
{
    if (m_pending)
        follow(m_pending, true);
}

void StepFeed::restart()
{
    if (m_view->showsOwnModel())
        return;
    if (const VisualPtr shown = m_controller->shown(); shown && shown->weights)
        show(shown); // the head's layers come with its visual
}

void StepFeed::follow(VisualPtr shown, bool force)
{
    if (!shown || !shown->weights || m_view->showsOwnModel())
        return;
    // While training runs, a hidden page costs nothing: it catches up when shown.
    if (!m_view->isVisible() && !force && shown->duringRun) {
        m_pending = shown;
        return;
    }
    if (shown->live && !force && (!m_view->isVisible() || (m_followed.isValid() && m_followed.elapsed() < 250)))
        return;
    m_pending.reset();
    m_followed.start();
    show(shown);
}

void StepFeed::show(const VisualPtr &shown)
{
    m_view->setNormalize(m_controller->trainedConfig().normalize);
    m_view->setTrainedNetwork(shown->network, shown->weights, TrainingController::captionOf(*shown));
    m_batch = shown->modelFile.isEmpty() ? qint64(shown->weightsStep) : -1;
}

qint64 StepFeed::weightsBatch() const
{
    if (m_view->showsOwnModel())
        return -1;
    return m_pending ? qint64(m_pending->weightsStep) : m_batch;
}

bool StepFeed::stepThroughDrawn(const QVector<quint8> &pixels)
{
    if (pixels.size() != kInputs)
        return false;
    const auto *bytes = reinterpret_cast<const std::uint8_t *>(pixels.constData());
    // The backward pass needs a target: ask for it, proposing the network's own answer.
    int proposed = 0;
    const StepModel *model = m_view->model();
    if (const auto network = model->network()) {
        const auto p = networkProbabilities(model->arch(), *network, bytes, model->normalize());
        proposed = int(std::max_element(p.begin(), p.end()) - p.begin());
    }
    bool ok = false;
    const int label = QInputDialog::getInt(m_window, tr("Step through this digit"),
                                           tr("Which digit did you draw? It is the target y of the "
                                              "backward pass."),
                                           proposed, 0, kOutputs - 1, 1, &ok);
    if (!ok)
        return false;
    m_view->showPixels(bytes, label, tr("drawn digit"));
    return true;
}

} // namespace bplab
