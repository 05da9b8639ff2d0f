#include "gallerypanel.h"

#include "uiformat.h"

#include <io/json.h>

#include <QKeyEvent>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {


QString probability(float p)
{
    return QLocale().toString(double(p), 'f', 3);
}

} // namespace

QImage datasetImage(const Dataset &data, std::size_t index)
{
    QImage img(data.cols, data.rows, QImage::Format_Grayscale8);
    const std::uint8_t *src = data.image(index);
    for (int r = 0; r < data.rows; ++r)
        std::copy_n(src + std::size_t(r * data.cols), data.cols, img.scanLine(r));
    return img;
}

QVector<GalleryEntry> galleryEntries(const std::vector<GalleryItem> &items, const Dataset &data)
{
    QVector<GalleryEntry> out;
    out.reserve(qsizetype(items.size()));
    for (const GalleryItem &g : items)
        if (g.index < data.size())
            out.push_back({g, datasetImage(data, g.index)});
    return out;
}

GalleryPanel::GalleryPanel(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        QMenu menu(this);
        addExportActions(&menu, this, panelExport());
        menu.exec(mapToGlobal(pos));
    });
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setAccessibleName(tr("Gallery"));
    m_placeholder = tr("Click a cell of the confusion matrix to see its images.");
}

void GalleryPanel::setEntries(const QString &title, const QString &subtitle, const QVector<GalleryEntry> &entries)
{
    m_title = title;
    m_subtitle = subtitle;
    m_entries = entries;
    m_selected = entries.isEmpty() ? -1 : 0;
    updateGeometry();
    update();
}

void GalleryPanel::setPlaceholder(const QString &text)
{
    m_placeholder = text;
    update();
}

void GalleryPanel::setClassNames(const QStringList &names)
{
    m_names = names.size() == 10 ? names : QStringList();
    update();
}

void GalleryPanel::clear()
{
    setEntries(QString(), QString(), {});
}

void GalleryPanel::setSelectedRow(int row)
{
    m_selected = (row >= 0 && row < m_entries.size()) ? row : -1;
    update();
}

QString GalleryPanel::accessibleColumnHeader(int column) const
{
    switch (column) {
    case 0: return tr("test image");
    case 1: return tr("true class");
    case 2: return tr("answer");
    case 3: return tr("p of the answer");
    case 4: return tr("p of the true class");
    default: return {};
    }
}

QString GalleryPanel::accessibleCell(int row, int column) const
{
    if (row < 0 || row >= m_entries.size())
        return {};
    const GalleryItem &g = m_entries[row].item;
    switch (column) {
    case 0: return QLocale().toString(g.index);
    case 1: return className(g.trueClass);
    case 2: return className(g.predicted);
    case 3: return formatSig4(g.pPredicted);
    case 4: return formatSig4(g.pTrue);
    default: return {};
    }
}

QString GalleryPanel::accessibleSummary() const
{
    if (m_title.isEmpty())
        return m_placeholder;
    return tr("%1. Images: %2.").arg(m_title).arg(m_entries.size());
}

QString GalleryPanel::className(int c) const
{
    return m_names.isEmpty() || c < 0 || c >= 10 ? QString::number(c) : m_names.at(c);
}

GalleryPanel::Metrics GalleryPanel::metricsFor(int width) const
{
    Metrics m;
    const int base = std::max(QFontInfo(readableFont(font())).pixelSize(), 15);
    m.textFont = font();
    m.textFont.setPixelSize(base);
    m.titleFont = m.textFont;
    m.titleFont.setPixelSize(int(base * 1.2));
    m.titleFont.setBold(true);
    m.scale = std::clamp(int(std::lround(base * 0.25)), 3, 6);
    m.pad = base / 2;
    const QFontMetrics fm(m.textFont);
    const int text = fm.horizontalAdvance(QStringLiteral("p(9) = 0.000 "));
    m.tileW = std::max(28 * m.scale, text) + 2 * m.pad;
    m.tileH = 28 * m.scale + 3 * fm.height() + 2 * m.pad;
    m.columns = std::max(1, (width - m.pad) / m.tileW);
    m.header = QFontMetrics(m.titleFont).height() + fm.height() + 2 * m.pad;
    return m;
}

QRect GalleryPanel::tileRect(int row, int width) const
{
    const Metrics m = metricsFor(width);
    return QRect(m.pad + (row % m.columns) * m.tileW, m.header + (row / m.columns) * m.tileH, m.tileW, m.tileH);
}

int GalleryPanel::heightForWidth(int width) const
{
    const Metrics m = metricsFor(width);
    const int rows = std::max<qsizetype>(1, (m_entries.size() + m.columns - 1) / m.columns);
    return m.header + rows * m.tileH + m.pad;
}

