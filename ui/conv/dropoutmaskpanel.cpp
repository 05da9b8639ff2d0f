#include "dropoutmaskpanel.h"

#include "convtiles.h"

#include <palettecolors.h>
#include <uiformat.h>

#include <QPainter>

#include <algorithm>
#include <numeric>

namespace bplab {

DropoutMaskPanel::DropoutMaskPanel(QWidget *parent) : QWidget(parent)
{
    setToolTip(tr("Dropout: the neurons set to 0 for this sample in its training pass (filled), each "
                  "with probability p; the others were multiplied by 1 / (1 - p). In evaluation every "
                  "neuron takes part."));
}

void DropoutMaskPanel::setMasks(std::vector<DropoutMask> masks)
{
    m_masks = std::move(masks);
    update();
    notifyPanelChanged(this);
}

int DropoutMaskPanel::droppedCount(int i) const
{
    const std::vector<std::uint8_t> &d = m_masks[std::size_t(i)].dropped;
    return int(std::count(d.begin(), d.end(), std::uint8_t(1)));
}

QString DropoutMaskPanel::maskTitle(int i) const
{
    const DropoutMask &m = m_masks[std::size_t(i)];
    const int n = int(m.dropped.size());
    return tr("%1 (layer %2): %3 of %4 neurons off (%5), the others x %6")
            .arg(QString::fromStdString(m.name))
            .arg(m.layer)
            .arg(droppedCount(i))
            .arg(n)
            .arg(formatPercent(n > 0 ? 100.0 * droppedCount(i) / n : 0.0))
            .arg(convNumber(m.rate < 1 ? 1.0 / (1.0 - m.rate) : 0.0));
}

QString DropoutMaskPanel::shortTitle(int i) const
{
    const DropoutMask &m = m_masks[std::size_t(i)];
    const int n = int(m.dropped.size());
    return tr("%1: %2 of %3 off (%4)")
            .arg(QString::fromStdString(m.name))
            .arg(droppedCount(i))
            .arg(n)
            .arg(formatPercent(n > 0 ? 100.0 * droppedCount(i) / n : 0.0));
}

QString DropoutMaskPanel::accessibleSummary() const
{
    if (m_masks.empty())
        return tr("No dropout mask: no training pass of this sample yet, or no dropout layer.");
    QStringList parts;
    for (int i = 0; i < int(m_masks.size()); ++i)
        parts << maskTitle(i) + QLatin1Char('.');
    return parts.join(QLatin1Char(' '));
}

QSize DropoutMaskPanel::sizeHint() const
{
    const QFontMetrics fm(readableFont(font()));
    return {fm.averageCharWidth() * 50, fm.height() * 4 * std::max<int>(1, int(m_masks.size()))};
}

QSize DropoutMaskPanel::minimumSizeHint() const
{
    const QFontMetrics fm(readableFont(font()));
    return {fm.averageCharWidth() * 20, fm.height() * 2 + 8};
}

void DropoutMaskPanel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paint(p, size());
}

