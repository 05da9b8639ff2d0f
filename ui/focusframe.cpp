#include "focusframe.h"

#include "contrast.h"

#include <QApplication>
#include <QChildEvent>
#include <QPainter>
#include <QPaintEvent>
#include <QWidget>

#include <algorithm>

namespace bplab {

FocusFrame *FocusFrame::attach(QWidget *panel)
{
    if (auto *existing = panel->findChild<FocusFrame *>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new FocusFrame(panel);
}

FocusFrame::FocusFrame(QWidget *panel) : QObject(panel), m_panel(panel)
{
    watch(panel);
    for (QWidget *child : panel->findChildren<QWidget *>())
        watch(child);
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        const bool shown = now && (now == m_panel || m_panel->isAncestorOf(now));
        if (shown != m_shown) {
            m_shown = shown;
            repaint();
        }
    });
}

bool FocusFrame::shown() const
{
    return m_shown;
}

QColor FocusFrame::color() const
{
    // The highlight colour, darker or lighter where it would not stand out 3:1 from the window
    // around the panel nor from a plot's base inside it.
    const QPalette &pal = m_panel->palette();
    const QColor onWindow = withContrast(pal.color(QPalette::Highlight), pal.color(QPalette::Window), kGraphicContrast);
    return withContrast(onWindow, pal.color(QPalette::Base), kGraphicContrast);
}

int FocusFrame::width() const
{
    return std::max(2, m_panel->fontMetrics().height() / 8);
}

void FocusFrame::watch(QWidget *w)
{
    w->installEventFilter(this);
}

void FocusFrame::repaint()
{
    // The frame's band along the edges, in the panel and in the children that reach into it.
    const int b = width();
    const QRect r = m_panel->rect();
    const QRegion band = QRegion(r) - QRegion(r.adjusted(b, b, -b, -b));
    m_panel->update(band);
    for (QWidget *child : m_panel->findChildren<QWidget *>())
        if (child->isVisible())
            child->update(band.translated(-child->mapTo(m_panel, QPoint(0, 0))));
}

bool FocusFrame::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ChildPolished) {
        // A child made later is framed too (polished: it is fully made by now).
        if (auto *w = qobject_cast<QWidget *>(static_cast<QChildEvent *>(event)->child()))
            watch(w);
        return false;
    }
    if (event->type() != QEvent::Paint || !m_shown)
        return false;
    auto *w = static_cast<QWidget *>(watched);
    // The widget paints itself first (QObject::event is public: its paintEvent runs now), then
    // the frame goes over it, in the panel's coordinates.
    static_cast<QObject *>(w)->event(event);
    QPainter p(w);
    const int b = width();
    const QRect frame = m_panel->rect().translated(-w->mapTo(m_panel, QPoint(0, 0)));
    p.setPen(Qt::NoPen);
    p.setBrush(color());
    const QRegion band = QRegion(frame) - QRegion(frame.adjusted(b, b, -b, -b));
    for (const QRect &part : band)
        p.drawRect(part);
    return true;
}

} // namespace bplab
