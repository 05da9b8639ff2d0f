#pragma once
// The main window's own actions: Start/Pause, Step, Reset, Quit, one per view, full screen,
// presentation mode, pixel values, high contrast, the shortcuts list and About. Each is named
// (tests and scripts find it), with its text, tip and keys, and shows the training's state; the
// window connects what they do and puts them in its menus and toolbar.

#include "snapshots.h"
#include "viewlist.h"

#include <QList>
#include <QObject>

#include <array>

class QAction;
class QWidget;

namespace bplab {

class MainActions : public QObject
{
    Q_OBJECT
public:
    /** The actions, owned by and added to `window` (their keys work whichever panel has the focus).
     */
    explicit MainActions(QWidget *window);

    QAction *startPause() const { return m_startPause; }
    QAction *step() const { return m_step; }
    QAction *reset() const { return m_reset; }
    QAction *quit() const { return m_quit; }
    /** View > the view i (Ctrl+1 ...), checkable. */
    QAction *view(int i) const { return m_views[std::size_t(i)]; }
    QAction *fullScreen() const { return m_fullScreen; }
    QAction *presentation() const { return m_presentation; }
    QAction *pixelValues() const { return m_pixelValues; }
    QAction *highContrast() const { return m_highContrast; }
    QAction *shortcuts() const { return m_shortcuts; }
    QAction *about() const { return m_about; }

    /** Start/Pause's text, icon and tip and what may be pressed in state `s` (Reset not while
     *  `resetLocked`); the view `currentView` checked. */
    void showState(TrainingState s, bool resetLocked, int currentView);
    /** Help > Keyboard shortcuts: these actions with the other parts' keyed ones in their places
     *  (Step by sample after Step, the timeline's after Reset, the files' before this one). */
    void showShortcuts(QAction *stepSample, const QList<QAction *> &timeline,
                       const QList<QAction *> &files);
    /** Help > About. */
    void showAbout();

private:
    QWidget *m_window;
    QAction *m_startPause = nullptr;
    QAction *m_step = nullptr;
    QAction *m_reset = nullptr;
    QAction *m_quit = nullptr;
    std::array<QAction *, kViewCount> m_views {};
    QAction *m_fullScreen = nullptr;
    QAction *m_presentation = nullptr;
    QAction *m_pixelValues = nullptr;
    QAction *m_highContrast = nullptr;
    QAction *m_shortcuts = nullptr;
    QAction *m_about = nullptr;
};

} // namespace bplab
