#include "confusionmatrixpanel.h"

#include "uiformat.h"

#include <io/json.h>

#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace bplab {

namespace {

constexpr int kClasses = 10;
// The panel is a figure (colors::kFigureInk on kFigurePaper).
const QColor kInk(colors::kFigureInk);
const QColor kFaint(colors::kFigureFaint);
const QColor kPaper(colors::kFigurePaper);


} // namespace

QColor confusionShade(double share)
{
    // t = sqrt(share): 1 % -> 0.1, 25 % -> 0.5. From white through the Okabe-Ito blue to navy;
    // each stop darker than the one before, so the order survives printing in grey.
    const double t = std::sqrt(std::clamp(share, 0.0, 1.0));
    struct Stop
    {
        double at;
        int r, g, b;
    };
    static constexpr Stop stops[] = {{0.0, 255, 255, 255}, {0.35, 158, 202, 225}, {0.7, 0, 114, 178}, {1.0, 8, 38, 84}};
    for (int i = 1; i < 4; ++i) {
        if (t <= stops[i].at) {
            const Stop &a = stops[i - 1], &b = stops[i];
            const double f = (t - a.at) / (b.at - a.at);
            return QColor(int(std::lround(a.r + f * (b.r - a.r))), int(std::lround(a.g + f * (b.g - a.g))),
                          int(std::lround(a.b + f * (b.b - a.b))));
        }
    }
    return QColor(stops[3].r, stops[3].g, stops[3].b);
}

ConfusionMatrixPanel::ConfusionMatrixPanel(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        QMenu menu(this);
        addExportActions(&menu, this, panelExport());
        menu.exec(mapToGlobal(pos));
    });
    setAccessibleName(tr("Confusion matrix"));
}

void ConfusionMatrixPanel::setCounts(const ConfusionCounts &counts, const QString &caption)
{
    m_counts = counts;
    m_total = m_correct = 0;
    for (int t = 0; t < kClasses; ++t) {
        m_rowTotals[std::size_t(t)] = 0;
        for (int j = 0; j < kClasses; ++j)
            m_rowTotals[std::size_t(t)] += counts[std::size_t(t)][std::size_t(j)];
        m_total += m_rowTotals[std::size_t(t)];
        m_correct += counts[std::size_t(t)][std::size_t(t)];
    }
    m_caption = caption;
    update();
    notifyPanelChanged(this);
}

void ConfusionMatrixPanel::setClassNames(const QStringList &names)
{
    m_names = names.size() == kClasses ? names : QStringList();
    update();
}

void ConfusionMatrixPanel::clear()
{
    setCounts({}, QString());
    m_selected = {-1, -1};
}

double ConfusionMatrixPanel::classAccuracy(int c) const
{
    if (c < 0 || c >= kClasses || m_rowTotals[std::size_t(c)] == 0)
        return -1;
    return 100.0 * m_counts[std::size_t(c)][std::size_t(c)] / m_rowTotals[std::size_t(c)];
}

void ConfusionMatrixPanel::selectCell(int trueClass, int predicted)
{
    if (trueClass < 0 || trueClass >= kClasses || predicted < 0 || predicted >= kClasses)
        m_selected = {-1, -1};
    else
        m_selected = {predicted, trueClass}; // x: column, y: row
    update();
}

QString ConfusionMatrixPanel::className(int c) const
{
    return m_names.isEmpty() ? QString::number(c) : m_names.at(c);
}

QString ConfusionMatrixPanel::title() const
{
    if (m_total == 0)
        return tr("Confusion matrix: no test set evaluated yet");
    return tr("Confusion matrix: %1 test images, %2 right")
            .arg(QLocale().toString(m_total), formatPercent(100.0 * m_correct / m_total));
}

QString ConfusionMatrixPanel::accessibleColumnHeader(int column) const
{
    if (column == kClasses)
        return tr("right");
    return tr("predicted %1").arg(className(column));
}

QString ConfusionMatrixPanel::accessibleRowHeader(int row) const
{
    return tr("true %1").arg(className(row));
}

QString ConfusionMatrixPanel::accessibleCell(int row, int column) const
{
    if (row < 0 || row >= kClasses || column < 0 || column > kClasses)
        return {};
    if (column == kClasses) {
        const double acc = classAccuracy(row);
        return formatPercent(acc);
    }
    return QLocale().toString(m_counts[std::size_t(row)][std::size_t(column)]);
}

QRect ConfusionMatrixPanel::accessibleCellRect(int row, int column) const
{
    return column < kClasses ? cellRect(row, column, size()) : QRect();
}

