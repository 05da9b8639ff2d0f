#include "convfilterpanel.h"

#include "convtiles.h"
#include "layerchooser.h"

#include <uiformat.h>

#include <QPainter>

#include <algorithm>

namespace bplab {

ConvFilterPanel::ConvFilterPanel(QWidget *parent) : QWidget(parent)
{
    setToolTip(tr("The convolution kernels (W) and their gradients of the last batch (dL/dW): a "
                  "column per output channel, a row per input channel (the other way round where that "
                  "gives larger pictures); blue negative, white 0, red positive, each grid scaled to its "
                  "largest |value|. One layer at a time: the arrows in the corner show the others."));
    m_chooser = new LayerChooser(this);
    m_chooser->setObjectName(QStringLiteral("convFilterLayer"));
    connect(m_chooser, &LayerChooser::changed, this, [this] { update(); });
}

int ConvFilterPanel::shownLayer() const
{
    return m_chooser->current();
}

void ConvFilterPanel::showLayer(int i)
{
    m_chooser->setCurrent(i);
}

void ConvFilterPanel::setFilters(std::vector<ConvFilterBank> banks)
{
    m_banks = std::move(banks);
    m_chooser->setCount(int(m_banks.size()));
    update();
    notifyPanelChanged(this);
}

QString ConvFilterPanel::bankTitle(int i) const
{
    const ConvFilterBank &b = m_banks[std::size_t(i)];
    return tr("%1 (layer %2): %3 kernels of %4 x %5 x %5")
            .arg(QString::fromStdString(b.name))
            .arg(b.layer)
            .arg(b.outChannels)
            .arg(b.inChannels)
            .arg(b.kernel);
}

QString ConvFilterPanel::weightsCaption(int i) const
{
    const ConvFilterBank &b = m_banks[std::size_t(i)];
    if (b.weights.empty())
        return {};
    const auto [lo, hi] = std::minmax_element(b.weights.begin(), b.weights.end());
    return tr("W from %1 to %2").arg(convNumber(*lo), convNumber(*hi));
}

QString ConvFilterPanel::gradientsCaption(int i) const
{
    const ConvFilterBank &b = m_banks[std::size_t(i)];
    if (b.gradients.empty())
        return tr("dL/dW: no batch yet");
    const auto [lo, hi] = std::minmax_element(b.gradients.begin(), b.gradients.end());
    return tr("dL/dW from %1 to %2").arg(convNumber(*lo), convNumber(*hi));
}

QString ConvFilterPanel::accessibleSummary() const
{
    if (m_banks.empty())
        return tr("No convolution layer.");
    QStringList parts;
    for (int i = 0; i < int(m_banks.size()); ++i)
        parts << tr("%1; %2; %3.").arg(bankTitle(i), weightsCaption(i), gradientsCaption(i));
    return parts.join(QLatin1Char(' '));
}

QSize ConvFilterPanel::sizeHint() const
{
    const QFontMetrics fm(readableFont(font()));
    return {fm.averageCharWidth() * 70, fm.height() * 5 * std::max<int>(1, int(m_banks.size()))};
}

QSize ConvFilterPanel::minimumSizeHint() const
{
    const QFontMetrics fm(readableFont(font()));
    return {fm.averageCharWidth() * 24, fm.height() * 3};
}

void ConvFilterPanel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paint(p, size(), false);
}

