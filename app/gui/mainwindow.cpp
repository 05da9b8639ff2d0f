#include "mainwindow.h"


#include "announcements.h"
#include "announcer.h"
#include "appsettings.h"
#include "classroomui.h"
#include "clusterpage.h"
#include "comparepage.h"
#include "controlbar.h"
#include "datasetcatalog.h"
#include "datasetpage.h"
#include "datasetview.h"
#include "drawpage.h"
#include "errorpage.h"
#include "language.h"
#include "mainactions.h"
#include "mistakespage.h"
#include "snapshotui.h"
#include "spotlight.h"
#include "statusline.h"
#include "stepfeed.h"
#include "stepview.h"
#include "stepworksheet.h"
#include "timelineui.h"
#include "trainingcontroller.h"
#include "trainview.h"
#include "viewstack.h"
#include "windowaction.h"

#include <clusterview.h>
#include <compareview.h>
#include <data/dataset.h>
#include <drawview.h>
#include <heatmappanel.h>
#include <lossplot.h>
#include <messagebanner.h>
#include <panelaccessible.h>
#include <timelinebar.h>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

#include <algorithm>

namespace bplab {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    installPanelAccessibility(); // the panels' tables, values and descriptions (panelaccessible.h)
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Backprop Lab"));
    m_controller = new TrainingController(this);
    createActions();
    m_controls = new ControlBar(m_actions->startPause(), m_actions->step(), m_actions->reset(), this);
    addToolBar(Qt::TopToolBarArea, m_controls);
    createViews();
    m_panelUi = new PanelUi(this, this);
    createMenus();
    m_status = new StatusLine(statusBar());
    connectController();
    m_controls->showTrainedNetwork(m_controller->trainedConfig().network);
    m_controls->showConfig(m_controller->config());
    m_controls->setDatasets(findDatasets());
    resize(defaultSize());
    m_panelUi->createSpotlight(m_views->pages(), {m_controls, m_sidebar, m_timeline, m_lessonUi->dock(), statusBar()},
                               menuBar()->findChild<QMenu *>(QStringLiteral("menuView")), m_actions->presentation());
    m_announcer = new Announcer(centralWidget());
    announceChanges(this, m_announcer);
    updateActions();
    updatePage();
}

MainWindow::~MainWindow()
{
    // Stop the thread before the panels it feeds are destroyed.
    m_controller->shutdown();
    // Closing the window as QWidget's destructor does hides the toolbar, and a number box being
    // edited then commits its value: no edit may reach this window's settings, gone by then.
    m_controls->blockSignals(true);
}

void MainWindow::createViews()
{
    m_views = new ViewStack([this](int i) { return createPage(View(i)); }, this);
    m_sidebar = m_views->sidebar();
    m_errorPage = m_views->errorPage();
    connect(m_views, &ViewStack::viewChosen, this, [this](int row, bool forSession) {
        if (!forSession && !(m_lessonUi && m_lessonUi->isOpen())) // a lesson's views are its own
            m_settings.chooseView(row);
        if (m_panelUi)
            m_panelUi->leaveSpotlight(); // another view: the panel goes back first
        updatePage();
        updateActions();
        // The keyboard stays with the window's keys (Space, Left/Right, +/-) after a change of
        // view, not with the new page's first box (a combo box would take Space and the arrows);
        // Step through takes the focus itself for its stage keys.
        if (view() != View::Step && (!focusWidget() || !focusWidget()->isVisible() || focusWidget() != m_sidebar))
            m_sidebar->setFocus(Qt::OtherFocusReason);
    });

    m_banner = new MessageBanner;
    auto *right = new QVBoxLayout;
    right->setContentsMargins(0, 0, 0, 0);
    right->addWidget(m_banner);
    right->addWidget(m_views->pages(), 1);
    m_timeline = new TimelineBar;
    right->addWidget(m_timeline);
    auto *central = new QWidget;
    auto *row = new QHBoxLayout(central);
    row->setContentsMargins(4, 4, 4, 4);
    row->addWidget(m_sidebar);
    row->addLayout(right, 1);
    setCentralWidget(central);

    m_fileUi->serveErrorPage(m_errorPage);
}