QString ConfusionMatrixPanel::accessibleSummary() const
{
    if (m_total == 0) // and why, as the panel shows it
        return m_caption.isEmpty() ? title() : title() + QStringLiteral(". ") + m_caption;
    // The most frequent confusion, the first thing a class looks for.
    int worstTrue = -1, worstPredicted = -1, worst = 0;
    for (int t = 0; t < kClasses; ++t)
        for (int j = 0; j < kClasses; ++j)
            if (t != j && m_counts[std::size_t(t)][std::size_t(j)] > worst) {
                worst = m_counts[std::size_t(t)][std::size_t(j)];
                worstTrue = t;
                worstPredicted = j;
            }
    QString text = title() + QStringLiteral(". ") + m_caption;
    if (worst > 0)
        text += QStringLiteral(". ")
                + tr("Most frequent mistake: a true %2 taken for %3, %1 times")
                          .arg(QLocale().toString(worst), className(worstTrue), className(worstPredicted));
    return text;
}

ConfusionMatrixPanel::Layout ConfusionMatrixPanel::layoutFor(const QSize &size) const
{
    Layout l;
    // Text grows with the panel (at least 1/40 of its height), never below the readable minimum.
    const double base = std::max(QFontInfo(readableFont(font())).pixelSize() * 1.0, size.height() / 36.0);
    l.captionFont = l.labelFont = font();
    l.captionFont.setPixelSize(int(base));
    l.labelFont.setPixelSize(int(base));
    l.titleFont = l.captionFont;
    l.titleFont.setPixelSize(int(base * 1.25));
    l.titleFont.setBold(true);
    const QFontMetricsF title(l.titleFont), label(l.labelFont);
    const double pad = base * 0.6;
    l.titleHeight = title.height() + label.height() + pad;
    double names = 0;
    for (int c = 0; c < kClasses; ++c)
        names = std::max(names, label.horizontalAdvance(className(c)));
    l.labelWidth = names;
    const double left = pad + label.height() + pad * 0.5 + names + pad * 0.5;
    const double top = pad + l.titleHeight + label.height() * 2 + pad * 0.5;
    // The accuracy column, then the legend: its bar, ticks and labels, under its heading.
    const double legend = base * 0.8 * 1.5 + std::max(label.horizontalAdvance(QStringLiteral("100 %")),
                                                      label.horizontalAdvance(tr("of the row")) - base * 0.8);
    const double right = pad + label.horizontalAdvance(QStringLiteral("100.0 %")) + pad * 1.5 + legend + pad;
    const double bottom = pad + label.height();
    l.cell = std::max(4.0, std::min((size.width() - left - right) / kClasses, (size.height() - top - bottom) / kClasses));
    l.grid = QRectF(left, top, l.cell * kClasses, l.cell * kClasses);
    l.cellFont = font();
    l.cellFont.setPixelSize(std::max(8, int(std::min(l.cell * 0.36, base * 1.2))));
    return l;
}

QRect ConfusionMatrixPanel::cellRect(int trueClass, int predicted, const QSize &size) const
{
    const Layout l = layoutFor(size);
    return QRectF(l.grid.left() + predicted * l.cell, l.grid.top() + trueClass * l.cell, l.cell, l.cell).toRect();
}