void GalleryPanel::paintPanel(QPainter &p, const QSize &size, const QRect &visible) const
{
    const Metrics m = metricsFor(size.width());
    const QRect area = visible.isNull() ? QRect(QPoint(0, 0), size) : visible;
    p.fillRect(area, QColor(colors::kFigurePaper));
    p.setPen(QColor(colors::kFigureInk));
    p.setFont(m.titleFont);
    const QFontMetrics title(m.titleFont);
    const QString heading = m_title.isEmpty() ? tr("Gallery") : m_title;
    p.drawText(QRect(m.pad, m.pad, size.width() - 2 * m.pad, title.height()), Qt::AlignLeft | Qt::AlignVCenter,
               title.elidedText(heading, Qt::ElideRight, size.width() - 2 * m.pad));
    p.setFont(m.textFont);
    const QFontMetrics fm(m.textFont);
    p.drawText(QRect(m.pad, m.pad + title.height(), size.width() - 2 * m.pad, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(m_subtitle, Qt::ElideRight, size.width() - 2 * m.pad));
    if (m_entries.isEmpty()) {
        const QString text = m_title.isEmpty() ? m_placeholder : tr("No test images here.");
        p.drawText(QRect(m.pad, m.header, size.width() - 2 * m.pad, size.height() - m.header), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   text);
        return;
    }
    QFont bold = m.textFont;
    bold.setBold(true);
    for (int row = 0; row < m_entries.size(); ++row) {
        const QRect tile = tileRect(row, size.width());
        if (!tile.intersects(area))
            continue;
        const GalleryEntry &e = m_entries[row];
        const int side = 28 * m.scale;
        const QRect image(tile.left() + (tile.width() - side) / 2, tile.top() + m.pad, side, side);
        p.setRenderHint(QPainter::SmoothPixmapTransform, false); // crisp pixels
        p.drawImage(image, e.image);
        int y = image.bottom() + 1;
        const auto line = [&](const QString &text, const QFont &f) {
            p.setFont(f);
            p.drawText(QRect(tile.left(), y, tile.width(), fm.height()), Qt::AlignHCenter | Qt::AlignVCenter, text);
            y += fm.height();
        };
        p.setPen(QColor(colors::kFigureInk));
        line(tr("#%1, true %2").arg(e.item.index).arg(className(e.item.trueClass)), m.textFont);
        line(QStringLiteral("p(%1) = %2").arg(e.item.predicted).arg(probability(e.item.pPredicted)), bold);
        line(QStringLiteral("p(%1) = %2").arg(e.item.trueClass).arg(probability(e.item.pTrue)), m.textFont);
        if (row == m_selected) {
            p.setPen(QPen(QColor(colors::kFigureInk), 3));
            p.setBrush(Qt::NoBrush);
            p.drawRect(tile.adjusted(2, 2, -2, -2));
        }
    }
}

void GalleryPanel::paintEvent(QPaintEvent *event)
{
    QPainter p(this);
    paintPanel(p, size(), event->rect());
}

int GalleryPanel::rowAt(const QPoint &pos) const
{
    for (int row = 0; row < m_entries.size(); ++row)
        if (tileRect(row, width()).contains(pos))
            return row;
    return -1;
}

void GalleryPanel::mousePressEvent(QMouseEvent *event)
{
    if (const int row = rowAt(event->position().toPoint()); row >= 0)
        setSelectedRow(row);
    QWidget::mousePressEvent(event);
}

void GalleryPanel::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (const int row = rowAt(event->position().toPoint()); row >= 0) {
        setSelectedRow(row);
        emit imageActivated(int(m_entries[row].item.index));
    }
}

void GalleryPanel::keyPressEvent(QKeyEvent *event)
{
    const int columns = metricsFor(width()).columns;
    int row = m_selected;
    switch (event->key()) {
    case Qt::Key_Left: row -= 1; break;
    case Qt::Key_Right: row += 1; break;
    case Qt::Key_Up: row -= columns; break;
    case Qt::Key_Down: row += columns; break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_selected >= 0)
            emit imageActivated(int(m_entries[m_selected].item.index));
        return;
    default: QWidget::keyPressEvent(event); return;
    }
    if (row >= 0 && row < m_entries.size())
        setSelectedRow(row);
}

QSize GalleryPanel::sizeHint() const
{
    const Metrics m = metricsFor(640);
    return {m.tileW * 4 + 2 * m.pad, heightForWidth(m.tileW * 4 + 2 * m.pad)};
}

QSize GalleryPanel::minimumSizeHint() const
{
    const Metrics m = metricsFor(200);
    return {m.tileW + 2 * m.pad, m.header + m.tileH};
}

PanelExport GalleryPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("gallery");
    e.title = tr("the gallery");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Json};
    e.render = paintingWith([this](QPainter &p, const QSize &size) { paintPanel(p, size); });
    // Every image, at the width on screen (or a slide's), however far the list scrolls.
    e.renderSize = [this] {
        const int w = isVisible() && width() >= 300 ? width() : 1000;
        return QSize(w, heightForWidth(w));
    };
    e.data = [this](ExportFormat f) { return m_entries.isEmpty() ? QByteArray() : f == ExportFormat::Json ? json() : csv(); };
    return e;
}

QByteArray GalleryPanel::csv() const
{
    QByteArray out = "index,true_class,predicted_class,p_predicted,p_true,loss\n";
    for (const GalleryEntry &e : m_entries) {
        const GalleryItem &g = e.item;
        out += QByteArray::number(g.index) + ',' + QByteArray::number(g.trueClass) + ',' + QByteArray::number(g.predicted) +
               ',' + QByteArray::number(double(g.pPredicted), 'g', 9) + ',' + QByteArray::number(double(g.pTrue), 'g', 9) +
               ',' + QByteArray::number(double(g.loss), 'g', 9) + '\n';
    }
    return out;
}

QByteArray GalleryPanel::json() const
{
    // The CSV's columns in the CSV's order.
    Json list = Json::array();
    for (const GalleryEntry &e : m_entries) {
        const GalleryItem &g = e.item;
        Json o = Json::object();
        o["index"] = std::int64_t(g.index);
        o["true_class"] = g.trueClass;
        o["predicted_class"] = g.predicted;
        o["p_predicted"] = jsonNumberOf(g.pPredicted);
        o["p_true"] = jsonNumberOf(g.pTrue);
        o["loss"] = jsonNumberOf(g.loss);
        list.push_back(std::move(o));
    }
    Json root = Json::object();
    root["title"] = m_title.toStdString();
    root["subtitle"] = m_subtitle.toStdString();
    root["images"] = std::move(list);
    return QByteArray::fromStdString(jsonText(root)) + '\n';
}

} // namespace bplab
