#pragma once
// Counts the dashboard's repaints: an event filter on the panels (and their children). One frame is
// one repaint pass, however many panels it paints (paints delivered in the same pass of the event
// loop count once).

#include <QHash>
#include <QObject>

class QWidget;

namespace bplab {

class FrameCounter : public QObject
{
    Q_OBJECT
public:
    explicit FrameCounter(QObject *parent = nullptr);

    /** Watches w and all its current children. */
    void watch(QWidget *w);
    qint64 frames() const { return m_frames; }
    qint64 paints() const { return m_paints; }
    void restart();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    qint64 m_frames = 0;
    qint64 m_paints = 0;
    bool m_inFrame = false;
};

} // namespace bplab
