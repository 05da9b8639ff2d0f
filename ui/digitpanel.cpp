#include "digitpanel.h"

#include "uiformat.h"

#include <io/json.h>

#include <QEvent>
#include <QPainter>

#include <algorithm>
#include "panelexport.h"
#include <QContextMenuEvent>
#include <QMenu>

namespace bplab {

namespace {
constexpr int kSide = 28;
constexpr int kClasses = 10;

QColor rightColor(const QPalette &pal)
{
    return colors::target(pal);
}
QColor wrongColor(const QPalette &pal)
{
    return colors::predicted(pal);
}
} // namespace

DigitPanel::DigitPanel(QWidget *parent)
    : QWidget(parent)
{ }

void DigitPanel::setSample(const QImage &image, int label, int predicted,
                           const QStringList &classNames)
{
    m_image = image.format() == QImage::Format_Grayscale8
                      ? image
                      : image.convertToFormat(QImage::Format_Grayscale8);
    m_label = (label >= 0 && label < kClasses) ? label : -1;
    m_predicted = (predicted >= 0 && predicted < kClasses) ? predicted : -1;
    m_classNames = classNames;
    update();
}

void DigitPanel::setShowPixelValues(bool show)
{
    if (m_showValues == show)
        return;
    m_showValues = show;
    update();
}

void DigitPanel::clear()
{
    m_image = QImage();
    m_label = m_predicted = -1;
    m_classNames.clear();
    m_valuesDrawn = false;
    update();
}

QString DigitPanel::className(int c) const
{
    if (c < 0)
        return QStringLiteral("–");
    if (c < m_classNames.size() && m_classNames[c] != QString::number(c))
        return QStringLiteral("%1 %2").arg(c).arg(m_classNames[c]);
    return QString::number(c);
}

QString DigitPanel::labelText() const
{
    if (m_label < 0)
        return tr("Label: none");
    return tr("Label: %1 → neuron %2").arg(className(m_label)).arg(m_label + 1);
}

QString DigitPanel::predictionText() const
{
    if (m_predicted < 0)
        return tr("Predicted: –");
    QString text = tr("Predicted: %1").arg(className(m_predicted));
    if (m_label >= 0)
        text += m_predicted == m_label ? tr("  ✓ right") : tr("  ✗ wrong");
    return text;
}

QString DigitPanel::accessibleSummary() const
{
    if (!hasSample())
        return tr("No sample yet.");
    QStringList y;
    for (int v : oneHot())
        y << QString::number(v);
    return tr("%1. One-hot target y: %2. %3.").arg(labelText(), y.join(QLatin1Char(' ')), predictionText().simplified());
}

QVector<int> DigitPanel::oneHot() const
{
    QVector<int> y(kClasses, 0);
    if (m_label >= 0)
        y[m_label] = 1;
    return y;
}

// The info block: label line, the class/y/neuron table of ten cells, the prediction line.
// Every size comes from the font so presentation mode (a larger font) scales the panel.
static QSize infoSize(const QFontMetrics &fm)
{
    const int cell = std::max(fm.height() * 3 / 2,
                              fm.horizontalAdvance(QStringLiteral("10")) + fm.height() / 2);
    const int rowLabel = fm.horizontalAdvance(QStringLiteral("neuron ")) + fm.height() / 2;
    const int width
            = std::max(rowLabel + kClasses * cell,
                       fm.horizontalAdvance(QStringLiteral("Predicted: 9 Sneaker  ✗ wrong")));
    const int height = fm.height() * 2 + fm.height() + cell + fm.height() + fm.height() * 2
                       + fm.height() / 2;
    return {width, height};
}

DigitPanel::Layout DigitPanel::computeLayout() const
{
    const QFontMetrics fm(panelFont());
    const int margin = fm.height() / 2;
    const QRect area = rect().adjusted(margin, margin, -margin, -margin);
    const QSize info = infoSize(fm);
    const int gap = fm.height();
    Layout layout;
    // Side by side when that leaves the image larger than stacking does.
    const int sideBySide = std::min(area.height(), area.width() - info.width() - gap);
    const int stacked = std::min(area.width(), area.height() - info.height() - gap);
    int side = std::max(sideBySide, stacked);
    // Whole device pixels per image pixel keep every pixel the same size (crisp).
    if (side >= kSide * 2)
        side = side / kSide * kSide;
    side = std::max(side, kSide);
    if (sideBySide >= stacked) {
        const int totalW = side + gap + info.width();
        const int x0 = area.left() + std::max(0, (area.width() - totalW) / 2);
        layout.image = QRect(x0, area.top() + (area.height() - side) / 2, side, side);
        layout.info = QRect(x0 + side + gap,
                            area.top() + std::max(0, (area.height() - info.height()) / 2),
                            info.width(), info.height());
    } else {
        const int totalH = side + gap + info.height();
        const int y0 = area.top() + std::max(0, (area.height() - totalH) / 2);
        layout.image = QRect(area.left() + (area.width() - side) / 2, y0, side, side);
        layout.info = QRect(area.left() + std::max(0, (area.width() - info.width()) / 2),
                            y0 + side + gap, info.width(), info.height());
    }
    return layout;
}

QFont DigitPanel::panelFont() const
{
    return readableFont(font());
}

QRect DigitPanel::imageRect() const
{
    return hasSample() ? computeLayout().image : QRect();
}

QSize DigitPanel::sizeHint() const
{
    const QFontMetrics fm(panelFont());
    const QSize info = infoSize(fm);
    const int side = std::max(info.height(), kSide * 8);
    return {side + fm.height() * 2 + info.width(), side + fm.height()};
}

QSize DigitPanel::minimumSizeHint() const
{
    const QFontMetrics fm(panelFont());
    const QSize info = infoSize(fm);
    // Side by side, the image at least 3 screen pixels per pixel: the narrow but tall stacked
    // minimum would make the Train view taller than 800 px at a projector's font.
    return {info.width() + kSide * 3 + fm.height() * 2, std::max(info.height(), kSide * 3) + fm.height()};
}

void DigitPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        update();
    QWidget::changeEvent(event);
}

