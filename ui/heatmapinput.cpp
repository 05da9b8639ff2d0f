// The heatmap panel's interaction: what lies under the mouse (hover read-out), clicks that
// select a hidden neuron, and the exports.

#include "heatmapmosaic.h"
#include "heatmappanel.h"
#include "uiformat.h"

#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace bplab {

HeatmapPanel::Target HeatmapPanel::targetAt(const QPoint &plotPos) const
{
    Target t;
    if (m_hiddenMap->keyAxis()->axisRect()->rect().contains(plotPos)) {
        const int x = int(std::lround(m_hiddenMap->keyAxis()->pixelToCoord(plotPos.x())));
        const int y = int(std::lround(m_hiddenMap->valueAxis()->pixelToCoord(plotPos.y())));
        const mosaic::Cell cell = mosaic::cellAt(x, y);
        if (cell.valid())
            t = {Target::Hidden, cell.neuron, cell.row, cell.col};
    } else if (m_outputMap->keyAxis()->axisRect()->rect().contains(plotPos)) {
        const int j = int(std::lround(m_outputMap->keyAxis()->pixelToCoord(plotPos.x())));
        const int k = int(std::lround(m_outputMap->valueAxis()->pixelToCoord(plotPos.y())));
        if (j >= 0 && j < kHidden && k >= 0 && k < kOutputs)
            t = {Target::Output, k, -1, j};
    }
    return t;
}

double HeatmapPanel::valueOf(const Target &t) const
{
    const ParamsF *p = shown();
    if (!p || t.kind == Target::None)
        return std::numeric_limits<double>::quiet_NaN();
    if (t.kind == Target::Hidden)
        return p->W1(t.neuron, t.row * mosaic::kTileSide + t.col);
    return p->W2(t.neuron, t.col);
}

double HeatmapPanel::valueAt(const QPoint &widgetPos) const
{
    return valueOf(targetAt(m_plot->mapFrom(this, widgetPos)));
}

QString HeatmapPanel::hoverTextAt(const QPoint &widgetPos) const
{
    const Target t = targetAt(m_plot->mapFrom(this, widgetPos));
    const ParamsF *p = shown();
    if (t.kind == Target::None || !p)
        return {};
    const QString symbol = m_quantity == Quantity::Gradients ? QStringLiteral("dL/dW")
                           : m_quantity == Quantity::Weights ? QStringLiteral("W")
                                                             : QStringLiteral("ΔW");
    if (t.kind == Target::Hidden)
        return tr("hidden neuron %1, pixel (%2, %3): %4%5 = %6")
                .arg(t.neuron + 1)
                .arg(t.row)
                .arg(t.col)
                .arg(symbol)
                .arg(1)
                .arg(formatExact(p->W1(t.neuron, t.row * mosaic::kTileSide + t.col)));
    return tr("output neuron %1 ← hidden neuron %2: %3%4 = %5")
            .arg(t.neuron + 1)
            .arg(t.col + 1)
            .arg(symbol)
            .arg(2)
            .arg(formatExact(p->W2(t.neuron, t.col)));
}

QString HeatmapPanel::hoverText() const
{
    return m_hover->text().trimmed();
}
namespace {
/** A matrix's least and largest value and its three non-zero entries of largest magnitude ("name = value"). */
template <class Matrix, class Name>
QStringList describeMatrix(const Matrix &m, Name entryName)
{
    struct Entry
    {
        int row, col;
        float value;
    };
    std::array<Entry, 3> top{{{-1, -1, 0.f}, {-1, -1, 0.f}, {-1, -1, 0.f}}};
    for (int r = 0; r < int(m.rows()); ++r)
        for (int c = 0; c < int(m.cols()); ++c) {
            const float v = m(r, c);
            if (v == 0.f || (top[2].row >= 0 && std::abs(v) <= std::abs(top[2].value)))
                continue;
            top[2] = {r, c, v};
            std::sort(top.begin(), top.end(), [](const Entry &a, const Entry &b) {
                return a.row >= 0 && (b.row < 0 || std::abs(a.value) > std::abs(b.value));
            });
        }
    QStringList largest;
    for (const Entry &e : top)
        if (e.row >= 0)
            largest << QStringLiteral("%1 = %2").arg(entryName(e.row, e.col), formatSig4(e.value));
    return {formatSig4(m.minCoeff()), formatSig4(m.maxCoeff()), largest.join(QStringLiteral(", "))};
}
} // namespace

