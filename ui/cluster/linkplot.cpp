#include "linkplot.h"

#include "clustersettings.h"
#include "uiformat.h"

#include <QEvent>
#include <QLocale>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include "panelexport.h"
#include "io/json.h"
#include "io/tracejson.h"
#include <QMenu>

namespace bplab::clusterview {

using namespace bplab::cluster;

namespace {

QColor kindColor(LinkKind k, const QPalette &pal)
{
    switch (k) {
    case LinkKind::Pcie:
        return colors::orange(pal);
    case LinkKind::NvLink:
        return colors::green(pal);
    case LinkKind::Nic:
        return colors::blue(pal);
    }
    return colors::grey(pal);
}

QString kindName(LinkKind k)
{
    switch (k) {
    case LinkKind::Pcie:
        return QObject::tr("PCIe");
    case LinkKind::NvLink:
        return QObject::tr("NVLink");
    case LinkKind::Nic:
        return QObject::tr("NIC");
    }
    return {};
}

// The shaded phases: compute (forward, backward, update) share one colour.
enum class Shade { Pcie, Compute, Sync, Snapshot, Failure };
constexpr int kShades = 5;

Shade shadeOf(PhaseKind k)
{
    switch (k) {
    case PhaseKind::PcieCopy:
        return Shade::Pcie;
    case PhaseKind::Forward:
    case PhaseKind::Backward:
    case PhaseKind::Update:
        return Shade::Compute;
    case PhaseKind::AllReduce:
        return Shade::Sync;
    case PhaseKind::Snapshot:
        return Shade::Snapshot;
    case PhaseKind::Failure:
    case PhaseKind::Recovery:
        return Shade::Failure;
    }
    return Shade::Compute;
}

QColor shadeColor(Shade s)
{
    QColor c;
    switch (s) {
    case Shade::Pcie:
        c = QColor(0xE69F00);
        break;
    case Shade::Compute:
        c = QColor(0x999999);
        break;
    case Shade::Sync:
        c = QColor(0x56B4E9);
        break;
    case Shade::Snapshot:
        c = QColor(0xCC79A7);
        break;
    case Shade::Failure:
        c = QColor(0xD55E00);
        break;
    }
    c.setAlpha(s == Shade::Failure ? 90 : 55);
    return c;
}

QString shadeName(Shade s)
{
    switch (s) {
    case Shade::Pcie:
        return QObject::tr("PCIe copy");
    case Shade::Compute:
        return QObject::tr("compute");
    case Shade::Sync:
        return QObject::tr("synchronisation");
    case Shade::Snapshot:
        return QObject::tr("snapshot");
    case Shade::Failure:
        return QObject::tr("failure");
    }
    return {};
}

// Seconds per axis unit so that the run's length reads in small numbers.
double unitFor(double total)
{
    if (total < 2e-3)
        return 1e-6;
    if (total < 2.0)
        return 1e-3;
    return 1.0;
}

QString unitName(double unit)
{
    return unit == 1e-6 ? QStringLiteral("µs") : unit == 1e-3 ? QStringLiteral("ms")
                                                              : QStringLiteral("s");
}

void setupFonts(QCustomPlot *p, const QFont &f)
{
    for (QCPAxis *a : {p->xAxis, p->yAxis}) {
        a->setTickLabelFont(f);
        a->setLabelFont(f);
    }
    p->legend->setFont(f);
}

} // namespace

LinkPlot::LinkPlot(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_bwPlot(new QCustomPlot(this))
    , m_zoomTimer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_plot, 5);
    layout->addWidget(m_bwPlot, 2);
    connect(m_plot, &QCustomPlot::afterLayout, this, &LinkPlot::thinIterationLabels);
    m_plot->setMinimumHeight(200);
    m_bwPlot->setMinimumHeight(120);

