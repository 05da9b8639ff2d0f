#include "presentationmode.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QSignalBlocker>
#include <QWidget>

namespace bplab {

PresentationMode::PresentationMode(QWidget *window, QAction *presentation, QAction *fullScreen,
                                   std::function<void(bool)> apply)
    : QObject(window)
    , m_window(window)
    , m_presentation(presentation)
    , m_fullScreen(fullScreen)
    , m_apply(std::move(apply))
{
    connect(m_fullScreen, &QAction::toggled, this, [this](bool on) { setFullScreen(on); });
    connect(m_presentation, &QAction::toggled, this, [this](bool on) { setOn(on); });
    window->installEventFilter(this);
}

void PresentationMode::setOn(bool on, bool fullScreen)
{
    if (on == m_on)
        return;
    m_on = on;
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
    m_apply(on);
    const QSignalBlocker blocker(m_presentation);
    m_presentation->setChecked(on);
    // Full screen last, once the larger font's layouts have grown the window to its new minimum
    // size: a window manager drops the full-screen state of a window resized after the request.
    if (on && fullScreen) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        setFullScreen(true);
    }
}

void PresentationMode::setFullScreen(bool on)
{
    if (on == m_window->isFullScreen())
        return;
    if (on) {
        m_wasMaximized = m_window->isMaximized();
        m_window->showFullScreen();
    } else {
        m_wasMaximized ? m_window->showMaximized() : m_window->showNormal();
    }
}

bool PresentationMode::leave()
{
    if (m_on) {
        setOn(false);
        return true;
    }
    if (m_window->isFullScreen()) {
        setFullScreen(false);
        return true;
    }
    return false;
}

bool PresentationMode::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::WindowStateChange) {
        const QSignalBlocker blocker(m_fullScreen);
        m_fullScreen->setChecked(m_window->isFullScreen());
    }
    return QObject::eventFilter(watched, event);
}

} // namespace bplab
