#include "topologywidget.h"

#include "clustersettings.h"
#include "uiformat.h"

#include <QPainter>
#include <QPainterPath>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <map>

namespace bplab::clusterview {

using namespace bplab::cluster;

namespace {
constexpr int kTickMs = 30;

// Okabe-Ito hues for the chunks (index mod 7).
QColor chunkColor(int chunk)
{
    static const QRgb hues[] = {0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442,
                                0x0072B2, 0xD55E00, 0xCC79A7};
    return QColor(hues[std::size_t(chunk) % std::size(hues)]);
}

// Idle links in the text colour at low contrast, busy ones towards vermillion.
QColor useColor(double u, const QColor &idle)
{
    u = std::clamp(u, 0.0, 1.0);
    const QColor busy(colors::kVermillion);
    if (u <= 0)
        return idle;
    return QColor::fromRgbF(float(idle.redF() + (busy.redF() - idle.redF()) * (0.35 + 0.65 * u)),
                            float(idle.greenF() + (busy.greenF() - idle.greenF()) * (0.35 + 0.65 * u)),
                            float(idle.blueF() + (busy.blueF() - idle.blueF()) * (0.35 + 0.65 * u)));
}

QString phaseName(Phase p)
{
    return QString::fromStdString(toString(p));
}

// The point at fraction t of a polyline's length.
QPointF along(const QList<QPointF> &pts, double t)
{
    if (pts.size() < 2)
        return pts.isEmpty() ? QPointF() : pts.front();
    double total = 0;
    for (int i = 1; i < pts.size(); ++i)
        total += QLineF(pts[i - 1], pts[i]).length();
    double left = std::clamp(t, 0.0, 1.0) * total;
    for (int i = 1; i < pts.size(); ++i) {
        const double len = QLineF(pts[i - 1], pts[i]).length();
        if (left <= len && len > 0)
            return pts[i - 1] + (pts[i] - pts[i - 1]) * (left / len);
        left -= len;
    }
    return pts.back();
}
} // namespace

struct TopologyWidget::Geometry
{
    int servers = 0, gpus = 0;
    double top = 0;
    std::vector<QRectF> serverBox, dram;
    std::vector<QRectF> gpu;  ///< per rank
    std::vector<double> nvY;  ///< per server: NVSwitch bar's y
    std::vector<QRectF> nvSwitch;
    QRectF netSwitch;
    QRectF legend;
};

TopologyWidget::TopologyWidget(QWidget *parent)
    : QWidget(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(kTickMs);
    connect(m_timer, &QTimer::timeout, this, &TopologyWidget::tick);
    setMinimumSize(minimumSizeHint());
}

void TopologyWidget::setResult(std::shared_ptr<const SimResult> result)
{
    m_result = std::move(result);
    m_steps.clear();
    if (m_result) {
        // Group by (bucket, step): a bucket's steps run in order; buckets follow one another.
        std::map<std::pair<int, int>, std::vector<TimedTransfer>> groups;
        for (const TimedTransfer &t : m_result->recorded)
            groups[{t.bucket, t.transfer.step}].push_back(t);
        for (auto &g : groups)
            m_steps.push_back(std::move(g.second));
    }
    m_step = 0;
    m_progress = 0;
    computeUtilisation();
    update();
    emit stepChanged(m_step);
}

bool TopologyWidget::playing() const
{
    return m_timer->isActive();
}

const std::vector<TimedTransfer> &TopologyWidget::currentTransfers() const
{
    static const std::vector<TimedTransfer> none;
    return m_steps.empty() ? none : m_steps[std::size_t(m_step)];
}

double TopologyWidget::linkUtilisation(int link) const
{
    return link >= 0 && std::size_t(link) < m_linkUse.size() ? m_linkUse[std::size_t(link)] : 0.0;
}

void TopologyWidget::computeUtilisation()
{
    m_linkUse.assign(m_result ? m_result->links.size() : 0, 0.0);
    const auto &ts = currentTransfers();
    if (ts.empty() || !m_result)
        return;
    double start = ts.front().depart, end = ts.front().arrival;
    for (const TimedTransfer &t : ts) {
        start = std::min(start, t.depart);
        end = std::max(end, t.arrival);
    }
    const double span = end - start;
    // busy = bytes / bandwidth on every link of the path, over the step's span
    for (const TimedTransfer &t : ts)
        for (int l : t.path) {
            const double bw = m_result->links[std::size_t(l)].bytesPerS;
            if (bw > 0 && span > 0)
                m_linkUse[std::size_t(l)] += t.bytes / bw / span;
        }
    for (double &u : m_linkUse)
        u = std::min(u, 1.0);
}

void TopologyWidget::play()
{
    if (m_steps.empty())
        return;
    if (!m_timer->isActive()) {
        m_timer->start();
        emit playingChanged(true);
    }
}

void TopologyWidget::pause()
{
    if (m_timer->isActive()) {
        m_timer->stop();
        emit playingChanged(false);
    }
}

void TopologyWidget::stepForward()
{
    pause();
    if (m_steps.empty())
        return;
    m_step = (m_step + 1) % int(m_steps.size());
    m_progress = 0;
    computeUtilisation();
    update();
    emit stepChanged(m_step);
}

void TopologyWidget::setSpeed(double factor)
{
    m_speed = std::clamp(factor, 0.05, 20.0);
}

void TopologyWidget::tick()
{
    if (m_steps.empty()) {
        pause();
        return;
    }
    m_progress += m_speed * kTickMs / 1000.0;
    if (m_progress >= 1.0) {
        m_step = (m_step + 1) % int(m_steps.size());
        m_progress = 0;
        computeUtilisation();
        emit stepChanged(m_step);
    }
    update();
}

QString TopologyWidget::accessibleSummary() const
{
    if (!m_result)
        return tr("No cluster simulated yet.");
    const cluster::ClusterConfig &c = m_result->config.cluster;
    return tr("%1 servers of %2 GPUs, %3 links. %4")
            .arg(c.servers)
            .arg(c.gpusPerServer)
            .arg(m_result->links.size())
            .arg(stepText());
}

QString TopologyWidget::stepText() const
{
    if (!m_result)
        return {};
    if (m_steps.empty())
        return tr("One GPU: no all-reduce to play.");
    const auto &ts = currentTransfers();
    double start = ts.front().depart, end = ts.front().arrival, bytes = 0;
    for (const TimedTransfer &t : ts) {
        start = std::min(start, t.depart);
        end = std::max(end, t.arrival);
        bytes += t.bytes;
    }
    return tr("Step %1 of %2 (bucket %3, %4): %5 chunks of %6 in flight for %7")
            .arg(m_step + 1)
            .arg(m_steps.size())
            .arg(ts.front().bucket)
            .arg(phaseName(ts.front().transfer.phase))
            .arg(ts.size())
            .arg(formatBytes(ts.front().bytes), formatSeconds(end - start));
}

TopologyWidget::Geometry TopologyWidget::layout() const
{
    Geometry g;
    if (!m_result)
        return g;
    const ClusterConfig &c = m_result->config.cluster;
    g.servers = std::max(1, c.servers);
    g.gpus = std::max(1, c.gpusPerServer);
    const QFontMetricsF fm(readableFont(font()));
    const double line = fm.height();
    const double margin = 10;
    g.top = 2 * line + 8;
    const double legendH = 2 * line + 6;
    const double bottom = height() - legendH - margin;
    const bool net = g.servers > 1;
    const double switchH = net ? 1.6 * line : 0;
    const double boxBottom = net ? bottom - switchH - std::max(30.0, 2.0 * line) : bottom;
    const double boxW = (width() - margin * (g.servers + 1)) / g.servers;
    const double boxH = boxBottom - g.top;
    for (int s = 0; s < g.servers; ++s) {
        const QRectF box(margin + s * (boxW + margin), g.top, boxW, boxH);
        g.serverBox.push_back(box);
        const QRectF dram(box.left() + 10, box.top() + line + 8, box.width() - 20, 1.5 * line);
        g.dram.push_back(dram);
        const double nvH = 1.3 * line;
        const QRectF nv(box.left() + 10, box.bottom() - nvH - 8, box.width() - 20, nvH);
        g.nvSwitch.push_back(nv);
        g.nvY.push_back(nv.top());
        const double gap = 8;
        const double gw = std::min(80.0, (box.width() - 20 - gap * (g.gpus - 1)) / g.gpus);
        const double rowW = gw * g.gpus + gap * (g.gpus - 1);
        const double gTop = dram.bottom() + 0.3 * (nv.top() - dram.bottom());
        const double gh = std::min(3.0 * line, 0.5 * (nv.top() - dram.bottom()));
        for (int k = 0; k < g.gpus; ++k)
            g.gpu.emplace_back(box.center().x() - rowW / 2 + k * (gw + gap), gTop, gw, gh);
    }
    if (net)
        g.netSwitch = QRectF(width() / 2.0 - 110, bottom - switchH, 220, switchH);
    g.legend = QRectF(margin, height() - legendH, width() - 2 * margin, legendH);
    return g;
}

void TopologyWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QColor text = pal.color(QPalette::Text);
    // Idle links: the text colour halfway to the background, opaque so busy colours mix cleanly.
    const QColor base = pal.color(QPalette::Base);
    const QColor faint = QColor::fromRgbF((text.redF() + base.redF()) / 2,
                                          (text.greenF() + base.greenF()) / 2,
                                          (text.blueF() + base.blueF()) / 2);
    const QFont f = readableFont(font());
    QFont bold = f;
    bold.setBold(true);
    p.setFont(f);
    if (!m_result) {
        p.setPen(text);
        p.drawText(rect(), Qt::AlignCenter, tr("No simulation yet."));
        return;
    }
    const Geometry g = layout();
    const int ranks = g.servers * g.gpus;
    const Topology topo(m_result->config.cluster);

