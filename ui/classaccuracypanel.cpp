#include "classaccuracypanel.h"

#include "uiformat.h"

#include <QLocale>
#include <QPainter>

#include <algorithm>

namespace bplab {

ClassAccuracyPanel::ClassAccuracyPanel(QWidget *parent)
    : QWidget(parent)
{
    setToolTip(tr("Test accuracy per class after the last epoch: the share of each class's test "
                  "images the network classifies right"));
}

void ClassAccuracyPanel::setConfusion(const std::array<std::array<int, 10>, 10> &confusion,
                                      int epoch)
{
    QVector<double> accuracy(10, -1.0);
    bool any = false;
    for (int c = 0; c < 10; ++c) {
        int total = 0;
        for (int k = 0; k < 10; ++k)
            total += confusion[std::size_t(c)][std::size_t(k)];
        if (total > 0) {
            accuracy[c] = 100.0 * confusion[std::size_t(c)][std::size_t(c)] / total;
            any = true;
        }
    }
    if (!any) {
        clear();
        return;
    }
    m_accuracy = accuracy;
    m_epoch = epoch;
    update();
    notifyPanelChanged(this);
}

void ClassAccuracyPanel::setClassNames(const QStringList &names)
{
    m_names = names.size() == 10 ? names : QStringList();
    update();
}

void ClassAccuracyPanel::clear()
{
    m_accuracy.clear();
    m_epoch = 0;
    update();
}

QString ClassAccuracyPanel::rowText(int c) const
{
    const QString name = m_names.isEmpty() ? QString::number(c) : m_names.at(c);
    if (c < 0 || c >= m_accuracy.size() || m_accuracy[c] < 0)
        return tr("%1: no test images").arg(name);
    return tr("%1: %2 %").arg(name).arg(QLocale().toString(m_accuracy[c], 'f', 1));
}

QString ClassAccuracyPanel::accessibleColumnHeader(int column) const
{
    return column == 0 ? tr("class") : tr("test accuracy");
}

QString ClassAccuracyPanel::accessibleCell(int row, int column) const
{
    if (row < 0 || row >= m_accuracy.size())
        return {};
    if (column == 0)
        return m_names.isEmpty() ? QString::number(row) : m_names.at(row);
    return m_accuracy[row] < 0 ? tr("no test images") : tr("%1 %").arg(QLocale().toString(m_accuracy[row], 'f', 1));
}

QString ClassAccuracyPanel::accessibleSummary() const
{
    if (m_accuracy.isEmpty())
        return tr("No epoch finished yet.");
    int weakest = -1;
    for (int c = 0; c < m_accuracy.size(); ++c)
        if (m_accuracy[c] >= 0 && (weakest < 0 || m_accuracy[c] < m_accuracy[weakest]))
            weakest = c;
    if (weakest < 0)
        return tr("No epoch finished yet.");
    return tr("After epoch %1; the weakest class is %2.").arg(m_epoch).arg(rowText(weakest));
}

QSize ClassAccuracyPanel::sizeHint() const
{
    const QFontMetrics fm(readableFont(font()));
    return {fm.horizontalAdvance(QStringLiteral("Ankle boot 100.0 %")) * 2, fm.height() * 12};
}

QSize ClassAccuracyPanel::minimumSizeHint() const
{
    // The title and a column chart of the ten classes (value, bar of one and a half lines,
    // class); rows follow as the splitter gives the panel room.
    const QFontMetrics fm(readableFont(font()));
    return {fm.horizontalAdvance(QStringLiteral("100.0")) * 10, fm.height() * 9 / 2 + 2};
}

ClassAccuracyPanel::Shape ClassAccuracyPanel::shapeFor(int height, int line)
{
    if ((height - line - 4) / 10 >= line * 3 / 5)
        return Shape::Rows;
    // The title, a value, a bar of at least half a line, the class.
    return height >= line * 7 / 2 + 4 ? Shape::Columns : Shape::Strip;
}

int ClassAccuracyPanel::weakest() const
{
    int weakest = -1;
    for (int c = 0; c < m_accuracy.size(); ++c)
        if (m_accuracy[c] >= 0 && (weakest < 0 || m_accuracy[c] < m_accuracy[weakest]))
            weakest = c;
    return weakest;
}

// Lower than a column chart needs: each class's value over its class, the weakest in the accent
// colour, from the top down as far as the height goes.
void ClassAccuracyPanel::paintStrip(QPainter &p, int line)
{
    const int colW = std::max(1, (width() - 8) / 10);
    const int low = weakest();
    for (int c = 0; c < 10; ++c) {
        const int x = 4 + c * colW;
        const double a = m_accuracy[c];
        p.setPen(c == low ? colors::orange(palette()) : palette().color(QPalette::WindowText));
        p.drawText(QRect(x, 0, colW, line), Qt::AlignCenter, a < 0 ? QStringLiteral("-") : QLocale().toString(a, 'f', a >= 99.95 ? 0 : 1));
        p.setPen(colors::muted(palette()));
        p.drawText(QRect(x, line, colW, line), Qt::AlignCenter, QString::number(c));
    }
}

// Too low for ten rows: ten columns side by side, each its value above a bar of 0-100 % and the
// class below (the weakest in the accent colour, so the class sees which one lags).
void ClassAccuracyPanel::paintColumns(QPainter &p, int line)
{
    const int colW = std::max(1, (width() - 8) / 10);
    const int top = line + 2;
    const int barBottom = height() - line - 2;
    const int barTop = top + line;
    const int barH = std::max(1, barBottom - barTop);
    const int weakest = this->weakest();
    for (int c = 0; c < 10; ++c) {
        const int x = 4 + c * colW;
        const double a = m_accuracy[c];
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x, barBottom + 2, colW, line), Qt::AlignCenter, QString::number(c));
        p.setPen(colors::frame(palette()));
        p.drawLine(x + 2, barBottom, x + colW - 2, barBottom);
        if (a < 0)
            continue;
        const int h = std::max(1, int(barH * a / 100.0));
        const int bw = std::max(1, colW * 3 / 5);
        p.fillRect(QRect(x + (colW - bw) / 2, barBottom - h, bw, h), c == weakest ? colors::orange(palette()) : colors::blue(palette()));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x, barBottom - h - line, colW, line), Qt::AlignHCenter | Qt::AlignBottom,
                   QLocale().toString(a, 'f', a >= 99.95 ? 0 : 1));
    }
    if (weakest >= 0)
        p.drawText(QRect(4, 0, width() - 8, line), Qt::AlignRight | Qt::AlignVCenter,
                   tr("weakest %1").arg(rowText(weakest)));
}

