// MainWindow: actions, menus, exports, presentation mode, settings and the model files.

#include "mainwindow.h"

#include "appsettings.h"
#include "comparepage.h"
#include "controlbar.h"
#include "language.h"
#include "lessonrunner.h"
#include "spotlight.h"
#include "messagebanner.h"
#include "shortcutsdialog.h"
#include "snapshotui.h"
#include "statusline.h"
#include "timelineui.h"
#include "trainingcontroller.h"
#include "trainview.h"

#include <heatmappanel.h>
#include <lossplot.h>
#include <modelfile.h>
#include <palettecolors.h>
#include <timelinebar.h>

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QFileDialog>
#include <QKeyEvent>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>

namespace bplab {

void MainWindow::createActions()
{
    const auto make = [this](const QString &name, const QString &text, const QString &tip,
                             const QList<QKeySequence> &keys = {}) { return makeAction(name, text, tip, keys); };
    m_startPause = make(QStringLiteral("actionStartPause"), tr("Start"),
                        tr("Train batch after batch with the panels live (Space)"),
                        {QKeySequence(Qt::Key_Space)});
    connect(m_startPause, &QAction::triggered, this, [this] { m_controller->togglePause(); });
    m_step = make(QStringLiteral("actionStep"), tr("Step"),
                  tr("Train exactly one mini-batch, then stop (S)"), {QKeySequence(Qt::Key_S)});
    m_step->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
    connect(m_step, &QAction::triggered, this, [this] { m_controller->step(); });
    m_reset = make(QStringLiteral("actionReset"), tr("Reset"),
                   tr("Re-initialise the weights from the seed and apply the batch size, epochs "
                      "and recipe (Ctrl+R)"),
                   {QKeySequence(Qt::CTRL | Qt::Key_R)});
    m_reset->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    connect(m_reset, &QAction::triggered, this, [this] {
        m_banner->hide();
        m_controller->reset();
    });

    m_openFolder = make(QStringLiteral("actionOpenFolder"), tr("&Open data folder..."),
                        tr("Train on the MNIST-style IDX files of another folder"),
                        {QKeySequence::Open});
    connect(m_openFolder, &QAction::triggered, this, &MainWindow::chooseFolder);
    m_exportPng = make(QStringLiteral("actionExportLossPng"), tr("Export loss plot as &PNG..."),
                       tr("Save the loss plot as an image"));
    connect(m_exportPng, &QAction::triggered, this,
            [this] { exportPanel(m_train->lossPlot()->panelExport(), ExportFormat::Png); });
    m_exportPdf = make(QStringLiteral("actionExportLossPdf"), tr("Export loss plot as PD&F..."),
                       tr("Save the loss plot as a vector PDF"));
    connect(m_exportPdf, &QAction::triggered, this,
            [this] { exportPanel(m_train->lossPlot()->panelExport(), ExportFormat::Pdf); });
    m_exportHeatmap = make(QStringLiteral("actionExportHeatmap"), tr("Export &heatmaps as PNG..."),
                           tr("Save the weight/gradient heatmaps as an image"));
    connect(m_exportHeatmap, &QAction::triggered, this,
            [this] { exportPanel(m_train->heatmapPanel()->panelExport(), ExportFormat::Png); });
    m_exportCsv = make(QStringLiteral("actionExportCsv"), tr("Export loss history as &CSV..."),
                       tr("Save every batch loss and every epoch's test loss and accuracy"));
    connect(m_exportCsv, &QAction::triggered, this,
            [this] { exportPanel(m_train->lossPlot()->panelExport(), ExportFormat::Csv); });
    m_quit = make(QStringLiteral("actionQuit"), tr("&Quit"), tr("Stop training and close (Ctrl+Q)"),
                  {QKeySequence(Qt::CTRL | Qt::Key_Q)});
    connect(m_quit, &QAction::triggered, this, &QWidget::close);

    for (int i = 0; i < kViewCount; ++i) {
        m_viewActions[i] = make(QStringLiteral("actionView%1").arg(i + 1), viewMenuText(i),
                                tr("Show the %1 view").arg(viewTitle(i)),
                                {QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i))});
        m_viewActions[i]->setCheckable(true);
        connect(m_viewActions[i], &QAction::triggered, this, [this, i] { setView(View(i)); });
    }
    // Full screen on the platform's key (F11 on Linux); presentation mode has a key of its own,
    // F5 as in slide programs, and goes full screen as well.
    QList<QKeySequence> fullScreenKeys = QKeySequence::keyBindings(QKeySequence::FullScreen);
    if (fullScreenKeys.isEmpty())
        fullScreenKeys = {QKeySequence(Qt::Key_F11)};
    m_fullScreenAction = make(QStringLiteral("actionFullScreen"), tr("&Full screen"),
                              tr("The window fills the screen, without its frame (%1)")
                                      .arg(fullScreenKeys.first().toString(QKeySequence::NativeText)),
                              fullScreenKeys);
    m_fullScreenAction->setCheckable(true);
    connect(m_fullScreenAction, &QAction::toggled, this, [this](bool on) { setFullScreen(on); });
    m_presentationAction = make(QStringLiteral("actionPresentation"), tr("&Presentation mode"),
                                tr("Full screen with 1.5x fonts and lines, for a projector (F5; "
                                   "Esc leaves)"),
                                {QKeySequence(Qt::Key_F5)});
    m_presentationAction->setCheckable(true);
    connect(m_presentationAction, &QAction::toggled, this, [this](bool on) { setPresentationMode(on); });
    m_pixelValues = make(QStringLiteral("actionPixelValues"), tr("Show pi&xel values"),
                         tr("Print each pixel's 0-255 value on the digit (P)"), {QKeySequence(Qt::Key_P)});
    m_pixelValues->setCheckable(true);
    connect(m_pixelValues, &QAction::toggled, this,
            [this](bool on) { m_train->setShowPixelValues(on); });
    m_highContrast = make(QStringLiteral("actionHighContrast"), tr("&High contrast"),
                          tr("Black, white and yellow, for low vision and bright projectors"));
    m_highContrast->setCheckable(true);
    connect(m_highContrast, &QAction::toggled, this, [](bool on) { colors::setHighContrast(on); });
    connect(m_highContrast, &QAction::triggered, this, [this](bool on) { m_settings.chooseHighContrast(on); });
    m_highContrast->setChecked(colors::desktopWantsHighContrast()); // the user's setting, when read, wins

    m_shortcuts = make(QStringLiteral("actionShortcuts"), tr("&Keyboard shortcuts"),
                       tr("List every keyboard shortcut (F1)"), {QKeySequence::HelpContents});
    connect(m_shortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    m_about = make(QStringLiteral("actionAbout"), tr("&About Backprop Lab"),
                   tr("Version and what the app is for"));
    connect(m_about, &QAction::triggered, this, &MainWindow::showAbout);
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

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openFolder);
    file->addSeparator();
    m_snapshots = new SnapshotUi(this, m_controller, m_banner, m_controls);
    file->addActions(m_snapshots->actions());
    file->addSeparator();
    file->addAction(m_openModel);
    file->addAction(m_saveModel);
    file->addSeparator();
    file->addAction(m_exportPng);
    file->addAction(m_exportPdf);
    file->addAction(m_exportHeatmap);
    file->addAction(m_exportCsv);
    addExportMenu(file);
    createLessonUi(file);
    file->addSeparator();
    file->addAction(m_quit);

    QMenu *training = menuBar()->addMenu(tr("&Training"));
    training->addAction(m_startPause);
    training->addAction(m_step);
    training->addAction(m_reset);
    training->addSeparator();
    training->addMenu(m_controls->trainSubsetMenu());

    m_timelineUi = new TimelineUi(this, m_controller, m_controls, m_timeline);
    m_timelineUi->addToMenu(training, m_step);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("menuView"));
    for (QAction *a : m_viewActions)
        view->addAction(a);
    view->addSeparator();
    view->addAction(m_fullScreenAction);
    view->addAction(m_presentationAction);
    view->addAction(m_pixelValues);
    view->addAction(m_highContrast);
    view->addSeparator();
    view->addMenu(createLanguageMenu(this));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_shortcuts);
    help->addAction(m_about);
    for (QMenu *m : {file, training, view, help})
        m->setToolTipsVisible(true);
}

