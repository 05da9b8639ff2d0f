#pragma once
// The main window: toolbar, views (side bar + stack), menus, status bar and settings. It wires the
// panels to the TrainingController it owns; the panels themselves know nothing of training.

#include "appsettings.h"
#include "lessonhost.h"
#include "snapshots.h"
#include "windowaction.h"
#include "viewlist.h"

#include <panelexport.h>
#include <trainer.h>

#include <QElapsedTimer>
#include <QFont>
#include <QKeySequence>
#include <QMainWindow>
#include <QStringList>
#include <QVector>

#include <optional>

class QAction;
class QDockWidget;
class QMenu;
class QListWidget;
class QStackedWidget;

namespace bplab {

class ConfusionView;
class ControlBar;
class LessonPanel;
class LessonRunner;
class Spotlight;
class StepPredict;
class DatasetView;
class ErrorPage;
class MessageBanner;
class PanelRegistry;
class Announcer;
class SnapshotUi;
class StatusLine;
class StepView;
class TimelineBar;
class TimelineUi;
class TrainView;
class TrainingController;

class MainWindow : public QMainWindow, private LessonHost
{
    Q_OBJECT
public:
    enum class View { Train = 0, Step, Draw, Cluster, Data, Mistakes, Compare };
    static constexpr int kViewCount = ::bplab::kViewCount; // viewlist.h
    /** The default size, also the automation's screenshot size. */
    static constexpr QSize defaultSize() { return {1280, 800}; }

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /** Restores layout, hyperparameters, the last data set's folder (returned; "" if none) and
     *  turns on saving them when the window closes. */
    QString loadSettings();
    /** Writes the layout and what the user chose (userSettings()); a lesson's or a flag's values
     *  are not written. */
    void saveSettings();
    /** The user's own settings, as opposed to what this session uses. */
    const UserSettings &userSettings() const { return m_settings; }

    /** Reads a data folder (in the worker thread); the views show it when loaded. A folder of
     *  origin User becomes the remembered data set once it is read. */
    void openData(const QString &folder, SettingOrigin origin = SettingOrigin::User);
    /** Shows the error page (e.g. no data folder found at all). */
    void showDataError(const QString &message);
    /** The controller's settings for this session (the toolbar shows them; a lesson's, the
     *  command line's): the user's saved settings stay as they are. The weights follow on the
     *  next reset or data load. */
    void setTrainingConfig(const TrainConfig &config);

    /** Shows `view`; one of origin User is also the view the next start opens. */
    void setView(View view, SettingOrigin origin = SettingOrigin::User);
    View view() const;
    /** The widget of view v. */
    QWidget *page(View v) const;
    /** Full screen (optional), fonts 1.5x and thicker plot lines for a projector. */
    void setPresentationMode(bool on, bool fullScreen = true);
    bool isPresentationMode() const { return m_presentation; }
    /** The window fills the screen (View > Full screen, the platform's key: F11 on Linux). */
    void setFullScreen(bool on);

    TrainingController *controller() const { return m_controller; }
    TrainView *trainView() const { return m_train; }
    StepView *stepView() const { return m_stepView; }
    DatasetView *datasetView() const { return m_datasetView; }
    /** Opens the download dialog for MNIST; the app reads the folder once every file is in place. */
    void downloadMnist();
    /** The Step view's image (test or training set, index) and stage, now or once the data is read. */
    void showStepSample(bool test, int index, int stage);
    ControlBar *controlBar() const { return m_controls; }
    ErrorPage *errorPage() const { return m_errorPage; }
    MessageBanner *banner() const { return m_banner; }
    /** File > Save/Open snapshot, Resume, Automatic snapshots; the divergence banner. */
    SnapshotUi *snapshotUi() const { return m_snapshots; }
    StatusLine *statusLine() const { return m_status; }
    TimelineBar *timelineBar() const { return m_timeline; }
    /** The batch of the weights each view shows now ("train", "step", "draw", "data"); -1 when a
     *  view shows no training weights (a model file, or none yet). */
    qint64 viewWeightsBatch(const QString &view) const;
    /** True while the error page replaces the views. */
    bool showsError() const;

