#include "heatmapmaps.h"

#include "divergingscale.h"
#include "heatmaplayers.h"
#include "palettecolors.h"

#include <QLocale>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bplab {

namespace {
constexpr double kMapsNaN = std::numeric_limits<double>::quiet_NaN();
// How the plot's spare height is shared between the W1 mosaic and each later matrix (each has at
// least heatmapLeastHeight(), heatmapLegibleHeight() where there is room).
constexpr double kHiddenStretch = 4;
constexpr double kOutputStretch = 1;

// m = max |v| over the finite values, so [-m, m] puts 0 in the middle colour; 1 when all are 0.
template<class M>
double symmetricRange(const M &m)
{
    double r = 0;
    for (Eigen::Index i = 0; i < m.size(); ++i) {
        const double v = m.data()[i];
        if (std::isfinite(v))
            r = std::max(r, std::abs(v));
    }
    return r > 0 ? r : 1.0;
}

// A title that may be clipped when the panel is narrow instead of forcing the panel wider.
class ClippedTitle : public QCPTextElement
{
public:
    using QCPTextElement::QCPTextElement;
    QSize minimumOuterSizeHint() const override
    {
        return {0, QCPTextElement::minimumOuterSizeHint().height()};
    }
};

void hideAxes(QCPAxisRect *rect)
{
    for (QCPAxis *axis : rect->axes())
        axis->setVisible(false);
    rect->axis(QCPAxis::atLeft)->setRangeReversed(true); // row 0 at the top, like an image
    rect->setAutoMargins(QCP::msNone);
    rect->setMargins(QMargins(4, 4, 4, 4));
}

// A colour map on rect's axes, coloured by `scale` (a bar on the right with -s, 0, s).
QCPColorMap *newMap(QCPAxisRect *rect, QCPColorScale *scale)
{
    hideAxes(rect);
    auto *map = new QCPColorMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    const QCPColorGradient gradient = divergingGradient();
    map->setInterpolate(false);
    map->setTightBoundary(false);
    map->setGradient(gradient);
    map->setColorScale(scale);
    scale->setType(QCPAxis::atRight);
    scale->setGradient(gradient);
    scale->setRangeDrag(false);
    scale->setRangeZoom(false);
    scale->axis()->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    map->setDataRange(QCPRange(-1, 1));
    return map;
}

// An outline in rect's coordinates, clipped to it.
void attachTo(QCPItemRect *item, QCPAxisRect *rect)
{
    item->setClipAxisRect(rect);
    for (QCPItemPosition *pos : {item->topLeft, item->bottomRight}) {
        pos->setAxisRect(rect);
        pos->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    }
}
} // namespace

HeatmapMaps::HeatmapMaps(QCustomPlot *plot, QObject *parent)
    : QObject(parent)
    , m_plot(plot)
    , m_font(plot->font())
    , m_palette(plot->palette())
{
    // The plot's layout: the mosaic's title, the mosaic + its colour bar, created once; below
    // them each later layer's title, map + bar, made for each network (rebuildLaterMaps()).
    QCPLayoutGrid *grid = m_plot->plotLayout();
    grid->clear();
    m_hiddenTitle = new ClippedTitle(m_plot, QString());
    auto *hiddenRect = new QCPAxisRect(m_plot);
    m_hiddenScale = new QCPColorScale(m_plot);
    grid->addElement(0, 0, m_hiddenTitle);
    grid->addElement(1, 0, hiddenRect);
    grid->addElement(1, 1, m_hiddenScale);
    grid->setColumnStretchFactors({1, 0.01});
    m_columns = new QCPMarginGroup(m_plot);
    hiddenRect->setMarginGroup(QCP::msLeft | QCP::msRight, m_columns);
    auto *hiddenRow = new QCPMarginGroup(m_plot);
    hiddenRect->setMarginGroup(QCP::msTop | QCP::msBottom, hiddenRow);
    m_hiddenScale->setMarginGroup(QCP::msTop | QCP::msBottom, hiddenRow);
    m_hiddenMap = newMap(hiddenRect, m_hiddenScale);
    // Selection outlines: around hidden neuron j's tile and around column j of W2, each a dark
    // line with a light core so it shows on any cell colour and in light and dark palettes.
    for (QCPItemRect **item : {&m_hiddenOutline, &m_outputOutline, &m_hiddenOutlineCore, &m_outputOutlineCore}) {
        *item = new QCPItemRect(m_plot);
        (*item)->setClipToAxisRect(true);
        attachTo(*item, hiddenRect); // W2's move to its map with rebuildLaterMaps()
        (*item)->setVisible(false);
        (*item)->setSelectable(false);
    }

    m_layout = mosaic::Layout {0, 0}; // applyArchitecture() sizes everything for the default
    applyArchitecture();

    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapMaps::fitAspect);
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapMaps::fitTitles);
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapMaps::fitLaterMinimums);
}

