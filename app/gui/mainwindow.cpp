#include "mainwindow.h"

#include "announcements.h"
#include "announcer.h"
#include "appsettings.h"
#include "clusterpage.h"
#include "comparepage.h"
#include "controlbar.h"
#include "datasetcatalog.h"
#include "datasetview.h"
#include "downloaddialog.h"
#include "drawpage.h"
#include "errorpage.h"
#include "lessonrunner.h"
#include "messagebanner.h"
#include "mistakespage.h"
#include "pictureimportdialog.h"
#include "statusline.h"
#include "spotlight.h"
#include "steppredict.h"
#include "stepview.h"
#include "trainingcontroller.h"
#include "trainview.h"

#include <clusterview.h>
#include <compareview.h>
#include <heatmappanel.h>
#include <panelaccessible.h>
#include <replicaheatmaps.h>
#include <dataset.h>
#include <drawview.h>
#include <manifest.h>
#include <timelinebar.h>
#include <pictureimport.h>

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QCloseEvent>
#include <QFileDialog>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QListWidget>
#include <QMenu>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
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
    m_controls = new ControlBar(m_startPause, m_step, m_reset, this);
    addToolBar(Qt::TopToolBarArea, m_controls);
    createViews();
    createPanelRegistry();
    createMenus();
    createDataActions();
    m_status = new StatusLine(statusBar());
    connectController();
    m_controls->showConfig(m_controller->config());
    m_controls->setDatasets(findDatasets());
    resize(defaultSize());
    createSpotlight();
    m_announcer = new Announcer(centralWidget());
    announceChanges(this, m_announcer);
    updateActions();
    updatePage();
}

MainWindow::~MainWindow()
{
    // Stop the thread before the panels it feeds are destroyed.
    m_controller->shutdown();
}

void MainWindow::createViews()
{
    m_sidebar = new QListWidget;
    m_sidebar->setObjectName(QStringLiteral("viewList"));
    m_sidebar->setAccessibleName(tr("Views"));
    m_sidebar->setToolTip(tr("The views (Ctrl+1 ... Ctrl+%1)").arg(kViewCount));
    m_pages = new QStackedWidget;
    for (int i = 0; i < kViewCount; ++i) {
        m_sidebar->addItem(viewTitle(i));
        m_pages->addWidget(createPage(View(i)));
    }
    for (int i = 0; i < kViewCount; ++i)
        m_sidebar->item(i)->setToolTip(tr("%1 (Ctrl+%2)").arg(m_sidebar->item(i)->text()).arg(i + 1));
    m_errorPage = new ErrorPage;
    m_pages->addWidget(m_errorPage);
    m_sidebar->setCurrentRow(0);
    fitSidebar();
    // Only the page on screen sets the window's minimum size. A stack is otherwise as large as
    // its largest page: a view not in use (the Train view's panels at the projector's font, say)
    // made the window taller than a 1280x800 screen.
    const auto sizeToCurrentPage = [this] {
        for (int i = 0; i < m_pages->count(); ++i) {
            const auto policy = i == m_pages->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
            m_pages->widget(i)->setSizePolicy(policy, policy);
        }
    };
    connect(m_pages, &QStackedWidget::currentChanged, this, sizeToCurrentPage);
    sizeToCurrentPage();
    connect(m_sidebar, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!m_sessionView && row >= 0)
            m_settings.chooseView(row);
        if (m_spotlight)
            m_spotlight->leave(); // another view: the panel goes back first
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
    right->addWidget(m_pages, 1);
    m_timeline = new TimelineBar;
    right->addWidget(m_timeline);
    auto *central = new QWidget;
    auto *row = new QHBoxLayout(central);
    row->setContentsMargins(4, 4, 4, 4);
    row->addWidget(m_sidebar);
    row->addLayout(right, 1);
    setCentralWidget(central);

    connect(m_errorPage, &ErrorPage::openFolderRequested, this, &MainWindow::chooseFolder);
    connect(m_errorPage, &ErrorPage::folderChosen, this, [this](const QString &folder) { openData(folder); });
    connect(m_errorPage, &ErrorPage::downloadRequested, this, &MainWindow::downloadMnist);
    connect(m_errorPage, &ErrorPage::retryRequested, this, [this] {
        if (!m_controller->dataFolder().isEmpty()) {
            openData(m_controller->dataFolder());
            return;
        }
        // Nothing was found at start-up: look again (scripts/setup may have run since).
        const auto found = findDataFolder({}, std::nullopt);
        if (found)
            openData(QString::fromStdString(*found));
        else
            showDataError(QString::fromStdString(found.error()));
    });
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
        connect(draw, &DrawView::stepThroughRequested, this, &MainWindow::stepThroughDrawnDigit);
        return draw;
    }
    case View::Cluster: {
        auto *cluster = new clusterview::ClusterView;
        // The replicas are the training's own: every exact snapshot (and live ones) shows their
        // gradients; the view's button trains one batch through the controller.
        connect(m_controller, &TrainingController::visualReady, cluster,
                [cluster](VisualPtr s) { cluster->setReplicaGradients(s->replicas, s->progress.replicas); });
        connect(cluster->heatmaps(), &clusterview::ReplicaHeatmaps::stepRequested, m_controller, &TrainingController::step);
        new ClusterPage(cluster, m_controller); // the live link graph and the measured runs
        return cluster;
    }
    case View::Data:
        return m_datasetView = new DatasetView;
    case View::Mistakes:
        // What the network gets wrong at the weights shown; a double-clicked image opens in
        // Step through with the same weights.
        return makeMistakesPage(m_controller, [this](const MistakeImage &image) {
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
                // The runs' networks answer the drawn digit too.
                [this](const QVector<OtherNetwork> &networks) {
                    if (auto *draw = qobject_cast<DrawView *>(page(View::Draw)))
                        draw->setOtherNetworks(networks);
                });
    }
    return nullptr;
}

