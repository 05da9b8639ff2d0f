// The loss plot's exports through the one panel export (panelexport.h): PNG and PDF of the
// plot, the history as CSV, and its context menu.

#include "lossplot.h"

#include "panelexport.h"

#include <QMenu>
#include <qcustomplot.h>

namespace bplab {

PanelExport LossPlot::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("loss");
    e.title = tr("the loss plot");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    e.picture = [this](const QString &file, ExportFormat format) {
        const QSize size = exportSize();
        // PNG at twice the on-screen resolution: sharp on slides and in documents.
        return format == ExportFormat::Png ? m_plot->savePng(file, size.width(), size.height(), 2.0)
                                           : m_plot->savePdf(file, size.width(), size.height());
    };
    e.data = [this](ExportFormat) { return csvText().toUtf8(); };
    // SVG through QCustomPlot's painter, vectorised: lines and text stay lines and text.
    e.render = [this](QPaintDevice *device, const QSize &size) {
        QCPPainter painter(device);
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        m_plot->toPainter(&painter, size.width(), size.height());
        return true;
    };
    e.renderSize = [this] { return exportSize(); };
    return e;
}

void LossPlot::showContextMenu(const QPoint &pos)
{
    QMenu menu(this);
    addExportActions(&menu, this, panelExport());
    menu.addSeparator();
    QAction *reset
            = menu.addAction(tr("Follow the data (reset zoom)"), this, [this] { resetView(); });
    reset->setEnabled(m_userZoomed);
    menu.exec(m_plot->mapToGlobal(pos));
}

// The size on screen; a plot never shown (an export from a script) gets a slide-sized page.
QSize LossPlot::exportSize() const
{
    if (m_plot->isVisible() && m_plot->width() >= 200 && m_plot->height() >= 150)
        return m_plot->size();
    return {1200, 700};
}

bool LossPlot::exportTo(const QString &fileName)
{
    const bool ok = writePanel(panelExport(), fileName).isEmpty();
    emit exported(fileName, ok);
    return ok;
}

QString LossPlot::csvText() const
{
    return QString::fromStdString(history().csv());
}

} // namespace bplab