HeatmapMaps::~HeatmapMaps() = default;

void HeatmapMaps::setArchitecture(const Architecture &arch)
{
    if (arch == m_arch)
        return;
    m_arch = arch;
    applyArchitecture();
}

void HeatmapMaps::applyArchitecture()
{
    // The first layer's tiles; below them each later layer's matrix in its own map.
    const mosaic::Layout layout = mosaic::Layout::of(m_arch.layerOutputs(0));
    rebuildLaterMaps();
    if (layout == m_layout)
        return;
    m_layout = layout;
    m_hiddenMap->data()->setSize(m_layout.width(), m_layout.height());
    m_hiddenMap->data()->setRange(QCPRange(0, m_layout.width() - 1), QCPRange(0, m_layout.height() - 1));
    m_hiddenMap->data()->fill(kMapsNaN); // gaps stay NaN (the gap colour); setValues() sets the tiles
    QCPAxisRect *hiddenRect = m_hiddenMap->keyAxis()->axisRect();
    hiddenRect->axis(QCPAxis::atBottom)->setRange(-0.5, m_layout.width() - 0.5);
    hiddenRect->axis(QCPAxis::atLeft)->setRange(-0.5, m_layout.height() - 0.5);

    // Grid lines through the gap cells: when the mosaic is drawn smaller than one pixel per cell
    // the gap cells alone can vanish; lines are always at least one device pixel wide.
    for (QCPItemLine *line : std::as_const(m_gridLines))
        m_plot->removeItem(line);
    m_gridLines.clear();
    for (int i = 1; i < m_layout.across + m_layout.down(); ++i) {
        if (i == m_layout.across)
            continue;
        auto *line = new QCPItemLine(m_plot);
        line->setClipAxisRect(hiddenRect);
        line->setSelectable(false);
        for (QCPItemPosition *pos : {line->start, line->end}) {
            pos->setAxisRect(hiddenRect);
            pos->setAxes(hiddenRect->axis(QCPAxis::atBottom), hiddenRect->axis(QCPAxis::atLeft));
        }
        const double at = (i < m_layout.across ? i : i - m_layout.across) * mosaic::kPitch - 1;
        if (i < m_layout.across) {
            line->start->setCoords(at, -0.5);
            line->end->setCoords(at, m_layout.height() - 0.5);
        } else {
            line->start->setCoords(-0.5, at);
            line->end->setCoords(m_layout.width() - 0.5, at);
        }
        line->setPen(QPen(colors::frame(m_palette), 0)); // cosmetic: one device pixel
        m_gridLines.append(line);
    }
}

