// MainWindow: lessons. File > Open lesson... and --lesson FILE open one; the lesson panel docks
// under the views with the step's text and question; Page Up/Page Down (what presentation clickers
// send) go back and on; a lesson shows only its views and locks or hides its controls.

#include "mainwindow.h"

#include "comparepage.h"

#include "controlbar.h"
#include "lessonrunner.h"
#include "timelineui.h"
#include "messagebanner.h"

#include <clusterview.h>
#include <compareview.h>
#include <lessonpanel.h>
#include <stepview.h>
#include <timelinebar.h>

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QListWidget>
#include <QMenu>
#include <QStatusBar>

#include "statusline.h"

namespace bplab {

void MainWindow::createLessonUi(QMenu *file)
{
    m_lessonPanel = new LessonPanel;
    m_lessonDock = new QDockWidget(tr("Lesson"), this);
    m_lessonDock->setObjectName(QStringLiteral("lessonDock"));
    m_lessonDock->setWidget(m_lessonPanel);
    m_lessonDock->setFeatures(QDockWidget::NoDockWidgetFeatures);
    m_lessonDock->setTitleBarWidget(new QWidget); // the panel names the lesson itself
    addDockWidget(Qt::BottomDockWidgetArea, m_lessonDock);
    m_lessonDock->hide();
    m_lessons = new LessonRunner(this, m_lessonPanel, this);
    // A dock keeps the height it once had: a step with a long text or a revealed answer would
    // leave the next steps' band tall and the views short.
    connect(m_lessons, &LessonRunner::stepShown, this, &MainWindow::fitLessonDock);
    connect(m_lessons, &LessonRunner::revealed, this, &MainWindow::fitLessonDock);
    connect(m_lessonPanel, &LessonPanel::textHeightChanged, this, &MainWindow::fitLessonDock);
    connect(m_lessons, &LessonRunner::opened, this, [this] {
        m_lessonDock->show();
        // The status bar makes way for the lesson: its words go to the timeline's bar.
        statusBar()->hide();
        m_timeline->setStatusText(m_status->summaryText());
        m_lessonBack->setEnabled(true);
        m_lessonNext->setEnabled(true);
    });
    connect(m_lessons, &LessonRunner::closed, this, [this] {
        m_lessonDock->hide();
        statusBar()->setVisible(!m_presentation);
        m_timeline->setStatusText(m_presentation ? m_status->summaryText() : QString());
        m_lessonBack->setEnabled(false);
        m_lessonNext->setEnabled(false);
    });

    m_openLesson = makeAction(QStringLiteral("actionOpenLesson"), tr("Open &lesson..."),
                              tr("Open a prepared lesson: its settings, views and steps"));
    connect(m_openLesson, &QAction::triggered, this, &MainWindow::chooseLesson);
    m_lessonBack = makeAction(QStringLiteral("actionLessonBack"), tr("Lesson: previous step"),
                              tr("The lesson's previous step (Page Up)"), {QKeySequence(Qt::Key_PageUp)});
    connect(m_lessonBack, &QAction::triggered, m_lessons, &LessonRunner::back);
    m_lessonNext = makeAction(QStringLiteral("actionLessonNext"), tr("Lesson: next step"),
                              tr("Reveal the question's answer, then the lesson's next step (Page Down)"),
                              {QKeySequence(Qt::Key_PageDown)});
    connect(m_lessonNext, &QAction::triggered, m_lessons, &LessonRunner::next);
    m_lessonBack->setEnabled(false);
    m_lessonNext->setEnabled(false);
    file->insertAction(file->actions().value(1), m_openLesson);
}

void MainWindow::fitLessonDock()
{
    // After the panel's labels have their new widths and heights.
    QTimer::singleShot(0, this, [this] {
        if (!m_lessonDock->isVisible())
            return;
        // The panel's nested layouts settle first (a revealed answer hides the answer's row).
        for (int i = 0; i < 3; ++i)
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        m_lessonPanel->fitText(); // new words at an unchanged width
        resizeDocks({m_lessonDock}, {m_lessonDock->minimumSizeHint().height()}, Qt::Vertical);
    });
}

QString MainWindow::lessonFolder()
{
    // Installed: share/backprop-lab/lessons beside bin/; in the build tree, the sources'.
    const QDir app(QCoreApplication::applicationDirPath());
    for (const QString &candidate : {app.filePath(QStringLiteral("../share/backprop-lab/lessons")),
                                     QStringLiteral(BPLAB_LESSONS_SOURCE_DIR)})
        if (QFileInfo(candidate).isDir())
            return QFileInfo(candidate).canonicalFilePath();
    return QDir::homePath();
}

void MainWindow::chooseLesson()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Open lesson"), lessonFolder(),
                                                      tr("Lessons (*.json)"));
    if (file.isEmpty())
        return;
    if (const QString error = openLesson(file); !error.isEmpty())
        m_banner->showMessage(tr("This lesson cannot be opened: %1").arg(error));
}