void DropoutMaskPanel::paint(QPainter &p, const QSize &size) const
{
    const QPalette &pal = palette();
    p.fillRect(QRect(QPoint(0, 0), size), pal.color(QPalette::Window));
    p.setFont(readableFont(font()));
    const QFontMetrics fm = p.fontMetrics();
    const int line = fm.height();
    p.setPen(pal.color(QPalette::WindowText));
    if (m_masks.empty()) {
        p.drawText(QRect(4, 0, size.width() - 8, line), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(tr("Dropout: no training pass of this sample yet"), Qt::ElideRight, size.width() - 8));
        return;
    }
    const QColor off = colors::vermillion(pal), on = pal.color(QPalette::Window);
    // The legend's line at the bottom: a filled cell is off, an empty one on.
    const bool legend = size.height() >= line * 4;
    if (legend) {
        const DropoutMask &first = m_masks.front();
        const int y = size.height() - line - 2;
        int x = 4;
        for (int k = 0; k < 2; ++k) {
            const QString entry = k == 0 ? tr("off: set to 0") : tr("on: times %1").arg(convNumber(first.rate < 1 ? 1.0 / (1.0 - first.rate) : 0.0));
            if (k > 0 && x + line + fm.horizontalAdvance(entry) > size.width())
                break; // no room for the second entry: its cells say it
            p.setPen(QPen(colors::frame(pal), 1));
            p.setBrush(k == 0 ? off : on);
            p.drawRect(QRectF(x, y + 3, line - 6, line - 6));
            x += line;
            const QString &text = entry;
            p.setPen(pal.color(QPalette::WindowText));
            const QString shown = fm.elidedText(text, Qt::ElideRight, std::max(0, size.width() - x - 4));
            p.drawText(QRect(x, y, fm.horizontalAdvance(shown) + 4, line), Qt::AlignLeft | Qt::AlignVCenter, shown);
            x += fm.horizontalAdvance(text) + 16;
        }
    }
    const int n = int(m_masks.size());
    const int height = legend ? size.height() - line - 4 : size.height();
    for (int i = 0; i < n; ++i) {
        const DropoutMask &m = m_masks[std::size_t(i)];
        const int top = height * i / n, bottom = height * (i + 1) / n - 3;
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRect(4, top, size.width() - 8, line), Qt::AlignLeft | Qt::AlignVCenter,
                   fittingText(fm, size.width() - 8,
                               {shortTitle(i), tr("%1 of %2 off").arg(droppedCount(i)).arg(m.dropped.size())}));
        const QRectF area(4, top + line + 2, size.width() - 8, bottom - top - line - 2);
        const int count = int(m.dropped.size());
        if (area.height() < 2 || count == 0)
            continue;
        // A cell per value, as square as the room allows; a map's values keep its rows.
        const TileGrid grid = fitTiles(count, 1, 1, area.size(), 1);
        p.setPen(grid.cellWidth >= 5 ? QPen(colors::frame(pal), 1) : Qt::NoPen);
        for (int j = 0; j < count; ++j) {
            p.setBrush(m.dropped[std::size_t(j)] ? off : on);
            p.drawRect(grid.cell(area, j, 1));
        }
    }
}

PanelExport DropoutMaskPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("dropout");
    e.title = tr("the dropout mask");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    e.renderSize = [this] { return size().expandedTo(sizeHint()); };
    e.render = paintingWith([this](QPainter &p, const QSize &s) { paint(p, s); });
    e.data = [this](ExportFormat) { return csv(); };
    return e;
}

QByteArray DropoutMaskPanel::csv() const
{
    if (m_masks.empty())
        return {};
    QByteArray out = "layer,neuron,dropped\n";
    for (const DropoutMask &m : m_masks)
        for (std::size_t j = 0; j < m.dropped.size(); ++j)
            out += QByteArray::number(m.layer) + ',' + QByteArray::number(qulonglong(j + 1)) + ','
                   + (m.dropped[j] ? "1" : "0") + '\n';
    return out;
}

int DropoutMaskPanel::accessibleRows() const
{
    int rows = 0;
    for (const DropoutMask &m : m_masks)
        rows += int(m.dropped.size());
    return rows;
}

std::pair<int, int> DropoutMaskPanel::valueOfRow(int row) const
{
    for (int i = 0; i < int(m_masks.size()) && row >= 0; ++i) {
        const int n = int(m_masks[std::size_t(i)].dropped.size());
        if (row < n)
            return {i, row};
        row -= n;
    }
    return {-1, -1};
}

QString DropoutMaskPanel::accessibleCell(int row, int column) const
{
    const auto [i, j] = valueOfRow(row);
    if (i < 0)
        return {};
    const DropoutMask &m = m_masks[std::size_t(i)];
    switch (column) {
    case 0: return QString::fromStdString(m.name);
    case 1: return QString::number(j + 1);
    default: return m.dropped[std::size_t(j)] ? tr("off") : tr("on");
    }
}

QString DropoutMaskPanel::accessibleColumnHeader(int column) const
{
    return column == 0 ? tr("layer") : column == 1 ? tr("neuron") : tr("dropped");
}

} // namespace bplab