void HeatmapMaps::rebuildLaterMaps()
{
    QCPLayoutGrid *grid = m_plot->plotLayout();
    for (LaterMap &m : m_laterMaps) {
        delete m.row; // unregisters the map and its bar
        m_plot->removePlottable(m.map);
        for (QCPLayoutElement *e : {static_cast<QCPLayoutElement *>(m.title), static_cast<QCPLayoutElement *>(m.rect),
                                    static_cast<QCPLayoutElement *>(m.scale)})
            grid->remove(e);
    }
    m_laterMaps.clear();
    grid->simplify(); // the mosaic's two rows are left
    QList<double> stretch{0.01, kHiddenStretch};
    for (int l = 1; l < m_arch.layerCount(); ++l) {
        LaterMap m;
        m.title = new ClippedTitle(m_plot, QString());
        m.rect = new QCPAxisRect(m_plot);
        m.scale = new QCPColorScale(m_plot);
        const int row = grid->rowCount();
        grid->addElement(row, 0, m.title);
        grid->addElement(row + 1, 0, m.rect);
        grid->addElement(row + 1, 1, m.scale);
        stretch << 0.01 << kOutputStretch;
        m.rect->setMarginGroup(QCP::msLeft | QCP::msRight, m_columns);
        m.row = new QCPMarginGroup(m_plot);
        m.rect->setMarginGroup(QCP::msTop | QCP::msBottom, m.row);
        m.scale->setMarginGroup(QCP::msTop | QCP::msBottom, m.row);
        m.map = newMap(m.rect, m.scale);
        // Every row of the matrix in the rect's height, its columns under the mosaic (fitAspect()).
        const int rows = m_arch.layerOutputs(l), cols = m_arch.layerInputs(l);
        m.map->data()->setSize(cols, rows);
        m.map->data()->setRange(QCPRange(0, cols - 1), QCPRange(0, rows - 1));
        m.map->data()->fill(kMapsNaN);
        m.rect->axis(QCPAxis::atBottom)->setRange(-0.5, cols - 0.5);
        m.rect->axis(QCPAxis::atLeft)->setRange(-0.5, rows - 0.5);
        m_laterMaps.push_back(m);
    }
    grid->setRowStretchFactors(stretch);
    // The outline of W2's column j lives in W2's map (in the mosaic's, hidden, for 784-10).
    QCPAxisRect *w2 = m_laterMaps.empty() ? m_hiddenMap->keyAxis()->axisRect() : m_laterMaps.front().rect;
    for (QCPItemRect *item : {m_outputOutline, m_outputOutlineCore})
        attachTo(item, w2);
    applyStyle();
}

