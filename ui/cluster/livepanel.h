#pragma once
// The training's own batches on the simulated cluster: the last few trained iterations, each timed
// for the real gradient on the what-if cluster's links, end to end in simulated time, scrolling as
// the training goes on. When batches come slowly (a paced or stepped training) the newest one
// fills the links over most of the wall time until the next, so that a class sees the PCIe copy,
// the NVLink and the NIC traffic of each all-reduce in turn.

#include "livetimeline.h"

#include <QElapsedTimer>
#include <QWidget>

#include <functional>
#include <memory>

class QCheckBox;
class QLabel;
class QTimer;

namespace bplab::clusterview {

class LinkPlot;

class LivePanel : public QWidget
{
    Q_OBJECT
public:
    explicit LivePanel(QWidget *parent = nullptr);
    ~LivePanel() override;

    /** Iterations held and drawn end to end. */
    static constexpr int kIterations = 6;
    /** Draws at most this often while batches stream in (they come with the visuals). */
    static constexpr int kRedrawMs = 200;
    /** The newest iteration is revealed over this share of the time since the previous one... */
    static constexpr double kRevealShare = 0.8;
    /** ...but not when batches come faster than this, and never over more than kMaxRevealS. */
    static constexpr double kMinRevealS = 0.15;
    static constexpr double kMaxRevealS = 1.5;

    /** The training's last batch on the simulated cluster (step 0: reset, nothing trained).
     *  Called from the GUI thread; never draws more than every kRedrawMs, nor while hidden. */
    void addIteration(std::shared_ptr<const cluster::LiveIteration> iteration);
    /** Off: every iteration is drawn whole at once (tests, screenshots). */
    void setAnimated(bool on) { m_animated = on; }
    /** Draws what it holds now (also while hidden). */
    void redrawNow();

    const cluster::LiveTimeline &timeline() const { return m_timeline; }
    LinkPlot *linkPlot() const { return m_plot; }
    QString captionText() const;
    /** Whether the newest iteration is still being revealed. */
    bool revealing() const;
    /** Wall time over which the newest iteration is revealed (0: shown whole at once). */
    double revealSeconds() const { return m_revealSeconds; }
    /** Moves the reveal to the clock's time (a 33 ms timer calls it while revealing). */
    void advanceReveal();
    /** Milliseconds of a monotonic clock (tests give their own; default: a QElapsedTimer). */
    void setClock(std::function<qint64()> clock) { m_now = std::move(clock); }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void scheduleRedraw();
    void redraw();
    void draw();
    void updateCaption();

    cluster::LiveTimeline m_timeline;
    bool m_animated = true;
    bool m_dirty = false;
    QElapsedTimer m_clock;
    std::function<qint64()> m_now;
    qint64 m_lastArrivalMs = -1;
    qint64 m_revealStartMs = 0;
    double m_revealSeconds = 0; // wall time over which the newest iteration is revealed
    LinkPlot *m_plot = nullptr;
    QLabel *m_caption = nullptr;
    QCheckBox *m_eachLink = nullptr;
    QTimer *m_redrawTimer = nullptr;
    QTimer *m_revealTimer = nullptr;
};

} // namespace bplab::clusterview
