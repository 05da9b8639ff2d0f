// The worksheet on paper: QPdfWriter and QPainter, in points (1/72 inch), black on white, sized
// to be read when printed (10 pt numbers), scaled down only when a deep network's tables would
// not fit the page.

#include "worksheet.h"

#include <QCoreApplication>
#include <QFile>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>

#include <QFontMetricsF>

#include <algorithm>
#include <vector>

namespace bplab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("bplab", text);
}

constexpr double kRowHeight = 15;
constexpr double kTableGap = 10;

QFont sheetFont(int pixels, bool bold = false, bool italic = false)
{
    QFont f(QStringLiteral("Sans Serif"));
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(pixels); // the painter draws in points: a pixel is a point
    f.setBold(bold);
    f.setItalic(italic);
    return f;
}

class SheetPainter
{
    // Its texts are the namespace's, as the file's free tr() files them.
    Q_DECLARE_TR_FUNCTIONS(bplab)

public:
    SheetPainter(QPainter &p, double width)
        : m_p(p)
        , m_width(width)
    { }

    /** Draws one page from y = 0; returns its height. answers: the blanks filled in. */
    double page(const Worksheet &w, bool answers)
    {
        double y = 0;
        m_p.setPen(Qt::black);
        m_p.setFont(sheetFont(16, true));
        const double textWidth = m_width - (w.image.isEmpty() ? 0 : 70);
        const QString title = answers ? tr("Answers: %1").arg(w.title) : w.title;
        QRectF r(0, y, textWidth, 40);
        QRectF used;
        m_p.drawText(r, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, title, &used);
        y += used.height() + 3;
        m_p.setFont(sheetFont(10));
        m_p.drawText(QRectF(0, y, textWidth, 60), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
                     w.subtitle, &used);
        y += used.height() + 4;
        if (!answers) {
            m_p.drawText(QPointF(0, y + 10),
                         tr("Name: ______________________________    Date: ______________"));
            y += 16;
        } else {
            QStringList list;
            for (const auto &[name, value] : w.answers)
                list << QStringLiteral("%1 = %2").arg(name, value);
            m_p.setFont(sheetFont(10, true));
            m_p.drawText(QRectF(0, y, textWidth, 80),
                         Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
                         tr("The blanks: %1").arg(list.join(QStringLiteral(";  "))), &used);
            y += used.height() + 8;
        }
        if (!w.image.isEmpty())
            digit(w.image, QRectF(m_width - 64, 0, 64, 64));
        y = std::max(y, 72.0);
        for (const SheetTable &t : w.tables)
            y = table(t, y, answers) + kTableGap;
        return y;
    }

private:
    void digit(const QVector<float> &image, const QRectF &at)
    {
        const int side = 28;
        if (image.size() != side * side)
            return;
        const auto [lo, hi] = std::minmax_element(image.begin(), image.end());
        const double span = std::max(1e-6, double(*hi - *lo));
        const double cell = at.width() / side;
        for (int i = 0; i < side * side; ++i) {
            const int grey = 255
                             - int(std::lround(255 * (image[i] - *lo)
                                               / span)); // ink where the pixel is bright
            m_p.fillRect(QRectF(at.left() + (i % side) * cell, at.top() + (i / side) * cell,
                                cell + 0.05, cell + 0.05),
                         QColor(grey, grey, grey));
        }
        m_p.setPen(QPen(Qt::black, 0.5));
        m_p.drawRect(at);
    }