void MainWindow::exportPanel(const PanelExport &panel, ExportFormat format)
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (dir.isEmpty() || !QDir(dir).exists())
        dir = QDir::homePath();
    if (const QString file = exportWithDialog(this, panel, format, dir); !file.isEmpty())
        statusBar()->showMessage(tr("Saved %1").arg(file), 5000);
}

void MainWindow::showShortcuts()
{
    QList<QAction *> list{m_startPause, m_step, m_timelineUi->stepSampleAction(), m_reset};
    list << m_timelineUi->keyedActions();
    for (QAction *a : m_viewActions)
        list << a;
    list << m_fullScreenAction << m_presentationAction << m_pixelValues << m_openFolder << m_snapshots->saveAction()
         << m_snapshots->openAction() << m_saveModel << m_shortcuts << m_quit;
    ShortcutsDialog dialog(list, this);
    dialog.exec();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Backprop Lab"),
                       tr("<h3>Backprop Lab %1</h3><p>Trains a 784-128-10 network (ReLU, SoftMax, "
                          "cross-entropy, SGD) on MNIST and shows every step: the digit, the ten "
                          "probabilities, the loss curves and the gradients.</p><p>Same seed, same "
                          "numbers, every time.</p>")
                           .arg(QApplication::applicationVersion()));
}

