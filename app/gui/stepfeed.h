#pragma once
// What Step through gets from the training: the data, the training's learning rate and selected
// neuron, and the weights every view shows (exact ones at once; live ones at most every 250 ms
// while the page is on screen; a hidden page catches up when it is shown), unless it shows a model
// file of its own. Also its Predict first switch and a drawn digit to step through.

#include "snapshots.h"

#include <QElapsedTimer>
#include <QObject>
#include <QVector>

namespace bplab {

class StepPredict;
class StepView;
class TrainingController;

class StepFeed : public QObject
{
    Q_OBJECT
public:
    StepFeed(StepView *view, TrainingController *controller, QWidget *window);

    /** Step through's Predict first. */
    StepPredict *predict() const { return m_predict; }
    /** The page is on screen now: it takes the weights it missed while hidden. */
    void catchUp();
    /** New weights (a reset, new data, a restored snapshot) reach the page at once, with the
     *  scaling they were trained with; their visual follows. */
    void restart();
    /** Asks which digit was drawn (the backward pass's target), then shows the drawing in the
     *  page; false when the person cancelled. */
    bool stepThroughDrawn(const QVector<quint8> &pixels);
    /** The batch of the weights the page shows (or will show when it catches up); -1 for a model
     *  file or none yet. */
    qint64 weightsBatch() const;

private:
    /** The page takes `shown` (now when forced or on screen and due, else when shown again). */
    void follow(VisualPtr shown, bool force);
    void show(const VisualPtr &shown);

    StepView *m_view;
    TrainingController *m_controller;
    QWidget *m_window; // the parent of the question about a drawn digit
    StepPredict *m_predict = nullptr;
    VisualPtr m_pending;    // a visual the hidden page takes when shown
    QElapsedTimer m_followed; // the page's last live update
    qint64 m_batch = -1;
};

} // namespace bplab
