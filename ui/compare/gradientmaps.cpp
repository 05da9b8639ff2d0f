#include "gradientmaps.h"

#include "palettecolors.h"
#include "uiformat.h"

#include <nn/params.h>

#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {

constexpr int kPitch = kImageSide + 1; // a tile and the gap after it

// ColorBrewer's sequential Blues: white for no gradient, dark blue for the largest.
constexpr QRgb kBlues[] = {0xf7fbff, 0xdeebf7, 0xc6dbef, 0x9ecae1, 0x6baed6, 0x4292c6, 0x2171b5, 0x08519c, 0x08306b};

QRgb blues(double t)
{
    const double x = std::clamp(t, 0.0, 1.0) * (std::size(kBlues) - 1);
    const int i = std::min(int(x), int(std::size(kBlues)) - 2);
    const double f = x - i;
    const QColor a(kBlues[i]), b(kBlues[i + 1]);
    return qRgb(int(a.red() + f * (b.red() - a.red()) + 0.5), int(a.green() + f * (b.green() - a.green()) + 0.5),
                int(a.blue() + f * (b.blue() - a.blue()) + 0.5));
}

QString number(double v)
{
    return QLocale().toString(v, 'g', 2);
}

} // namespace

GradientMaps::GradientMaps(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("compareGradientMaps"));
    setAccessibleName(tr("First-layer gradient per weight"));
}

QColor GradientMaps::colorOf(double t)
{
    return QColor(blues(t));
}

int GradientMaps::tilesAcross(int neurons)
{
    return std::max(1, int(std::ceil(std::sqrt(2.0 * std::max(1, neurons)))));
}

void GradientMaps::setMaps(const QVector<GradientMap> &maps)
{
    // Rebuilt only when a map changed: the view is refreshed five times a second.
    bool same = maps.size() == m_entries.size();
    for (int i = 0; same && i < maps.size(); ++i)
        same = maps[i].values == m_entries[i].map.values && maps[i].label == m_entries[i].map.label
               && maps[i].color == m_entries[i].map.color && maps[i].convolutionFirst == m_entries[i].map.convolutionFirst;
    if (same)
        return;
    m_entries.clear();
    for (const GradientMap &m : maps)
        m_entries.push_back({m, {}, 0, 0});
    rebuildImages();
    layoutMosaics();
    setAccessibleDescription(summary());
    update();
}

void GradientMaps::rebuildImages()
{
    m_top = 0;
    for (Entry &e : m_entries) {
        const std::vector<float> *v = e.map.values.get();
        if (!v || v->empty())
            continue;
        double sum = 0;
        for (float x : *v)
            sum += x;
        e.mean = sum / double(v->size());
        e.largest = *std::max_element(v->begin(), v->end());
        std::vector<float> sorted(*v);
        const auto at = sorted.begin() + std::ptrdiff_t(0.995 * double(sorted.size() - 1));
        std::nth_element(sorted.begin(), at, sorted.end());
        m_top = std::max(m_top, double(*at));
    }
    if (m_top <= 0)
        m_top = 0;
    for (Entry &e : m_entries) {
        const std::vector<float> *v = e.map.values.get();
        if (!v || e.map.neurons <= 0 || v->size() != std::size_t(e.map.neurons) * kInputs)
            continue;
        const int across = tilesAcross(e.map.neurons);
        const int down = (e.map.neurons + across - 1) / across;
        e.image = QImage(across * kPitch - 1, down * kPitch - 1, QImage::Format_ARGB32);
        e.image.fill(Qt::transparent);
        for (int j = 0; j < e.map.neurons; ++j)
            for (int r = 0; r < kImageSide; ++r) {
                auto *line = reinterpret_cast<QRgb *>(e.image.scanLine((j / across) * kPitch + r));
                for (int c = 0; c < kImageSide; ++c)
                    line[(j % across) * kPitch + c] =
                            blues(m_top > 0 ? (*v)[std::size_t(j) * kInputs + std::size_t(r * kImageSide + c)] / m_top : 0.0);
            }
    }
}

int GradientMaps::titleHeight() const
{
    return QFontMetrics(font()).height() + 4;
}

int GradientMaps::barHeight() const
{
    return QFontMetrics(font()).height() * 2 + 12;
}