QString MainWindow::openLesson(const QString &file, int startStep)
{
    return m_lessons->open(file, startStep);
}

namespace {
/** A lesson file's view as the window's. */
MainWindow::View viewOf(LessonView v)
{
    switch (v) {
    case LessonView::Train: return MainWindow::View::Train;
    case LessonView::Step: return MainWindow::View::Step;
    case LessonView::Draw: return MainWindow::View::Draw;
    case LessonView::Cluster: return MainWindow::View::Cluster;
    case LessonView::Data: return MainWindow::View::Data;
    case LessonView::Mistakes: return MainWindow::View::Mistakes;
    case LessonView::Compare: return MainWindow::View::Compare;
    }
    return MainWindow::View::Train;
}
} // namespace

void MainWindow::showView(LessonView view)
{
    setView(viewOf(view), SettingOrigin::Session);
}

void MainWindow::setStepLearningRate(std::optional<double> lr)
{
    if (lr)
        m_stepView->setLessonLearningRate(*lr);
    else if (m_stepView->learningRateOrigin() == StepView::RateOrigin::Lesson)
        m_stepView->followTrainingRate();
}

void MainWindow::showTestImage(int index)
{
    m_stepView->requestSample(true, index);
}

void MainWindow::showStage(int stage)
{
    m_stepView->setStage(stage);
}

void MainWindow::showCluster(const LessonCluster &cluster)
{
    auto *view = qobject_cast<clusterview::ClusterView *>(page(View::Cluster));
    if (!view)
        return;
    clusterview::ClusterSettings s; // the page's defaults, as lessonClusterSeconds() assumes
    s.servers = cluster.servers;
    s.gpusPerServer = cluster.gpusPerServer;
    s.algorithm = cluster.hierarchical ? cluster::Algorithm::Hierarchical : cluster::Algorithm::Ring;
    view->setSettings(s);
}

void MainWindow::compareRuns(const std::vector<CompareChoice> &runs)
{
    startComparison(page(View::Compare), runs);
}

std::vector<std::optional<CompareResult>> MainWindow::compareResults() const
{
    return comparisonResults(page(View::Compare));
}

void MainWindow::showCompareMeasure(CompareMeasure measure)
{
    if (auto *page = qobject_cast<CompareView *>(this->page(View::Compare)))
        page->setShown(measure);
}

const StepModel *MainWindow::stepModel() const
{
    return m_stepView->model();
}

void MainWindow::restrict(const LessonRestrictions &restrictions)
{
    m_restrictions = restrictions;
    for (int i = 0; i < kViewCount; ++i) {
        bool shown = restrictions.views.empty();
        for (LessonView v : restrictions.views)
            shown = shown || viewOf(v) == View(i);
        m_sidebar->setRowHidden(i, !shown);
        m_viewActions[i]->setVisible(shown);
    }
    m_controls->setLessonControls(restrictions);
    m_timelineUi->setLocks(restrictions.locks(LessonControl::Timeline), restrictions.hides(LessonControl::Timeline),
                           restrictions.locks(LessonControl::Pace));
    updateActions();
}

} // namespace bplab