void ConvFilterPanel::paint(QPainter &p, const QSize &size, bool all) const
{
    const QPalette &pal = palette();
    p.fillRect(QRect(QPoint(0, 0), size), pal.color(QPalette::Window));
    p.setFont(readableFont(font()));
    const QFontMetrics fm = p.fontMetrics();
    p.setPen(pal.color(QPalette::WindowText));
    if (m_banks.empty()) {
        p.drawText(QRect(4, 0, size.width() - 8, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(tr("Convolution kernels: no convolution layer"), Qt::ElideRight, size.width() - 8));
        return;
    }
    // Each layer a band: as tall as its grid at the width's kernel size, or a share of the
    // height by that where the height is short.
    const int line = fm.height();
    // On screen the chosen layer alone, its kernels as large as the panel allows; a file has them all.
    const int first = all ? 0 : std::clamp(m_chooser->current(), 0, int(m_banks.size()) - 1);
    const int last = all ? int(m_banks.size()) : first + 1;
    std::vector<double> wanted;
    double total = 0;
    for (int i = first; i < last; ++i) {
        const ConvFilterBank &b = m_banks[std::size_t(i)];
        const double cell = (size.width() / 2.0 - 16) / std::max(1, b.outChannels);
        wanted.push_back(line * 2 + 6 + b.inChannels * cell);
        total += wanted.back();
    }
    const double scale = size.height() / std::max(1.0, total); // the whole height, shared so
    double top = 0;
    for (int i = first; i < last; ++i) {
        const double h = wanted[std::size_t(i - first)] * scale;
        paintBank(p, m_banks[std::size_t(i)], i, QRect(0, int(top), size.width(), int(h) - 4), all ? 0 : m_chooser->reservedWidth());
        top += h;
    }
}

void ConvFilterPanel::paintBank(QPainter &p, const ConvFilterBank &b, int index, const QRect &band, int corner) const
{
    const QPalette &pal = palette();
    const QFontMetrics fm = p.fontMetrics();
    const int line = fm.height();
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRect(4, band.top(), band.width() - 8 - corner, line), Qt::AlignLeft | Qt::AlignVCenter,
               fittingText(fm, band.width() - 8 - corner,
                           {bankTitle(index), tr("%1 (layer %2)").arg(QString::fromStdString(b.name)).arg(b.layer),
                            QString::fromStdString(b.name)}));
    if (b.outChannels <= 0 || b.inChannels <= 0 || b.kernel <= 0 || b.weights.size() < b.offset(b.outChannels, 0))
        return;
    // Two grids side by side, W and dL/dW, each with its caption; the gradients' grid only once
    // a batch has trained.
    const bool gradients = b.gradients.size() == b.weights.size();
    const int halves = gradients ? 2 : 1;
    const int gap = 12;
    const int halfWidth = (band.width() - 8 - gap * (halves - 1)) / halves;
    const QRectF area(4, band.top() + line * 2 + 4, halfWidth, band.bottom() - band.top() - line * 2 - 4);
    if (area.height() < 2)
        return;
    for (int h = 0; h < halves; ++h) {
        const std::vector<float> &v = h == 0 ? b.weights : b.gradients;
        const float range = largestMagnitude(v.data(), v.size());
        QRectF grid = area.translated(h * (halfWidth + gap), 0);
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRectF(grid.left(), band.top() + line, grid.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                   fittingText(fm, int(grid.width()),
                               {h == 0 ? weightsCaption(index) : gradientsCaption(index),
                                (h == 0 ? QStringLiteral("W ±%1") : QStringLiteral("dL/dW ±%1")).arg(convNumber(range))}));
        // A column per output channel, a row per input channel; one input channel's kernels (the
        // first layer's) wrap into rows where the height allows larger pictures.
        const double cellGap = b.outChannels * b.inChannels > 64 ? 2 : 4;
        if (b.inChannels == 1) {
            const TileGrid tiles = fitTiles(b.outChannels, b.kernel, b.kernel, grid.size(), cellGap);
            for (int o = 0; o < b.outChannels; ++o)
                drawTile(p, tiles.cell(grid, o, cellGap), signedTile(v.data() + b.offset(o, 0), b.kernel, b.kernel, range), pal);
            continue;
        }
        // A column per output channel; where a row per output channel gives larger pictures (many
        // outputs in a narrow grid), that way round.
        const auto sideOf = [&grid, cellGap](int columns, int rows) {
            return std::min((grid.width() - cellGap * (columns - 1)) / columns, (grid.height() - cellGap * (rows - 1)) / rows);
        };
        const bool transposed = sideOf(b.inChannels, b.outChannels) > sideOf(b.outChannels, b.inChannels);
        const double side = transposed ? sideOf(b.inChannels, b.outChannels) : sideOf(b.outChannels, b.inChannels);
        const double cell = std::max(1.0, std::floor(side));
        for (int o = 0; o < b.outChannels; ++o)
            for (int i = 0; i < b.inChannels; ++i) {
                const int column = transposed ? i : o, row = transposed ? o : i;
                const QRectF r(grid.left() + column * (cell + cellGap), grid.top() + row * (cell + cellGap), cell, cell);
                if (r.bottom() > grid.bottom() + 1 || r.right() > grid.right() + 1)
                    continue;
                drawTile(p, r, signedTile(v.data() + b.offset(o, i), b.kernel, b.kernel, range), pal);
            }
    }
}