    double table(const SheetTable &t, double y, bool answers)
    {
        QRectF used;
        m_p.setPen(Qt::black);
        m_p.setFont(sheetFont(11, true));
        m_p.drawText(QRectF(0, y, m_width, 20), Qt::AlignLeft | Qt::AlignTop, t.title, &used);
        y += used.height() + 1;
        if (!t.note.isEmpty()) {
            m_p.setFont(sheetFont(9, false, true));
            m_p.drawText(QRectF(0, y, m_width, 40), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
                         t.note, &used);
            y += used.height() + 2;
        }
        const int cols = int(t.header.size());
        if (cols == 0)
            return y;
        // Each column as wide as its widest text (a blank box room for a handwritten number), the
        // room left shared out; the first column names the row.
        const QFontMetricsF header(sheetFont(9, true)), number(sheetFont(10, true));
        std::vector<double> widths(std::size_t(cols), 0.0);
        for (int c = 0; c < cols; ++c) {
            double w = header.horizontalAdvance(t.header[c]);
            for (const QVector<SheetCell> &row : t.rows)
                if (c < row.size())
                    w = std::max(w,
                                 number.horizontalAdvance(row[c].text) + (row[c].numeric ? 8 : 0));
            widths[std::size_t(c)] = std::max(w + 10, c > 0 ? 52.0 : 20.0);
        }
        double sum = 0;
        for (double w : widths)
            sum += w;
        const double spread = (m_width - sum) / std::max(1, cols - 1);
        std::vector<double> lefts(std::size_t(cols) + 1, 0.0);
        for (int c = 0; c < cols; ++c)
            lefts[std::size_t(c) + 1] = lefts[std::size_t(c)]
                                        + widths[std::size_t(c)] * (spread < 0 ? m_width / sum : 1)
                                        + (c > 0 && spread > 0 ? std::min(spread, 24.0) : 0);
        const double tableWidth = lefts.back();
        const auto columnRect = [&](int c, double top) {
            return QRectF(lefts[std::size_t(c)], top,
                          lefts[std::size_t(c) + 1] - lefts[std::size_t(c)], kRowHeight);
        };
        m_p.fillRect(QRectF(0, y, tableWidth, kRowHeight), QColor(225, 225, 225));
        m_p.setFont(sheetFont(9, true));
        for (int c = 0; c < cols; ++c)
            m_p.drawText(columnRect(c, y).adjusted(2, 0, -3, 0),
                         Qt::AlignVCenter | (c == 0 ? Qt::AlignLeft : Qt::AlignRight), t.header[c]);
        y += kRowHeight;
        for (const QVector<SheetCell> &row : t.rows) {
            for (int c = 0; c < std::min(cols, int(row.size())); ++c) {
                const SheetCell &cell = row[c];
                const QRectF r = columnRect(c, y);
                const QRectF box = r.adjusted(4, 1.5, -1.5, -1.5);
                if (cell.isBlank()) {
                    if (answers && !cell.blankName.isEmpty())
                        m_p.fillRect(box, QColor(255, 236, 150));
                    m_p.setPen(QPen(Qt::black, 0.6));
                    m_p.drawRect(box);
                    if (!answers)
                        continue;
                }
                m_p.setPen(Qt::black);
                m_p.setFont(sheetFont(10, answers && cell.isBlank()));
                m_p.drawText(r.adjusted(2, 0, -3, 0),
                             Qt::AlignVCenter | (c == 0 ? Qt::AlignLeft : Qt::AlignRight),
                             cell.text);
            }
            m_p.setPen(QPen(QColor(200, 200, 200), 0.4));
            m_p.drawLine(QPointF(0, y + kRowHeight), QPointF(tableWidth, y + kRowHeight));
            y += kRowHeight;
        }
        return y;
    }

    QPainter &m_p;
    double m_width;
};

} // namespace

QString writeWorksheetPdf(const Worksheet &sheet, const QString &file,
                          QPageSize::PageSizeId pageSize)
{
    {
        QFile probe(file); // a clear message for a folder that is not there or not writable
        if (!probe.open(QIODevice::WriteOnly))
            return tr("%1: cannot write: %2").arg(file, probe.errorString());
    }
    QPdfWriter writer(file);
    writer.setTitle(sheet.title);
    writer.setCreator(QStringLiteral("Backprop Lab"));
    writer.setResolution(600);
    writer.setPageLayout(QPageLayout(QPageSize(pageSize), QPageLayout::Portrait,
                                     QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter));
    QPainter p;
    if (!p.begin(&writer))
        return tr("%1: cannot write a PDF there").arg(file);
    const QRectF area = writer.pageLayout().paintRect(QPageLayout::Point);
    const double toDevice = writer.resolution() / 72.0;
    for (int page = 0; page < 2; ++page) {
        if (page > 0)
            writer.newPage();
        // Drawn once to measure, then at the scale that fits the page's height.
        double height = 0;
        {
            QImage scratch(1, 1, QImage::Format_ARGB32);
            QPainter measure(&scratch);
            height = SheetPainter(measure, area.width()).page(sheet, page == 1);
        }
        const double fit = std::min(1.0, area.height() / std::max(1.0, height));
        p.resetTransform();
        p.scale(toDevice * fit, toDevice * fit);
        SheetPainter(p, area.width() / fit).page(sheet, page == 1);
    }
    if (!p.end())
        return tr("%1: the PDF could not be finished").arg(file);
    return {};
}

} // namespace bplab