    // Lessons (mainwindowlesson.cpp).
    /** Opens a lesson file at step startStep (0-based; LessonRunner::open()): "" or the message
     *  for a person (nothing changes then). */
    QString openLesson(const QString &file, int startStep = 0);
    LessonRunner *lessonRunner() const { return m_lessons; }
    LessonPanel *lessonPanel() const { return m_lessonPanel; }
    /** Step through's Predict first. */
    StepPredict *stepPredict() const { return m_stepPredict; }
    Spotlight *spotlight() const { return m_spotlight; }
    /** Every panel of the views: id, view, names, widget, export (panelregistry.h). */
    PanelRegistry *panelRegistry() const { return m_panels; }
    /** What changes are said to a screen reader (announcer.h). */
    Announcer *announcer() const { return m_announcer; }
    /** Where File > Open lesson starts: the lessons shipped with the app. */
    static QString lessonFolder();

    // Every panel by name (mainwindowexport.cpp): "digit", "softmax", "loss", "heatmaps", "step",
    // "links", "confusion", "gallery", for File > Export panel and --export-panel.
    static QStringList exportPanelNames();
    /** The view a panel is on; none for an unknown name. */
    static std::optional<View> viewOfPanel(const QString &name);
    /** The panel's export (its formats, picture and data); none for an unknown name. */
    std::optional<PanelExport> panelExportNamed(const QString &name);
    /** Shows the panel's view so that it is laid out and up to date (a gallery with no cell chosen
     *  lists the most confident mistakes). */
    void prepareExport(const QString &name);
    /** True when the panel shows the weights every view shows (the confusion matrix and the
     *  gallery are evaluated off the GUI thread). */
    bool panelIsCurrent(const QString &name) const;

protected:
    void closeEvent(QCloseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // The window as a lesson's host (lessonhost.h; mainwindowlesson.cpp).
    TrainingController *session() const override { return m_controller; }
    void useSessionSettings(const TrainConfig &config) override { setTrainingConfig(config); }
    void openSessionData(const QString &folder) override { openData(folder, SettingOrigin::Session); }
    void showView(LessonView view) override;
    void restrict(const LessonRestrictions &restrictions) override;
    void setStepLearningRate(std::optional<double> lr) override;
    void showTestImage(int index) override;
    void showStage(int stage) override;
    void showCluster(const LessonCluster &cluster) override;
    void compareRuns(const std::vector<CompareChoice> &runs) override;
    std::vector<std::optional<CompareResult>> compareResults() const override;
    void showCompareMeasure(CompareMeasure measure) override;
    const StepModel *stepModel() const override;
    void focusWindow() override { setFocus(Qt::OtherFocusReason); }

private:
    /** A window-wide action named `name` (its keys work whichever panel has the focus). */
    QAction *makeAction(const QString &name, const QString &text, const QString &tip,
                        const QList<QKeySequence> &keys = {})
    {
        return addWindowAction(this, name, text, tip, keys);
    }
    void createActions();
    void createMenus();
    void createViews();
    /** View `view`'s page (in the order of viewlist.h). */
    QWidget *createPage(View view);
    void connectController();
    /** The loss plot and the status bar follow the training's history; the Step view takes new
     *  weights at a restart. */
    void showHistoryEvent(const bplab::HistoryEvent &event);
    /** Errors in the banner, a saved model in the status bar. */
    void showNotice(const bplab::Notice &notice);
    void connectControlBar();
    void connectStepView();
    void connectDatasetView();
    /** The Step view takes the weights shown (when it is on screen, else when it comes back). */
    void followInStepView(VisualPtr shown, bool force);
    void saveModelAs();
    void openModelFile();
    /** File > Download MNIST..., beside File > Open data folder... */
    void createDataActions();
    /** Opens a drawn digit in the Step view, after asking which digit it is (the target). */
    void stepThroughDrawnDigit(const QVector<quint8> &pixels);
    void updatePage();
    void fitSidebar();
    void updateActions();
    void chooseFolder();
    void createLessonUi(QMenu *file);
    /** The lesson's band as tall as its text, question and answer need, the rest for the views. */
    void fitLessonDock();
    /** The panel registry bound to the views' panels (mainwindowexport.cpp). */
    void createPanelRegistry();
    /** The spotlight: the registry's panels, F and a double click (mainwindowexport.cpp). */
    void createSpotlight();
    QWidget *panelWidget(const QString &name) const;
    void chooseLesson();
    /** File > Export panel: a submenu per panel with its formats. */
    void addExportMenu(QMenu *file);
    ConfusionView *confusionView() const;
    /** File > Export: the one export path of every panel (panelexport.h). */
    void exportPanel(const PanelExport &panel, ExportFormat format);
    void showShortcuts();
    void showAbout();

    TrainingController *m_controller = nullptr;
    QElapsedTimer m_stepFollowed; // the Step view's last live update
    ControlBar *m_controls = nullptr;
    StatusLine *m_status = nullptr;
    QListWidget *m_sidebar = nullptr;
    QStackedWidget *m_pages = nullptr; // the views, then the error page
    TrainView *m_train = nullptr;
    StepView *m_stepView = nullptr;
    DatasetView *m_datasetView = nullptr;
    ErrorPage *m_errorPage = nullptr;
    MessageBanner *m_banner = nullptr;
    SnapshotUi *m_snapshots = nullptr;
    TimelineUi *m_timelineUi = nullptr;
    TimelineBar *m_timeline = nullptr;
    VisualPtr m_stepPending; // a visual the hidden Step view takes when shown
    qint64 m_stepBatch = -1, m_drawBatch = -1; // the batch of the weights those views show

    QAction *m_startPause = nullptr;
    QAction *m_step = nullptr;
    QAction *m_reset = nullptr;
    QAction *m_openFolder = nullptr;
    QAction *m_downloadMnist = nullptr;
    QAction *m_exportPng = nullptr;
    QAction *m_exportPdf = nullptr;
    QAction *m_exportHeatmap = nullptr;
    QAction *m_exportCsv = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_saveModel = nullptr;
    QAction *m_openModel = nullptr;
    QAction *m_viewActions[kViewCount] = {};
    QAction *m_presentationAction = nullptr;
    QAction *m_fullScreenAction = nullptr;
    QAction *m_pixelValues = nullptr;
    QAction *m_highContrast = nullptr;
    QAction *m_shortcuts = nullptr;
    QAction *m_about = nullptr;
    QAction *m_openLesson = nullptr;
    QAction *m_lessonBack = nullptr;
    QAction *m_lessonNext = nullptr;
    QDockWidget *m_lessonDock = nullptr;
    LessonPanel *m_lessonPanel = nullptr;
    LessonRunner *m_lessons = nullptr;
    StepPredict *m_stepPredict = nullptr;
    Spotlight *m_spotlight = nullptr;
    PanelRegistry *m_panels = nullptr;
    Announcer *m_announcer = nullptr;
    QAction *m_spotlightAction = nullptr;
    LessonRestrictions m_restrictions; // what an open lesson allows (everything without one)

    UserSettings m_settings;
    SettingOrigin m_dataOrigin = SettingOrigin::User; // of the folder read last
    bool m_sessionView = false; // setView() of a lesson's or a flag's view in progress
    bool m_hasData = false;
    bool m_persist = false;
    bool m_presentation = false;
    bool m_wasMaximized = false;
    QFont m_normalFont;
};

} // namespace bplab
