#include "lessonui.h"

#include "comparepage.h"
#include "lessonrunner.h"
#include "mistakespage.h"
#include "statusline.h"
#include "trainingcontroller.h"
#include "windowaction.h"

#include <byhandpanel.h>
#include <clusterview.h>
#include <compareview.h>
#include <lessonpanel.h>
#include <messagebanner.h>
#include <questionbox.h>
#include <mistakesview.h>
#include <stepmodel.h>
#include <stepview.h>
#include <timelinebar.h>

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace bplab {

LessonUi::LessonUi(QMainWindow *window, LessonWindow *host, QMenu *file)
    : QObject(window), m_window(window), m_host(host)
{
    m_panel = new LessonPanel;
    m_dock = new QDockWidget(tr("Lesson"), window);
    m_dock->setObjectName(QStringLiteral("lessonDock"));
    m_dock->setWidget(m_panel);
    m_dock->setFeatures(QDockWidget::NoDockWidgetFeatures);
    m_dock->setTitleBarWidget(new QWidget); // the panel names the lesson itself
    window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    m_dock->hide();
    m_runner = new LessonRunner(this, m_panel, this);
    // A dock keeps the height it once had: a step with a long text or a revealed answer would
    // leave the next steps' band tall and the views short.
    connect(m_runner, &LessonRunner::stepShown, this, &LessonUi::fitDock);
    // Page Down on the last step ends the lesson, and its menu entry says so.
    const auto nameNext = [this](bool last) {
        m_next->setText(last ? tr("Lesson: end") : tr("Lesson: next step"));
        const QString tip = last ? tr("Reveal the question's answer, then end the lesson: your own settings and views "
                                      "come back (Page Down)")
                                 : tr("Reveal the question's answer, then the lesson's next step (Page Down)");
        m_next->setToolTip(tip);
        m_next->setStatusTip(tip);
    };
    connect(m_runner, &LessonRunner::stepShown, this, [this, nameNext] { nameNext(m_runner->isLastStep()); });
    connect(m_runner, &LessonRunner::closed, this, [nameNext] { nameNext(false); });
    connect(m_runner, &LessonRunner::revealed, this, &LessonUi::fitDock);
    connect(m_panel, &LessonPanel::textHeightChanged, this, &LessonUi::fitDock);
    connect(m_runner, &LessonRunner::opened, this, [this] { showOpened(true); });
    connect(m_runner, &LessonRunner::closed, this, [this] {
        showOpened(false);
        restoreUsersByHand();
        restoreUsersSession();
    });
    // A step's By hand lasts for that step.
    connect(m_runner, &LessonRunner::stepShown, this, [this] {
        if (m_runner->stepIndex() != m_byHandStep)
            restoreUsersByHand();
    });

    QAction *open = addWindowAction(window, QStringLiteral("actionOpenLesson"), tr("Open &lesson..."),
                                    tr("Open a prepared lesson: its settings, views and steps"));
    connect(open, &QAction::triggered, this, &LessonUi::choose);
    m_back = addWindowAction(window, QStringLiteral("actionLessonBack"), tr("Lesson: previous step"),
                             tr("The lesson's previous step (Page Up)"), {QKeySequence(Qt::Key_PageUp)});
    connect(m_back, &QAction::triggered, m_runner, &LessonRunner::back);
    m_next = addWindowAction(window, QStringLiteral("actionLessonNext"), tr("Lesson: next step"),
                             tr("Reveal the question's answer, then the lesson's next step (Page Down)"),
                             {QKeySequence(Qt::Key_PageDown)});
    connect(m_next, &QAction::triggered, m_runner, &LessonRunner::next);
    m_back->setEnabled(false);
    m_next->setEnabled(false);
    file->addAction(open);
}

void LessonUi::showOpened(bool open)
{
    m_dock->setVisible(open);
    // While a lesson is open the status bar makes way for it: its words go to the timeline's bar.
    const bool barHidden = open || m_host->isPresentationMode();
    m_window->statusBar()->setVisible(!barHidden);
    m_host->timelineBar()->setStatusText(barHidden ? m_host->statusLine()->summaryText() : QString());
    m_back->setEnabled(open);
    m_next->setEnabled(open);
}

void LessonUi::fitDock()
{
    // After the panel's labels have their new widths and heights.
    QTimer::singleShot(0, this, [this] {
        if (!m_dock->isVisible())
            return;
        // The panel's nested layouts settle first (a revealed answer hides the answer's row).
        for (int i = 0; i < 3; ++i)
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        m_panel->fitText(); // new words at an unchanged width
        m_window->resizeDocks({m_dock}, {m_dock->minimumSizeHint().height()}, Qt::Vertical);
    });
}

QString LessonUi::folder()
{
    // Installed: share/backprop-lab/lessons beside bin/; in the build tree, the sources'.
    const QDir app(QCoreApplication::applicationDirPath());
    for (const QString &candidate : {app.filePath(QStringLiteral("../share/backprop-lab/lessons")),
                                     QStringLiteral(BPLAB_LESSONS_SOURCE_DIR)})
        if (QFileInfo(candidate).isDir())
            return QFileInfo(candidate).canonicalFilePath();
    return QDir::homePath();
}

void LessonUi::choose()
{
    const QString file = QFileDialog::getOpenFileName(m_window, tr("Open lesson"), folder(), tr("Lessons (*.json)"));
    if (file.isEmpty())
        return;
    if (const QString error = open(file); !error.isEmpty())
        m_host->banner()->showMessage(tr("This lesson cannot be opened: %1").arg(error));
}

QString LessonUi::open(const QString &file, int startStep)
{
    // Another lesson opened over one keeps the session the user had before the first.
    std::optional<UsersSession> before = m_usersSession;
    if (!m_runner->isOpen()) {
        const TrainingController *c = m_host->controller();
        before = UsersSession {c->config(), c->pace(), int(m_host->view()), c->dataFolder()};
    }
    const int byHandStep = m_byHandStep;
    m_byHandStep = -1; // another lesson's step is not this one's
    const QString error = m_runner->open(file, startStep);
    if (error.isEmpty())
        m_usersSession = std::move(before);
    else
        m_byHandStep = byHandStep;
    return error;
}

void LessonUi::restoreUsersSession()
{
    if (!m_usersSession)
        return;
    const UsersSession before = std::move(*m_usersSession);
    m_usersSession.reset();
    TrainingController *c = m_host->controller();
    m_host->setTrainingConfig(before.config);
    c->setPace(before.pace);
    // The user's data again (untrained weights on it, as after any change of data).
    if (!before.folder.isEmpty() && before.folder != c->dataFolder())
        m_host->openData(before.folder, SettingOrigin::Session);
    m_host->setView(View(before.view), SettingOrigin::Session);
}

bool LessonUi::isOpen() const
{
    return m_runner->isOpen();
}

TrainingController *LessonUi::session() const
{
    return m_host->controller();
}

void LessonUi::useSessionSettings(const TrainConfig &config)
{
    m_host->setTrainingConfig(config);
}

void LessonUi::openSessionData(const QString &folder)
{
    m_host->openData(folder, SettingOrigin::Session);
}

void LessonUi::showView(LessonView view)
{
    m_host->setView(View(viewOf(view)), SettingOrigin::Session);
}

void LessonUi::restrict(const LessonRestrictions &restrictions)
{
    m_host->restrictTo(restrictions);
}

void LessonUi::setStepLearningRate(std::optional<double> lr)
{
    StepView *step = m_host->stepView();
    if (lr)
        step->setLessonLearningRate(*lr);
    else if (step->learningRateOrigin() == StepView::RateOrigin::Lesson)
        step->followTrainingRate();
}

void LessonUi::showTestImage(int index)
{
    m_host->stepView()->requestSample(true, index);
}

void LessonUi::showStage(int stage)
{
    m_host->stepView()->setStage(stage);
}

void LessonUi::computeByHand(const std::vector<HandCellRef> &cells)
{
    if (cells.empty())
        return;
    if (!m_usersByHand)
        m_usersByHand = m_host->stepView()->byHand()->isOn();
    m_byHandStep = m_runner->stepIndex();
    m_host->stepView()->computeByHand(cells);
    // The class types its first value at once, as an open question's answer field takes the
    // keys (after the step's view has taken them; an open question of the step keeps them).
    QTimer::singleShot(0, this, [this] {
        QuestionBox *question = m_panel->questionBox();
        if (question->isVisible() && !question->isRevealed())
            return;
        const ByHandPanel *hand = m_host->stepView()->byHand();
        for (int i = 0; i < hand->cellCount(); ++i)
            if (QLineEdit *field = hand->answerEdit(i); field && field->isEnabled() && field->isVisible()) {
                field->setFocus(Qt::OtherFocusReason);
                return;
            }
    });
}

void LessonUi::restoreUsersByHand()
{
    m_byHandStep = -1;
    if (!m_usersByHand)
        return;
    m_host->stepView()->byHand()->setOn(*m_usersByHand);
    m_usersByHand.reset();
}

void LessonUi::showCluster(const LessonCluster &cluster)
{
    auto *view = qobject_cast<clusterview::ClusterView *>(m_host->page(View::Cluster));
    if (!view)
        return;
    clusterview::ClusterSettings s; // the page's defaults, as lessonClusterSeconds() assumes
    s.servers = cluster.servers;
    s.gpusPerServer = cluster.gpusPerServer;
    s.algorithm = cluster.hierarchical ? cluster::Algorithm::Hierarchical : cluster::Algorithm::Ring;
    view->setSettings(s);
}

void LessonUi::compareRuns(const std::vector<CompareChoice> &runs)
{
    startComparison(m_host->page(View::Compare), runs);
}

std::vector<std::optional<CompareResult>> LessonUi::compareResults() const
{
    return comparisonResults(m_host->page(View::Compare));
}

void LessonUi::holdCompare(CompareHold hold)
{
    holdComparison(m_host->page(View::Compare), hold);
}

void LessonUi::holdStepTerm(std::optional<StepTermHold> term)
{
    m_stepHold = term;
    StepView *view = m_host->stepView();
    if (!view)
        return;
    view->setHeldTerm(term); // the value blank, on the page and in the accessible tree
    if (!m_followsStage) {
        m_followsStage = true;
        connect(view->model(), &StepModel::stateChanged, this, &LessonUi::coverHeldStage);
        connect(view->model(), &StepModel::traceChanged, this, &LessonUi::coverHeldStage);
    }
    coverHeldStage();
}

void LessonUi::coverHeldStage()
{
    StepView *view = m_host->stepView();
    if (!view)
        return;
    const StepModel *m = view->model();
    // A value is held blank by the view itself; which class wins and whether the loss fell are
    // also written in words on their stages, which are covered whole.
    const bool inWords = m_stepHold && (m_stepHold->quantity == Quantity::ArgmaxP || m_stepHold->quantity == Quantity::LossAfterLower);
    const bool cover = inWords && m->stage() >= firstStageShowing(*m_stepHold, m->arch());
    if (cover) {
        if (!m_stepCover) {
            m_stepCover = new QWidget;
            m_stepCover->setObjectName(QStringLiteral("lessonStageCover"));
            m_stepCoverText = new QLabel(m_stepCover);
            m_stepCoverText->setObjectName(QStringLiteral("lessonStageCoverText"));
            m_stepCoverText->setWordWrap(true);
            m_stepCoverText->setAlignment(Qt::AlignLeft | Qt::AlignTop);
            auto *layout = new QVBoxLayout(m_stepCover);
            layout->setContentsMargins(24, 24, 24, 24);
            layout->addWidget(m_stepCoverText);
            layout->addStretch(1);
        }
        const QString text = tr("Stage %1 would give the answer to the lesson's question away: its values are "
                                "hidden until the question is answered or revealed. The stages before it are open; "
                                "choose one in the list.")
                                     .arg(m->stage());
        m_stepCoverText->setText(text);
        m_stepCover->setAccessibleName(tr("Stage %1 hidden").arg(m->stage()));
        m_stepCover->setAccessibleDescription(text);
        view->setCover(m_stepCover);
        m_covering = true;
    } else if (m_covering) {
        view->setCover(nullptr);
        m_covering = false;
    }
}

bool LessonUi::compareBusy() const
{
    return !comparePageIsIdle(m_host->page(View::Compare));
}

void LessonUi::showCompareMeasure(CompareMeasure measure)
{
    if (auto *page = qobject_cast<CompareView *>(m_host->page(View::Compare)))
        page->setShown(measure);
}

void LessonUi::showMistakesOf(int run)
{
    QWidget *page = m_host->page(View::Mistakes);
    showMistakesOfRun(page, run);
    // The gallery opens on the most confident mistakes, which a step can speak of before anyone
    // clicked a cell.
    if (auto *view = page ? page->findChild<MistakesView *>() : nullptr)
        view->showMistakes();
}

void LessonUi::stepThroughRun(int run)
{
    m_host->stepView()->chooser()->chooseRun(run);
}

const StepModel *LessonUi::stepModel() const
{
    return m_host->stepView()->model();
}

void LessonUi::focusWindow()
{
    m_window->setFocus(Qt::OtherFocusReason);
}

} // namespace bplab
