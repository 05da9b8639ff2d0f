// MainWindow: the pace, the timeline under the views, the Step view following the weights shown,
// and File > Save model / Open model.

#include "mainwindow.h"

#include "comparepage.h"
#include "lessonrunner.h"

#include "controlbar.h"
#include "messagebanner.h"
#include "statusline.h"
#include "stepview.h"
#include "trainingcontroller.h"
#include "trainview.h"

#include <modelfile.h>
#include <timelinebar.h>

#include <QAction>
#include <QActionGroup>
#include <QDir>
#include <QFileDialog>
#include <QListWidget>
#include <QMenu>
#include <QStandardPaths>
#include <QStatusBar>

namespace bplab {

void MainWindow::createTimelineActions()
{
    const auto make = [this](const QString &name, const QString &text, const QString &tip,
                             const QList<QKeySequence> &keys = {}) { return makeAction(name, text, tip, keys); };
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
    for (int i = 0; i < int(kPaces.size()); ++i) {
        const Pace pace = kPaces[std::size_t(i)];
        m_paces[i] = make(QStringLiteral("actionPace%1").arg(i), ControlBar::paceName(pace), tr("Train at this pace"));
        m_paces[i]->setCheckable(true);
        m_paces[i]->setActionGroup(group);
        connect(m_paces[i], &QAction::triggered, c, [c, pace] { c->setPace(pace); });
    }
    m_paces[paceIndex(c->pace())]->setChecked(true);

    m_cursorBack = make(QStringLiteral("actionCursorBack"), tr("&Previous batch"),
                        tr("Show the network as it was one batch earlier (Left)"), {QKeySequence(Qt::Key_Left)});
    connect(m_cursorBack, &QAction::triggered, c, [c] { c->moveCursor(-1); });
    m_cursorForward = make(QStringLiteral("actionCursorForward"), tr("&Next batch"),
                           tr("One batch on; at the latest batch, train one (Right)"), {QKeySequence(Qt::Key_Right)});
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

    m_saveModel = make(QStringLiteral("actionSaveModel"), tr("Save &model..."),
                       tr("Write the weights shown as a model file, as backprop-lab-cli train --save "
                          "does (Ctrl+Shift+M)"),
                       {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M)});
    connect(m_saveModel, &QAction::triggered, this, &MainWindow::saveModelAs);
    m_openModel = make(QStringLiteral("actionOpenModel"), tr("Open mod&el..."),
                       tr("Show a model file's weights (.bplab or .npz) in every view until training "
                          "goes on"));
    connect(m_openModel, &QAction::triggered, this, &MainWindow::openModelFile);
}