    m_plot->addLayer(QStringLiteral("phases"), m_plot->layer(QStringLiteral("grid")),
                     QCustomPlot::limBelow);
    m_phaseLayer = m_plot->layer(QStringLiteral("phases"));
    m_plot->yAxis->setLabel(tr("link utilisation (%)"));
    m_plot->yAxis->setRange(0, 105);
    m_plot->legend->setVisible(true);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(3);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    // The legend gets as many columns as the width holds: its minimum width is not the plot's.
    m_plot->setMinimumWidth(m_plot->fontMetrics().averageCharWidth() * 30);
    connect(m_plot, &QCustomPlot::beforeReplot, this, &LinkPlot::fitLegend);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);

    m_bwPlot->xAxis->setLabel(tr("iteration (in the order run)"));
    m_bwPlot->yAxis->setLabel(tr("GB/s"));
    m_bwPlot->legend->setVisible(true);
    m_bwPlot->plotLayout()->insertColumn(1);
    m_bwPlot->plotLayout()->addElement(0, 1, m_bwPlot->legend);
    m_bwPlot->plotLayout()->setColumnStretchFactor(1, 0.001);
    m_bwPlot->yAxis->ticker()->setTickCount(3);

    for (QCustomPlot *plot : {m_plot, m_bwPlot}) {
        plot->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(plot, &QWidget::customContextMenuRequested, this,
                [this, plot](const QPoint &pos) { showContextMenu(plot, pos); });
    }

    m_zoomTimer->setSingleShot(true);
    m_zoomTimer->setInterval(60);
    connect(m_zoomTimer, &QTimer::timeout, this, &LinkPlot::refineWindow);
    connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this,
            [this] { m_zoomTimer->start(); });
    applyStyle();
}

QString LinkPlot::accessibleSummary() const
{
    if (!m_result || m_result->links.empty())
        return tr("No run simulated yet.");
    std::size_t busiest = 0;
    for (std::size_t l = 1; l < m_result->linkStats.size(); ++l)
        if (m_result->linkStats[l].utilization > m_result->linkStats[busiest].utilization)
            busiest = l;
    const double share = busiest < m_result->linkStats.size() ? m_result->linkStats[busiest].utilization : 0.0;
    return tr("%1 iterations in %2 ms on %3 links; the busiest, %4, is busy %5 % of the time.")
            .arg(m_result->iterations.size())
            .arg(QLocale().toString(m_result->totalSeconds * 1e3, 'g', 4))
            .arg(m_result->links.size())
            .arg(QString::fromStdString(m_result->links[busiest].name))
            .arg(QLocale().toString(share * 100.0, 'f', 1));
}

LinkPlot::~LinkPlot() = default;

void LinkPlot::setResult(std::shared_ptr<const SimResult> result)
{
    m_result = std::move(result);
    rebuild();
}

void LinkPlot::setLive(bool on)
{
    if (on == m_live)
        return;
    m_live = on;
    rebuild();
}

