#pragma once
// The main window: toolbar, views (side bar + stack), menus, status bar and settings. It wires the
// panels to the TrainingController it owns; the panels themselves know nothing of training.

#include "appsettings.h"
#include "automation.h"
#include "fileui.h"
#include "lessonui.h"
#include "panelui.h"
#include "presentationmode.h"
#include "snapshots.h"
#include "windowaction.h"
#include "viewlist.h"

#include <lesson/lesson.h>
#include <panelexport.h>
#include <train/trainer.h>

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

class ControlBar;
class MainActions;
class StepFeed;
class StepPredict;
class DatasetView;
class ErrorPage;
class MessageBanner;
class Announcer;
class SnapshotUi;
class StatusLine;
class StepView;
class TimelineBar;
class TimelineUi;
class TrainView;
class TrainingController;
class ViewStack;

class MainWindow : public QMainWindow,
                   public FileHost,
                   public PanelHost,
                   public AutomationHost,
                   public LessonWindow
{
    Q_OBJECT
public:
    using View = ::bplab::View; // viewlist.h
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
    void openData(const QString &folder, SettingOrigin origin = SettingOrigin::User) override;
    /** Shows the error page (e.g. no data folder found at all). */
    void showDataError(const QString &message) override;
    /** The controller's settings for this session (the toolbar shows them; a lesson's, the
     *  command line's): the user's saved settings stay as they are. The weights follow on the
     *  next reset or data load. */
    void setTrainingConfig(const TrainConfig &config) override;
    /** The user's own edit of the training settings (the toolbar's, a banner's choice): it sets
     *  its fields in what the session trains with and in the user's saved settings. */
    void editSettings(const ControlBar::SettingsEdit &change);

    /** Shows `view`; one of origin User is also the view the next start opens. */
    void setView(View view, SettingOrigin origin = SettingOrigin::User) override;
    View view() const override;
    /** The widget of view v. */
    QWidget *page(View v) const override;
    /** Full screen (optional), fonts 1.5x and thicker plot lines for a projector. */
    void setPresentationMode(bool on, bool fullScreen = true) { m_presentation->setOn(on, fullScreen); }
    bool isPresentationMode() const override { return m_presentation->isOn(); }
    /** The window fills the screen (View > Full screen, the platform's key: F11 on Linux). */
    void setFullScreen(bool on) { m_presentation->setFullScreen(on); }

    TrainingController *controller() const override { return m_controller; }
    TrainView *trainView() const override { return m_train; }
    StepView *stepView() const override { return m_stepView; }
    DatasetView *datasetView() const override { return m_datasetView; }
    /** The Step view's image (test or training set, index) and stage, now or once the data is read. */
    void showStepSample(bool test, int index, int stage);
    ControlBar *controlBar() const { return m_controls; }
    ErrorPage *errorPage() const override { return m_errorPage; }
    MessageBanner *banner() const override { return m_banner; }
    /** File > Save/Open snapshot, Resume, Automatic snapshots; the divergence banner. */
    SnapshotUi *snapshotUi() const { return m_snapshots; }
    StatusLine *statusLine() const override { return m_status; }
    TimelineBar *timelineBar() const override { return m_timeline; }
    /** The batch of the weights each view shows now ("train", "step", "draw", "data"); -1 when a
     *  view shows no training weights (a model file, or none yet). */
    qint64 viewWeightsBatch(const QString &view) const override;
    /** True while the error page replaces the views. */
    bool showsError() const;

    /** File > Open lesson..., the lesson's dock and its keys; the lesson runner's host. */
    LessonUi *lessons() const { return m_lessonUi; }
    /** Only the views and controls `restrictions` leaves (a lesson's; the default: all). */
    void restrictTo(const LessonRestrictions &restrictions) override;
    /** Step through's Predict first. */
    StepPredict *stepPredict() const;
    /** Every panel of the views (the registry: id, view, names, widget, export), File > Export
     *  and --export-panel, the spotlight (panelui.h). */
    PanelUi *panels() const override { return m_panelUi; }
    /** Data folders, picture import, the MNIST download and model files. */
    FileUi *files() const { return m_fileUi; }
    /** What changes are said to a screen reader (announcer.h). */
    Announcer *announcer() const { return m_announcer; }

    // The parts' other requests (fileui.h, panelui.h, automation.h).
    QString selectedDataFolder() const override;
    void openDataFolder(const QString &folder) override { openData(folder); }
    void trainModel(const NetworkModel &model) override;
    bool stepThroughModel(const QString &file) override;
    bool compareModel(const QString &name, const NetworkModel &model) override;
    void showStatusMessage(const QString &message, int ms) override;
    QPixmap grabWindow() override { return grab(); }

protected:
    void closeEvent(QCloseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
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
    void updatePage();
    void updateActions();
    /** The window's parts follow presentation mode (PresentationMode's hook). */
    void applyPresentation(bool on);

    TrainingController *m_controller = nullptr;
    ControlBar *m_controls = nullptr;
    StatusLine *m_status = nullptr;
    ViewStack *m_views = nullptr;
    QListWidget *m_sidebar = nullptr; // m_views's
    TrainView *m_train = nullptr;
    StepView *m_stepView = nullptr;
    DatasetView *m_datasetView = nullptr;
    ErrorPage *m_errorPage = nullptr;
    MessageBanner *m_banner = nullptr;
    SnapshotUi *m_snapshots = nullptr;
    TimelineUi *m_timelineUi = nullptr;
    TimelineBar *m_timeline = nullptr;
    StepFeed *m_stepFeed = nullptr;
    qint64 m_drawBatch = -1; // the batch of the weights the Draw view shows

    MainActions *m_actions = nullptr;
    PresentationMode *m_presentation = nullptr;
    LessonUi *m_lessonUi = nullptr;
    FileUi *m_fileUi = nullptr;
    PanelUi *m_panelUi = nullptr;
    Announcer *m_announcer = nullptr;
    LessonRestrictions m_restrictions; // what an open lesson allows (everything without one)

    UserSettings m_settings;
    SettingOrigin m_dataOrigin = SettingOrigin::User; // of the folder read last
    bool m_hasData = false;
    bool m_persist = false;
};

} // namespace bplab
