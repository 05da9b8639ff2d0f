#include "framecounter.h"

#include <QEvent>
#include <QTimer>
#include <QWidget>

namespace bplab {

FrameCounter::FrameCounter(QObject *parent) : QObject(parent) {}

void FrameCounter::watch(QWidget *w)
{
    w->installEventFilter(this);
    for (QWidget *child : w->findChildren<QWidget *>())
        child->installEventFilter(this);
}

void FrameCounter::restart()
{
    m_frames = 0;
    m_paints = 0;
}

bool FrameCounter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Paint) {
        ++m_paints;
        if (!m_inFrame) {
            // The backing store paints every dirty widget in one go; the zero timer fires after it.
            m_inFrame = true;
            ++m_frames;
            QTimer::singleShot(0, this, [this] { m_inFrame = false; });
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace bplab