void DigitPanel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setFont(panelFont());
    p.fillRect(rect(), palette().color(QPalette::Window));
    if (!hasSample()) {
        m_valuesDrawn = false;
        p.setPen(colors::muted(palette()));
        p.drawText(rect(), Qt::AlignCenter, tr("No sample yet"));
        return;
    }
    const Layout layout = computeLayout();
    paintImage(p, layout.image);
    paintInfo(p, layout.info);
}

void DigitPanel::paintImage(QPainter &p, const QRect &r)
{
    // Nearest-neighbour scaling: no smoothing, each source pixel becomes a sharp square.
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(r, m_image);
    p.setPen(QPen(colors::frame(palette()), 1));
    p.drawRect(r.adjusted(0, 0, -1, -1));

    m_valuesDrawn = false;
    if (!m_showValues || m_image.width() != kSide || m_image.height() != kSide)
        return;
    const double cell = double(r.width()) / kSide;
    // The largest font whose "255" fits in a pixel with a small margin; too small to read: skip.
    QFont valueFont = panelFont();
    valueFont.setPixelSize(std::max(1, int(cell * 0.42)));
    while (valueFont.pixelSize() > 1
           && QFontMetrics(valueFont).horizontalAdvance(QStringLiteral("255")) > cell * 0.9)
        valueFont.setPixelSize(valueFont.pixelSize() - 1);
    if (valueFont.pixelSize() < 8)
        return;
    m_valuesDrawn = true;
    p.setFont(valueFont);
    p.setPen(QPen(QColor(128, 128, 128, 110), 0));
    for (int i = 1; i < kSide; ++i) {
        const double d = i * cell;
        p.drawLine(QPointF(r.left() + d, r.top()), QPointF(r.left() + d, r.bottom() + 1));
        p.drawLine(QPointF(r.left(), r.top() + d), QPointF(r.right() + 1, r.top() + d));
    }
    for (int y = 0; y < kSide; ++y) {
        const uchar *row = m_image.constScanLine(y);
        for (int x = 0; x < kSide; ++x) {
            const int v = row[x];
            p.setPen(textOn(QColor(v, v, v)));
            const QRectF cellRect(r.left() + x * cell, r.top() + y * cell, cell, cell);
            p.drawText(cellRect, Qt::AlignCenter, QString::number(v));
        }
    }
}

