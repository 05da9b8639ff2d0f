#pragma once
// The loss plot: every batch's training loss (faint) with its moving average, and per epoch the
// test loss (left axis) and test accuracy (right axis, 0-100 %), and beside them the same two
// measured on the whole training set (where they part, the network learns its training images by
// heart). x is the fractional epoch. A click on a legend entry hides or shows its curve; the loss
// axis fits the curves shown (lossaxes.h).
//
// It draws a RunHistory its owner keeps (the training controller): the plot holds no data of its
// own. Memory: the batch history is kept once, compactly (x as double, the loss as float: 12 bytes
// a batch); the graphs draw only what the pixels can show (each pixel column's lowest and highest
// value of the visible range), so a 100-epoch run costs about 1 MB, not 16 bytes x 2 graphs per
// batch. Hover, CSV export and the moving average read the full history.
// Only finite numbers are kept: a NaN or Inf never reaches a curve, a read-out or an export.

#include "legendfit.h"
#include "panelaccessible.h"
#include "panelexport.h"

#include <train/runhistory.h>

#include <QElapsedTimer>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QMouseEvent;
class QTimer;

namespace bplab {

class LossAxes;
class LossReadout;

class LossPlot : public QWidget, public AccessiblePanel
{
    Q_OBJECT
public:
    explicit LossPlot(QWidget *parent = nullptr);
    ~LossPlot() override;

    QSize minimumSizeHint() const override;

    /** Number of batches the moving average spans. */
    static constexpr int kMovingAverageSpan = int(LossHistory::kMovingAverageSpan);
    /** Up to this many points per pixel column are drawn as they are; denser data is drawn as
     *  each column's lowest and highest value (the same picture). */
    static constexpr int kPointsPerPixel = 2;

    /** Draws `history` from now on (an empty one until set). Its owner changes it on this thread
     *  only, and calls historyChanged() after each change. */
    void setHistory(std::shared_ptr<const RunHistory> history);
    /** The history changed. Batches and epochs appended at the end are added to the curves (the
     *  replot is queued, so many calls per frame cost one repaint); after a clear or a branch
     *  (RunHistory::revision()) everything is drawn again, and after a clear the view follows
     *  the data again (no zoom, no cursor, no read-out). */
    void historyChanged();
    /** Draws at once what a queued replot would draw a few hundred milliseconds later: for a
     *  picture of the window taken now (--screenshot). */
    void drawPending();

    // The timeline.
    /** A dashed vertical line at x: the batch every view shows (hidden: the latest). */
    void setCursorX(double x, bool visible);
    bool cursorVisible() const;
    double cursorX() const;
    /** The faint dashed curves of branches "Continue from here" abandoned (the history's). */
    int branchCount() const { return int(m_branches.size()); }
    QCPGraph *branchGraph(int i) const { return m_branches.value(i); }

    /** Thicker lines for a projector (the larger text comes with the application's font). */
    void setPresentation(bool on);
    bool presentation() const { return m_presentation; }

    /** Back to following the data (undoes the user's zoom or pan). */
    void resetView();
    bool userHasZoomed() const { return m_userZoomed; }

    /** What the export menu, File > Export and scripts write (panelexport.h). */
    PanelExport panelExport();
    /** Writes the plot (.png, .pdf) or its history (.csv), by the file's suffix; exported()
     *  follows. */
    bool exportTo(const QString &fileName);
    /** Rows in x order: "batch,step,epoch,loss,moving_average,,,," and "test,,epoch,,,test_loss,
     *  test_accuracy_percent,train_eval_loss,train_accuracy_percent" (the last two empty when not
     *  measured), full precision, '.' decimal point. */
    QString csvText() const;

    // What is kept and shown (tests).
    int batchCount() const;
    int epochCount() const;
    /** Batch i's x (fractional epoch), loss and moving average (0 <= i < batchCount()). */
    double batchX(int i) const { return history().x()[std::size_t(i)]; }
    double batchLoss(int i) const { return double(history().loss()[std::size_t(i)]); }
    const LossHistory &history() const { return m_run->losses(); }
    double movingAverage(int i) const;
    /** Bytes the batch history holds (capacity included). */
    std::size_t historyBytes() const;
    /** Points the batch line draws now (after the last replot). */
    int drawnBatchPoints() const;
    QCustomPlot *plot() const { return m_plot; }
    QCPGraph *batchGraph() const { return m_batch; }
    QCPGraph *averageGraph() const { return m_average; }
    QCPGraph *testLossGraph() const { return m_testLoss; }
    QCPGraph *testAccuracyGraph() const { return m_testAccuracy; }
    QCPGraph *trainLossGraph() const { return m_trainLoss; }
    QCPGraph *trainAccuracyGraph() const { return m_trainAccuracy; }
    /** The read-out the mouse at pos (plot widget coordinates) shows; "" when no point is near. */
    QString hoverTextAt(const QPoint &pos) const;
    QString hoverText() const;
    /** Where the read-out's box is drawn (plot widget coordinates; empty while hidden). */
    QRectF hoverBox() const;
    /** The latest batch loss and the last test loss and accuracy, in words. */
    QString accessibleSummary() const override;
    QAccessible::Role accessibleRole() const override { return QAccessible::Chart; }

signals:
    /** The last export's result, for a status bar ("Saved loss.csv"). */
    void exported(const QString &fileName, bool ok);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QSize exportSize() const;
    void applyStyle();
    void updateDrawnData();
    void updateLegendColumns();
    void updateRanges();
    void queueReplot();
    /** New losses: replotted now when the last replot is old enough, else by the timer. */
    void replotData();
    void replotNow();
    void onMouseMove(QMouseEvent *event);
    void onUserRangeChange();
    void showContextMenu(const QPoint &pos);

    QCustomPlot *m_plot = nullptr;
    QCPGraph *m_batch = nullptr;
    QCPGraph *m_average = nullptr;
    QCPGraph *m_testLoss = nullptr;
    QCPGraph *m_testAccuracy = nullptr;
    QCPGraph *m_trainLoss = nullptr;     // in the legend once it has a point
    QCPGraph *m_trainAccuracy = nullptr;
    QCPItemStraightLine *m_cursorLine = nullptr;
    QList<QCPGraph *> m_branches; // abandoned branches' moving averages, oldest first
    double m_branchMaxX = 0, m_branchMaxLoss = 0;
    void styleBranches();
    /** Everything drawn again from the history (after a clear or a branch). */
    void redrawHistory();
    void addEpochPoints(std::size_t from);
    void drawBranches();
    LossReadout *m_readout = nullptr; // the hover ring and box
    LossAxes *m_axes = nullptr; // curves shown, the loss axis fitted to them, titles, ticks
    LegendFit m_legendFit; // full or brief names, one or two rows
    QElapsedTimer m_sinceReplot;
    QTimer *m_replotTimer = nullptr;
    bool m_replotPending = false;

    std::shared_ptr<const RunHistory> m_run; // what the graphs draw and the CSV holds
    std::uint64_t m_drawnRevision = 0;
    std::size_t m_drawnEpochs = 0; // epochs of the history the epoch graphs hold
    // What the batch and average graphs hold: the history size, x range and pixel width they
    // were built for (rebuilt before a replot when any differs).
    std::size_t m_drawnCount = 0;
    double m_drawnLower = 0, m_drawnUpper = 0;
    int m_drawnPixels = 0;

    bool m_userZoomed = false;
    bool m_presentation = false;
};

} // namespace bplab
