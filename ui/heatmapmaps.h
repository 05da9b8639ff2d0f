#pragma once
// The heatmap panel's drawing: in its QCustomPlot, the first weight matrix as a mosaic of 28x28
// tiles with its title and colour bar, and each later matrix in a map of its own below it; how
// they share the height, their titles fitted to the width, the colour bars' ticks, the selected
// neuron's outlines, and which weight lies under a point. It shows the values it is given and
// knows nothing of which quantity they are (HeatmapPanel chooses).

#include "heatmapmosaic.h"
#include "heatmapshrink.h"
#include "nn/mlp.h"
#include "nn/params.h"

#include <QFont>
#include <QList>
#include <QObject>
#include <QPalette>
#include <QSize>
#include <QStringList>

#include <vector>

class QCustomPlot;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPItemLine;
class QCPItemRect;
class QCPMarginGroup;
class QCPTextElement;
class QPoint;
class QSize;

namespace bplab {

class HeatmapMaps : public QObject
{
    Q_OBJECT
public:
    /** Lays out `plot` (which it does not own) for 784-128-10 until setArchitecture(). */
    explicit HeatmapMaps(QCustomPlot *plot, QObject *parent = nullptr);
    ~HeatmapMaps() override;

    /** The maps' sizes, grid lines and axes for arch (rebuilt only when the shape changed). */
    void setArchitecture(const Architecture &arch);
    const mosaic::Layout &layout() const { return m_layout; }

    /** Every map's cells and symmetric colour range from p (null: empty, "no values yet").
     *  Queues a replot. */
    void setValues(const MlpParamsF *p);
    /** Whether a map's pixels changed since setValues() so much that its cells (at most one per
     *  pixel) should be set again. */
    bool cellsOutOfDate() const;
    /** Weight layer l's title forms at [l], longest first; each title shows the longest form
     *  that fits its width, and the plot's tooltip the longest of every one. */
    void setTitleForms(std::vector<QStringList> forms);
    /** Outlines hidden neuron j's tile and W2's column j (-1: none). */
    void setSelected(int j);
    /** Fonts and colours of titles and bars, the outlines' width (thicker for a projector). */
    void setStyle(const QFont &base, const QPalette &pal, bool presentation);

    /** What lies at a point of the plot. */
    struct Target
    {
        enum Kind { None, Hidden, Output } kind = None;
        int neuron = -1;        // first layer's neuron j (Hidden) or later layer's neuron k (Output)
        int row = -1, col = -1; // Hidden: pixel; Output: col = the neuron j it reads from
        int layer = 0;          // the weight layer (0-based): 0 for Hidden
    };
    Target targetAt(const QPoint &plotPos) const;

    /** The height for the panel, now `panel` large, at `width`: the same chrome, the mosaic as
     *  large as the width allows, each later matrix its share or its legible least height. */
    int preferredHeight(const QSize &panel, int width, int fallback) const;

    /** Weight layer l's map and title (0 is the mosaic); null for a layer the network lacks. */
    QCPColorMap *map(int l) const;
    QCPTextElement *title(int l) const;

private:
    struct LaterMap
    {
        QCPTextElement *title = nullptr;
        QCPAxisRect *rect = nullptr;
        QCPColorMap *map = nullptr;
        QCPColorScale *scale = nullptr;
        QCPMarginGroup *row = nullptr; // the map and its bar share their top and bottom
        QStringList titleForms;
    };

    void applyArchitecture();
    /** Builds a map, its title and colour bar for each weight layer after the first (after
     *  dropping the old ones), under the mosaic. */
    void rebuildLaterMaps();
    void fitTitles();
    /** Returns whether the ticks changed (the caller replots). */
    bool updateScaleTicks();
    void fitAspect();
    /** Each later map's least height: legible or least by m_laterLegible. */
    void applyLaterMinimums();
    /** Chooses m_laterLegible for the maps' room at this size. */
    void fitLaterMinimums();
    void applyStyle();
    /** The cells map shows a w x h matrix with: w x h, or fewer where its rect has fewer pixels. */
    QSize cellsShown(const QCPColorMap *map, int w, int h) const;
    /** Sets map's cells to s, which shows a w x h matrix. */
    void setCells(QCPColorMap *map, const ShrunkCells &s, int w, int h);

    QCustomPlot *m_plot;
    Architecture m_arch;
    mosaic::Layout m_layout;
    int m_selected = -1;
    bool m_laterLegible = true;
    QFont m_font;
    QPalette m_palette;
    bool m_presentation = false;

    QCPTextElement *m_hiddenTitle = nullptr;
    QStringList m_hiddenTitleForms; // longest first; fitTitles() picks one
    QCPColorMap *m_hiddenMap = nullptr;
    QCPColorScale *m_hiddenScale = nullptr;
    std::vector<LaterMap> m_laterMaps; // weight layer l (1, 2, ...) at [l - 1]
    QCPMarginGroup *m_columns = nullptr; // every map spans the same columns
    QCPItemRect *m_hiddenOutline = nullptr;
    QCPItemRect *m_outputOutline = nullptr;
    QCPItemRect *m_hiddenOutlineCore = nullptr;
    QCPItemRect *m_outputOutlineCore = nullptr;
    QList<QCPItemLine *> m_gridLines;
    std::vector<QSize> m_cellsFor; // each map's cells at the last setValues() (cellsShown())
};

} // namespace bplab