void DigitPanel::paintInfo(QPainter &p, const QRect &r) const
{
    const QFontMetrics fm(panelFont());
    const int h = fm.height();
    const int cell = std::max(h * 3 / 2, fm.horizontalAdvance(QStringLiteral("10")) + h / 2);
    const int rowLabel = fm.horizontalAdvance(QStringLiteral("neuron ")) + h / 2;
    const QColor text = palette().color(QPalette::WindowText);
    const QColor muted = colors::muted(palette());
    p.setRenderHint(QPainter::Antialiasing, true);

    int y = r.top();
    const QFont base = panelFont();
    QFont bold = base;
    bold.setWeight(QFont::DemiBold);
    p.setFont(bold);
    p.setPen(text);
    p.drawText(QRect(r.left(), y, r.width(), h), Qt::AlignLeft | Qt::AlignVCenter, labelText());
    y += h * 2;

    // The one-hot target y: the class index above each cell, the neuron number below.
    p.setFont(base);
    const QVector<int> y1 = oneHot();
    p.setPen(muted);
    p.drawText(QRect(r.left(), y, rowLabel, h), Qt::AlignLeft | Qt::AlignVCenter, tr("class"));
    for (int k = 0; k < kClasses; ++k)
        p.drawText(QRect(r.left() + rowLabel + k * cell, y, cell, h), Qt::AlignCenter,
                   QString::number(k));
    y += h;
    p.setPen(text);
    p.drawText(QRect(r.left(), y, rowLabel, cell), Qt::AlignLeft | Qt::AlignVCenter, tr("y"));
    const QColor on = rightColor(palette());
    for (int k = 0; k < kClasses; ++k) {
        const QRect c(r.left() + rowLabel + k * cell + 1, y + 1, cell - 2, cell - 2);
        p.setPen(QPen(colors::frame(palette()), 1));
        p.setBrush(y1[k] ? on : palette().color(QPalette::Base));
        p.drawRect(c);
        p.setPen(y1[k] ? textOn(on) : muted);
        p.setFont(y1[k] ? bold : base);
        p.drawText(c, Qt::AlignCenter, QString::number(y1[k]));
    }
    p.setBrush(Qt::NoBrush);
    p.setFont(base);
    y += cell;
    p.setPen(muted);
    p.drawText(QRect(r.left(), y, rowLabel, h), Qt::AlignLeft | Qt::AlignVCenter, tr("neuron"));
    for (int k = 0; k < kClasses; ++k)
        p.drawText(QRect(r.left() + rowLabel + k * cell, y, cell, h), Qt::AlignCenter,
                   QString::number(k + 1));
    y += h * 2;

    // The prediction: colour plus a mark and a word, so it never depends on colour alone.
    const bool known = m_predicted >= 0 && m_label >= 0;
    p.setFont(bold);
    p.setPen(!known ? text
                    : (m_predicted == m_label ? rightColor(palette()) : wrongColor(palette())));
    p.drawText(QRect(r.left(), y, r.width(), h), Qt::AlignLeft | Qt::AlignVCenter,
               predictionText());
}

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
    Json pixels = Json::array();
    for (int y = 0; y < m_image.height(); ++y) {
        const uchar *row = m_image.constScanLine(y);
        for (int x = 0; x < m_image.width(); ++x)
            pixels.push_back(int(row[x]));
    }
    // What the picture is first, the pixels last (row after row).
    Json o = Json::object();
    o["label"] = m_label;
    o["predicted"] = m_predicted;
    o["width"] = m_image.width();
    o["height"] = m_image.height();
    o["pixels"] = std::move(pixels);
    return QByteArray::fromStdString(jsonText(o)) + '\n';
}

void DigitPanel::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    addExportActions(&menu, this, panelExport());
    menu.exec(event->globalPos());
}

} // namespace bplab
