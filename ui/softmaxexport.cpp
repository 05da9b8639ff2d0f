// The SoftMax panel's exports through the one panel export (panelexport.h): the picture in every
// format (the panel's own painting, text kept as text in SVG) and the table as CSV or JSON.

#include "softmaxpanel.h"

#include "panelexport.h"
#include "tracejson.h"

#include <QContextMenuEvent>
#include <QMenu>

namespace bplab {

namespace {

std::string array(const QVector<double> &v)
{
    std::string out = "[";
    for (qsizetype i = 0; i < v.size(); ++i)
        out += (i ? "," : "") + jsonFloat(float(v[i]));
    return out + "]";
}

} // namespace

PanelExport SoftmaxPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("softmax");
    e.title = tr("the SoftMax table");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Json};
    drawWidgetAsShown(e, this);
    e.data = [this](ExportFormat f) { return !hasTrace() ? QByteArray() : f == ExportFormat::Json ? json() : csv(); };
    return e;
}

QByteArray SoftmaxPanel::csv() const
{
    QByteArray out = "neuron,class,logit,exp,probability,target,predicted\n";
    for (int k = 0; k < m_logits.size(); ++k)
        out += QByteArray::number(k + 1) + ',' + QByteArray::number(k) + ',' + jsonFloat(float(m_logits[k])).c_str() + ',' +
               jsonFloat(float(m_exp[k])).c_str() + ',' + jsonFloat(float(m_probabilities[k])).c_str() + ',' +
               (k == m_label ? "1" : "0") + ',' + (k == m_predicted ? "1" : "0") + '\n';
    return out;
}

QByteArray SoftmaxPanel::json() const
{
    std::string s = "{\"label\":" + std::to_string(m_label) + ",\"predicted\":" + std::to_string(m_predicted) +
                    ",\"logits\":" + array(m_logits) + ",\"exp\":" + array(m_exp) +
                    ",\"exp_sum\":" + (m_expFinite ? jsonDouble(m_expSum) : std::string("null")) +
                    ",\"probabilities\":" + array(m_probabilities) + "}\n";
    return QByteArray::fromStdString(s);
}

void SoftmaxPanel::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    addExportActions(&menu, this, panelExport());
    menu.exec(event->globalPos());
}

} // namespace bplab