QWidget *MainWindow::page(View v) const
{
    return m_pages->widget(int(v));
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
            m_errorPage->setError(tr("Cannot read the training data in %1").arg(c->dataFolder()), c->lastError(),
                                  tr("Choose another folder (File > Open data folder..., Ctrl+O), or "
                                     "replace the damaged file and press Try again. scripts/setup "
                                     "installs the offline MNIST sample and, with internet, full MNIST."));
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
        m_controls->showConfig(c->config());
        m_controls->setResetPending(c->resetPending());
        m_status->setTrainSubset(c->trainedConfig().trainSubset);
        m_train->setSelectedHiddenNeuron(c->selectedHiddenNeuron());
        m_stepView->setTrainingLearningRate(c->config().lr);
        m_stepView->setSelectedHiddenNeuron(c->selectedHiddenNeuron());
        const Pace pace = c->pace();
        m_controls->showPace(pace);
        m_status->setPace(pace);
    });

    connectStepView();
    connectDatasetView();
    connectControlBar();
    // The status's words on the timeline bar where the status bar is hidden.
    connect(m_status, &StatusLine::summaryChanged, this, [this](const QString &text) {
        if (m_presentation || (m_lessons && m_lessons->isOpen()))
            m_timeline->setStatusText(text);
    });
    // The hidden Step view catches up when it is shown.
    connect(m_sidebar, &QListWidget::currentRowChanged, this, [this] {
        if (view() == View::Step && m_stepPending)
            followInStepView(m_stepPending, true);
    });
    connect(m_controls, &ControlBar::datasetChosen, this, [this](const QString &folder) { openData(folder); });
    connect(m_controls, &ControlBar::openFolderRequested, this, &MainWindow::chooseFolder);
}