void ClassAccuracyPanel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    p.setFont(readableFont(font()));
    const QFontMetrics fm = p.fontMetrics();
    const int line = fm.height();
    p.setPen(palette().color(QPalette::WindowText));
    const QString title = m_epoch > 0 ? tr("Test accuracy per class, epoch %1").arg(m_epoch)
                                      : tr("Test accuracy per class");
    const Shape shape = shapeFor(height(), line);
    if (!m_accuracy.isEmpty() && shape == Shape::Strip) {
        paintStrip(p, line);
        return;
    }
    p.drawText(QRect(4, 0, width() - 8, line), Qt::AlignLeft | Qt::AlignVCenter, title);
    if (m_accuracy.isEmpty()) {
        p.setPen(colors::muted(palette()));
        p.drawText(rect().adjusted(4, line, -4, 0), Qt::AlignCenter, tr("after the first epoch"));
        return;
    }
    // One row per class: its name, a bar of 0-100 %, the value.
    int nameW = 0;
    for (int c = 0; c < 10; ++c)
        nameW = std::max(nameW, fm.horizontalAdvance(m_names.isEmpty() ? QString::number(c)
                                                                       : m_names.at(c)));
    const int valueW = fm.horizontalAdvance(QStringLiteral("100.0 %"));
    const int rowH = (height() - line - 4) / 10;
    if (shape == Shape::Columns) {
        paintColumns(p, line);
        return;
    }
    const int barX = 4 + nameW + 6;
    const int barW = std::max(1, width() - barX - valueW - 10);
    for (int c = 0; c < 10; ++c) {
        const QRect row(0, line + 2 + c * rowH, width(), rowH);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(4, row.top(), nameW, rowH), Qt::AlignRight | Qt::AlignVCenter,
                   m_names.isEmpty() ? QString::number(c) : m_names.at(c));
        const double a = m_accuracy[c];
        if (a >= 0) {
            const int h = std::max(1, rowH * 2 / 3);
            p.fillRect(QRect(barX, row.top() + (rowH - h) / 2, int(barW * a / 100.0), h),
                       colors::blue(palette()));
            p.drawText(QRect(barX + barW + 6, row.top(), valueW, rowH),
                       Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1 %").arg(QLocale().toString(a, 'f', 1)));
        }
    }
}

} // namespace bplab