void LinkPlot::setRevealTime(double seconds)
{
    if (seconds == m_reveal || (std::isinf(seconds) && std::isinf(m_reveal)))
        return;
    m_reveal = seconds;
    if (!m_result || m_result->totalSeconds <= 0)
        return;
    refineWindow();
    const bool show = std::isfinite(m_reveal) && m_reveal < m_result->totalSeconds;
    if (m_cursor) {
        m_cursor->setVisible(show);
        m_cursor->point1->setCoords(m_reveal / m_unit, 0);
        m_cursor->point2->setCoords(m_reveal / m_unit, 1);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LinkPlot::setShowEachLink(bool on)
{
    if (on == m_eachLink)
        return;
    m_eachLink = on;
    rebuild();
}

std::vector<double> LinkPlot::linkPercent(int link) const
{
    std::vector<double> out;
    if (link < 0 || std::size_t(link) >= m_timeline.links.size())
        return out;
    out.reserve(m_timeline.links[std::size_t(link)].size());
    for (double v : m_timeline.links[std::size_t(link)])
        out.push_back(100.0 * v);
    return out;
}

int LinkPlot::lineCount() const
{
    int n = 0;
    for (int i = 0; i < m_plot->graphCount(); ++i)
        if (m_plot->graph(i)->property("line").toBool())
            ++n;
    return n;
}

int LinkPlot::phaseRectCount() const
{
    return m_phaseRects;
}

void LinkPlot::rebuild()
{

    m_plot->clearGraphs();
    m_plot->clearItems();
    m_cursor = nullptr;
    m_iterationLabels.clear();
    m_phaseRects = 0;
    m_timeline = {};
    if (!m_result || m_result->totalSeconds <= 0) {
        m_plot->replot();
        rebuildBandwidth();
        return;
    }
    const SimResult &r = *m_result;
    m_unit = unitFor(r.totalSeconds);
    m_timeline = utilizationTimeline(r, bins());

    // One line per kind (aggregated) or per link; kinds without traffic are left out.
    for (LinkKind k : {LinkKind::Pcie, LinkKind::NvLink, LinkKind::Nic}) {
        if (!kindCarries(r, k))
            continue;
        if (!m_eachLink) {
            QCPGraph *g = m_plot->addGraph();
            g->setProperty("line", true);
            g->setProperty("kind", int(k));
            g->setProperty("link", -1);
            int used = 0, all = 0;
            for (std::size_t l = 0; l < r.links.size(); ++l)
                if (r.links[l].kind == k) {
                    ++all;
                    used += r.linkStats[l].bytes > 0 ? 1 : 0;
                }
            g->setName(tr("%1 (%2 of %3 links in use)").arg(kindName(k)).arg(used).arg(all));
            g->setPen(QPen(kindColor(k, palette()), 2.5));
            g->setLineStyle(QCPGraph::lsStepLeft);
            continue;
        }
        bool first = true;
        for (std::size_t l = 0; l < r.links.size(); ++l) {
            if (r.links[l].kind != k || r.linkStats[l].bytes <= 0)
                continue;
            QCPGraph *g = m_plot->addGraph();
            g->setProperty("line", true);
            g->setProperty("kind", int(k));
            g->setProperty("link", int(l));
            g->setName(tr("%1 links").arg(kindName(k)));
            QColor c = kindColor(k, palette());
            c.setAlpha(170);
            g->setPen(QPen(c, 1.2));
            g->setLineStyle(QCPGraph::lsStepLeft);
            if (!first)
                g->removeFromLegend();
            first = false;
        }
    }

    // The phases behind the lines, and one legend entry for each shade that occurs.
    bool used[kShades] = {};
    const std::size_t maxRects = 4000;
    for (const PhaseInterval &p : r.phases) {
        if (std::size_t(m_phaseRects) >= maxRects)
            break;
        const Shade s = shadeOf(p.kind);
        used[int(s)] = true;
        auto *rect = new QCPItemRect(m_plot);
        rect->setLayer(m_phaseLayer);
        rect->setClipToAxisRect(true);
        rect->topLeft->setCoords(p.start / m_unit, 105);
        rect->bottomRight->setCoords(std::max(p.end, p.start) / m_unit, 0);
        rect->setPen(Qt::NoPen);
        rect->setBrush(shadeColor(s));
        rect->setSelectable(false);
        ++m_phaseRects;
    }
    for (int s = 0; s < kShades; ++s) {
        if (!used[s])
            continue;
        QCPGraph *g = m_plot->addGraph();
        g->setProperty("line", false);
        g->setName(shadeName(Shade(s)));
        g->setPen(Qt::NoPen);
        QColor c = shadeColor(Shade(s));
        c.setAlpha(std::min(255, c.alpha() * 2));
        g->setBrush(c);
    }

    // Live, the batch numbers sit above the 100 % line.
    m_plot->yAxis->setRange(0, m_live ? 118 : 105);
    if (m_live)
        labelIterations();
    m_cursor = new QCPItemStraightLine(m_plot);
    m_cursor->setPen(QPen(palette().color(QPalette::WindowText), 1.5, Qt::DashLine));
    m_cursor->setSelectable(false);
    const bool reveal = std::isfinite(m_reveal) && m_reveal < r.totalSeconds;
    m_cursor->setVisible(reveal);
    m_cursor->point1->setCoords((reveal ? m_reveal : 0) / m_unit, 0);
    m_cursor->point2->setCoords((reveal ? m_reveal : 0) / m_unit, 1);

    fillLines(m_timeline);
    m_plot->xAxis->setLabel(tr("simulated time (%1)").arg(unitName(m_unit)));
    m_plot->xAxis->blockSignals(true);
    m_plot->xAxis->setRange(0, r.totalSeconds / m_unit);
    m_plot->xAxis->blockSignals(false);
    m_plot->replot();
    rebuildBandwidth();
}

void LinkPlot::fillLines(const UtilizationTimeline &t)
{
    if (!m_result)
        return;
    std::vector<std::vector<double>> perKind(3);
    for (LinkKind k : {LinkKind::Pcie, LinkKind::NvLink, LinkKind::Nic})
        perKind[std::size_t(k)] = kindUtilization(*m_result, t, k);
    QVector<double> keys;
    keys.reserve(int(t.times.size()) + 1);
    for (double time : t.times)
        keys.push_back(time / m_unit);
    if (!t.times.empty())
        keys.push_back((t.times.back() + t.binSeconds) / m_unit);
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        QCPGraph *g = m_plot->graph(i);
        if (!g->property("line").toBool())
            continue;
        const int link = g->property("link").toInt();
        const std::vector<double> &src = link >= 0 ? t.links[std::size_t(link)]
                                                   : perKind[std::size_t(g->property("kind").toInt())];
        QVector<double> x, values;
        x.reserve(keys.size());
        values.reserve(keys.size());
        // A step holds its value up to the next point, so a bin equal to the one before adds
        // nothing: leaving it out draws the same line with far fewer segments (wide pens are
        // stroked segment by segment). Past the reveal time nothing is drawn yet (NaN: a gap).
        for (std::size_t b = 0; b < src.size() && b < std::size_t(keys.size()); ++b) {
            const double v = b < t.times.size() && t.times[b] >= m_reveal
                                     ? std::numeric_limits<double>::quiet_NaN()
                                     : 100.0 * src[b];
            const bool same = !values.isEmpty()
                              && (v == values.back() || (std::isnan(v) && std::isnan(values.back())));
            if (same)
                continue;
            x.push_back(keys[qsizetype(b)]);
            values.push_back(v);
        }
        if (!values.isEmpty() && !t.times.empty()) { // the last bin's step reaches its end
            x.push_back(keys.back());
            values.push_back(values.back());
        }
        g->setData(x, values, true);
    }
}

// Zoomed in, the plot asks the core for a timeline of the visible window only, so that the bins
// stay narrower than the transfers being looked at.
void LinkPlot::refineWindow()
{
    if (!m_result || m_result->totalSeconds <= 0)
        return;
    const QCPRange range = m_plot->xAxis->range();
    const double from = std::max(0.0, range.lower * m_unit);
    const double to = std::min(m_result->totalSeconds, range.upper * m_unit);
    if (to <= from)
        return;
    if (to - from > 0.5 * m_result->totalSeconds)
        fillLines(m_timeline);
    else
        fillLines(utilizationTimeline(*m_result, bins() / 2, from, to));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LinkPlot::rebuildBandwidth()
{
    m_bwPlot->clearGraphs();
    m_bwPlot->clearItems();
    if (!m_result || m_result->iterations.empty()) {
        m_bwPlot->replot();
        return;
    }
    const SimResult &r = *m_result;
    QVector<double> x, alg, bus;
    for (std::size_t i = 0; i < r.iterations.size(); ++i) {
        x.push_back(m_live ? double(r.iterations[i].iteration) : double(i));
        alg.push_back(r.iterations[i].algbw / 1e9);
        bus.push_back(r.iterations[i].busbw / 1e9);
    }
    const bool dots = r.iterations.size() <= 60;
    QCPGraph *a = m_bwPlot->addGraph();
    a->setName(tr("algbw"));
    a->setPen(QPen(colors::vermillion(palette()), 2));
    a->setData(x, alg, true);
    QCPGraph *b = m_bwPlot->addGraph();
    b->setName(tr("busbw = algbw × 2(N−1)/N"));
    b->setPen(QPen(colors::blue(palette()), 2));
    b->setData(x, bus, true);
    if (dots) {
        a->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
        b->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
    }
    double top = 0;
    for (double v : alg)
        top = std::max(top, v);
    for (double v : bus)
        top = std::max(top, v);
    const double line = bottleneckBandwidth(r) / 1e9;
    if (line > 0) {
        QCPGraph *l = m_bwPlot->addGraph();
        l->setName(tr("line rate %1").arg(formatRate(line * 1e9)));
        l->setPen(QPen(palette().color(QPalette::WindowText), 1.5, Qt::DashLine));
        l->setData(QVector<double> {x.front() - 0.5, x.back() + 0.5}, QVector<double> {line, line});
        top = std::max(top, line);
    }
    m_bwPlot->xAxis->setLabel(m_live ? tr("trained batch") : tr("iteration (in the order run)"));
    // Batches and iterations are whole numbers: ticks on integers only.
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    ticker->setTickCount(6);
    m_bwPlot->xAxis->setTicker(ticker);
    m_bwPlot->xAxis->setRange(x.front() - 0.5, x.back() + 0.5);
    m_bwPlot->yAxis->setRange(0, top > 0 ? top * 1.15 : 1);
    m_bwPlot->replot();
}

// Each of the training's iterations is named by its batch number above its start.
void LinkPlot::labelIterations()
{
    const QFont f = readableFont(font());
    for (const IterationStats &s : m_result->iterations) {
        const double x = s.start / m_unit;
        auto *edge = new QCPItemLine(m_plot);
        edge->start->setCoords(x, 0);
        edge->end->setCoords(x, 118);
        QColor c = palette().color(QPalette::WindowText);
        c.setAlpha(90);
        edge->setPen(QPen(c, 1, Qt::DotLine));
        edge->setSelectable(false);
        auto *text = new QCPItemText(m_plot);
        text->setClipToAxisRect(true);
        text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        text->position->setCoords(x, 117);
        text->setText(tr("batch %1").arg(QLocale().toString(s.iteration)));
        text->setFont(f);
        text->setColor(palette().color(QPalette::WindowText));
        text->setSelectable(false);
        m_iterationLabels.push_back(text);
    }
}

void LinkPlot::thinIterationLabels()
{
    double freeFrom = -std::numeric_limits<double>::infinity(); // the pixel the next name may start at
    for (QCPItemText *text : std::as_const(m_iterationLabels)) {
        const QFontMetrics metrics(text->font());
        const double x = m_plot->xAxis->coordToPixel(text->position->key());
        text->setVisible(x >= freeFrom);
        if (x >= freeFrom)
            freeFrom = x + metrics.horizontalAdvance(text->text()) + metrics.averageCharWidth();
    }
}

void LinkPlot::fitLegend()
{
    // Up to three columns of links, fewer when the widest entry would not fit (the projector's
    // font on a 1280-pixel screen): called before each replot lays the plot out.
    QCPLegend *legend = m_plot->legend;
    int widest = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (const QCPAbstractLegendItem *item = legend->item(i)) // a wrapped grid has empty cells
            widest = std::max(widest, item->minimumOuterSizeHint().width());
    const int columns = widest > 0 ? std::clamp(m_plot->width() / (widest + legend->columnSpacing()), 1, 3) : 3;
    if (columns != legend->wrap())
        legend->setWrap(columns);
}

void LinkPlot::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        applyStyle();
        rebuild();
    }
}

