#include "timelineui.h"

#include "controlbar.h"
#include "trainingcontroller.h"
#include "windowaction.h"

#include <timelinebar.h>

#include <QAction>
#include <QActionGroup>
#include <QKeySequence>
#include <QMenu>

namespace bplab {

TimelineUi::TimelineUi(QWidget *window, TrainingController *controller, ControlBar *controls, TimelineBar *bar)
    : QObject(window)
    , m_controller(controller)
    , m_controls(controls)
    , m_bar(bar)
{
    createActions(window);
    connectBar();
}

void TimelineUi::createActions(QWidget *window)
{
    const auto make = [window](const QString &name, const QString &text, const QString &tip,
                               const QList<QKeySequence> &keys = {}) {
        return addWindowAction(window, name, text, tip, keys);
    };
    TrainingController *c = m_controller;
    m_stepSample = make(QStringLiteral("actionStepSample"), tr("Step one sa&mple"),
                        tr("Show the next sample of the batch through the network; after the "
                           "batch's last sample, its update (Shift+S)"),
                        {QKeySequence(Qt::SHIFT | Qt::Key_S)});
    connect(m_stepSample, &QAction::triggered, c, &TrainingController::stepSample);
    m_faster = make(QStringLiteral("actionFaster"), tr("&Faster"), tr("The next faster pace (+)"),
                    {QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal)});
    connect(m_faster, &QAction::triggered, c, [c] { c->changePace(+1); });
    m_slower = make(QStringLiteral("actionSlower"), tr("S&lower"), tr("The next slower pace (-)"),
                    {QKeySequence(Qt::Key_Minus)});
    connect(m_slower, &QAction::triggered, c, [c] { c->changePace(-1); });
    auto *group = new QActionGroup(this);
    for (std::size_t i = 0; i < kPaces.size(); ++i) {
        const Pace pace = kPaces[i];
        m_paces[i] = make(QStringLiteral("actionPace%1").arg(i), ControlBar::paceName(pace), tr("Train at this pace"));
        m_paces[i]->setCheckable(true);
        m_paces[i]->setActionGroup(group);
        connect(m_paces[i], &QAction::triggered, c, [c, pace] { c->setPace(pace); });
    }
    m_paces[std::size_t(paceIndex(c->pace()))]->setChecked(true);
    connect(c, &TrainingController::settingsChanged, this,
            [this, c] { m_paces[std::size_t(paceIndex(c->pace()))]->setChecked(true); });

    m_cursorBack = make(QStringLiteral("actionCursorBack"), tr("&Previous batch"),
                        tr("Show the network as it was one batch earlier (Left)"), {QKeySequence(Qt::Key_Left)});
    connect(m_cursorBack, &QAction::triggered, c, [c] { c->moveCursor(-1); });
    m_cursorForward = make(QStringLiteral("actionCursorForward"), tr("&Next batch"),
                           tr("One batch on, up to the latest (Right); Step trains the next (S)"), {QKeySequence(Qt::Key_Right)});
    connect(m_cursorForward, &QAction::triggered, c, [c] { c->moveCursor(+1); });
    m_cursorFirst = make(QStringLiteral("actionCursorFirst"), tr("Fi&rst batch"),
                         tr("Show the network before the first batch of the history (Home)"),
                         {QKeySequence(Qt::Key_Home)});
    connect(m_cursorFirst, &QAction::triggered, c, [c] { c->showBatch(qint64(c->historyFirst())); });
    m_cursorLast = make(QStringLiteral("actionCursorLast"), tr("&Latest batch"),
                        tr("Show the training's latest weights again (End)"), {QKeySequence(Qt::Key_End)});
    connect(m_cursorLast, &QAction::triggered, c, [c] { c->showBatch(qint64(c->stepCount())); });
    m_continueHere = make(QStringLiteral("actionContinueHere"), tr("&Continue from here"),
                          tr("Train on from the batch shown at the toolbar's learning rate; the "
                             "batches after it stay on the loss plot as a faint curve (Ctrl+Enter)"),
                          {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    connect(m_continueHere, &QAction::triggered, c, [c] { c->continueFromHere(); });
}

void TimelineUi::connectBar()
{
    TrainingController *c = m_controller;
    connect(m_controls, &ControlBar::paceChosen, c, &TrainingController::setPace);
    connect(c, &TrainingController::visualReady, this, [this](VisualPtr s) {
        const bool file = !s->modelFile.isEmpty();
        m_bar->setPosition(qint64(s->historyFirst), qint64(s->progress.step),
                           qint64(file ? s->progress.step : s->weightsStep));
        m_bar->setCaption(TrainingController::captionOf(*s));
        const bool branchable = !s->atHead && !file && !m_timelineLocked;
        m_bar->setBranchable(branchable);
        m_continueHere->setEnabled(branchable);
    });
    connect(m_bar, &TimelineBar::cursorMoved, c, &TrainingController::showBatch);
    connect(m_bar, &TimelineBar::continueRequested, m_continueHere, &QAction::trigger);
}

void TimelineUi::addToMenu(QMenu *training, QAction *stepAction)
{
    const QList<QAction *> actions = training->actions();
    training->insertAction(actions.value(int(actions.indexOf(stepAction)) + 1), m_stepSample);
    training->addSeparator();
    QMenu *pace = training->addMenu(tr("P&ace"));
    pace->setObjectName(QStringLiteral("paceMenu"));
    for (QAction *a : m_paces)
        pace->addAction(a);
    pace->addSeparator();
    pace->addAction(m_faster);
    pace->addAction(m_slower);
    training->addSeparator();
    for (QAction *a : {m_cursorBack, m_cursorForward, m_cursorFirst, m_cursorLast, m_continueHere})
        training->addAction(a);
}

QList<QAction *> TimelineUi::keyedActions() const
{
    return {m_faster, m_slower, m_cursorBack, m_cursorForward, m_cursorFirst, m_cursorLast, m_continueHere};
}

void TimelineUi::setLocks(bool timelineLocked, bool timelineHidden, bool paceLocked)
{
    m_timelineLocked = timelineLocked;
    m_bar->setEnabled(!timelineLocked);
    for (QAction *a : {m_cursorBack, m_cursorForward, m_cursorFirst, m_cursorLast, m_continueHere})
        a->setEnabled(!timelineLocked);
    m_bar->setVisible(!timelineHidden);
    for (QAction *a : m_paces)
        a->setEnabled(!paceLocked);
    m_faster->setEnabled(!paceLocked);
    m_slower->setEnabled(!paceLocked);
}

} // namespace bplab
