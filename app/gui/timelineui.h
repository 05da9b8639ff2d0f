#pragma once
// The timeline and the pace as the window offers them: the bar under the views following the
// weights they show, the Training menu's pace submenu and its previous/next/first/latest batch and
// "Continue from here" actions with their keys, "Step one sample", and what a lesson locks of them.

#include <train/pacer.h>

#include <QList>
#include <QObject>
#include <QString>

#include <array>

class QAction;
class QMenu;
class QWidget;

namespace bplab {

class ControlBar;
class TimelineBar;
class TrainingController;

class TimelineUi : public QObject
{
    Q_OBJECT
public:
    /** Its actions are `window`'s (addWindowAction()). */
    TimelineUi(QWidget *window, TrainingController *controller, ControlBar *controls, TimelineBar *bar);

    /** "Step one sample" after `stepAction`, then the pace submenu and the cursor actions. */
    void addToMenu(QMenu *training, QAction *stepAction);
    QAction *stepSampleAction() const { return m_stepSample; }
    /** Faster, slower, the cursor actions and "Continue from here": the keys the shortcuts list
     *  names after Reset. */
    QList<QAction *> keyedActions() const;
    /** A lesson's locks: the bar and the cursor actions (locked or hidden), the pace actions. */
    void setLocks(bool timelineLocked, bool timelineHidden, bool paceLocked);

private:
    void createActions(QWidget *window);
    void connectBar();

    TrainingController *m_controller;
    ControlBar *m_controls;
    TimelineBar *m_bar;
    bool m_timelineLocked = false;
    QAction *m_stepSample = nullptr;
    QAction *m_faster = nullptr;
    QAction *m_slower = nullptr;
    std::array<QAction *, kPaces.size()> m_paces {};
    QAction *m_cursorBack = nullptr;
    QAction *m_cursorForward = nullptr;
    QAction *m_cursorFirst = nullptr;
    QAction *m_cursorLast = nullptr;
    QAction *m_continueHere = nullptr;
};

} // namespace bplab
