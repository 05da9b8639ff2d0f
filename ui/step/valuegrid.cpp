#include "valuegrid.h"

#include "uiformat.h"

#include <QAccessible>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bplab {

QColor divergingColor(float v, float range)
{
    // ColorBrewer RdBu, as the heatmap panel: negative blue, 0 near-white, positive red.
    static const QColor stops[] = {QColor(0x05, 0x30, 0x61), QColor(0x21, 0x66, 0xac), QColor(0x43, 0x93, 0xc3),
                                   QColor(0x92, 0xc5, 0xde), QColor(0xd1, 0xe5, 0xf0), QColor(0xf7, 0xf7, 0xf7),
                                   QColor(0xfd, 0xdb, 0xc7), QColor(0xf4, 0xa5, 0x82), QColor(0xd6, 0x60, 0x4d),
                                   QColor(0xb2, 0x18, 0x2b), QColor(0x67, 0x00, 0x1f)};
    constexpr int n = int(std::size(stops));
    if (!std::isfinite(v))
        return QColor(0x99, 0x99, 0x99);
    const double t = range > 0 ? std::clamp(0.5 + 0.5 * double(v) / double(range), 0.0, 1.0) : 0.5;
    const double pos = t * (n - 1);
    const int i = std::min(int(pos), n - 2);
    const double f = pos - i;
    const QColor &a = stops[i], &b = stops[i + 1];
    return QColor::fromRgbF(float(a.redF() + f * (b.redF() - a.redF())),
                            float(a.greenF() + f * (b.greenF() - a.greenF())),
                            float(a.blueF() + f * (b.blueF() - a.blueF())));
}