void ConfusionMatrixPanel::paintPanel(QPainter &p, const QSize &size) const
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.fillRect(QRect(QPoint(0, 0), size), kPaper);
    const Layout l = layoutFor(size);
    const QFontMetricsF label(l.labelFont);
    const double pad = l.captionFont.pixelSize() * 0.6;

    p.setPen(kInk);
    p.setFont(l.titleFont);
    const QFontMetricsF titleMetrics(l.titleFont);
    p.drawText(QRectF(pad, pad, size.width() - 2 * pad, titleMetrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
               titleMetrics.elidedText(title(), Qt::ElideRight, size.width() - 2 * pad));
    p.setFont(l.captionFont);
    const QString caption = m_caption.isEmpty() ? QString() : m_caption;
    p.drawText(QRectF(pad, pad + titleMetrics.height(), size.width() - 2 * pad, label.height()),
               Qt::AlignLeft | Qt::AlignVCenter, label.elidedText(caption, Qt::ElideRight, size.width() - 2 * pad));

    // Axis titles and class labels.
    p.setFont(l.labelFont);
    const QRectF g = l.grid;
    p.drawText(QRectF(g.left(), g.top() - 2 * label.height() - pad * 0.5, g.width(), label.height()), Qt::AlignCenter,
               tr("predicted class"));
    for (int c = 0; c < kClasses; ++c) {
        p.drawText(QRectF(g.left() + c * l.cell, g.top() - label.height() - pad * 0.25, l.cell, label.height()),
                   Qt::AlignCenter, label.elidedText(className(c), Qt::ElideRight, l.cell));
        p.drawText(QRectF(g.left() - l.labelWidth - pad * 0.5, g.top() + c * l.cell, l.labelWidth, l.cell),
                   Qt::AlignRight | Qt::AlignVCenter, className(c));
    }
    p.save();
    p.translate(pad + label.height() * 0.5, g.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-g.height() / 2, -label.height() / 2, g.height(), label.height()), Qt::AlignCenter, tr("true class"));
    p.restore();

    // The cells: shade by share of the row, the count in ink that contrasts with the shade.
    p.setFont(l.cellFont);
    for (int t = 0; t < kClasses; ++t) {
        const int rowTotal = m_rowTotals[std::size_t(t)];
        for (int j = 0; j < kClasses; ++j) {
            const int n = m_counts[std::size_t(t)][std::size_t(j)];
            const double share = rowTotal > 0 ? double(n) / rowTotal : 0.0;
            const QColor shade = confusionShade(share);
            const QRectF r(g.left() + j * l.cell, g.top() + t * l.cell, l.cell, l.cell);
            p.fillRect(r, shade);
            if (m_total == 0)
                continue;
            p.setPen(n == 0 ? kFaint : textOn(shade));
            p.drawText(r, Qt::AlignCenter, QLocale().toString(n));
        }
    }
    // Grid lines, and a thicker frame around the diagonal's cells (right answers).
    p.setPen(QPen(QColor(0xC8, 0xC8, 0xC8), 1));
    for (int i = 0; i <= kClasses; ++i) {
        p.drawLine(QPointF(g.left() + i * l.cell, g.top()), QPointF(g.left() + i * l.cell, g.bottom()));
        p.drawLine(QPointF(g.left(), g.top() + i * l.cell), QPointF(g.right(), g.top() + i * l.cell));
    }
    p.setPen(QPen(kInk, 2));
    p.drawRect(g);
    if (m_selected.x() >= 0) {
        const QRectF r(g.left() + m_selected.x() * l.cell, g.top() + m_selected.y() * l.cell, l.cell, l.cell);
        const double w = std::max(3.0, l.cell * 0.08);
        // Two rings, dark outside and white inside: visible on every shade.
        p.setPen(QPen(kInk, w));
        p.drawRect(r.adjusted(w / 2, w / 2, -w / 2, -w / 2));
        p.setPen(QPen(Qt::white, w / 2));
        p.drawRect(r.adjusted(w * 1.25, w * 1.25, -w * 1.25, -w * 1.25));
    }

    // Accuracy per class beside each row.
    p.setFont(l.labelFont);
    p.setPen(kInk);
    const double accLeft = g.right() + pad;
    const double accWidth = label.horizontalAdvance(QStringLiteral("100.0 %"));
    p.drawText(QRectF(accLeft, g.top() - label.height() - pad * 0.25, accWidth, label.height()), Qt::AlignRight,
               tr("right"));
    for (int t = 0; t < kClasses; ++t) {
        const double acc = classAccuracy(t);
        p.drawText(QRectF(accLeft, g.top() + t * l.cell, accWidth, l.cell), Qt::AlignRight | Qt::AlignVCenter,
                   formatPercent(acc));
    }
    paintLegend(p, l, QRectF(accLeft + accWidth + pad * 1.5, g.top(), size.width() - accLeft - accWidth - pad * 3.5, g.height()));
    p.restore();
}

void ConfusionMatrixPanel::paintLegend(QPainter &p, const Layout &l, const QRectF &area) const
{
    const QFontMetricsF label(l.labelFont);
    const double pad = l.captionFont.pixelSize() * 0.6;
    const double barWidth = l.labelFont.pixelSize() * 0.8;
    const QRectF bar(area.left(), area.top(), barWidth, area.height());
    // The bar: the share of the row from 100 % at the top to 0 % at the bottom.
    const int steps = std::max(2, int(bar.height()));
    for (int i = 0; i < steps; ++i) {
        const double share = std::pow(1.0 - double(i) / (steps - 1), 2.0); // sqrt-scale inverted
        p.fillRect(QRectF(bar.left(), bar.top() + bar.height() * i / steps, bar.width(), bar.height() / steps + 1),
                   confusionShade(share));
    }
    p.setPen(QPen(kInk, 1));
    p.drawRect(bar);
    for (const double share : {0.0, 0.01, 0.05, 0.25, 1.0}) {
        const double y = bar.bottom() - std::sqrt(share) * bar.height();
        p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + barWidth * 0.3, y));
        p.drawText(QRectF(bar.right() + barWidth * 0.4, y - label.height() / 2, area.width() - barWidth * 1.4,
                          label.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("%1 %").arg(QLocale().toString(share * 100, 'g', 3)));
    }
    // On the row of the column heading "predicted class": the top tick's label ("100 %") reaches
    // half a line above the bar.
    p.drawText(QRectF(area.left(), area.top() - label.height() * 2 - pad * 0.25, area.width() + pad, label.height()),
               Qt::AlignLeft, tr("of the row"));
}