// Only the cells and the data ranges change; the maps, scales and layout were made for the network.
// Each map gets its cells at most at its on-screen pixels (CellShrinker): coloured and drawn once
// per new value at that size.
void HeatmapMaps::setValues(const MlpParamsF *p)
{
    if (p && !p->hasShape(m_arch))
        p = nullptr;
    const auto finiteOrNaN = [](float v) { return std::isfinite(v) ? double(v) : kMapsNaN; };
    m_cellsFor.assign(std::size_t(m_arch.layerCount()), QSize());
    {
        const int width = m_layout.width(), height = m_layout.height();
        m_cellsFor[0] = cellsShown(m_hiddenMap, width, height);
        CellShrinker cells(width, height, m_cellsFor[0].width(), m_cellsFor[0].height()); // gaps stay NaN
        if (p)
            for (int j = 0; j < m_layout.tiles; ++j)
                for (int r = 0; r < mosaic::kTileSide; ++r)
                    for (int c = 0; c < mosaic::kTileSide; ++c)
                        cells.put(m_layout.x(j, c), m_layout.y(j, r), finiteOrNaN(p->layers[0].W(j, r * mosaic::kTileSide + c)));
        setCells(m_hiddenMap, cells.cells(), width, height);
    }
    const double m1 = p ? symmetricRange(p->layers[0].W) : 1.0;
    m_hiddenMap->setDataRange(QCPRange(-m1, m1));
    // Each later matrix on its own colour scale: W3's few large weights do not wash out W2's.
    for (int l = 1; l < m_arch.layerCount(); ++l) {
        QCPColorMap *map = m_laterMaps[std::size_t(l - 1)].map;
        const int rows = m_arch.layerOutputs(l), cols = m_arch.layerInputs(l);
        const QSize shown = cellsShown(map, cols, rows);
        m_cellsFor[std::size_t(l)] = shown;
        CellShrinker cells(cols, rows, shown.width(), shown.height());
        if (p) {
            const auto &W = p->layers[std::size_t(l)].W;
            for (int k = 0; k < rows; ++k)
                for (int j = 0; j < cols; ++j)
                    cells.put(j, k, finiteOrNaN(W(k, j)));
        }
        setCells(map, cells.cells(), cols, rows);
        const double m = p ? symmetricRange(p->layers[std::size_t(l)].W) : 1.0;
        map->setDataRange(QCPRange(-m, m));
    }
    updateScaleTicks(); // drawn by the replot below
    // Queued: rendering here at once (rpQueuedRefresh) would join the snapshot's frame, but in the
    // ASan build it made LeakSanitizer's exit check crash (tst_heatmappanel, every run).
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QSize HeatmapMaps::cellsShown(const QCPColorMap *map, int w, int h) const
{
    const QSize px = map->keyAxis()->axisRect()->rect().size() * m_plot->bufferDevicePixelRatio();
    return {shrunkSide(w, px.width()), shrunkSide(h, px.height())};
}

void HeatmapMaps::setCells(QCPColorMap *map, const ShrunkCells &s, int w, int h)
{
    QCPColorMapData *d = map->data();
    if (d->keySize() != s.width || d->valueSize() != s.height)
        d->setSize(s.width, s.height);
    // The cells' centres: every cell as wide as the source cells it covers, the whole map from
    // -0.5 to w - 0.5 (the axes' range) whatever the number of cells.
    const double cw = double(w) / s.width, ch = double(h) / s.height;
    d->setRange(QCPRange(-0.5 + cw / 2, w - 0.5 - cw / 2), QCPRange(-0.5 + ch / 2, h - 0.5 - ch / 2));
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x)
            d->setCell(x, y, s.z[std::size_t(y) * std::size_t(s.width) + std::size_t(x)]);
}

bool HeatmapMaps::cellsOutOfDate() const
{
    if (m_cellsFor.size() != std::size_t(m_arch.layerCount()))
        return false; // no values set since the network changed
    if (cellsShown(m_hiddenMap, m_layout.width(), m_layout.height()) != m_cellsFor[0])
        return true;
    for (int l = 1; l < m_arch.layerCount(); ++l)
        if (cellsShown(m_laterMaps[std::size_t(l - 1)].map, m_arch.layerInputs(l), m_arch.layerOutputs(l))
            != m_cellsFor[std::size_t(l)])
            return true;
    return false;
}

void HeatmapMaps::setTitleForms(std::vector<QStringList> forms)
{
    forms.resize(std::size_t(m_arch.layerCount()));
    m_hiddenTitleForms = forms[0];
    for (std::size_t l = 1; l < forms.size(); ++l)
        m_laterMaps[l - 1].titleForms = forms[l];
    fitTitles();
}

