// The confusion matrix's exports through the one panel export (panelexport.h): the picture in
// every format, the counts as CSV and as JSON in the shape of `backprop-lab-cli eval --json`.

#include "confusionmatrixpanel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>

namespace bplab {

PanelExport ConfusionMatrixPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("confusion");
    e.title = tr("the confusion matrix");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Json};
    e.render = paintingWith([this](QPainter &p, const QSize &size) { paintPanel(p, size); });
    // The size on screen; a panel never shown (a script's export) gets a slide-sized page.
    e.renderSize = [this] { return isVisible() && width() >= 300 && height() >= 250 ? size() : QSize(1000, 760); };
    e.data = [this](ExportFormat f) { return !hasCounts() ? QByteArray() : f == ExportFormat::Json ? json() : csv(); };
    return e;
}

QByteArray ConfusionMatrixPanel::csv() const
{
    QByteArray out = "true_class,predicted_class,count\n";
    for (int t = 0; t < 10; ++t)
        for (int j = 0; j < 10; ++j)
            out += QByteArray::number(t) + ',' + QByteArray::number(j) + ',' +
                   QByteArray::number(m_counts[std::size_t(t)][std::size_t(j)]) + '\n';
    return out;
}

QByteArray ConfusionMatrixPanel::json() const
{
    QJsonArray rows, names;
    for (int t = 0; t < 10; ++t) {
        QJsonArray row;
        for (int j = 0; j < 10; ++j)
            row.append(m_counts[std::size_t(t)][std::size_t(j)]);
        rows.append(row);
        names.append(className(t));
    }
    QJsonObject o;
    o.insert(QStringLiteral("weights"), m_caption);
    o.insert(QStringLiteral("count"), m_total);
    o.insert(QStringLiteral("correct"), m_correct);
    o.insert(QStringLiteral("class_names"), names);
    o.insert(QStringLiteral("confusion"), rows);
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace bplab