void ConfusionMatrixPanel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paintPanel(p, size());
    if (hasFocus()) {
        p.setPen(QPen(palette().highlight(), 2));
        p.drawRect(rect().adjusted(1, 1, -1, -1));
    }
}

void ConfusionMatrixPanel::mousePressEvent(QMouseEvent *event)
{
    for (int t = 0; t < kClasses; ++t)
        for (int j = 0; j < kClasses; ++j)
            if (cellRect(t, j, size()).contains(event->position().toPoint()) && event->button() == Qt::LeftButton) {
                selectCell(t, j);
                emit cellActivated(t, j);
                return;
            }
    QWidget::mousePressEvent(event);
}

void ConfusionMatrixPanel::keyPressEvent(QKeyEvent *event)
{
    QPoint s = m_selected.x() < 0 ? QPoint(0, 0) : m_selected;
    switch (event->key()) {
    case Qt::Key_Left: s.rx() = std::max(0, s.x() - 1); break;
    case Qt::Key_Right: s.rx() = std::min(kClasses - 1, s.x() + 1); break;
    case Qt::Key_Up: s.ry() = std::max(0, s.y() - 1); break;
    case Qt::Key_Down: s.ry() = std::min(kClasses - 1, s.y() + 1); break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        selectCell(s.y(), s.x());
        emit cellActivated(s.y(), s.x());
        return;
    default: QWidget::keyPressEvent(event); return;
    }
    selectCell(s.y(), s.x());
}

bool ConfusionMatrixPanel::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_total > 0) {
        const QPoint pos = static_cast<QHelpEvent *>(event)->pos();
        for (int t = 0; t < kClasses; ++t)
            for (int j = 0; j < kClasses; ++j)
                if (cellRect(t, j, size()).contains(pos)) {
                    const int n = m_counts[std::size_t(t)][std::size_t(j)];
                    const int row = m_rowTotals[std::size_t(t)];
                    QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(),
                                       tr("True %1, predicted %2: %3 images (%4 of the %1s). Click to see them.")
                                               .arg(className(t), className(j), QLocale().toString(n),
                                                    formatPercent(row > 0 ? 100.0 * n / row : 0.0)),
                                       this);
                    return true;
                }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

QSize ConfusionMatrixPanel::sizeHint() const
{
    return {720, 560};
}

QSize ConfusionMatrixPanel::minimumSizeHint() const
{
    return {360, 300};
}

PanelExport ConfusionMatrixPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("confusion");
    e.title = tr("the confusion matrix");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Json};
    e.render = paintingWith([this](QPainter &p, const QSize &size) { paintPanel(p, size); });
    // The size on screen; a panel never shown (a script's export) gets a slide-sized page.
    e.renderSize = [this] { return isVisible() && width() >= 300 && height() >= 250 ? size() : QSize(1000, 760); };
    e.data = [this](ExportFormat f) { return !hasCounts() ? QByteArray() : f == ExportFormat::Json ? json() : csv(); };
    return e;
}

QByteArray ConfusionMatrixPanel::csv() const
{
    QByteArray out = "true_class,predicted_class,count\n";
    for (int t = 0; t < 10; ++t)
        for (int j = 0; j < 10; ++j)
            out += QByteArray::number(t) + ',' + QByteArray::number(j) + ',' +
                   QByteArray::number(m_counts[std::size_t(t)][std::size_t(j)]) + '\n';
    return out;
}

QByteArray ConfusionMatrixPanel::json() const
{
    Json rows = Json::array();
    Json names = Json::array();
    for (int t = 0; t < 10; ++t) {
        Json row = Json::array();
        for (int j = 0; j < 10; ++j)
            row.push_back(m_counts[std::size_t(t)][std::size_t(j)]);
        rows.push_back(std::move(row));
        names.push_back(className(t).toStdString());
    }
    // Whose weights and how many first, the matrix (rows: true class) last.
    Json o = Json::object();
    o["weights"] = m_caption.toStdString();
    o["count"] = m_total;
    o["correct"] = m_correct;
    o["class_names"] = std::move(names);
    o["confusion"] = std::move(rows);
    return QByteArray::fromStdString(jsonText(o)) + '\n';
}

} // namespace bplab
