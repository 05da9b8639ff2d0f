#pragma once
// The window's full screen and presentation mode (full screen, fonts 1.5x and thicker plot lines
// for a projector): the application's font, the window's state before it, the two checkable
// actions kept in step with what the window shows, and Escape leaving them. It also keeps the
// window at the size it was given: a layout that needs more for a moment (a lesson's band over
// a tall view while the lesson opens) grows a window to its minimum size, and Qt never shrinks it
// back; once the minimum allows, the window returns to the size it had (what a screen of that
// size shows, and what --screenshot grabs).

#include <QSize>

#include <QFont>
#include <QObject>

#include <functional>

class QAction;
class QWidget;

namespace bplab {

class PresentationMode : public QObject
{
    Q_OBJECT
public:
    /** `apply(on)` lets the window's parts follow (thicker lines, a compact toolbar, which bar
     *  shows the status); it runs after the font has changed. The actions toggle the modes. */
    PresentationMode(QWidget *window, QAction *presentation, QAction *fullScreen,
                     std::function<void(bool)> apply);

    /** Presentation mode on (full screen too, when asked) or off. */
    void setOn(bool on, bool fullScreen = true);
    bool isOn() const { return m_on; }
    /** The window fills the screen (View > Full screen, the platform's key: F11 on Linux). */
    void setFullScreen(bool on);
    /** Escape: leaves presentation mode, else full screen; false when neither was on. */
    bool leave();

protected:
    /** The full-screen action follows the window's state, however it changed; the size the
     *  window was given is kept. */
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /** Back to the size it was given where its minimum size allows (not full screen or maximised:
     *  the window manager's size then). */
    void fitWindow();

    QWidget *m_window;
    QAction *m_presentation;
    QAction *m_fullScreen;
    std::function<void(bool)> m_apply;
    bool m_on = false;
    bool m_wasMaximized = false;
    QFont m_normalFont;
    QSize m_given;          ///< the window's size, but for growth its minimum size forced
    bool m_fitting = false; ///< a fitWindow() is queued
    QSize m_stepBack;        ///< the size fitWindow() asked for, until the window has it
};

} // namespace bplab