    auto linkPen = [&](int a, int b) {
        const double u = std::max(linkUtilisation(a), linkUtilisation(b));
        return QPen(useColor(u, faint), u > 0 ? 3 + 4 * u : 2, Qt::SolidLine, Qt::RoundCap);
    };
    auto gpuAnchor = [&](int r, double fx) {
        const QRectF &b = g.gpu[std::size_t(r)];
        return QPointF(b.left() + fx * b.width(), b.bottom());
    };

    // Links first, boxes over them.
    for (int r = 0; r < ranks; ++r) {
        const int s = r / g.gpus;
        const QRectF &gb = g.gpu[std::size_t(r)];
        p.setPen(linkPen(topo.pcieDown(r), topo.pcieUp(r)));
        p.drawLine(QPointF(gb.center().x(), g.dram[std::size_t(s)].bottom()),
                   QPointF(gb.center().x(), gb.top()));
        if (g.gpus > 1) {
            p.setPen(linkPen(topo.nvlinkOut(r), topo.nvlinkIn(r)));
            const QPointF a = gpuAnchor(r, 0.3);
            p.drawLine(a, QPointF(a.x(), g.nvY[std::size_t(s)]));
        }
        if (g.servers > 1) {
            p.setPen(linkPen(topo.nicOut(r), topo.nicIn(r)));
            const QPointF a = gpuAnchor(r, 0.75);
            const QPointF down(a.x(), g.serverBox[std::size_t(s)].bottom() + 6);
            p.drawPolyline(QPolygonF {a, down, g.netSwitch.center() - QPointF(0, g.netSwitch.height() / 2)});
        }
    }