void LinkPlot::applyStyle()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QFont f = readableFont(font());
    for (QCustomPlot *p : {m_plot, m_bwPlot}) {
        p->setBackground(pal.color(QPalette::Base));
        setupFonts(p, f);
        for (QCPAxis *a : {p->xAxis, p->yAxis}) {
            a->setBasePen(QPen(text));
            a->setTickPen(QPen(text));
            a->setSubTickPen(QPen(text));
            a->setTickLabelColor(text);
            a->setLabelColor(text);
            QColor grid = text;
            grid.setAlpha(40);
            a->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        }
        p->legend->setTextColor(text);
        p->legend->setBrush(pal.color(QPalette::Base));
        p->legend->setBorderPen(Qt::NoPen);
    }
}

PanelExport LinkPlot::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("links");
    e.title = tr("the link-utilisation graph");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Json};
    // The utilisation above the bandwidth, in the proportions they have on screen (5 : 2).
    e.render = [this](QPaintDevice *device, const QSize &size) {
        if (!m_result)
            return false;
        QCPPainter painter(device);
        if (!painter.isActive())
            return false;
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        const int top = size.height() * 5 / 7;
        m_plot->toPainter(&painter, size.width(), top);
        painter.translate(0, top);
        m_bwPlot->toPainter(&painter, size.width(), size.height() - top);
        return true;
    };
    e.renderSize = [this] {
        return isVisible() && width() >= 300 && height() >= 240 ? size() : QSize(1200, 800);
    };
    e.data = [this](ExportFormat f) { return f == ExportFormat::Json ? json() : csv(); };
    return e;
}