ValueGrid::ValueGrid(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    // Never squeezed below its cells: in a tall page the scroll area scrolls instead.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void ValueGrid::setValues(const QVector<float> &values, int rows, int cols, Scale scale)
{
    m_rows = rows;
    m_cols = cols;
    m_values = values;
    m_values.resize(rows * cols);
    m_scale = scale;
    if (m_cursor >= rows * cols)
        m_cursor = -1;
    m_range = 0;
    for (float v : m_values)
        if (std::isfinite(v))
            m_range = std::max(m_range, std::abs(v));
    if (m_range == 0)
        m_range = 1;
    updateGeometry();
    update();
}

void ValueGrid::setCaption(const QString &caption)
{
    m_caption = caption;
    update();
}

void ValueGrid::setMarked(const QSet<int> &cells)
{
    m_marked = cells;
    update();
}

void ValueGrid::setSelected(int cell)
{
    m_selected = cell;
    update();
}

void ValueGrid::setRegion(const QRect &cells)
{
    m_region = cells;
    update();
}

void ValueGrid::setCellSize(int pixels)
{
    m_cellSize = std::max(1, pixels);
    updateGeometry();
}

int ValueGrid::captionHeight() const
{
    return m_caption.isEmpty() ? 0 : fontMetrics().height() * 2 + 4;
}

QRect ValueGrid::gridRect() const
{
    if (m_rows <= 0 || m_cols <= 0)
        return {};
    const int availW = width() - 2, availH = height() - captionHeight() - 2;
    const int cell = std::max(1, std::min({availW / m_cols, availH / m_rows, m_cellSize * 2}));
    const int w = cell * m_cols, h = cell * m_rows;
    return QRect((width() - w) / 2, 1, w, h);
}

QSize ValueGrid::sizeHint() const
{
    const int w = std::max(m_cols * m_cellSize, fontMetrics().horizontalAdvance(m_caption.section('\n', 0, 0)));
    return QSize(w + 2, m_rows * m_cellSize + captionHeight() + 2);
}

QSize ValueGrid::minimumSizeHint() const
{
    return QSize(m_cols * std::max(2, m_cellSize / 2) + 2, m_rows * std::max(2, m_cellSize / 2) + captionHeight() + 2);
}

QColor ValueGrid::colorOf(float v) const
{
    if (m_scale == Scale::Grey) {
        const int g = std::clamp(int(std::lround(255.0 * v / m_range)), 0, 255);
        return QColor(g, g, g);
    }
    return divergingColor(v, m_range);
}

int ValueGrid::cellAt(const QPoint &pos) const
{
    const QRect r = gridRect();
    if (!r.contains(pos))
        return -1;
    const int cell = r.width() / m_cols;
    const int c = (pos.x() - r.left()) / cell, row = (pos.y() - r.top()) / cell;
    if (c < 0 || c >= m_cols || row < 0 || row >= m_rows)
        return -1;
    return row * m_cols + c;
}

QString ValueGrid::accessibleSummary() const
{
    if (m_values.isEmpty())
        return {};
    const auto [lo, hi] = std::minmax_element(m_values.begin(), m_values.end());
    // The three cells of largest magnitude.
    QVector<int> order(m_values.size());
    std::iota(order.begin(), order.end(), 0);
    const int top = std::min<int>(3, int(order.size()));
    std::partial_sort(order.begin(), order.begin() + top, order.end(),
                      [this](int a, int b) { return std::abs(m_values[a]) > std::abs(m_values[b]); });
    QStringList largest;
    for (int i = 0; i < top; ++i)
        largest << hoverText(order[i]);
    QString text = tr("%1 (%2×%3): from %4 to %5; largest: %6.")
                           .arg(m_caption)
                           .arg(m_rows)
                           .arg(m_cols)
                           .arg(formatSig4(*lo), formatSig4(*hi), largest.join(QStringLiteral("; ")));
    if (m_selected >= 0 && m_selected < m_values.size())
        text += QLatin1Char(' ') + tr("Selected: %1.").arg(hoverText(m_selected));
    if (!m_region.isEmpty())
        text += QLatin1Char(' ') + tr("Framed: rows %1 to %2, columns %3 to %4.")
                                           .arg(m_region.top() + 1).arg(m_region.bottom() + 1)
                                           .arg(m_region.left() + 1).arg(m_region.right() + 1);
    // The arrow keys' cell first: what a screen reader says as the cursor moves.
    if (m_cursor >= 0 && m_cursor < m_values.size())
        text = hoverText(m_cursor) + QStringLiteral(". ") + text;
    return text;
}

QString ValueGrid::hoverText(int cell) const
{
    if (cell < 0 || cell >= m_values.size())
        return {};
    const int row = cell / std::max(1, m_cols), col = cell % std::max(1, m_cols);
    const QString where = m_cellName.isEmpty() ? tr("pixel (row %1, col %2), input %3").arg(row).arg(col).arg(cell + 1)
                          : m_cellName.contains(QLatin1String("%2")) ? m_cellName.arg(m_firstRow + row + 1).arg(col + 1)
                                                                     : m_cellName.arg(cell + 1);
    return QStringLiteral("%1: %2 = %3").arg(where, m_valueName, formatExact(m_values[cell]));
}

void ValueGrid::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRect r = gridRect();
    if (r.isEmpty())
        return;
    const int cell = r.width() / m_cols;
    for (int row = 0; row < m_rows; ++row)
        for (int c = 0; c < m_cols; ++c)
            p.fillRect(r.left() + c * cell, r.top() + row * cell, cell, cell, colorOf(m_values[row * m_cols + c]));
    if (cell >= 6 && m_rows * m_cols <= 200) {
        p.setPen(QPen(palette().color(QPalette::Window), 1));
        for (int c = 1; c < m_cols; ++c)
            p.drawLine(r.left() + c * cell, r.top(), r.left() + c * cell, r.bottom());
        for (int row = 1; row < m_rows; ++row)
            p.drawLine(r.left(), r.top() + row * cell, r.right(), r.top() + row * cell);
    }
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(0x33, 0x33, 0x33), std::max(1, cell / 8)));
    for (int m : m_marked) {
        if (m < 0 || m >= m_rows * m_cols)
            continue;
        const QRect cr(r.left() + (m % m_cols) * cell, r.top() + (m / m_cols) * cell, cell, cell);
        const int inset = cell / 4;
        p.drawLine(cr.topLeft() + QPoint(inset, inset), cr.bottomRight() - QPoint(inset, inset));
        p.drawLine(cr.topRight() + QPoint(-inset, inset), cr.bottomLeft() + QPoint(inset, -inset));
    }
    if (!m_region.isEmpty()) {
        const QRect rr(r.left() + m_region.x() * cell, r.top() + m_region.y() * cell, m_region.width() * cell,
                       m_region.height() * cell);
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(Qt::black, 3));
        p.drawRect(rr.adjusted(-1, -1, 1, 1));
        p.setPen(QPen(colors::orange(palette()), 2));
        p.drawRect(rr.adjusted(-1, -1, 1, 1));
    }
    if (m_selected >= 0 && m_selected < m_rows * m_cols) {
        const QRect cr(r.left() + (m_selected % m_cols) * cell, r.top() + (m_selected / m_cols) * cell, cell, cell);
        p.setPen(QPen(Qt::black, 3));
        p.drawRect(cr.adjusted(-1, -1, 1, 1));
        p.setPen(QPen(colors::orange(palette()), 2));
        p.drawRect(cr.adjusted(-1, -1, 1, 1));
    }
    if (m_cursor >= 0 && m_cursor < m_rows * m_cols && m_cursor != m_selected) {
        const QRect cr(r.left() + (m_cursor % m_cols) * cell, r.top() + (m_cursor / m_cols) * cell, cell, cell);
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(palette().color(QPalette::Highlight), 2, Qt::DashLine));
        p.drawRect(cr.adjusted(-1, -1, 1, 1));
    }
    p.setPen(colors::frame(palette()));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r.adjusted(0, 0, -1, -1));
    if (hasFocus()) {
        // The focus frame: a keyboard user sees which panel the arrow keys move in.
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.drawRect(rect().adjusted(1, 1, -1, -1));
    }
    if (!m_caption.isEmpty()) {
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(0, r.bottom() + 4, width(), captionHeight()), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                   m_caption);
    }
}