void MainWindow::setPresentationMode(bool on, bool fullScreen)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    if (on) {
        m_normalFont = QApplication::font();
        QFont big = m_normalFont;
        if (big.pointSizeF() > 0)
            big.setPointSizeF(big.pointSizeF() * 1.5);
        else
            big.setPixelSize(big.pixelSize() * 3 / 2);
        QApplication::setFont(big);
    } else {
        QApplication::setFont(m_normalFont);
        setFullScreen(false);
    }
    m_train->setPresentation(on);
    m_controls->setPresentation(on);
    // A projector's 800 px keep one bar under the views: the timeline, with the status's words.
    const bool lesson = m_lessons && m_lessons->isOpen(); // a lesson's panel takes the status bar's place
    statusBar()->setVisible(!on && !lesson);
    m_timeline->setStatusText(on || lesson ? m_status->summaryText() : QString());
    if (lesson)
        fitLessonDock(); // its text in the new font
    const QSignalBlocker blocker(m_presentationAction);
    m_presentationAction->setChecked(on);
    // Full screen last, once the larger font's layouts have grown the window to its new minimum
    // size: a window manager drops the full-screen state of a window resized after the request.
    if (on && fullScreen) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        setFullScreen(true);
    }
}

void MainWindow::setFullScreen(bool on)
{
    if (on == isFullScreen())
        return;
    if (on) {
        m_wasMaximized = isMaximized();
        showFullScreen();
    } else {
        m_wasMaximized ? showMaximized() : showNormal();
    }
}

void MainWindow::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_spotlight && m_spotlight->isActive()) {
        m_spotlight->leave();
        return;
    }
    if (event->key() == Qt::Key_Escape && m_presentation) {
        setPresentationMode(false);
        return;
    }
    if (event->key() == Qt::Key_Escape && isFullScreen()) {
        setFullScreen(false);
        return;
    }
    QMainWindow::keyPressEvent(event);
}

QString MainWindow::loadSettings()
{
    m_persist = true;
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    m_lessonDock->setVisible(m_lessons->isOpen()); // a stored state may hold a lesson's panel
    m_train->restoreLayout(s.value(QStringLiteral("window/trainLayout")).toByteArray());
    m_pixelValues->setChecked(s.value(QStringLiteral("view/pixelValues"), false).toBool());
    m_settings.read(s);
    m_highContrast->setChecked(m_settings.highContrast());
    setView(View(std::clamp(m_settings.view(), 0, kViewCount - 1)), SettingOrigin::Session);
    setTrainingConfig(m_settings.training().config);
    m_controls->setDatasets(findDatasets(readOpenedFolders(s)));
    m_snapshots->loadSettings(s);
    return readLastDataset(s);
}

void MainWindow::saveSettings()
{
    QSettings s;
    if (m_presentation)
        setPresentationMode(false); // store the normal layout, not the full-screen one
    // The layout of an open lesson (its panel, the room it takes from the views) is the
    // lesson's: the user's stays as it was.
    if (!m_lessons->isOpen()) {
        s.setValue(QStringLiteral("window/geometry"), saveGeometry());
        s.setValue(QStringLiteral("window/state"), saveState());
        s.setValue(QStringLiteral("window/trainLayout"), m_train->saveLayout());
    }
    // Written once the user turned it on (the default is off); from then on, whatever it is.
    if (m_pixelValues->isChecked() || s.contains(QStringLiteral("view/pixelValues")))
        s.setValue(QStringLiteral("view/pixelValues"), m_pixelValues->isChecked());
    m_settings.write(s);
    m_snapshots->saveSettings(s);
    if (m_hasData && m_dataOrigin == SettingOrigin::User)
        writeDataset(s, m_controls->selectedFolder());
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
