#pragma once
// A frame in the palette's highlight colour around a panel while the keyboard focus is on it or
// inside it, so that moving the focus with Tab always changes what the screen shows. The frame is
// drawn over the panel's own pixels after it painted (and over its children where they reach the
// panel's edge, e.g. a plot filling it): no widget is added, nothing changes the panel's layout
// or what a screen reader reads.

#include <QColor>
#include <QObject>
#include <QPointer>

class QWidget;

namespace bplab {

class FocusFrame : public QObject
{
    Q_OBJECT
public:
    /** Frames `panel` from now on (the frame is the panel's child object and goes with it). */
    static FocusFrame *attach(QWidget *panel);
    /** Whether the frame is drawn now: the focus is on the panel or inside it. */
    bool shown() const;
    /** The frame's width in pixels (the panel's font decides: 2 at a normal size, more on a
     *  projector). */
    int width() const;
    /** The frame's colour: the palette's highlight, made to stand out 3:1 from the window and
     *  the base. */
    QColor color() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit FocusFrame(QWidget *panel);
    void watch(QWidget *w);
    void repaint();

    QWidget *m_panel;
    bool m_shown = false;
};

} // namespace bplab