// Each title on one line (a second line would take the mosaic's height): the longest form that
// fits its cell, down to the bare formula; the choice depends only on the width, so relayouts
// settle at once. The whole explanation stays in the plot's tooltip.
void HeatmapMaps::fitTitles()
{
    bool changed = false;
    std::vector<std::pair<QCPTextElement *, const QStringList *>> titles{{m_hiddenTitle, &m_hiddenTitleForms}};
    for (const LaterMap &m : m_laterMaps)
        titles.emplace_back(m.title, &m.titleForms);
    QStringList tip;
    for (auto [title, forms] : titles) {
        if (forms->isEmpty()) // before setTitleForms()
            continue;
        tip << forms->first();
        const int available = title->outerRect().width() - title->margins().left()
                              - title->margins().right();
        const QFontMetrics fm(title->font());
        // Before the first layout the width is unknown: the longest form.
        QString shown = forms->first();
        for (const QString &form : std::as_const(*forms)) {
            shown = form;
            if (available <= 0 || fm.horizontalAdvance(form) + fm.averageCharWidth() <= available)
                break;
        }
        if (title->text() != shown) {
            title->setText(shown);
            changed = true;
        }
    }
    m_plot->setToolTip(tip.join(QLatin1Char('\n')));
    if (changed)
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// Each colour bar: -s, 0 and s, where s is the largest of 1, 2, 2.5, 5 x 10^k within the range
// [-m, m] (so m/2 < s <= m), or only -s and s when three labels would not be a line apart (the
// short W2 bar at a projector's font). Numbers with two significant digits.
bool HeatmapMaps::updateScaleTicks()
{
    bool changed = false;
    QList<QCPColorScale *> scales{m_hiddenScale};
    for (const LaterMap &m : m_laterMaps)
        scales << m.scale;
    for (QCPColorScale *scale : std::as_const(scales)) {
        const double m = scale->dataRange().upper;
        if (!(m > 0) || !std::isfinite(m))
            continue;
        const double decade = std::pow(10.0, std::floor(std::log10(m)));
        double step = decade;
        for (double f : {2.0, 2.5, 5.0})
            if (f * decade <= m * (1 + 1e-9))
                step = f * decade;
        const int em = QFontMetrics(scale->axis()->tickLabelFont()).height();
        const double pixelsPerUnit = scale->axis()->axisRect()->height() / (2 * m);
        QMap<double, QString> ticks;
        const QString label = QLocale().toString(step, 'g', 2);
        ticks.insert(-step, QStringLiteral("−") + label);
        ticks.insert(step, label);
        if (step * pixelsPerUnit >= em * 1.2)
            ticks.insert(0, QStringLiteral("0"));
        auto ticker = scale->axis()->ticker().dynamicCast<QCPAxisTickerText>();
        if (ticker && ticker->ticks() != ticks) {
            ticker->setTicks(ticks);
            changed = true;
        }
    }
    return changed;
}

int HeatmapMaps::preferredHeight(const QSize &panel, int width, int fallback) const
{
    // The current layout's chrome (combo row, titles, colour bars, hover line) stays the same at
    // another size; only the map rects change. W1 at the width's scale, each later matrix its
    // share of that, or its legible least height where that is more.
    const QCPAxisRect *hidden = m_hiddenMap->keyAxis()->axisRect();
    const QRect h = hidden->outerRect();
    if (h.width() <= 0 || h.height() <= 0)
        return fallback;
    const QMargins m = hidden->margins();
    const int chromeW = panel.width() - h.width() + m.left() + m.right();
    int chromeH = panel.height() - h.height();
    for (const LaterMap &later : m_laterMaps)
        chromeH -= later.rect->outerRect().height();
    const double scale = std::max(0.0, double(width - chromeW)) / m_layout.width();
    const int hiddenH = int(std::ceil(scale * m_layout.height())) + m.top() + m.bottom();
    int laterH = 0;
    for (std::size_t i = 0; i < m_laterMaps.size(); ++i) {
        const int legible = heatmapLegibleHeight(m_arch.layerOutputs(int(i) + 1));
        laterH += std::max(std::max(m_laterMaps[i].rect->minimumSize().height(), legible) + m.top() + m.bottom(),
                           int(hiddenH * kOutputStretch / kHiddenStretch));
    }
    return chromeH + hiddenH + laterH;
}

void HeatmapMaps::setSelected(int j)
{
    m_selected = j;
    for (QCPItemRect *item : {m_hiddenOutline, m_hiddenOutlineCore})
        item->setVisible(m_selected >= 0);
    for (QCPItemRect *item : {m_outputOutline, m_outputOutlineCore})
        item->setVisible(m_selected >= 0 && !m_laterMaps.empty());
    if (m_selected >= 0) {
        // The outline runs through the gap cells around the tile.
        const double x0 = m_layout.x(m_selected, 0) - 0.5, y0 = m_layout.y(m_selected, 0) - 0.5;
        m_hiddenOutline->topLeft->setCoords(x0 - 0.5, y0 - 0.5);
        m_hiddenOutline->bottomRight->setCoords(x0 + mosaic::kTileSide + 0.5,
                                                y0 + mosaic::kTileSide + 0.5);
        m_outputOutline->topLeft->setCoords(m_selected - 0.5, -0.5);
        // Column j of the second weight layer: what neuron j feeds.
        m_outputOutline->bottomRight->setCoords(m_selected + 0.5, m_arch.layerOutputs(1) - 0.5);
        for (auto [core, outline] : {std::pair {m_hiddenOutlineCore, m_hiddenOutline},
                                     std::pair {m_outputOutlineCore, m_outputOutline}}) {
            core->topLeft->setCoords(outline->topLeft->coords());
            core->bottomRight->setCoords(outline->bottomRight->coords());
        }
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// Square cells for the mosaic (the tiles are images); each later matrix fills its own rect (its
// rows the rect's height, its columns the width), set once in rebuildLaterMaps().
void HeatmapMaps::fitAspect()
{
    QCPAxis *hx = m_hiddenMap->keyAxis(), *hy = m_hiddenMap->valueAxis();
    const QRect r = hx->axisRect()->rect();
    if (r.width() <= 0 || r.height() <= 0)
        return;
    const double scale
            = std::min(r.width() / double(m_layout.width()), r.height() / double(m_layout.height()));
    const double spanX = r.width() / scale, spanY = r.height() / scale;
    const double cx = (m_layout.width() - 1) / 2.0, cy = (m_layout.height() - 1) / 2.0;
    hx->setRange(cx - spanX / 2, cx + spanX / 2);
    hy->setRange(cy - spanY / 2, cy + spanY / 2);
    if (updateScaleTicks())
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapMaps::applyLaterMinimums()
{
    // Each later matrix at least as tall as its rows can be told apart and pointed at, and its
    // bar's two labels a line apart.
    const int line = QFontMetrics(m_font).height();
    for (std::size_t i = 0; i < m_laterMaps.size(); ++i)
        m_laterMaps[i].rect->setMinimumSize(
                0, std::max(line * 2, (m_laterLegible ? heatmapLegibleHeight : heatmapLeastHeight)(m_arch.layerOutputs(int(i) + 1))));
}

// The later matrices get heatmapLegibleHeight() where the mosaic keeps tiles of kGoodTile pixels
// (or all its width allows) beside them, else heatmapLeastHeight(). The maps' total height and the
// mosaic's width do not depend on that choice: it settles after one relayout.
void HeatmapMaps::fitLaterMinimums()
{
    constexpr double kGoodTile = 20;
    const QRect hidden = m_hiddenMap->keyAxis()->axisRect()->rect();
    if (m_laterMaps.empty() || hidden.width() <= 0)
        return;
    int maps = hidden.height(), legible = 0;
    const int line = QFontMetrics(m_font).height();
    for (std::size_t i = 0; i < m_laterMaps.size(); ++i) {
        maps += m_laterMaps[i].rect->rect().height();
        legible += std::max(line * 2, heatmapLegibleHeight(m_arch.layerOutputs(int(i) + 1)));
    }
    const double scale = std::min(hidden.width() / double(m_layout.width()), kGoodTile / mosaic::kTileSide);
    const bool room = maps - legible >= scale * m_layout.height();
    if (room == m_laterLegible)
        return;
    m_laterLegible = room;
    applyLaterMinimums();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapMaps::setStyle(const QFont &base, const QPalette &pal, bool presentation)
{
    m_font = base;
    m_palette = pal;
    m_presentation = presentation;
    applyStyle();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// Text follows the palette; sizes follow the font (presentation: thicker lines).
void HeatmapMaps::applyStyle()
{
    QFont titleFont = m_font;
    titleFont.setWeight(QFont::DemiBold);
    const QColor text = m_palette.color(QPalette::WindowText);
    const QFontMetrics fm(m_font);

    m_plot->setBackground(m_palette.color(QPalette::Window));
    QList<QCPTextElement *> titles{m_hiddenTitle};
    QList<QCPColorScale *> scales{m_hiddenScale};
    QList<QCPColorMap *> maps{m_hiddenMap};
    for (const LaterMap &m : m_laterMaps) {
        titles << m.title;
        scales << m.scale;
        maps << m.map;
    }
    for (QCPTextElement *title : std::as_const(titles)) {
        title->setFont(titleFont);
        title->setTextColor(text);
        title->setMargins(QMargins(0, fm.height() / 4, 0, fm.height() / 4));
    }
    for (QCPColorScale *s : std::as_const(scales)) {
        QCPAxis *axis = s->axis();
        axis->setTickLabelFont(m_font);
        axis->setLabelFont(m_font);
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->setBasePen(QPen(text, 1));
        axis->setTickPen(QPen(text, 1));
        axis->setSubTickPen(QPen(text, 1));
        s->setBarWidth(fm.height() * 3 / 4);
    }
    // The gaps between tiles are NaN cells drawn in the palette's mid colour: grid lines.
    QCPColorGradient gradient = divergingGradient();
    gradient.setNanHandling(QCPColorGradient::nhNanColor);
    gradient.setNanColor(colors::frame(m_palette));
    for (QCPColorMap *map : std::as_const(maps))
        map->setGradient(gradient);
    for (QCPColorScale *s : std::as_const(scales))
        s->setGradient(gradient);
    const double outline = (m_presentation ? 3.0 : 2.0) * std::max(1.0, fm.height() / 18.0);
    for (QCPItemLine *line : std::as_const(m_gridLines))
        line->setPen(QPen(colors::frame(m_palette), 0)); // cosmetic: one device pixel
    for (QCPItemRect *item : {m_hiddenOutline, m_outputOutline})
        item->setPen(QPen(QColor(0, 0, 0), outline * 1.6));
    for (QCPItemRect *item : {m_hiddenOutlineCore, m_outputOutlineCore})
        item->setPen(QPen(QColor(255, 255, 255), outline * 0.5));
    applyLaterMinimums();
}

HeatmapMaps::Target HeatmapMaps::targetAt(const QPoint &plotPos) const
{
    Target t;
    if (m_hiddenMap->keyAxis()->axisRect()->rect().contains(plotPos)) {
        const int x = int(std::lround(m_hiddenMap->keyAxis()->pixelToCoord(plotPos.x())));
        const int y = int(std::lround(m_hiddenMap->valueAxis()->pixelToCoord(plotPos.y())));
        const mosaic::Cell cell = m_layout.cellAt(x, y);
        if (cell.valid())
            t = {Target::Hidden, cell.neuron, cell.row, cell.col};
    } else {
        // The later layer whose map holds the point: row k, column j of its matrix.
        for (int l = 1; l < m_arch.layerCount(); ++l) {
            const QCPColorMap *map = m_laterMaps[std::size_t(l - 1)].map;
            if (!map->keyAxis()->axisRect()->rect().contains(plotPos))
                continue;
            const int j = int(std::lround(map->keyAxis()->pixelToCoord(plotPos.x())));
            const int k = int(std::lround(map->valueAxis()->pixelToCoord(plotPos.y())));
            if (k >= 0 && k < m_arch.layerOutputs(l) && j >= 0 && j < m_arch.layerInputs(l))
                t = {Target::Output, k, -1, j, l};
            break;
        }
    }
    return t;
}

QCPColorMap *HeatmapMaps::map(int l) const
{
    if (l == 0)
        return m_hiddenMap;
    return l >= 1 && l <= int(m_laterMaps.size()) ? m_laterMaps[std::size_t(l - 1)].map : nullptr;
}

QCPTextElement *HeatmapMaps::title(int l) const
{
    if (l == 0)
        return m_hiddenTitle;
    return l >= 1 && l <= int(m_laterMaps.size()) ? m_laterMaps[std::size_t(l - 1)].title : nullptr;
}

} // namespace bplab