QString HeatmapPanel::accessibleSummary() const
{
    const ParamsF *p = shown();
    if (!p)
        return tr("%1: no values yet.").arg(m_quantityBox->currentText());
    const QStringList w1 = describeMatrix(p->W1, [](int j, int pixel) {
        return tr("neuron %1 pixel (%2, %3)").arg(j + 1).arg(pixel / 28).arg(pixel % 28);
    });
    const QStringList w2 = describeMatrix(p->W2, [](int k, int j) {
        return tr("output %1 from neuron %2").arg(k + 1).arg(j + 1);
    });
    if (w1[2].isEmpty() && w2[2].isEmpty()) // gradients before the first batch
        return tr("%1: every value is 0.").arg(m_quantityBox->currentText());
    QString text = tr("%1. W1 from %2 to %3, largest: %4. W2 from %5 to %6, largest: %7.")
                           .arg(m_quantityBox->currentText(), w1[0], w1[1], w1[2], w2[0], w2[1], w2[2]);
    if (m_selected >= 0)
        text += QLatin1Char(' ') + tr("Hidden neuron %1 is selected.").arg(m_selected + 1);
    return text;
}

QString HeatmapPanel::hiddenTitle() const
{
    return m_hiddenTitle->text();
}
QString HeatmapPanel::outputTitle() const
{
    return m_outputTitle->text();
}
double HeatmapPanel::hiddenRange() const
{
    return m_hiddenMap->dataRange().upper;
}
double HeatmapPanel::outputRange() const
{
    return m_outputMap->dataRange().upper;
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
    const int j = t.kind == Target::Hidden ? t.neuron : t.kind == Target::Output ? t.col : -1;
    if (j < 0)
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
    // One value per cell of both maps, at full precision: W1 (128 x 784) then W2 (10 x 128).
    e.data = [this](ExportFormat) {
        const ParamsF *p = shown();
        if (!p)
            return QByteArray();
        const char *names[] = {"gradient", "weight", "adjustment"};
        const QByteArray quantity = names[int(m_quantity)];
        QByteArray out = "quantity,array,row,col,value\n";
        out.reserve(4 * 1024 * 1024);
        for (Eigen::Index r = 0; r < p->W1.rows(); ++r)
            for (Eigen::Index c = 0; c < p->W1.cols(); ++c)
                out += quantity + ",W1," + QByteArray::number(r) + ',' + QByteArray::number(c) + ',' +
                       QByteArray::number(double(p->W1(r, c)), 'g', 9) + '\n';
        for (Eigen::Index r = 0; r < p->W2.rows(); ++r)
            for (Eigen::Index c = 0; c < p->W2.cols(); ++c)
                out += quantity + ",W2," + QByteArray::number(r) + ',' + QByteArray::number(c) + ',' +
                       QByteArray::number(double(p->W2(r, c)), 'g', 9) + '\n';
        return out;
    };
    e.picture = [this](const QString &file, ExportFormat format) {
        if (m_dirty)
            refresh();
        const QSize size = exportSize();
        return format == ExportFormat::Png ? m_plot->savePng(file, size.width(), size.height(), 2.0)
                                           : m_plot->savePdf(file, size.width(), size.height());
    };
    // SVG through QCustomPlot's painter, vectorised: lines and text stay lines and text.
    e.render = [this](QPaintDevice *device, const QSize &size) {
        if (m_dirty)
            refresh();
        QCPPainter painter(device);
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        m_plot->toPainter(&painter, size.width(), size.height());
        return true;
    };
    e.renderSize = [this] { return exportSize(); };
    return e;
}

bool HeatmapPanel::exportTo(const QString &fileName)
{
    const bool ok = writePanel(panelExport(), fileName).isEmpty();
    emit exported(fileName, ok);
    return ok;
}

} // namespace bplab
