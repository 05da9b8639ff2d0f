#include "heatmappanel.h"

#include "divergingscale.h"
#include "heatmaplayers.h"
#include "heatmapmosaic.h"
#include "uiformat.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <QMenu>

namespace bplab {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
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

HeatmapPanel::HeatmapPanel(QWidget *parent)
    : QWidget(parent)
    , m_quantityBox(new QComboBox(this))
    , m_hover(new QLabel(this))
    , m_plot(new QCustomPlot(this))
{
    m_quantityBox->addItem(tr("Gradients dL/dW"), int(Quantity::Gradients));
    m_quantityBox->addItem(tr("Weights W"), int(Quantity::Weights));
    m_quantityBox->addItem(tr("Adjustments −lr · dL/dW"), int(Quantity::Adjustments));
    m_quantityBox->setToolTip(
            tr("Which values the heatmaps show: the gradient of the loss, the weights "
               "themselves, or what the last step added to the weights"));
    connect(m_quantityBox, &QComboBox::currentIndexChanged, this,
            [this](int index) { setQuantity(Quantity(m_quantityBox->itemData(index).toInt())); });
    auto *showLabel = new QLabel(tr("&Show:"), this);
    showLabel->setBuddy(m_quantityBox);
    m_showLabel = showLabel;
    m_hover->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hover->setText(QStringLiteral(" "));

    auto *top = new QHBoxLayout;
    top->addWidget(showLabel);
    top->addWidget(m_quantityBox);
    top->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_hover);

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

    m_layout = mosaic::Layout {0, 0}; // applyArchitecture() sizes everything for the source's
    applyArchitecture();

    m_plot->setMouseTracking(true);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_plot, &QWidget::customContextMenuRequested, this, &HeatmapPanel::showContextMenu);
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapPanel::fitAspect);
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapPanel::fitTitles);
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapPanel::fitLaterMinimums);
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapPanel::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &HeatmapPanel::onMousePress);

    applyStyle();
    updateTitles();
    m_plot->replot();
}

HeatmapPanel::~HeatmapPanel() = default;

void HeatmapPanel::setLayers(const Architecture &arch, std::shared_ptr<const MlpParamsF> weights,
                             std::shared_ptr<const MlpParamsF> gradients,
                             std::shared_ptr<const MlpParamsF> adjustments)
{
    m_weights = std::move(weights);
    m_gradients = std::move(gradients);
    m_adjustments = std::move(adjustments);
    if (!(arch == m_arch)) {
        m_arch = arch;
        applyArchitecture();
    }
    // A hidden panel (another tab) costs nothing until it is shown.
    if (isVisible())
        refresh();
    else
        m_dirty = true;
}

void HeatmapPanel::clear()
{
    setLayers(m_arch, nullptr, nullptr, nullptr);
}

QString HeatmapPanel::neuronName(int layer, int j) const
{
    if (layer + 1 == m_arch.layerCount())
        return tr("output neuron %1").arg(j + 1);
    if (m_arch.hidden.size() == 1)
        return tr("hidden neuron %1").arg(j + 1);
    return tr("neuron %1 of hidden layer %2").arg(j + 1).arg(layer + 1);
}

void HeatmapPanel::applyArchitecture()
{
    // The first layer's tiles; below them each later layer's matrix in its own map.
    const mosaic::Layout layout = mosaic::Layout::of(m_arch.layerOutputs(0));
    rebuildLaterMaps();
    m_selected = m_selected < m_arch.layerOutputs(0) && m_arch.layerCount() > 1 ? m_selected : -1;
    if (layout == m_layout)
        return;
    m_layout = layout;
    m_hiddenMap->data()->setSize(m_layout.width(), m_layout.height());
    m_hiddenMap->data()->setRange(QCPRange(0, m_layout.width() - 1), QCPRange(0, m_layout.height() - 1));
    m_hiddenMap->data()->fill(kNaN); // gaps stay NaN (the gap colour); refresh() sets the tiles
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
        line->setPen(QPen(colors::frame(palette()), 0)); // cosmetic: one device pixel
        m_gridLines.append(line);
    }
}

void HeatmapPanel::rebuildLaterMaps()
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
        m.map->data()->fill(kNaN);
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
    updateTitles();
}

void HeatmapPanel::setQuantity(Quantity quantity)
{
    if (quantity == m_quantity)
        return;
    m_quantity = quantity;
    const int index = m_quantityBox->findData(int(quantity));
    if (index != m_quantityBox->currentIndex())
        m_quantityBox->setCurrentIndex(index); // re-enters with m_quantity already set: no-op
    refresh();
    emit quantityChanged(quantity);
}

