#pragma once
// The window's full screen and presentation mode (full screen, fonts 1.5x and thicker plot lines
// for a projector): the application's font, the window's state before it, the two checkable
// actions kept in step with what the window shows, and Escape leaving them.

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
    /** The full-screen action follows the window's state, however it changed. */
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_window;
    QAction *m_presentation;
    QAction *m_fullScreen;
    std::function<void(bool)> m_apply;
    bool m_on = false;
    bool m_wasMaximized = false;
    QFont m_normalFont;
};

} // namespace bplab
