#include "featuremappanel.h"

#include "convtiles.h"
#include "layerchooser.h"

#include <uiformat.h>

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {
struct MapRange
{
    float low = 0, high = 0;
    double mean = 0;
};
MapRange rangeOfValues(const float *v, std::size_t n)
{
    MapRange r;
    if (n == 0)
        return r;
    r.low = r.high = v[0];
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        r.low = std::min(r.low, v[i]);
        r.high = std::max(r.high, v[i]);
        sum += double(v[i]);
    }
    r.mean = sum / double(n);
    return r;
}
} // namespace

FeatureMapPanel::FeatureMapPanel(QWidget *parent) : QWidget(parent)
{
    setToolTip(tr("The sample's feature maps: what each convolution's filter finds in it (a = f(W * x + b)) "
                  "and what each pooling keeps (the largest of every 2 x 2). White is 0. One layer at a "
                  "time: the arrows in the corner show the others."));
    m_chooser = new LayerChooser(this);
    m_chooser->setObjectName(QStringLiteral("featureMapLayer"));
    connect(m_chooser, &LayerChooser::changed, this, [this] { update(); });
}

int FeatureMapPanel::shownLayer() const
{
    return m_chooser->current();
}

void FeatureMapPanel::showLayer(int i)
{
    m_chooser->setCurrent(i);
}

void FeatureMapPanel::setMaps(std::vector<FeatureMapSet> maps)
{
    m_maps = std::move(maps);
    m_chooser->setCount(int(m_maps.size()));
    update();
    notifyPanelChanged(this);
}

QString FeatureMapPanel::mapTitle(int i) const
{
    const FeatureMapSet &m = m_maps[std::size_t(i)];
    const MapRange r = rangeOfValues(m.values.data(), m.values.size());
    return tr("%1 (layer %2): %3 maps of %4 x %5, from %6 to %7")
            .arg(QString::fromStdString(m.name))
            .arg(m.layer)
            .arg(m.channels)
            .arg(m.height)
            .arg(m.width)
            .arg(convNumber(r.low), convNumber(r.high));
}

QString FeatureMapPanel::accessibleSummary() const
{
    if (m_maps.empty())
        return tr("No feature maps.");
    QStringList parts;
    for (int i = 0; i < int(m_maps.size()); ++i)
        parts << mapTitle(i) + QLatin1Char('.');
    return parts.join(QLatin1Char(' '));
}

QSize FeatureMapPanel::sizeHint() const
{
    // The layer shown: its title and a row of maps about six lines tall, large enough to read
    // from the back of a room; the per-class accuracies under the SoftMax table give way.
    const QFontMetrics fm(readableFont(font()));
    return {fm.averageCharWidth() * 60, fm.height() * 8};
}

QSize FeatureMapPanel::minimumSizeHint() const
{
    // No least height: where the column is short the panels above and below keep theirs and
    // this one gives way; the Train view gives it its size hint from the others' spare room.
    const QFontMetrics fm(readableFont(font()));
    return {fm.averageCharWidth() * 24, 0};
}

void FeatureMapPanel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paint(p, size());
}