void ValueGrid::mouseMoveEvent(QMouseEvent *event)
{
    const int cell = cellAt(event->position().toPoint());
    if (cell >= 0)
        QToolTip::showText(event->globalPosition().toPoint(), hoverText(cell), this);
    else
        QToolTip::hideText();
}

bool ValueGrid::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int cell = cellAt(help->pos());
        if (cell >= 0)
            QToolTip::showText(help->globalPos(), hoverText(cell), this);
        return true;
    }
    return QWidget::event(event);
}

void ValueGrid::keyPressEvent(QKeyEvent *event)
{
    const int key = event->key();
    const bool arrow = key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down;
    if (!arrow || event->modifiers() != Qt::NoModifier || m_rows <= 0 || m_cols <= 0) {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept(); // the arrows never leave the grid (no stage change, no batch trained)
    const int from = m_cursor >= 0 ? m_cursor : m_selected >= 0 ? m_selected : -1;
    int row = from < 0 ? 0 : from / m_cols, col = from < 0 ? 0 : from % m_cols;
    if (from >= 0) {
        row += key == Qt::Key_Down ? 1 : key == Qt::Key_Up ? -1 : 0;
        col += key == Qt::Key_Right ? 1 : key == Qt::Key_Left ? -1 : 0;
    }
    row = std::clamp(row, 0, m_rows - 1);
    col = std::clamp(col, 0, m_cols - 1);
    m_cursor = row * m_cols + col;
    update();
    const QRect r = gridRect();
    const int cell = r.width() / m_cols;
    const QPoint at = r.topLeft() + QPoint(col * cell + cell, row * cell + cell);
    QToolTip::showText(mapToGlobal(at), hoverText(m_cursor), this);
    // A cursor move is the user's own: read at once, not at the panels' update rate.
    if (QAccessible::isActive()) {
        QAccessibleEvent changed(this, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&changed);
    }
    emit cellClicked(m_cursor);
}

void ValueGrid::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    update();
}

void ValueGrid::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    update();
}

void ValueGrid::mousePressEvent(QMouseEvent *event)
{
    const int cell = cellAt(event->position().toPoint());
    if (cell >= 0 && event->button() == Qt::LeftButton) {
        m_cursor = cell; // the arrow keys go on from the cell clicked
        update();
        emit cellClicked(cell);
    }
}

} // namespace bplab