QWidget *MainWindow::createPage(View view)
{
    switch (view) {
    case View::Train:
        return m_train = new TrainView;
    case View::Step:
        return m_stepView = new StepView;
    case View::Draw: {
        auto *draw = new DrawView;
        connectDrawView(draw, m_controller, [this](qint64 batch) { m_drawBatch = batch; });
        connect(draw, &DrawView::stepThroughRequested, this, [this](const QVector<quint8> &pixels) {
            if (m_stepFeed->stepThroughDrawn(pixels))
                setView(View::Step);
        });
        return draw;
    }
    case View::Cluster:
        return ClusterPage::makePage(m_controller);
    case View::Data:
        return m_datasetView = new DatasetView;
    case View::Mistakes:
        // What the network gets wrong at the weights shown; a double-clicked image opens in
        // Step through with the same weights (a Compare run's network, when the page shows one).
        return makeMistakesPage(m_controller, [this](const MistakeImage &image) {
            m_stepView->chooser()->chooseRun(image.run);
            if (image.ownTestSet)
                m_stepView->requestSample(true, image.index);
            else
                m_stepView->showPixels(image.set->image(std::size_t(image.index)), image.set->label(std::size_t(image.index)),
                                       tr("%1, image %2").arg(image.setName).arg(image.index));
            setView(View::Step);
        });
    case View::Compare:
        return makeComparePage(
                m_controller,
                [this](const QString &text) {
                    if (m_announcer)
                        m_announcer->announce(text);
                },
                // The runs' networks answer the drawn digit and every image too, can be stepped
                // through, and their mistakes can be shown.
                [this](const QVector<OtherNetwork> &networks) {
                    if (auto *draw = qobject_cast<DrawView *>(page(View::Draw)))
                        draw->setOtherNetworks(networks);
                    m_datasetView->setOtherNetworks(networks);
                    m_stepView->chooser()->setNetworks(networks);
                    setMistakesNetworks(page(View::Mistakes), networks);
                });
    }
    return nullptr;
}

QWidget *MainWindow::page(View v) const
{
    return m_views->page(int(v));
}

void MainWindow::connectController()
{
    TrainingController *c = m_controller;
    connect(c, &TrainingController::dataChanged, this, [this, c] {
        m_train->setDataset(c->dataSplit());
        const DatasetInfoPtr info = c->dataset();
        if (!info) {
            m_hasData = false;
            m_status->setDataset(nullptr, c->dataFolder());
            m_errorPage->showUnreadable(c->dataFolder(), c->lastError());
            updatePage();
            return;
        }
        m_hasData = true;
        m_train->setClassNames(info->classNames);
        m_controls->selectDataset(m_controls->selectedFolder(), info->name);
        m_status->setDataset(info.get(), info->folder);
        if (m_persist && m_dataOrigin == SettingOrigin::User) {
            QSettings settings;
            writeDataset(settings, m_controls->selectedFolder());
        }
        updatePage();
    });
    connect(c, &TrainingController::visualReady, this,
            [this](VisualPtr s) { m_train->applyVisual(*s); });
    m_train->setHistory(c->history());
    connect(c, &TrainingController::lossesAdded, m_train, &TrainView::historyChanged);
    connect(c, &TrainingController::historyChanged, this, &MainWindow::showHistoryEvent);
    connect(c, &TrainingController::notice, this, &MainWindow::showNotice);
    connect(c, &TrainingController::progressChanged, m_status, &StatusLine::setProgress);
    connect(c, &TrainingController::stateChanged, this, [this](TrainingState s) {
        m_controls->setState(s);
        m_status->setState(s);
        updateActions();
        updatePage(); // dataFailed arrives while the state still says Loading
    });
    connect(m_train->heatmapPanel(), &HeatmapPanel::hiddenNeuronSelected, c, &TrainingController::setSelectedHiddenNeuron);
    connect(c, &TrainingController::settingsChanged, this, [this, c] {
        m_controls->showTrainedNetwork(c->trainedConfig().network);
        m_controls->showConfig(c->config());
        m_controls->setResetPending(c->resetPending());
        m_status->setTrainSubset(c->trainedConfig().trainSubset);
        m_train->setSelectedHiddenNeuron(c->selectedHiddenNeuron());
        const Pace pace = c->pace();
        m_controls->showPace(pace);
        m_status->setPace(pace);
    });

    m_stepFeed = new StepFeed(m_stepView, m_controller, this);
    connectDatasetView(m_datasetView, m_controller, [this](bool test, int index, int run) {
        m_stepView->chooser()->chooseRun(run);
        m_stepView->requestSample(test, index);
        setView(View::Step);
    });
    connectControlBar();
    // The status's words on the timeline bar where the status bar is hidden.
    connect(m_status, &StatusLine::summaryChanged, this, [this](const QString &text) {
        if (m_presentation->isOn() || (m_lessonUi && m_lessonUi->isOpen()))
            m_timeline->setStatusText(text);
    });
    // The hidden Step view catches up when it is shown.
    connect(m_views, &ViewStack::viewChosen, this, [this] {
        if (view() == View::Step)
            m_stepFeed->catchUp();
    });
    connect(m_controls, &ControlBar::datasetChosen, this, [this](const QString &folder) { openData(folder); });
    connect(m_controls, &ControlBar::openFolderRequested, m_fileUi, &FileUi::chooseFolder);
}