void MainWindow::showHistoryEvent(const HistoryEvent &event)
{
    m_train->historyChanged();
    if (const auto *restart = std::get_if<HistoryRestart>(&event)) {
        // A snapshot the user opened brings its hyperparameters: theirs from now on.
        if (restart->restoredConfig)
            m_settings.chooseTraining(*restart->restoredConfig);
        // New weights (a reset, new data, a restored snapshot) reach the Step view at once, with
        // the scaling they were trained with; their visual follows.
        if (!m_stepView->showsModelFile()) {
            m_stepView->setNormalize(m_controller->trainedConfig().normalize);
            m_stepView->setModel(m_controller->currentWeights(), m_controller->headCaption());
            m_stepBatch = qint64(m_controller->stepCount());
        }
    } else if (const auto *e = std::get_if<EpochReport>(&event)) {
        statusBar()->showMessage(tr("Epoch %1: test accuracy %2 %, test loss %3")
                                         .arg(e->epoch)
                                         .arg(e->testAccuracy, 0, 'f', 2)
                                         .arg(e->testLoss, 0, 'f', 4),
                                 8000);
    } else if (const auto *branch = std::get_if<BranchPtr>(&event)) {
        statusBar()->showMessage(tr("A new branch from batch %1: the earlier one stays on the loss plot, faint")
                                         .arg((*branch)->fromStep),
                                 8000);
    }
}

void MainWindow::showNotice(const Notice &notice)
{
    // Snapshots' notices and divergences are SnapshotUi's (snapshotui.cpp).
    if (const auto *error = std::get_if<TrainingError>(&notice))
        m_banner->showMessage(error->message);
    else if (const auto *failed = std::get_if<ModelFailed>(&notice))
        m_banner->showMessage(failed->message);
    else if (const auto *saved = std::get_if<ModelSaved>(&notice))
        statusBar()->showMessage(tr("Saved %1 (%2)").arg(saved->path, saved->description), 8000);
}

void MainWindow::connectControlBar()
{
    // The toolbar sends the user's edits; the controller owns the settings the session trains
    // with and shows them back. An edit changes that one field in what the session uses and in
    // the user's settings: a lesson's or a flag's other values stay unsaved.
    TrainingController *c = m_controller;
    connect(m_controls, &ControlBar::settingsEdited, this, [this, c](const ControlBar::SettingsEdit &change) {
        TrainConfig mine = m_settings.training().config;
        change(mine);
        m_settings.chooseTraining(mine);
        TrainConfig config = c->config();
        change(config);
        c->setConfig(config);
    });
}

void MainWindow::stepThroughDrawnDigit(const QVector<quint8> &pixels)
{
    if (pixels.size() != kInputs)
        return;
    const auto *bytes = reinterpret_cast<const std::uint8_t *>(pixels.constData());
    // The backward pass needs a target: ask for it, proposing the network's own answer.
    int proposed = 0;
    if (const ParamsPtr weights = m_controller->shownWeights()) {
        const auto p
                = predictProbabilities(*weights, bytes, m_controller->trainedConfig().normalize);
        proposed = int(std::max_element(p.begin(), p.end()) - p.begin());
    }
    bool ok = false;
    const int label = QInputDialog::getInt(this, tr("Step through this digit"),
                                           tr("Which digit did you draw? It is the target y of the "
                                              "backward pass."),
                                           proposed, 0, kOutputs - 1, 1, &ok);
    if (!ok)
        return;
    m_stepView->showPixels(bytes, label, tr("drawn digit"));
    setView(View::Step);
}

void MainWindow::connectStepView()
{
    m_stepPredict = new StepPredict(m_stepView); // the Predict first switch and its questions
    TrainingController *c = m_controller;
    connect(c, &TrainingController::dataChanged, m_stepView, [this, c] { m_stepView->setDataset(c->dataSplit()); });
    // The step's learning rate is the training's unless a lesson step or the user set one there
    // (settingsChanged keeps it current).
    m_stepView->setTrainingLearningRate(c->config().lr);
    // "Use the weights shown": the Step view leaves its own model file for the timeline's weights.
    connect(m_stepView, &StepView::currentWeightsRequested, this, [this] {
        if (VisualPtr shown = m_controller->shown()) {
            m_stepView->setModel(shown->weights, TrainingController::captionOf(*shown));
            m_stepBatch = shown->modelFile.isEmpty() ? qint64(shown->weightsStep) : -1;
        }
    });
    // Unless it shows a model file of its own, the page shows the weights every view shows: every
    // exact snapshot (pause, step, reset, the end, a restore, a batch of the timeline) and, while
    // it is on screen, a live one every 250 ms; a hidden page catches up when it is shown.
    connect(c, &TrainingController::visualReady, m_stepView, [this](VisualPtr s) {
        m_stepView->setCurrentTrainingIndex(s->sampleIndex);
        followInStepView(s, false);
    });
    connect(m_stepView, &StepView::hiddenNeuronSelected, c, &TrainingController::setSelectedHiddenNeuron);
}

