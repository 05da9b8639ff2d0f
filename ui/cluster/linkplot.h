#pragma once
// The link-utilisation plot: utilisation in % over simulated time, per link kind (aggregated over
// the links of that kind) or per link, with the iteration's phases shaded behind the lines; below
// it, algbw and busbw of every iteration beside the slowest link's line rate.

#include "panelaccessible.h"
#include "panelexport.h"
#include "simulator.h"

#include <QByteArray>

#include <QWidget>

#include <limits>
#include <memory>
#include <vector>

class QCustomPlot;
class QPoint;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayer;
class QTimer;

namespace bplab::clusterview {

class LinkPlot : public QWidget, public AccessiblePanel
{
    Q_OBJECT
public:
    explicit LinkPlot(QWidget *parent = nullptr);
    ~LinkPlot() override;

    /** Draws this run (null: empty plot). Keeps the pointer. */
    void setResult(std::shared_ptr<const cluster::SimResult> result);
    /** One line per link instead of one per kind. */
    void setShowEachLink(bool on);
    bool showEachLink() const { return m_eachLink; }
    /** The training's iterations (LiveTimeline::window()): each is labelled with its batch
     *  number, and the bandwidth plot counts trained batches. */
    void setLive(bool on);
    bool live() const { return m_live; }
    /** Lines are drawn up to this simulated time only, with a cursor there (an all-reduce filling
     *  the links as it goes); infinity: the whole run. */
    void setRevealTime(double seconds);
    double revealTime() const { return m_reveal; }

    /** Bins of the full-run timeline the plot was built from. */
    static constexpr int kBins = 2000;
    /** Live, fewer: about a pixel each at 1280 px, for a plot drawn several times a second. */
    static constexpr int kLiveBins = 600;
    int bins() const { return m_live ? kLiveBins : kBins; }
    /** The run's length, its links and the busiest one, in words. */
    QString accessibleSummary() const override;
    QAccessible::Role accessibleRole() const override { return QAccessible::Chart; }
    const cluster::UtilizationTimeline &timeline() const { return m_timeline; }
    /** The values plotted for link l in % (the full run, one per bin of timeline()). */
    std::vector<double> linkPercent(int link) const;
    /** Lines in the utilisation plot and shaded phase rectangles (tests). */
    int lineCount() const;
    int phaseRectCount() const;
    /** Unit of the time axis: seconds per axis unit (1e-6 for µs, 1e-3 for ms, 1 for s). */
    double timeUnit() const { return m_unit; }

    /** Both plots as a picture, and every link's utilisation per bin (CSV, JSON): "links". */
    PanelExport panelExport();
    QByteArray csv() const;  ///< time_s, then one column of % per link; empty without a run
    QByteArray json() const; ///< {"bin_seconds", "time_s": [...], "links": [{"name", "percent"}]}

    QCustomPlot *utilisationPlot() const { return m_plot; }
    QCustomPlot *bandwidthPlot() const { return m_bwPlot; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void fitLegend();
    void showContextMenu(QCustomPlot *plot, const QPoint &pos);
    void rebuildBandwidth();
    void fillLines(const cluster::UtilizationTimeline &t);
    void refineWindow();
    void applyStyle();
    void labelIterations();
    /** Hides a batch's name that would run into the one before it (after each layout, when the
     *  pixels are known). */
    void thinIterationLabels();

    std::shared_ptr<const cluster::SimResult> m_result;
    cluster::UtilizationTimeline m_timeline;
    bool m_eachLink = false;
    bool m_live = false;
    double m_reveal = std::numeric_limits<double>::infinity();
    double m_unit = 1e-3;
    int m_phaseRects = 0;
    QCustomPlot *m_plot = nullptr;
    QCustomPlot *m_bwPlot = nullptr;
    QCPLayer *m_phaseLayer = nullptr;
    QCPItemStraightLine *m_cursor = nullptr;
    QVector<QCPItemText *> m_iterationLabels; // in the order of the iterations
    QTimer *m_zoomTimer = nullptr;
};

} // namespace bplab::clusterview