void MainWindow::showHistoryEvent(const HistoryEvent &event)
{
    m_train->historyChanged();
    if (const auto *restart = std::get_if<HistoryRestart>(&event)) {
        // A snapshot the user opened brings its hyperparameters: theirs from now on.
        if (restart->restoredConfig && !m_lessonUi->isOpen()) // while a lesson is open: the lesson's
            m_settings.chooseTraining(*restart->restoredConfig);
        m_stepFeed->restart();
    }
    m_status->sayHistory(event);
}

void MainWindow::showNotice(const Notice &notice)
{
    // Snapshots' notices and divergences are SnapshotUi's (snapshotui.cpp).
    if (const auto *error = std::get_if<TrainingError>(&notice))
        m_banner->showMessage(error->message);
    else if (const auto *failed = std::get_if<ModelFailed>(&notice))
        m_banner->showMessage(failed->message);
    else if (const auto *saved = std::get_if<ModelSaved>(&notice))
        m_status->saySaved(*saved);
}

void MainWindow::connectControlBar()
{
    // The toolbar sends the user's edits; the controller owns the settings the session trains
    // with and shows them back. An edit changes that one field in what the session uses and in
    // the user's settings: a lesson's or a flag's other values stay unsaved.
    connect(m_controls, &ControlBar::settingsEdited, this, &MainWindow::editSettings);
}

void MainWindow::editSettings(const ControlBar::SettingsEdit &change)
{
    // While a lesson is open every edit is the lesson's: closing it gives back the user's.
    if (!m_lessonUi->isOpen()) {
        TrainConfig mine = m_settings.training().config;
        change(mine);
        m_settings.chooseTraining(mine);
    }
    TrainConfig config = m_controller->config();
    change(config);
    m_controller->setConfig(config);
}

void MainWindow::showStepSample(bool test, int index, int stage)
{
    m_stepView->requestSample(test, index);
    m_stepView->setStage(stage);
}

void MainWindow::openData(const QString &folder, SettingOrigin origin)
{
    m_dataOrigin = origin;
    const QString canonical = QFileInfo(folder).canonicalFilePath();
    const QString path = canonical.isEmpty() ? folder : canonical;
    m_banner->hide();
    m_controls->selectDataset(path, datasetLabel(path));
    statusBar()->showMessage(tr("Reading %1 ...").arg(path));
    m_controller->loadData(path);
}

QString MainWindow::selectedDataFolder() const
{
    return m_controls->selectedFolder();
}

void MainWindow::trainModel(const NetworkModel &model)
{
    const Architecture arch = model.arch;
    editSettings([arch](TrainConfig &t) {
        t = withNetwork(t, arch.hidden, arch.activation);
        t.network = arch; // a layer list's too
    });
    m_controller->trainFrom(model);
    setView(View::Train);
}

bool MainWindow::stepThroughModel(const QString &file)
{
    if (!m_stepView->loadModelFile(file))
        return false;
    setView(View::Step);
    return true;
}

bool MainWindow::compareModel(const QString &name, const NetworkModel &model)
{
    if (!compareModelFile(page(View::Compare), name, model))
        return false;
    setView(View::Compare);
    return true;
}

void MainWindow::showStatusMessage(const QString &message, int ms)
{
    statusBar()->showMessage(message, ms);
}

void MainWindow::showDataError(const QString &message)
{
    m_hasData = false;
    m_status->setDataset(nullptr, {});
    m_errorPage->showNoData(message);
    updatePage();
}

void MainWindow::setTrainingConfig(const TrainConfig &config)
{
    m_controller->setConfig(config);
}

bool MainWindow::showsError() const
{
    return m_views->showsError();
}

void MainWindow::setView(View view, SettingOrigin origin)
{
    m_views->choose(int(view), origin == SettingOrigin::Session);
}