void MainWindow::connectDatasetView()
{
    // The view shows the split the worker loaded: no second copy of the images.
    connect(m_controller, &TrainingController::dataChanged, m_datasetView,
            [this] { m_datasetView->setDataset(m_controller->dataSplit()); });
    // Each image's answer by the weights every view shows (computed while the view is visible).
    const auto showAnswers = [this] {
        m_datasetView->setWeights(m_controller->shownWeights(), m_controller->trainedConfig().normalize,
                                  m_controller->shownCaption());
    };
    connect(m_controller, &TrainingController::visualReady, m_datasetView, [showAnswers](VisualPtr s) {
        if (!s->live && !s->duringRun)
            showAnswers();
    });
    connect(m_controller, &TrainingController::stateChanged, m_datasetView, [showAnswers](TrainingState s) {
        if (s != TrainingState::Running)
            showAnswers();
    });
    connect(m_datasetView, &DatasetView::openInStepRequested, this, [this](bool test, int index) {
        m_stepView->requestSample(test, index);
        setView(View::Step);
    });
}

void MainWindow::createDataActions()
{
    m_downloadMnist = new QAction(tr("&Download MNIST..."), this);
    m_downloadMnist->setObjectName(QStringLiteral("actionDownloadMnist"));
    m_downloadMnist->setStatusTip(tr("Fetch the four MNIST files (11 MB) from the public mirrors, "
                                     "checked against their MD5, and train on them"));
    connect(m_downloadMnist, &QAction::triggered, this, &MainWindow::downloadMnist);
    // Into the menu that holds File > Open data folder..., right below it.
    for (QObject *o : m_openFolder->associatedObjects()) {
        if (auto *menu = qobject_cast<QMenu *>(o)) {
            const QList<QAction *> actions = menu->actions();
            menu->insertAction(actions.value(actions.indexOf(m_openFolder) + 1), m_downloadMnist);
            break;
        }
    }
}

void MainWindow::downloadMnist()
{
    auto *dialog = new DownloadDialog(download::mnistManifest(), download::mnistMirrors(),
                                      download::defaultMnistFolder(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &DownloadDialog::downloaded, this, [this](const QString &folder) { openData(folder); });
    dialog->open();
    dialog->start();
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

void MainWindow::showDataError(const QString &message)
{
    m_hasData = false;
    m_status->setDataset(nullptr, {});
    m_errorPage->setError(tr("Choose the data to learn from"), message,
                          tr("No training data was found on this computer. Choose one of these; the "
                             "app remembers the choice and starts with it next time."));
    updatePage();
}

void MainWindow::setTrainingConfig(const TrainConfig &config)
{
    m_controller->setConfig(config);
}

void MainWindow::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Open a data folder (MNIST-style IDX files)"), m_controls->selectedFolder());
    if (folder.isEmpty())
        return;
    if (PictureImportDialog::kindOf(folder) == PictureImportDialog::FolderKind::Data) {
        openData(folder);
        return;
    }
    // Pictures or a test set alone: imported as the test set beside the open training set.
    if (m_controller->dataFolder().isEmpty()) {
        m_banner->showMessage(tr("%1 holds no training set: open a data folder with one first (such as MNIST); "
                                 "the pictures then become its test set.")
                                      .arg(folder));
        return;
    }
    // Which set they become: the test set (to see how the network fares on them) or the training
    // set (to train on them, tested on the open data's test set).
    QMessageBox ask(QMessageBox::Question, tr("Open %1").arg(QFileInfo(folder).fileName()),
                    tr("Use the images of %1 as the test set (the network is tested on them) or as the "
                       "training set (it trains on them and is tested on the test set of the data open)?")
                            .arg(QDir::toNativeSeparators(folder)),
                    QMessageBox::Cancel, this);
    QPushButton *asTest = ask.addButton(tr("As the &test set"), QMessageBox::AcceptRole);
    QPushButton *asTrain = ask.addButton(tr("As the t&raining set"), QMessageBox::AcceptRole);
    ask.setDefaultButton(asTest);
    ask.exec();
    if (ask.clickedButton() != asTest && ask.clickedButton() != asTrain)
        return;
    auto *dialog = new PictureImportDialog(folder, m_controller->dataFolder(), this);
    dialog->setTarget(ask.clickedButton() == asTrain ? ImportTarget::Train : ImportTarget::Test);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PictureImportDialog::ready, this, [this](const QString &imported, const QString &summary) {
        openData(imported);
        if (!summary.isEmpty())
            m_banner->showMessage(summary);
    });
    connect(dialog, &PictureImportDialog::failed, this, [this](const QString &message) {
        m_banner->showMessage(message);
    });
    dialog->start();
}