void GradientMaps::layoutMosaics()
{
    m_rects = QVector<QRect>(m_entries.size());
    m_cells = QVector<QRect>(m_entries.size());
    const int n = int(m_entries.size());
    if (n == 0)
        return;
    const QRect area = rect().adjusted(4, 4, -4, -4 - barHeight());
    // Each mosaic as large as its cell allows (the colour scale is shared, not the size); as many
    // columns as draw the most of them.
    const auto fit = [this](const QImage &img, int w, int h) {
        const double scale = std::max(0.0, std::min(double(w - 8) / img.width(), double(h - titleHeight() - 4) / img.height()));
        return QSize(int(img.width() * scale), int(img.height() * scale));
    };
    int bestColumns = 1;
    double bestArea = -1;
    for (int columns = 1; columns <= n; ++columns) {
        const int rows = (n + columns - 1) / columns;
        double drawn = 0;
        for (const Entry &e : m_entries)
            if (!e.image.isNull()) {
                const QSize size = fit(e.image, area.width() / columns, area.height() / rows);
                drawn += double(size.width()) * size.height();
            }
        if (drawn > bestArea) {
            bestArea = drawn;
            bestColumns = columns;
        }
    }
    const int rows = (n + bestColumns - 1) / bestColumns;
    const int cellW = area.width() / bestColumns, cellH = area.height() / rows;
    for (int i = 0; i < n; ++i) {
        const QRect cell(area.left() + (i % bestColumns) * cellW, area.top() + (i / bestColumns) * cellH, cellW, cellH);
        m_cells[i] = cell;
        const QImage &img = m_entries[i].image;
        if (img.isNull())
            continue;
        const QSize size = fit(img, cellW, cellH);
        m_rects[i] = QRect(QPoint(cell.left() + (cell.width() - size.width()) / 2, cell.top() + titleHeight()), size);
    }
}

QRect GradientMaps::mosaicRect(int i) const
{
    return m_rects.value(i);
}

QString GradientMaps::summary() const
{
    QStringList parts;
    for (const Entry &e : m_entries)
        parts << (e.map.convolutionFirst ? tr("%1: no map, its first layer is a convolution").arg(e.map.label)
                  : e.image.isNull() ? tr("%1: no epoch finished yet").arg(e.map.label)
                                   : tr("%1: mean %2, largest %3").arg(e.map.label, number(e.mean), number(e.largest)));
    if (parts.isEmpty())
        return tr("No runs yet.");
    return tr("Mean |dL/dW1| of each first-layer weight over the last epoch. ") + parts.join(QStringLiteral("; "))
           + QLatin1Char('.');
}

void GradientMaps::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    layoutMosaics();
}

void GradientMaps::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    p.setFont(font());
    const QFontMetrics fm(font());
    // A run whose first layer is a convolution says so in its cell.
    for (int i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].map.convolutionFirst && !m_cells.value(i).isEmpty()) {
            p.setPen(m_entries[i].map.color);
            p.drawText(m_cells[i].adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                       tr("%1: its first layer is a convolution, whose kernels have no weight per pixel: no map "
                          "(the Train view draws its kernels and their gradients)")
                               .arg(m_entries[i].map.label));
        }
    const bool allConvolutions = std::all_of(m_entries.begin(), m_entries.end(),
                                             [](const Entry &e) { return e.map.convolutionFirst; });
    if (allConvolutions && !m_entries.isEmpty())
        return;
    if (m_top <= 0) {
        p.setPen(colors::muted(pal));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   m_entries.isEmpty() ? tr("Add runs: each one's first-layer gradient is drawn here after its first epoch.")
                                       : tr("The maps appear when a run has finished its first epoch."));
        return;
    }
    for (int i = 0; i < m_entries.size(); ++i) {
        const Entry &e = m_entries[i];
        const QRect r = m_rects.value(i);
        if (e.image.isNull() || r.isEmpty())
            continue;
        const QString title = tr("%1 (mean %2)").arg(e.map.label, number(e.mean));
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(e.map.color);
        const QRect cell = m_cells.value(i);
        const QRect titleRect(cell.left() + 2, r.top() - titleHeight(), cell.width() - 4, titleHeight());
        p.drawText(titleRect, Qt::AlignHCenter | Qt::AlignBottom,
                   QFontMetrics(bold).elidedText(title, Qt::ElideRight, titleRect.width()));
        p.setFont(font());
        p.setRenderHint(QPainter::SmoothPixmapTransform, r.width() < e.image.width());
        p.drawImage(r, e.image);
        p.setPen(QPen(colors::frame(pal), 1));
        p.drawRect(r.adjusted(-1, -1, 0, 0));
    }
    // The shared scale: white for 0 to dark blue for the top.
    const int barW = std::min(360, width() / 2), barH = fm.height() / 2 + 4;
    const QRect bar((width() - barW) / 2, height() - barHeight() + 4, barW, barH);
    QLinearGradient g(bar.topLeft(), bar.topRight());
    for (std::size_t k = 0; k < std::size(kBlues); ++k)
        g.setColorAt(double(k) / (std::size(kBlues) - 1), QColor(kBlues[k]));
    p.fillRect(bar, g);
    p.setPen(QPen(colors::frame(pal), 1));
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    p.setPen(pal.color(QPalette::WindowText));
    const QRect row(0, bar.center().y() - fm.height() / 2, 0, fm.height());
    p.drawText(QRect(0, row.top(), bar.left() - 6, row.height()), Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("0"));
    p.drawText(QRect(bar.right() + 6, row.top(), width() - bar.right() - 6, row.height()), Qt::AlignLeft | Qt::AlignVCenter,
               tr("%1 or more").arg(number(m_top)));
    p.drawText(QRect(0, bar.bottom() + 2, width(), fm.height()), Qt::AlignHCenter | Qt::AlignTop,
               tr("mean |dL/dW1| of each weight over the last epoch, one tile per neuron of the first layer"));
}

} // namespace bplab
