#pragma once
// Lessons in the window: File > Open lesson... and --lesson FILE open one; the lesson panel docks
// under the views with the step's text and question; Page Up/Page Down (what presentation
// clickers send) go back and on. It is the lesson runner's host (lessonhost.h): a lesson reaches
// the window only through it, and what a lesson sets lasts for the session.

#include "appsettings.h"
#include "lessonhost.h"
#include "viewlist.h"

#include <train/pacer.h>

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QMainWindow;
class QMenu;
class QWidget;

namespace bplab {

class LessonPanel;
class LessonRunner;
class MessageBanner;
class StatusLine;
class StepView;
class TimelineBar;

/** What LessonUi asks of the window it docks in (the main window implements it). */
class LessonWindow
{
public:
    virtual TrainingController *controller() const = 0;
    virtual MessageBanner *banner() const = 0;
    virtual StepView *stepView() const = 0;
    virtual QWidget *page(View view) const = 0;
    virtual View view() const = 0;
    /** The status bar is hidden then too; its words go to the timeline's bar. */
    virtual bool isPresentationMode() const = 0;
    virtual TimelineBar *timelineBar() const = 0;
    virtual StatusLine *statusLine() const = 0;
    virtual void setTrainingConfig(const TrainConfig &config) = 0;
    virtual void openData(const QString &folder, SettingOrigin origin) = 0;
    virtual void setView(View view, SettingOrigin origin) = 0;
    virtual void restrictTo(const LessonRestrictions &restrictions) = 0;

protected:
    ~LessonWindow() = default;
};

class LessonUi : public QObject, private LessonHost
{
    Q_OBJECT
public:
    /** The dock (hidden until a lesson opens), and File > Open lesson... added to `file`. */
    LessonUi(QMainWindow *window, LessonWindow *host, QMenu *file);

    /** Opens a lesson file at step startStep (0-based; LessonRunner::open()): "" or the message
     *  for a person (nothing changes then). */
    QString open(const QString &file, int startStep = 0);
    bool isOpen() const;
    LessonRunner *runner() const { return m_runner; }
    LessonPanel *panel() const { return m_panel; }
    QDockWidget *dock() const { return m_dock; }
    /** Where File > Open lesson starts: the lessons shipped with the app. */
    static QString folder();
    /** The lesson's band as tall as its text, question and answer need, the rest for the views
     *  (after a step, an answer or a new font). */
    void fitDock();
    /** The Step view's term the open question holds back (lessonhold.h); nullopt: none. */
    std::optional<StepTermHold> heldStepTerm() const { return m_stepHold; }
    /** The Step view's stage is covered: it shows the held term. */
    bool coversStage() const { return m_covering; }

private:
    // What a lesson may do to the window (lessonhost.h).
    TrainingController *session() const override;
    void useSessionSettings(const TrainConfig &config) override;
    void openSessionData(const QString &folder) override;
    void showView(LessonView view) override;
    void restrict(const LessonRestrictions &restrictions) override;
    void setStepLearningRate(std::optional<double> lr) override;
    void showTestImage(int index) override;
    void showStage(int stage) override;
    void computeByHand(const std::vector<HandCellRef> &cells) override;
    void showCluster(const LessonCluster &cluster) override;
    void compareRuns(const std::vector<CompareChoice> &runs) override;
    std::vector<std::optional<CompareResult>> compareResults() const override;
    void holdCompare(CompareHold hold) override;
    void holdStepTerm(std::optional<StepTermHold> term) override;
    bool compareBusy() const override;
    void showCompareMeasure(CompareMeasure measure) override;
    void showMistakesOf(int run) override;
    void stepThroughRun(int run) override;
    const StepModel *stepModel() const override;
    void focusWindow() override;

    void choose();
    /** Covers the Step view's page while it shows the held term (its stage or a later one). */
    void coverHeldStage();
    void showOpened(bool open);
    /** The user's settings, pace, view and data as before the lesson (after it closed). */
    void restoreUsersSession();
    /** By hand as the student had it before a step with cells to compute turned it on (after
     *  that step, on another step or when the lesson closes). */
    void restoreUsersByHand();

    /** The session as the user had it when the first lesson opened: closing it gives it back. */
    struct UsersSession
    {
        TrainConfig config;
        Pace pace;
        int view = 0;
        QString folder;
    };
    std::optional<UsersSession> m_usersSession;
    /** By hand before a step's "compute" list turned it on, and that step (0-based). */
    std::optional<bool> m_usersByHand;
    int m_byHandStep = -1;

    QMainWindow *m_window;
    LessonWindow *m_host;
    LessonPanel *m_panel = nullptr;
    QDockWidget *m_dock = nullptr;
    LessonRunner *m_runner = nullptr;
    QAction *m_back = nullptr;
    QAction *m_next = nullptr;
    std::optional<StepTermHold> m_stepHold;
    QPointer<QWidget> m_stepCover; // what the Step view shows instead of a held stage (the view owns it)
    QLabel *m_stepCoverText = nullptr;
    bool m_covering = false;
    bool m_followsStage = false; // connected to the Step view's stage
};

} // namespace bplab