bool MainWindow::showsError() const
{
    return m_pages->currentWidget() == m_errorPage;
}

void MainWindow::setView(View view, SettingOrigin origin)
{
    m_sessionView = origin == SettingOrigin::Session;
    m_sidebar->setCurrentRow(int(view));
    m_sessionView = false;
}

MainWindow::View MainWindow::view() const
{
    return View(std::max(0, m_sidebar->currentRow()));
}

void MainWindow::updatePage()
{
    const bool error = !m_hasData && m_controller->state() != TrainingState::Loading
                       && !m_errorPage->message().isEmpty();
    if (m_spotlight && m_spotlight->isActive()) {
        if (!error)
            return; // the spotlit panel stays while training runs and pauses
        m_spotlight->leave();
    }
    m_pages->setCurrentWidget(error ? static_cast<QWidget *>(m_errorPage)
                                    : m_pages->widget(int(view())));
}

void MainWindow::updateActions()
{
    QWidget *const focused = QApplication::focusWidget();
    const TrainingState s = m_controller->state();
    const bool running = s == TrainingState::Running;
    m_startPause->setText(running ? tr("Pause") : tr("Start"));
    m_startPause->setIcon(style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_startPause->setToolTip(running ? tr("Pause the training after the current batch (Space)")
                                     : s == TrainingState::Finished
                                           ? tr("All epochs are done: press Reset to train again")
                                           : tr("Train batch after batch with the panels live (Space)"));
    m_startPause->setEnabled(s == TrainingState::Running || s == TrainingState::Paused);
    m_step->setEnabled(s == TrainingState::Paused || s == TrainingState::Running);
    m_reset->setEnabled((s == TrainingState::Paused || s == TrainingState::Running
                         || s == TrainingState::Finished)
                        && !m_restrictions.locks(LessonControl::Reset));
    // Start and Step, disabled as a run ends, hand the focus on along the toolbar to Reset, where
    // the next Space (meant for Start/Pause) would throw the trained network away: the focus goes
    // to the views' list instead, which leaves Space to the window's keys.
    if (focused && focused != QApplication::focusWidget()
        && QApplication::focusWidget() == m_controls->widgetForAction(m_reset))
        m_sidebar->setFocus(Qt::OtherFocusReason);
    for (int i = 0; i < kViewCount; ++i)
        m_viewActions[i]->setChecked(i == int(view()));
}

void MainWindow::fitSidebar()
{
    // As wide as the longest view name in the current font (presentation mode makes it 1.5x).
    int widest = 0;
    for (int i = 0; i < m_sidebar->count(); ++i)
        widest = std::max(widest, m_sidebar->fontMetrics().horizontalAdvance(m_sidebar->item(i)->text()));
    m_sidebar->setFixedWidth(widest + 2 * m_sidebar->frameWidth() + m_sidebar->fontMetrics().height() * 3 / 2);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange && m_sidebar)
        fitSidebar();
    if (event->type() == QEvent::WindowStateChange && m_fullScreenAction) {
        const QSignalBlocker blocker(m_fullScreenAction);
        m_fullScreenAction->setChecked(isFullScreen());
    }
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

} // namespace bplab