MainWindow::View MainWindow::view() const
{
    return View(m_views->current());
}

void MainWindow::restrictTo(const LessonRestrictions &restrictions)
{
    m_restrictions = restrictions;
    for (int i = 0; i < kViewCount; ++i) {
        bool shown = restrictions.views.empty();
        for (LessonView v : restrictions.views)
            shown = shown || viewOf(v) == i;
        m_views->setViewShown(i, shown);
        m_actions->view(i)->setVisible(shown);
    }
    m_controls->setLessonControls(restrictions);
    m_timelineUi->setLocks(restrictions.locks(LessonControl::Timeline), restrictions.hides(LessonControl::Timeline),
                           restrictions.locks(LessonControl::Pace));
    updateActions();
}

void MainWindow::updatePage()
{
    const bool error = !m_hasData && m_controller->state() != TrainingState::Loading
                       && !m_errorPage->message().isEmpty();
    if (m_panelUi && m_panelUi->spotlight() && m_panelUi->spotlight()->isActive()) {
        if (!error)
            return; // the spotlit panel stays while training runs and pauses
        m_panelUi->leaveSpotlight();
    }
    m_views->showError(error);
}

void MainWindow::updateActions()
{
    QWidget *const focused = QApplication::focusWidget();
    m_actions->showState(m_controller->state(), m_restrictions.locks(LessonControl::Reset), int(view()));
    // Start and Step, disabled as a run ends, hand the focus on along the toolbar to Reset, where
    // the next Space (meant for Start/Pause) would throw the trained network away: the focus goes
    // to the views' list instead, which leaves Space to the window's keys.
    if (focused && focused != QApplication::focusWidget()
        && QApplication::focusWidget() == m_controls->widgetForAction(m_actions->reset()))
        m_sidebar->setFocus(Qt::OtherFocusReason);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange && m_views)
        m_views->fitSidebar();
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Stops within a batch: the worker checks its stop flag before every batch.
    m_controller->shutdown();
    if (m_persist)
        saveSettings();
    event->accept();
}

StepPredict *MainWindow::stepPredict() const
{
    return m_stepFeed->predict();
}

qint64 MainWindow::viewWeightsBatch(const QString &name) const
{
    const VisualPtr shown = m_controller->shown();
    const qint64 shownBatch = shown && shown->modelFile.isEmpty() ? qint64(shown->weightsStep) : -1;
    if (name == QLatin1String("train") || name == QLatin1String("data"))
        return shownBatch;
    if (name == QLatin1String("step"))
        return m_stepFeed->weightsBatch();
    if (name == QLatin1String("draw"))
        return m_drawBatch;
    return -1;
}

void MainWindow::createActions()
{
    m_fileUi = new FileUi(this, this);
    m_actions = new MainActions(this);
    connect(m_actions->startPause(), &QAction::triggered, this, [this] { m_controller->togglePause(); });
    connect(m_actions->step(), &QAction::triggered, this, [this] { m_controller->step(); });
    connect(m_actions->reset(), &QAction::triggered, this, [this] {
        m_banner->hide();
        m_controller->reset();
    });
    connect(m_actions->quit(), &QAction::triggered, this, &QWidget::close);
    for (int i = 0; i < kViewCount; ++i)
        connect(m_actions->view(i), &QAction::triggered, this, [this, i] { setView(View(i)); });
    connect(m_actions->pixelValues(), &QAction::toggled, this, [this](bool on) { m_train->setShowPixelValues(on); });
    connect(m_actions->highContrast(), &QAction::triggered, this, [this](bool on) { m_settings.chooseHighContrast(on); });
    connect(m_actions->shortcuts(), &QAction::triggered, this, [this] {
        m_actions->showShortcuts(m_timelineUi->stepSampleAction(), m_timelineUi->keyedActions(),
                                 {m_fileUi->openFolderAction(), m_snapshots->saveAction(), m_snapshots->openAction(),
                                  m_fileUi->saveModelAction()});
    });
    m_presentation = new PresentationMode(this, m_actions->presentation(), m_actions->fullScreen(),
                                          [this](bool on) { applyPresentation(on); });
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    m_fileUi->addDataActions(file);
    m_lessonUi = new LessonUi(this, this, file);
    new ClassroomUi(this, m_panelUi->registry(), file); // File > Classroom, the Class view
    file->addSeparator();
    m_snapshots = new SnapshotUi(this, m_controller, m_banner, m_controls);
    file->addActions(m_snapshots->actions());
    file->addSeparator();
    m_fileUi->addModelActions(file);
    file->addSeparator();
    m_panelUi->addToFileMenu(file);
    // The Step view's sample as a printable worksheet with cells to compute by hand.
    QAction *worksheet = addWindowAction(this, QStringLiteral("actionExportWorksheet"), tr("Export &worksheet..."),
                                         tr("Save the Step view's image as a printable PDF worksheet: its numbers through "
                                            "the stages with cells to compute by hand, and a page of answers"));
    connect(worksheet, &QAction::triggered, this, [this] { saveStepWorksheet(this, *m_stepView->model()); });
    file->addAction(worksheet);
    file->addSeparator();
    file->addAction(m_actions->quit());

    QMenu *training = menuBar()->addMenu(tr("&Training"));
    training->addAction(m_actions->startPause());
    training->addAction(m_actions->step());
    training->addAction(m_actions->reset());
    training->addSeparator();
    training->addMenu(m_controls->networkMenu());
    training->addMenu(m_controls->trainSubsetMenu());
    training->addAction(m_controls->augmentAction());

    m_timelineUi = new TimelineUi(this, m_controller, m_controls, m_timeline);
    m_timelineUi->addToMenu(training, m_actions->step());

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("menuView"));
    for (int i = 0; i < kViewCount; ++i)
        view->addAction(m_actions->view(i));
    view->addSeparator();
    view->addAction(m_actions->fullScreen());
    view->addAction(m_actions->presentation());
    view->addAction(m_actions->pixelValues());
    view->addAction(m_actions->highContrast());
    view->addSeparator();
    view->addMenu(createLanguageMenu(this));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_actions->shortcuts());
    help->addAction(m_actions->about());
    for (QMenu *m : {file, training, view, help})
        m->setToolTipsVisible(true);
}

