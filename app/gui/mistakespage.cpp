#include "mistakespage.h"

#include "confusionview.h"
#include "trainingcontroller.h"

#include <background.h>

#include <QCoreApplication>
#include <QTimer>
#include <QVBoxLayout>

namespace bplab {

namespace {

/** The page: recomputes the answers when what it shows is stale and it can be seen. */
class ConfusionPage : public QWidget
{
public:
    ConfusionPage(TrainingController *controller, std::function<void(int)> openImage, QWidget *parent)
        : QWidget(parent)
        , m_controller(controller)
        , m_view(new ConfusionView)
    {
        auto *layout = new QVBoxLayout(this);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(m_view);
        m_view->setAnswers(nullptr, nullptr, QCoreApplication::translate("bplab", "Load a data set and train: the test set's confusion matrix appears here."));
        QObject::connect(m_view, &ConfusionView::imageActivated, this, [openImage](int index) {
            if (openImage)
                openImage(index);
        });
        m_refresh.setSingleShot(true);
        m_refresh.setInterval(0);
        QObject::connect(&m_refresh, &QTimer::timeout, this, [this] { refresh(); });
        const auto stale = [this] { m_refresh.start(); };
        QObject::connect(controller, &TrainingController::stateChanged, this, [stale](TrainingState s) {
            if (s != TrainingState::Running)
                stale();
        });
        QObject::connect(controller, &TrainingController::historyChanged, this, [stale](const HistoryEvent &e) {
            if (std::holds_alternative<EpochReport>(e) || std::holds_alternative<HistoryRestart>(e))
                stale();
        });
        QObject::connect(controller, &TrainingController::dataChanged, this, stale);
        // An exact state (a step, a pause, a load); the live ones while running are skipped.
        QObject::connect(controller, &TrainingController::visualReady, this, [stale](const VisualPtr &v) {
            if (v && !v->live)
                stale();
        });
    }

    /** The matrix shown is of the weights every view shows (nothing left to evaluate). */
    bool isCurrent() const
    {
        // The evaluation's result is on the page (its finished signal has been handled), not only
        // done in the pool.
        return !m_running && !m_refresh.isActive() && !m_pending && m_answered
               && m_lastWeights == m_controller->shownWeights() && m_lastData == m_controller->dataSplit();
    }

protected:
    void showEvent(QShowEvent *event) override
    {
        QWidget::showEvent(event);
        m_refresh.start();
    }

private:
    /** Starts an evaluation when the shown weights are not the ones last evaluated. */
    void refresh()
    {
        if (!isVisible())
            return; // showEvent() comes back
        if (m_running) {
            m_pending = true; // once this one is done
            return;
        }
        // The weights every view shows: the timeline's cursor, or a model file's.
        const ParamsPtr shown = m_controller->shownWeights();
        const DataSplitPtr data = m_controller->dataSplit();
        if (!shown || !data || data->test.size() == 0) {
            m_lastWeights.reset();
            m_view->setAnswers(nullptr, data, QCoreApplication::translate("bplab", "No test set loaded: load a data set to see what the network gets wrong."));
            return;
        }
        if (shown == m_lastWeights && data == m_lastData)
            return;
        m_lastWeights = shown;
        m_lastData = data;
        m_answered = false;
        m_computing = m_controller->shownCaption();
        const Normalize normalize = m_controller->trainedConfig().normalize;
        const ParamsPtr weights = shown;
        m_running = true;
        runInBackground(
                this,
                [weights, data, normalize] {
                    return std::shared_ptr<const SetAnswers>(
                            std::make_shared<SetAnswers>(answerSet(*weights, data->test, normalize)));
                },
                [this](std::shared_ptr<const SetAnswers> answers) { showAnswers(std::move(answers)); });
    }

    /** One evaluation at a time: a newer request waits in m_pending, so the last one wins. */
    void showAnswers(std::shared_ptr<const SetAnswers> answers)
    {
        m_running = false;
        m_view->setAnswers(std::move(answers), m_lastData, m_computing);
        m_answered = true;
        if (m_pending) {
            m_pending = false;
            m_refresh.start();
        }
    }

    TrainingController *m_controller;
    ConfusionView *m_view;
    QTimer m_refresh;
    bool m_running = false; // an evaluation is in the pool
    ParamsPtr m_lastWeights;
    DataSplitPtr m_lastData;
    QString m_computing; // the caption of the weights being evaluated
    bool m_pending = false;
    bool m_answered = false; // the answers of m_lastWeights are on the page
};

} // namespace

bool mistakesPageIsCurrent(const QWidget *page)
{
    const auto *p = dynamic_cast<const ConfusionPage *>(page);
    return p && p->isCurrent();
}

QWidget *makeMistakesPage(TrainingController *controller, std::function<void(int testIndex)> openImage, QWidget *parent)
{
    return new ConfusionPage(controller, std::move(openImage), parent);
}

} // namespace bplab
