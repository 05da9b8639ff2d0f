#include "presentationmode.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QResizeEvent>
#include <QSignalBlocker>
#include <QTimer>
#include <QWidget>

#include <algorithm>

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
    if (watched == m_window && event->type() == QEvent::Resize) {
        // A growth to exactly the minimum size is the layout's, not the user's or the screen's.
        const auto *r = static_cast<QResizeEvent *>(event);
        const QSize now = r->size(), before = r->oldSize(), least = m_window->minimumSize();
        const bool forcedWidth = before.isValid() && now.width() > before.width() && now.width() == least.width();
        const bool forcedHeight = before.isValid() && now.height() > before.height() && now.height() == least.height();
        if (!m_given.isValid())
            m_given = now;
        // (fitWindow()'s own step back towards the given size is not a new one)
        const bool ours = now == m_stepBack;
        m_stepBack = QSize();
        if (!forcedWidth && !ours)
            m_given.setWidth(now.width());
        if (!forcedHeight && !ours)
            m_given.setHeight(now.height());
    }
    // The minimum may have shrunk: after the layouts have settled, the given size again.
    if (watched == m_window && (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Resize) && !m_fitting
        && m_given.isValid() && (m_window->width() > m_given.width() || m_window->height() > m_given.height())) {
        m_fitting = true;
        QTimer::singleShot(0, this, &PresentationMode::fitWindow);
    }
    return QObject::eventFilter(watched, event);
}

void PresentationMode::fitWindow()
{
    m_fitting = false;
    if (m_window->isFullScreen() || m_window->isMaximized() || !m_given.isValid())
        return;
    const QSize least = m_window->minimumSize();
    const QSize fit(std::min(m_window->width(), std::max(m_given.width(), least.width())),
                    std::min(m_window->height(), std::max(m_given.height(), least.height())));
    if (fit != m_window->size()) {
        m_stepBack = fit;
        m_window->resize(fit);
    }
}

} // namespace bplab
