// The link-utilisation graph's exports through the one panel export (panelexport.h): both plots
// as one picture (text kept as text in SVG and PDF), and the utilisation of every link over time
// as CSV or JSON, one value per bin of the plotted timeline.

#include "linkplot.h"

#include "panelexport.h"
#include "tracejson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <qcustomplot.h>

namespace bplab::clusterview {

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
    QJsonArray times, links;
    for (double t : m_timeline.times)
        times.append(t);
    for (std::size_t l = 0; l < m_timeline.links.size() && l < m_result->links.size(); ++l) {
        QJsonArray percent;
        for (double v : m_timeline.links[l])
            percent.append(100.0 * v);
        links.append(QJsonObject{{QStringLiteral("name"), QString::fromStdString(m_result->links[l].name)},
                                 {QStringLiteral("percent"), percent}});
    }
    const QJsonObject o{{QStringLiteral("bin_seconds"), m_timeline.binSeconds},
                        {QStringLiteral("time_s"), times},
                        {QStringLiteral("links"), links}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

void LinkPlot::showContextMenu(QCustomPlot *plot, const QPoint &pos)
{
    QMenu menu(this);
    addExportActions(&menu, this, panelExport());
    menu.exec(plot->mapToGlobal(pos));
}

} // namespace bplab::clusterview