void MainWindow::applyPresentation(bool on)
{
    m_train->setPresentation(on);
    m_controls->setPresentation(on);
    // A projector's 800 px keep one bar under the views: the timeline, with the status's words.
    const bool lesson = m_lessonUi && m_lessonUi->isOpen(); // a lesson's panel takes the status bar's place
    statusBar()->setVisible(!on && !lesson);
    m_timeline->setStatusText(on || lesson ? m_status->summaryText() : QString());
    if (lesson)
        m_lessonUi->fitDock(); // its text in the new font
}

void MainWindow::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_panelUi->leaveSpotlight())
        return;
    if (event->key() == Qt::Key_Escape && m_presentation->leave())
        return;
    QMainWindow::keyPressEvent(event);
}

QString MainWindow::loadSettings()
{
    m_persist = true;
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    m_lessonUi->dock()->setVisible(m_lessonUi->isOpen()); // a stored state may hold a lesson's panel
    m_train->restoreLayout(s.value(QStringLiteral("window/trainLayout")).toByteArray());
    m_actions->pixelValues()->setChecked(s.value(QStringLiteral("view/pixelValues"), false).toBool());
    m_settings.read(s);
    m_actions->highContrast()->setChecked(m_settings.highContrast());
    setView(View(std::clamp(m_settings.view(), 0, kViewCount - 1)), SettingOrigin::Session);
    setTrainingConfig(m_settings.training().config);
    m_controls->setDatasets(findDatasets(readOpenedFolders(s)));
    m_snapshots->loadSettings(s);
    return readLastDataset(s);
}

void MainWindow::saveSettings()
{
    QSettings s;
    if (m_presentation->isOn())
        setPresentationMode(false); // store the normal layout, not the full-screen one
    // The layout of an open lesson (its panel, the room it takes from the views) is the
    // lesson's: the user's stays as it was.
    if (!m_lessonUi->isOpen()) {
        s.setValue(QStringLiteral("window/geometry"), saveGeometry());
        s.setValue(QStringLiteral("window/state"), saveState());
        s.setValue(QStringLiteral("window/trainLayout"), m_train->saveLayout());
    }
    // Written once the user turned it on (the default is off); from then on, whatever it is.
    const bool pixelValues = m_actions->pixelValues()->isChecked();
    if (pixelValues || s.contains(QStringLiteral("view/pixelValues")))
        s.setValue(QStringLiteral("view/pixelValues"), pixelValues);
    m_settings.write(s);
    m_snapshots->saveSettings(s);
    if (m_hasData && m_dataOrigin == SettingOrigin::User)
        writeDataset(s, m_controls->selectedFolder());
}

} // namespace bplab
