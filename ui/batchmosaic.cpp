#include "batchmosaic.h"

#include "uiformat.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace bplab {

namespace {
constexpr int kSide = 28;
constexpr int kGap = 3; // pixels of the tile image between digits
} // namespace

BatchMosaic::BatchMosaic(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("batchMosaic"));
    setToolTip(tr("The mini-batch: each digit marked by the network's answer before this batch's "
                  "update (a tick: right; a cross with the answer given: wrong)"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
}

int BatchMosaic::columns() const
{
    return std::max(1, int(std::ceil(std::sqrt(double(std::max(1, count()))))));
}

void BatchMosaic::setBatch(const QVector<QImage> &images, const QVector<int> &labels,
                           const QVector<int> &predicted, int current)
{
    const int n = std::min<int>({int(images.size()), int(labels.size()), kMaxShown});
    m_labels = labels.mid(0, n);
    m_predicted = predicted.mid(0, n);
    m_predicted.resize(n, -1);
    m_current = current < n ? current : -1;
    const int cols = columns();
    const int rows = (n + cols - 1) / std::max(1, cols);
    const QSize size(cols * (kSide + kGap), std::max(1, rows) * (kSide + kGap));
    if (m_tiles.size() != size)
        m_tiles = QImage(size, QImage::Format_Grayscale8);
    m_tiles.fill(0);
    // Row by row: this runs with every snapshot while training, and a QPainter on a greyscale
    // image converts each digit first.
    for (int i = 0; i < n; ++i) {
        const QImage digit = images[i].format() == QImage::Format_Grayscale8
                                     ? images[i]
                                     : images[i].convertToFormat(QImage::Format_Grayscale8);
        const int x = (i % cols) * (kSide + kGap), y = (i / cols) * (kSide + kGap);
        const int w = std::min(kSide, int(digit.width())), h = std::min(kSide, int(digit.height()));
        for (int r = 0; r < h; ++r)
            std::memcpy(m_tiles.scanLine(y + r) + x, digit.constScanLine(r), std::size_t(w));
    }
    update();
}

void BatchMosaic::clear()
{
    m_tiles = QImage();
    m_labels.clear();
    m_predicted.clear();
    m_current = -1;
    update();
}

int BatchMosaic::answeredCount() const
{
    int n = 0;
    for (int i = 0; i < count(); ++i)
        n += answered(i) && m_predicted[i] >= 0 ? 1 : 0;
    return n;
}

int BatchMosaic::rightCount() const
{
    int n = 0;
    for (int i = 0; i < count(); ++i)
        n += answered(i) && m_predicted[i] >= 0 && m_predicted[i] == m_labels[i] ? 1 : 0;
    return n;
}

QString BatchMosaic::summaryText() const
{
    if (count() == 0)
        return tr("No batch trained yet");
    if (answeredCount() == 0)
        return tr("This batch: %1 digits").arg(count());
    if (m_current >= 0)
        return tr("Sample %1 of %2\n%3 of %4 right so far").arg(m_current + 1).arg(count()).arg(rightCount()).arg(answeredCount());
    return tr("Batch: %1 of %2 right\nbefore the update").arg(rightCount()).arg(answeredCount());
}

QString BatchMosaic::cellText(int i) const
{
    if (i < 0 || i >= count())
        return {};
    const int label = m_labels[i], predicted = m_predicted.value(i, -1);
    if (!answered(i) || predicted < 0)
        return tr("%1, not answered yet").arg(label);
    return predicted == label ? tr("%1, answered %2, right").arg(label).arg(predicted)
                              : tr("%1, answered %2, wrong").arg(label).arg(predicted);
}

QString BatchMosaic::accessibleColumnHeader(int) const
{
    return tr("digit, answer before the update");
}

QSize BatchMosaic::sizeHint() const
{
    const int em = QFontMetrics(readableFont(font())).height();
    return {em * 12, em * 14};
}

QSize BatchMosaic::minimumSizeHint() const
{
    const int em = QFontMetrics(readableFont(font())).height();
    return {em * 9, em * 8};
}

QRect BatchMosaic::cellRect(int i) const
{
    if (i < 0 || i >= count())
        return {};
    const QFont f = readableFont(font());
    const int top = QFontMetrics(f).height() * 2 + 6;
    const int cols = columns();
    const int rows = (count() + cols - 1) / cols;
    const int avail = std::min(width() - 4, height() - top - 2);
    const int cell = std::max(4, avail / std::max(cols, rows));
    const int x0 = (width() - cell * cols) / 2;
    return {x0 + (i % cols) * cell, top + (i / cols) * cell, cell, cell};
}

void BatchMosaic::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QFont f = readableFont(font());
    p.setFont(f);
    p.fillRect(rect(), palette().color(QPalette::Window));
    const int textHeight = QFontMetrics(f).height();
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(0, 2, width(), 2 * textHeight), Qt::AlignHCenter | Qt::AlignVCenter, summaryText());
    if (count() == 0)
        return;
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    const int cols = columns();
    const int tile = kSide + kGap;
    for (int i = 0; i < count(); ++i) {
        const QRect cell = cellRect(i);
        const int inset = std::max(2, cell.width() / 10);
        const QRect r = cell.adjusted(inset, inset, -inset, -inset);
        p.drawImage(r, m_tiles, QRect((i % cols) * tile, (i / cols) * tile, kSide, kSide));
        if (!answered(i)) {
            // Not yet seen by the network: dimmed.
            QColor veil = palette().color(QPalette::Window);
            veil.setAlpha(170);
            p.fillRect(r, veil);
            continue;
        }
        if (m_predicted[i] < 0)
            continue;
        const bool right = m_predicted[i] == m_labels[i];
        // Colour and shape both say it: a thin green frame, or a thick vermillion one with the
        // wrong answer in its corner (the digit itself stays visible).
        const QColor mark = right ? colors::green(palette()) : colors::vermillion(palette());
        const int line = std::max(2, cell.width() / 12);
        p.setPen(QPen(mark, right ? std::max(1, line / 2) : line));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(0, 0, -1, -1));
        if (!right) {
            const int badge = std::max(9, cell.width() * 2 / 5);
            const QRect corner(r.right() - badge + 1, r.top(), badge, badge);
            p.fillRect(corner, mark);
            p.setPen(Qt::white);
            QFont small = f;
            small.setPixelSize(std::max(7, badge - 2));
            small.setBold(true);
            p.setFont(small);
            p.drawText(corner, Qt::AlignCenter, QString::number(m_predicted[i]));
            p.setFont(f);
        }
        if (i == m_current) {
            p.setPen(QPen(palette().color(QPalette::Highlight), line + 1));
            p.drawRect(cell.adjusted(1, 1, -2, -2));
        }
    }
    if (m_current >= 0 && m_current < count() && m_predicted.value(m_current) < 0) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 3));
        p.drawRect(cellRect(m_current).adjusted(1, 1, -2, -2));
    }
}

} // namespace bplab