void HeatmapPanel::setSelectedHiddenNeuron(int j)
{
    // A neuron of the first hidden layer (784-10 has none).
    m_selected = (j >= 0 && j < m_arch.layerOutputs(0) && m_arch.layerCount() > 1) ? j : -1;
    updateSelection();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPanel::setPresentation(bool on)
{
    if (m_presentation == on)
        return;
    m_presentation = on;
    applyStyle();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

const MlpParamsF *HeatmapPanel::shown() const
{
    const MlpParamsF *p = m_quantity == Quantity::Weights     ? m_weights.get()
                          : m_quantity == Quantity::Gradients ? m_gradients.get()
                                                              : m_adjustments.get();
    return p && p->hasShape(m_arch) ? p : nullptr;
}

// Only the cells and the data ranges change; the maps, scales and layout were made for the network.
void HeatmapPanel::refresh()
{
    m_dirty = false;
    const MlpParamsF *p = shown();
    QCPColorMapData *hidden = m_hiddenMap->data();
    const auto finiteOrNaN = [](float v) { return std::isfinite(v) ? double(v) : kNaN; };
    const int tiles = m_layout.tiles;
    for (int j = 0; j < tiles; ++j)
        for (int r = 0; r < mosaic::kTileSide; ++r)
            for (int c = 0; c < mosaic::kTileSide; ++c)
                hidden->setCell(m_layout.x(j, c), m_layout.y(j, r),
                                p ? finiteOrNaN(p->layers[0].W(j, r * mosaic::kTileSide + c)) : kNaN);
    const double m1 = p ? symmetricRange(p->layers[0].W) : 1.0;
    m_hiddenMap->setDataRange(QCPRange(-m1, m1));
    // Each later matrix on its own colour scale: W3's few large weights do not wash out W2's.
    for (int l = 1; l < m_arch.layerCount(); ++l) {
        QCPColorMap *map = m_laterMaps[std::size_t(l - 1)].map;
        for (int k = 0; k < m_arch.layerOutputs(l); ++k)
            for (int j = 0; j < m_arch.layerInputs(l); ++j)
                map->data()->setCell(j, k, p ? finiteOrNaN(p->layers[std::size_t(l)].W(k, j)) : kNaN);
        const double m = p ? symmetricRange(p->layers[std::size_t(l)].W) : 1.0;
        map->setDataRange(QCPRange(-m, m));
    }
    updateScaleTicks(); // drawn by the replot below
    updateTitles();
    // Queued: rendering here at once (rpQueuedRefresh) would join the snapshot's frame, but in the
    // ASan build it made LeakSanitizer's exit check crash (tst_heatmappanel, every run).
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPanel::updateTitles()
{
    const QString none = shown() ? QString() : tr("  (no values yet)");
    m_hiddenTitleForms = heatmapTitleForms(m_arch, 0, int(m_quantity), none);
    for (int l = 1; l < m_arch.layerCount(); ++l)
        m_laterMaps[std::size_t(l - 1)].titleForms = heatmapTitleForms(m_arch, l, int(m_quantity), none);
    fitTitles();
}

// Each title on one line (a second line would take the mosaic's height): the longest form that
// fits its cell, down to the bare formula; the choice depends only on the width, so relayouts
// settle at once. The whole explanation stays in the plot's tooltip.
void HeatmapPanel::fitTitles()
{
    bool changed = false;
    std::vector<std::pair<QCPTextElement *, const QStringList *>> titles{{m_hiddenTitle, &m_hiddenTitleForms}};
    for (const LaterMap &m : m_laterMaps)
        titles.emplace_back(m.title, &m.titleForms);
    QStringList tip;
    for (auto [title, forms] : titles) {
        if (forms->isEmpty()) // before updateTitles()
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
bool HeatmapPanel::updateScaleTicks()
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

int HeatmapPanel::preferredHeight(int width) const
{
    // The current layout's chrome (combo row, titles, colour bars, hover line) stays the same at
    // another size; only the map rects change. W1 at the width's scale, each later matrix its
    // share of that, or its legible least height where that is more.
    const QCPAxisRect *hidden = m_hiddenMap->keyAxis()->axisRect();
    const QRect h = hidden->outerRect();
    if (h.width() <= 0 || h.height() <= 0)
        return sizeHint().height();
    const QMargins m = hidden->margins();
    const int chromeW = this->width() - h.width() + m.left() + m.right();
    int chromeH = this->height() - h.height();
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

void HeatmapPanel::updateSelection()
{
    for (QCPItemRect *item : {m_hiddenOutline, m_hiddenOutlineCore})
        item->setVisible(m_selected >= 0);
    for (QCPItemRect *item : {m_outputOutline, m_outputOutlineCore})
        item->setVisible(m_selected >= 0 && !m_laterMaps.empty());
    if (m_selected < 0)
        return;
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

// Square cells for the mosaic (the tiles are images); each later matrix fills its own rect (its
// rows the rect's height, its columns the width), set once in rebuildLaterMaps().
void HeatmapPanel::fitAspect()
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

void HeatmapPanel::applyLaterMinimums()
{
    // Each later matrix at least as tall as its rows can be told apart and pointed at, and its
    // bar's two labels a line apart.
    const int line = QFontMetrics(readableFont(font())).height();
    for (std::size_t i = 0; i < m_laterMaps.size(); ++i)
        m_laterMaps[i].rect->setMinimumSize(
                0, std::max(line * 2, (m_laterLegible ? heatmapLegibleHeight : heatmapLeastHeight)(m_arch.layerOutputs(int(i) + 1))));
}

// The later matrices get heatmapLegibleHeight() where the mosaic keeps tiles of kGoodTile pixels
// (or all its width allows) beside them, else heatmapLeastHeight(). The maps' total height and the
// mosaic's width do not depend on that choice: it settles after one relayout.
void HeatmapPanel::fitLaterMinimums()
{
    constexpr double kGoodTile = 20;
    const QRect hidden = m_hiddenMap->keyAxis()->axisRect()->rect();
    if (m_laterMaps.empty() || hidden.width() <= 0)
        return;
    int maps = hidden.height(), legible = 0;
    const int line = QFontMetrics(readableFont(font())).height();
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

void HeatmapPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        applyStyle();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    QWidget::changeEvent(event);
}

void HeatmapPanel::showEvent(QShowEvent *event)
{
    if (!qFuzzyCompare(m_plot->bufferDevicePixelRatio(), m_plot->devicePixelRatioF()))
        m_plot->setBufferDevicePixelRatio(m_plot->devicePixelRatioF());
    if (m_dirty)
        refresh();
    QWidget::showEvent(event);
}

// Text follows the palette; sizes follow the widget's font (presentation: thicker lines).
void HeatmapPanel::applyStyle()
{
    // The application's font carries presentation mode's 1.5x; the panel adds thicker lines.
    const QFont base = readableFont(font());
    QFont titleFont = base;
    titleFont.setWeight(QFont::DemiBold);
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QFontMetrics fm(base);

    m_plot->setBackground(pal.color(QPalette::Window));
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
        axis->setTickLabelFont(base);
        axis->setLabelFont(base);
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
    gradient.setNanColor(colors::frame(pal));
    for (QCPColorMap *map : std::as_const(maps))
        map->setGradient(gradient);
    for (QCPColorScale *s : std::as_const(scales))
        s->setGradient(gradient);
    const double outline = (m_presentation ? 3.0 : 2.0) * std::max(1.0, fm.height() / 18.0);
    for (QCPItemLine *line : std::as_const(m_gridLines))
        line->setPen(QPen(colors::frame(pal), 0)); // cosmetic: one device pixel
    for (QCPItemRect *item : {m_hiddenOutline, m_outputOutline})
        item->setPen(QPen(QColor(0, 0, 0), outline * 1.6));
    for (QCPItemRect *item : {m_hiddenOutlineCore, m_outputOutlineCore})
        item->setPen(QPen(QColor(255, 255, 255), outline * 0.5));
    m_hover->setFont(base);
    m_quantityBox->setFont(base);
    m_showLabel->setFont(base);
    m_hover->setMinimumHeight(fm.height() + fm.height() / 2);
    applyLaterMinimums();
    if (QLayoutItem *top = layout() ? layout()->itemAt(0) : nullptr; top && top->layout())
        top->layout()->setContentsMargins(fm.height() / 2, fm.height() / 4, fm.height() / 2, 0);
    const int pad = fm.height() / 3;
    m_hover->setContentsMargins(pad, 0, pad, 0);
}

HeatmapPanel::Target HeatmapPanel::targetAt(const QPoint &plotPos) const
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

double HeatmapPanel::valueOf(const Target &t) const
{
    const MlpParamsF *p = shown();
    if (!p || t.kind == Target::None)
        return std::numeric_limits<double>::quiet_NaN();
    if (t.kind == Target::Hidden)
        return p->layers[0].W(t.neuron, t.row * mosaic::kTileSide + t.col);
    return p->layers[std::size_t(t.layer)].W(t.neuron, t.col);
}

double HeatmapPanel::valueAt(const QPoint &widgetPos) const
{
    return valueOf(targetAt(m_plot->mapFrom(this, widgetPos)));
}

QString HeatmapPanel::hoverTextAt(const QPoint &widgetPos) const
{
    const Target t = targetAt(m_plot->mapFrom(this, widgetPos));
    const MlpParamsF *p = shown();
    if (t.kind == Target::None || !p)
        return {};
    const QString symbol = m_quantity == Quantity::Gradients ? QStringLiteral("dL/dW")
                           : m_quantity == Quantity::Weights ? QStringLiteral("W")
                                                             : QStringLiteral("ΔW");
    if (t.kind == Target::Hidden)
        return tr("%1, pixel (%2, %3): %4%5 = %6")
                .arg(neuronName(0, t.neuron))
                .arg(t.row)
                .arg(t.col)
                .arg(symbol)
                .arg(1)
                .arg(formatExact(float(valueOf(t))));
    return tr("%1 ← %2: %3%4 = %5")
            .arg(neuronName(t.layer, t.neuron), neuronName(t.layer - 1, t.col), symbol)
            .arg(t.layer + 1)
            .arg(formatExact(float(valueOf(t))));
}

QString HeatmapPanel::hoverText() const
{
    return m_hover->text().trimmed();
}

QString HeatmapPanel::accessibleSummary() const
{
    const MlpParamsF *p = shown();
    if (!p)
        return tr("%1: no values yet.").arg(m_quantityBox->currentText());
    const QStringList layers = heatmapLayerSummaries(m_arch, *p);
    if (layers.isEmpty()) // gradients before the first batch
        return tr("%1: every value is 0.").arg(m_quantityBox->currentText());
    QString text = m_quantityBox->currentText() + QStringLiteral(". ") + layers.join(QLatin1Char(' '));
    if (m_selected >= 0)
        text += QLatin1Char(' ') + tr("Hidden neuron %1 is selected.").arg(m_selected + 1);
    return text;
}

QString HeatmapPanel::hiddenTitle() const
{
    return m_hiddenTitle->text();
}
double HeatmapPanel::hiddenRange() const
{
    return m_hiddenMap->dataRange().upper;
}

QCPColorMap *HeatmapPanel::layerMap(int l) const
{
    if (l == 0)
        return m_hiddenMap;
    return l >= 1 && l <= int(m_laterMaps.size()) ? m_laterMaps[std::size_t(l - 1)].map : nullptr;
}

QCPTextElement *HeatmapPanel::layerTitleElement(int l) const
{
    if (l == 0)
        return m_hiddenTitle;
    return l >= 1 && l <= int(m_laterMaps.size()) ? m_laterMaps[std::size_t(l - 1)].title : nullptr;
}

QString HeatmapPanel::layerTitle(int l) const
{
    const QCPTextElement *title = layerTitleElement(l);
    return title ? title->text() : QString();
}

double HeatmapPanel::layerRange(int l) const
{
    const QCPColorMap *map = layerMap(l);
    return map ? map->dataRange().upper : kNaN;
}

void HeatmapPanel::onMouseMove(QMouseEvent *event)
{
    const QString text = hoverTextAt(m_plot->mapTo(this, event->pos()));
    m_hover->setText(text.isEmpty() ? QStringLiteral(" ") : text);
}

void HeatmapPanel::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const Target t = targetAt(event->pos());
    // A first layer's tile, or a column of the second layer's matrix (what that neuron feeds).
    const int j = t.kind == Target::Hidden ? t.neuron : t.kind == Target::Output && t.layer == 1 ? t.col : -1;
    if (j < 0 || m_arch.layerCount() == 1)
        return;
    setSelectedHiddenNeuron(j);
    emit hiddenNeuronSelected(j);
}

void HeatmapPanel::showContextMenu(const QPoint &pos)
{
    QMenu menu(this);
    addExportActions(&menu, this, panelExport());
    menu.exec(m_plot->mapToGlobal(pos));
}

// The size on screen; a panel never shown gets a page-sized plot.
QSize HeatmapPanel::exportSize() const
{
    if (m_plot->isVisible() && m_plot->width() >= 300 && m_plot->height() >= 200)
        return m_plot->size();
    return {1200, 800};
}

PanelExport HeatmapPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("heatmaps");
    e.title = tr("the heatmaps");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    // One value per cell of the maps, at full precision: W1 (128 x 784) then W2 (10 x 128), and
    // so on for every layer of another network.
    e.data = [this](ExportFormat) {
        const MlpParamsF *p = shown();
        if (!p)
            return QByteArray();
        const char *names[] = {"gradient", "weight", "adjustment"};
        return heatmapLayersCsv(*p, names[int(m_quantity)]);
    };
    drawPlotAsShown(e, m_plot, [this] { return exportSize(); }, [this] {
        if (m_dirty)
            refresh();
    });
    return e;
}

bool HeatmapPanel::exportTo(const QString &fileName)
{
    const bool ok = writePanel(panelExport(), fileName).isEmpty();
    emit exported(fileName, ok);
    return ok;
}

} // namespace bplab