    for (int s = 0; s < g.servers; ++s) {
        p.setPen(QPen(text, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(g.serverBox[std::size_t(s)], 8, 8);
        p.setFont(bold);
        p.drawText(g.serverBox[std::size_t(s)].adjusted(10, 4, -10, 0), Qt::AlignTop | Qt::AlignLeft,
                   tr("Server %1").arg(s));
        p.setFont(f);
        QColor dramFill = colors::orange(palette());
        dramFill.setAlpha(60);
        p.setBrush(dramFill);
        p.drawRect(g.dram[std::size_t(s)]);
        p.drawText(g.dram[std::size_t(s)], Qt::AlignCenter,
                   m_result->config.resident ? tr("DRAM (data resident in VRAM)")
                                             : tr("DRAM: this server's mini-batches"));
        if (g.gpus > 1) {
            QColor nvFill = colors::green(palette());
            nvFill.setAlpha(60);
            p.setBrush(nvFill);
            p.drawRect(g.nvSwitch[std::size_t(s)]);
            p.drawText(g.nvSwitch[std::size_t(s)], Qt::AlignCenter, tr("NVSwitch"));
        }
    }
    if (g.servers > 1) {
        QColor swFill = colors::blue(palette());
        swFill.setAlpha(60);
        p.setBrush(swFill);
        p.setPen(QPen(text, 1.5));
        p.drawRoundedRect(g.netSwitch, 6, 6);
        p.drawText(g.netSwitch, Qt::AlignCenter, tr("Network switch"));
    }
    // GPUs with their rank (= position in the ring).
    for (int r = 0; r < ranks; ++r) {
        const QRectF &gb = g.gpu[std::size_t(r)];
        p.setPen(QPen(text, 1.5));
        p.setBrush(pal.color(QPalette::AlternateBase));
        p.drawRoundedRect(gb, 5, 5);
        p.setFont(bold);
        p.drawText(gb.adjusted(0, 2, 0, 0), Qt::AlignHCenter | Qt::AlignTop, tr("GPU %1").arg(r));
        p.setFont(f);
    }

    // The current step's chunks, each on its path from src to dst.
    auto chunkHome = [&](int r) {
        const QRectF &b = g.gpu[std::size_t(r)];
        return QPointF(b.center().x(), b.bottom() - std::min(b.height() / 3, 14.0));
    };
    const auto &ts = currentTransfers();
    const double side = std::clamp(QFontMetricsF(f).height() * 1.1, 14.0, 24.0);
    for (const TimedTransfer &t : ts) {
        const int src = t.transfer.src, dst = t.transfer.dst;
        if (src < 0 || dst < 0 || src >= ranks || dst >= ranks)
            continue;
        QList<QPointF> pts;
        const bool sameServer = src / g.gpus == dst / g.gpus;
        if (sameServer) {
            const double y = g.nvY[std::size_t(src / g.gpus)];
            pts = {chunkHome(src), QPointF(gpuAnchor(src, 0.3).x(), y),
                   QPointF(gpuAnchor(dst, 0.3).x(), y), chunkHome(dst)};
        } else {
            const QPointF sw = g.netSwitch.center();
            pts = {chunkHome(src),
                   QPointF(gpuAnchor(src, 0.75).x(), g.serverBox[std::size_t(src / g.gpus)].bottom() + 6),
                   sw,
                   QPointF(gpuAnchor(dst, 0.75).x(), g.serverBox[std::size_t(dst / g.gpus)].bottom() + 6),
                   chunkHome(dst)};
        }
        const QPointF at = along(pts, m_progress);
        const QRectF box(at.x() - side / 2, at.y() - side / 2, side, side);
        p.setPen(QPen(text, 1));
        p.setBrush(chunkColor(t.transfer.chunk));
        p.drawRect(box);
        p.setPen(Qt::black);
        p.drawText(box, Qt::AlignCenter, QString::number(t.transfer.chunk));
    }

    // Title line: the step; legend: the ring order and the colours.
    p.setPen(text);
    p.setFont(bold);
    p.drawText(QRectF(10, 2, width() - 20, g.top - 4), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
               stepText());
    p.setFont(f);
    QString order;
    if (m_result->config.algorithm == Algorithm::Ring || g.servers == 1) {
        QStringList ids;
        for (int r = 0; r < ranks; ++r)
            ids << QString::number(r);
        order = tr("Ring order: %1 → %2").arg(ids.join(QStringLiteral(" → ")), ids.front());
    } else {
        order = tr("Hierarchical: a ring inside each server over NVLink, then GPU k of every "
                   "server exchanges its chunk k over the NICs, then a ring all-gather inside.");
    }
    p.drawText(g.legend, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
               order + tr("   Squares: chunks (numbered). Links: grey idle → vermillion at "
                          "line rate in this step."));
}

} // namespace bplab::clusterview
