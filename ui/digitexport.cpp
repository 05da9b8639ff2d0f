// The digit panel's exports through the one panel export (panelexport.h): the picture in every
// format (the panel's own painting, text kept as text in SVG and PDF) and the 28x28 pixel values
// with the label and the prediction as CSV (one row per image row) or JSON.

#include "digitpanel.h"

#include "panelexport.h"

#include <QContextMenuEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>

namespace bplab {

PanelExport DigitPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("digit");
    e.title = tr("the digit");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Json};
    drawWidgetAsShown(e, this);
    e.data = [this](ExportFormat f) { return f == ExportFormat::Json ? json() : csv(); };
    return e;
}

QByteArray DigitPanel::csv() const
{
    if (m_image.isNull())
        return {};
    QByteArray out;
    for (int y = 0; y < m_image.height(); ++y) {
        const uchar *row = m_image.constScanLine(y);
        for (int x = 0; x < m_image.width(); ++x)
            out += (x ? "," : "") + QByteArray::number(row[x]);
        out += '\n';
    }
    return out;
}

QByteArray DigitPanel::json() const
{
    if (m_image.isNull())
        return {};
    QJsonArray pixels;
    for (int y = 0; y < m_image.height(); ++y) {
        const uchar *row = m_image.constScanLine(y);
        for (int x = 0; x < m_image.width(); ++x)
            pixels.append(int(row[x]));
    }
    const QJsonObject o{{QStringLiteral("label"), m_label},          {QStringLiteral("predicted"), m_predicted},
                        {QStringLiteral("width"), m_image.width()},  {QStringLiteral("height"), m_image.height()},
                        {QStringLiteral("pixels"), pixels}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

void DigitPanel::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    addExportActions(&menu, this, panelExport());
    menu.exec(event->globalPos());
}

} // namespace bplab