QByteArray LinkPlot::csv() const
{
    if (!m_result || m_timeline.times.empty())
        return {};
    std::string out = "time_s";
    for (const cluster::Link &l : m_result->links)
        out += "," + l.name + "_percent";
    out += "\n";
    for (std::size_t b = 0; b < m_timeline.times.size(); ++b) {
        out += jsonDouble(m_timeline.times[b]);
        for (const std::vector<double> &link : m_timeline.links)
            out += "," + jsonDouble(b < link.size() ? 100.0 * link[b] : 0.0);
        out += "\n";
    }
    return QByteArray::fromStdString(out);
}

QByteArray LinkPlot::json() const
{
    if (!m_result || m_timeline.times.empty())
        return {};
    Json times = Json::array(), links = Json::array();
    for (const double t : m_timeline.times)
        times.push_back(jsonNumberOf(t));
    for (std::size_t l = 0; l < m_timeline.links.size() && l < m_result->links.size(); ++l) {
        Json percent = Json::array();
        for (const double v : m_timeline.links[l])
            percent.push_back(jsonNumberOf(100.0 * v));
        Json link = Json::object();
        link["name"] = m_result->links[l].name;
        link["percent"] = std::move(percent);
        links.push_back(std::move(link));
    }
    Json o = Json::object();
    o["bin_seconds"] = jsonNumberOf(m_timeline.binSeconds);
    o["time_s"] = std::move(times);
    o["links"] = std::move(links);
    return QByteArray::fromStdString(jsonText(o) + '\n');
}

void LinkPlot::showContextMenu(QCustomPlot *plot, const QPoint &pos)
{
    QMenu menu(this);
    addExportActions(&menu, this, panelExport());
    menu.exec(plot->mapToGlobal(pos));
}

} // namespace bplab::clusterview