void FeatureMapPanel::paint(QPainter &p, const QSize &fullSize, bool legend) const
{
    // On screen the chosen layer alone, its maps as large as the panel allows; a file has them all.
    // A picture for a file ends with the scale's legend (on screen the tooltip gives it).
    const QSize size = legend ? fullSize - QSize(0, QFontMetrics(readableFont(font())).height() + 6) : fullSize;
    const QPalette &pal = palette();
    p.fillRect(QRect(QPoint(0, 0), fullSize), pal.color(QPalette::Window));
    p.setFont(readableFont(font()));
    const QFontMetrics fm = p.fontMetrics();
    const int line = fm.height();
    p.setPen(pal.color(QPalette::WindowText));
    if (m_maps.empty()) {
        p.drawText(QRect(4, 0, size.width() - 8, line), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(tr("Feature maps: no sample yet"), Qt::ElideRight, size.width() - 8));
        return;
    }
    if (legend) {
        // Two swatches: 0 and a layer's largest value.
        const int y = size.height() + 4;
        int x = 4;
        const float ramp[2] = {0.0f, 1.0f};
        for (int k = 0; k < 2; ++k) {
            drawTile(p, QRectF(x, y + 2, line - 4, line - 4), mapTile(&ramp[k], 1, 1, 0.0f, 1.0f), pal);
            x += line;
            const QString text = k == 0 ? tr("0") : tr("the layer's largest value");
            p.setPen(pal.color(QPalette::WindowText));
            p.drawText(QRect(x, y, fm.horizontalAdvance(text) + 4, line), Qt::AlignLeft | Qt::AlignVCenter, text);
            x += fm.horizontalAdvance(text) + 16;
        }
    }
    // The layers one under the other, each its share of the height. Where a band is too short
    // for a title line above maps two lines tall, the layer's name goes to the left of its maps.
    const int first = legend ? 0 : std::clamp(m_chooser->current(), 0, int(m_maps.size()) - 1);
    const int n = legend ? int(m_maps.size()) : 1;
    const int titleWidth = size.width() - 8 - (legend ? 0 : m_chooser->reservedWidth());
    const bool compact = size.height() / n - 3 - line < 2 * line;
    const int head = legend || !m_chooser->isVisible() ? line : std::max(line, m_chooser->height() + 2);
    int nameWidth = 0;
    for (const FeatureMapSet &m : m_maps)
        nameWidth = std::max(nameWidth, fm.horizontalAdvance(QString::fromStdString(m.name)) + 10);
    for (int k = 0; k < n; ++k) {
        const int i = first + k;
        const FeatureMapSet &m = m_maps[std::size_t(i)];
        const int top = size.height() * k / n, bottom = size.height() * (k + 1) / n - 3;
        p.setPen(pal.color(QPalette::WindowText));
        if (compact)
            p.drawText(QRect(4, top, nameWidth - 6, bottom - top), Qt::AlignLeft | Qt::AlignVCenter,
                       QString::fromStdString(m.name));
        else
            p.drawText(QRect(4, top, titleWidth, line), Qt::AlignLeft | Qt::AlignVCenter,
                       fittingText(fm, titleWidth,
                                   {mapTitle(i), tr("%1 (layer %2): %3 maps of %4 x %5")
                                                         .arg(QString::fromStdString(m.name))
                                                         .arg(m.layer)
                                                         .arg(m.channels)
                                                         .arg(m.height)
                                                         .arg(m.width),
                                    QString::fromStdString(m.name)}));
        const QRectF area = compact ? QRectF(4 + nameWidth, top + 1, size.width() - 8 - nameWidth, bottom - top - 1)
                                    : QRectF(4, top + head + 1, size.width() - 8, bottom - top - head - 1);
        if (area.height() < 2 || m.channels <= 0 || m.values.size() < std::size_t(m.channels * m.height * m.width))
            continue;
        const MapRange r = rangeOfValues(m.values.data(), m.values.size());
        const TileGrid grid = fitTiles(m.channels, m.width, m.height, area.size(), 3);
        for (int c = 0; c < m.channels; ++c)
            drawTile(p, grid.cell(area, c, 3), mapTile(m.map(c), m.width, m.height, r.low, r.high), pal);
    }
}

PanelExport FeatureMapPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("featuremaps");
    e.title = tr("the feature maps");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    e.renderSize = [this] {
        return size().expandedTo(sizeHint()) + QSize(0, QFontMetrics(readableFont(font())).height() + 6);
    };
    e.render = paintingWith([this](QPainter &p, const QSize &s) { paint(p, s, true); });
    e.data = [this](ExportFormat) { return csv(); };
    return e;
}

QByteArray FeatureMapPanel::csv() const
{
    if (m_maps.empty())
        return {};
    QByteArray out = "layer,name,channel,row,column,value\n";
    for (const FeatureMapSet &m : m_maps) {
        const QByteArray head = QByteArray::number(m.layer) + ',' + QByteArray::fromStdString(m.name) + ',';
        for (int c = 0; c < m.channels; ++c)
            for (int y = 0; y < m.height; ++y)
                for (int x = 0; x < m.width; ++x)
                    out += head + QByteArray::number(c + 1) + ',' + QByteArray::number(y + 1) + ','
                           + QByteArray::number(x + 1) + ','
                           + QByteArray::number(double(m.map(c)[y * m.width + x]), 'g', 9) + '\n';
    }
    return out;
}

int FeatureMapPanel::accessibleRows() const
{
    int rows = 0;
    for (const FeatureMapSet &m : m_maps)
        rows += m.channels;
    return rows;
}

std::pair<int, int> FeatureMapPanel::mapOfRow(int row) const
{
    for (int i = 0; i < int(m_maps.size()) && row >= 0; ++i) {
        if (row < m_maps[std::size_t(i)].channels)
            return {i, row};
        row -= m_maps[std::size_t(i)].channels;
    }
    return {-1, -1};
}

QString FeatureMapPanel::accessibleCell(int row, int column) const
{
    const auto [i, c] = mapOfRow(row);
    if (i < 0)
        return {};
    const FeatureMapSet &m = m_maps[std::size_t(i)];
    const MapRange r = rangeOfValues(m.map(c), std::size_t(m.height * m.width));
    switch (column) {
    case 0: return QString::fromStdString(m.name);
    case 1: return QString::number(c + 1);
    case 2: return convNumber(r.low);
    case 3: return convNumber(r.high);
    default: return convNumber(r.mean);
    }
}

QString FeatureMapPanel::accessibleColumnHeader(int column) const
{
    switch (column) {
    case 0: return tr("layer");
    case 1: return tr("channel");
    case 2: return tr("least value");
    case 3: return tr("largest value");
    default: return tr("mean value");
    }
}

} // namespace bplab