void MainWindow::addTimelineMenus(QMenu *file, QMenu *training)
{
    const QList<QAction *> fileActions = file->actions();
    // After the snapshot actions, before the exports.
    QAction *before = nullptr;
    for (QAction *a : fileActions)
        if (a == m_exportPng)
            before = a;
    file->insertAction(before, m_openModel);
    file->insertAction(before, m_saveModel);
    file->insertSeparator(before);

    const QList<QAction *> trainingActions = training->actions();
    const int stepAt = int(trainingActions.indexOf(m_step));
    training->insertAction(trainingActions.value(stepAt + 1), m_stepSample);
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

void MainWindow::connectTimeline()
{
    TrainingController *c = m_controller;
    connect(m_controls, &ControlBar::paceChosen, c, &TrainingController::setPace);
    connect(c, &TrainingController::visualReady, this, [this](VisualPtr s) {
        const bool file = !s->modelFile.isEmpty();
        m_timeline->setPosition(qint64(s->historyFirst), qint64(s->progress.step),
                                qint64(file ? s->progress.step : s->weightsStep));
        m_timeline->setCaption(TrainingController::captionOf(*s));
        const bool branchable = !s->atHead && !file && !m_restrictions.locks(LessonControl::Timeline);
        m_timeline->setBranchable(branchable);
        m_continueHere->setEnabled(branchable);
    });
    connect(m_timeline, &TimelineBar::cursorMoved, c, [c](qint64 step) {
        if (step > qint64(c->stepCount()))
            c->step(); // the scrubber's "one on" at the latest batch trains the next
        else
            c->showBatch(step);
    });
    connect(m_timeline, &TimelineBar::continueRequested, m_continueHere, &QAction::trigger);
    connect(m_status, &StatusLine::summaryChanged, this, [this](const QString &text) {
        if (m_presentation || (m_lessons && m_lessons->isOpen()))
            m_timeline->setStatusText(text);
    });
    // The hidden Step view catches up when it is shown.
    connect(m_sidebar, &QListWidget::currentRowChanged, this, [this] {
        if (view() == View::Step && m_stepPending)
            followInStepView(m_stepPending, true);
    });
}

void MainWindow::followInStepView(VisualPtr shown, bool force)
{
    if (!shown || !shown->weights || m_stepView->showsModelFile())
        return;
    // While training runs, a hidden page costs nothing: it catches up when shown.
    if (!m_stepView->isVisible() && !force && shown->duringRun) {
        m_stepPending = shown;
        return;
    }
    if (shown->live && !force && (!m_stepView->isVisible() || (m_stepFollowed.isValid() && m_stepFollowed.elapsed() < 250)))
        return;
    m_stepPending.reset();
    m_stepFollowed.start();
    m_stepView->setNormalize(m_controller->trainedConfig().normalize);
    m_stepView->setModel(shown->weights, TrainingController::captionOf(*shown));
    m_stepBatch = shown->modelFile.isEmpty() ? qint64(shown->weightsStep) : -1;
}

qint64 MainWindow::viewWeightsBatch(const QString &name) const
{
    const VisualPtr shown = m_controller->shown();
    const qint64 shownBatch = shown && shown->modelFile.isEmpty() ? qint64(shown->weightsStep) : -1;
    if (name == QLatin1String("train") || name == QLatin1String("data"))
        return shownBatch;
    if (name == QLatin1String("step"))
        return m_stepView->showsModelFile() ? -1 : m_stepPending ? qint64(m_stepPending->weightsStep) : m_stepBatch;
    if (name == QLatin1String("draw"))
        return m_drawBatch;
    return -1;
}

void MainWindow::saveModelAs()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (dir.isEmpty() || !QDir(dir).exists())
        dir = QDir::homePath();
    const QString file = QFileDialog::getSaveFileName(
            this, tr("Save the weights shown as a model file"),
            dir + QStringLiteral("/batch-%1.bplab").arg(m_controller->shownStep()),
            tr("Backprop Lab model (*.bplab);;All files (*)"));
    if (!file.isEmpty())
        m_controller->saveModel(file);
}

void MainWindow::openModelFile()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Open a model file"), QDir::homePath(),
                                                      tr("Models (*.bplab *.npz);;All files (*)"));
    if (file.isEmpty())
        return;
    QString error;
    if (m_controller->openModel(file, &error))
        return;
    // A network of another shape: the training's views show the source's; the Compare view
    // evaluates it and lets it answer drawn digits.
    Result<NetworkModel> other = readAnyNetwork(file.toStdString());
    if (!other || other->arch.isSourceNetwork()) {
        m_banner->showMessage(tr("%1 cannot be opened: %2").arg(file, error));
        return;
    }
    const QString name = QFileInfo(file).fileName();
    m_banner->showMessage(tr("%1 holds a %2 network. The training's views show the source's 784-128-10 ReLU "
                             "network; the Compare view can evaluate this one beside its runs and let it answer "
                             "drawn digits.")
                                  .arg(name, QString::fromStdString(describe(other->arch))));
    m_banner->addButton(tr("Compare it"), QStringLiteral("bannerCompareModel"), [this, name, model = *other] {
        if (compareModelFile(page(View::Compare), name, model))
            setView(View::Compare);
    });
}

} // namespace bplab