PanelExport ConvFilterPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("filters");
    e.title = tr("the convolution kernels");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    e.renderSize = [this] { return size().expandedTo(sizeHint()); };
    e.render = paintingWith([this](QPainter &p, const QSize &s) { paint(p, s, true); });
    e.data = [this](ExportFormat) { return csv(); };
    return e;
}

QByteArray ConvFilterPanel::csv() const
{
    if (m_banks.empty())
        return {};
    QByteArray out = "layer,out_channel,in_channel,row,column,w,dw\n";
    for (const ConvFilterBank &b : m_banks)
        for (int o = 0; o < b.outChannels; ++o)
            for (int i = 0; i < b.inChannels; ++i)
                for (int k = 0; k < b.kernel * b.kernel; ++k) {
                    const std::size_t at = b.offset(o, i) + std::size_t(k);
                    out += QByteArray::number(b.layer) + ',' + QByteArray::number(o + 1) + ','
                           + QByteArray::number(i + 1) + ',' + QByteArray::number(k / b.kernel + 1) + ','
                           + QByteArray::number(k % b.kernel + 1) + ','
                           + QByteArray::number(double(b.weights[at]), 'g', 9) + ','
                           + (at < b.gradients.size() ? QByteArray::number(double(b.gradients[at]), 'g', 9)
                                                      : QByteArray())
                           + '\n';
                }
    return out;
}

int ConvFilterPanel::accessibleRows() const
{
    int rows = 0;
    for (const ConvFilterBank &b : m_banks)
        rows += b.outChannels * b.inChannels;
    return rows;
}

ConvFilterPanel::KernelRef ConvFilterPanel::kernelOfRow(int row) const
{
    for (int i = 0; i < int(m_banks.size()) && row >= 0; ++i) {
        const ConvFilterBank &b = m_banks[std::size_t(i)];
        const int n = b.outChannels * b.inChannels;
        if (row < n)
            return {i, row / b.inChannels, row % b.inChannels};
        row -= n;
    }
    return {};
}

QString ConvFilterPanel::accessibleCell(int row, int column) const
{
    const KernelRef k = kernelOfRow(row);
    if (k.bank < 0)
        return {};
    const ConvFilterBank &b = m_banks[std::size_t(k.bank)];
    const auto values = [&b, &k](const std::vector<float> &v) {
        if (v.size() < b.offset(k.out, k.in) + std::size_t(b.kernel * b.kernel))
            return QString();
        QStringList rows;
        for (int r = 0; r < b.kernel; ++r) {
            QStringList cells;
            for (int c = 0; c < b.kernel; ++c)
                cells << convNumber(double(v[b.offset(k.out, k.in) + std::size_t(r * b.kernel + c)]));
            rows << cells.join(QLatin1Char(' '));
        }
        return rows.join(QStringLiteral("; "));
    };
    switch (column) {
    case 0: return QString::fromStdString(b.name);
    case 1: return QString::number(k.out + 1);
    case 2: return QString::number(k.in + 1);
    case 3: return values(b.weights);
    default: return values(b.gradients);
    }
}

QString ConvFilterPanel::accessibleColumnHeader(int column) const
{
    switch (column) {
    case 0: return tr("layer");
    case 1: return tr("output channel");
    case 2: return tr("input channel");
    case 3: return tr("kernel w, row by row");
    default: return tr("gradient dL/dw, row by row");
    }
}

} // namespace bplab
