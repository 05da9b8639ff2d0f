#include "distributionplot.h"

#include "plotstyle.h"
#include "uiformat.h"

#include <QEvent>
#include <QLocale>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <numeric>

namespace bplab {

DistributionPlot::DistributionPlot(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("distributionPlot"));
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("distributionCustomPlot"));
    m_plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_plot, QString());
    m_plot->plotLayout()->addElement(0, 0, m_title);
    // Horizontal bars: the class names stay horizontal and readable, class 0 at the top.
    m_bars = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    m_highlightBar = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    for (QCPBars *b : {m_bars, m_highlightBar})
        b->setWidth(0.72);
    m_plot->yAxis->setRangeReversed(true);
    m_plot->yAxis->setRange(-0.6, 9.6);
    m_plot->yAxis->grid()->setVisible(false);
    m_plot->yAxis->setSubTicks(false);
    m_plot->xAxis->setLabel(tr("images"));
    for (int k = 0; k < 10; ++k) {
        auto *t = new QCPItemText(m_plot);
        t->setClipToAxisRect(false);
        t->position->setType(QCPItemPosition::ptPlotCoords);
        t->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        t->setPadding(QMargins(4, 0, 0, 0));
        m_texts.push_back(t);
    }
    connect(m_plot, &QCustomPlot::plottableClick, this, [this](QCPAbstractPlottable *p, int index, QMouseEvent *) {
        auto *bars = qobject_cast<QCPBars *>(p);
        if (!bars || index < 0 || index >= bars->data()->size())
            return;
        const int k = int(bars->data()->at(index)->key);
        if (k >= 0 && k < m_counts.size())
            emit classClicked(k);
    });
    m_plot->setToolTip(tr("Images per class in this set; click a bar to show only that class"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    applyStyle();
    refresh();
}

void DistributionPlot::setCounts(const QVector<int> &counts, const QStringList &names, const QString &title)
{
    m_counts = counts;
    m_names = names;
    m_title->setText(title);
    refresh();
}

void DistributionPlot::setHighlightedClass(int k)
{
    m_highlight = k >= 0 && k < m_counts.size() ? k : -1;
    refresh();
}

double DistributionPlot::barValue(int k) const
{
    for (const QCPBars *b : {m_bars, m_highlightBar}) {
        const auto it = b->data()->findBegin(k, false);
        if (it != b->data()->constEnd() && int(it->key) == k && it->value > 0)
            return it->value;
    }
    return 0;
}

QString DistributionPlot::barText(int k) const
{
    return k >= 0 && k < m_texts.size() ? m_texts[k]->text() : QString();
}

bool DistributionPlot::isBarHighlighted(int k) const
{
    const auto it = m_highlightBar->data()->findBegin(k, false);
    return it != m_highlightBar->data()->constEnd() && int(it->key) == k;
}

QString DistributionPlot::accessibleColumnHeader(int column) const
{
    return column == 0 ? tr("class") : tr("images");
}

QString DistributionPlot::accessibleCell(int row, int column) const
{
    if (row < 0 || row >= m_counts.size())
        return {};
    return column == 0 ? m_names.value(row, QString::number(row)) : barText(row);
}

QString DistributionPlot::title() const
{
    return m_title->text();
}

void DistributionPlot::refresh()
{
    QVector<double> keys, values, hiKeys, hiValues;
    const int total = std::accumulate(m_counts.begin(), m_counts.end(), 0);
    int largest = 1;
    for (int c : m_counts)
        largest = std::max(largest, c);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const QLocale locale;
    for (int k = 0; k < m_texts.size(); ++k) {
        const bool shown = k < m_counts.size();
        const int c = shown ? m_counts[k] : 0;
        if (shown && k == m_highlight) {
            hiKeys << k;
            hiValues << c;
        } else if (shown) {
            keys << k;
            values << c;
        }
        if (shown)
            ticker->addTick(k, k < m_names.size() ? m_names[k] : QString::number(k));
        const double share = total > 0 ? 100.0 * c / total : 0.0;
        m_texts[k]->setVisible(shown);
        m_texts[k]->position->setCoords(c, k);
        m_texts[k]->setText(shown ? QStringLiteral("%1 (%2 %)").arg(locale.toString(c)).arg(share, 0, 'f', 1)
                                  : QString());
        QFont f = m_texts[k]->font();
        f.setBold(k == m_highlight);
        m_texts[k]->setFont(f);
    }
    m_bars->setData(keys, values, true);
    m_highlightBar->setData(hiKeys, hiValues, true);
    m_plot->yAxis->setTicker(ticker);
    // Room on the right for the longest count text.
    const QFontMetrics fm(m_texts.isEmpty() ? font() : m_texts[0]->font());
    const double textW = fm.horizontalAdvance(QStringLiteral("00,000 (00.0 %)")) + 8;
    int namesW = 0;
    for (const QString &n : m_names)
        namesW = std::max(namesW, fm.horizontalAdvance(n));
    // The axis rect is the widget less the names, the ticks and the margins (known before layout).
    const double plotW = std::max(60, width() - namesW - 3 * fm.height());
    const double upper = largest / std::max(0.2, 1.0 - textW / plotW);
    m_plot->xAxis->setRange(0, upper);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void DistributionPlot::applyStyle()
{
    const QFont tickFont = readableFont(font());
    QFont titleFont = readableFont(font(), 1.15);
    titleFont.setBold(true);
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    QColor gridColor = pal.color(QPalette::Mid);
    gridColor.setAlpha(90);
    m_plot->setBackground(pal.color(QPalette::Base));
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis})
        styleAxis(axis, text, gridColor, tickFont, tickFont);
    m_title->setFont(titleFont);
    m_title->setTextColor(text);
    const QColor bar = colors::blue(pal);
    m_bars->setPen(Qt::NoPen);
    m_bars->setBrush(bar);
    m_highlightBar->setPen(QPen(text, 1.5));
    m_highlightBar->setBrush(colors::orange(palette()));
    for (QCPItemText *t : m_texts) {
        t->setFont(tickFont);
        t->setColor(text);
    }
    refresh();
}

void DistributionPlot::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    refresh();
}

void DistributionPlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        applyStyle();
    QWidget::changeEvent(event);
}

} // namespace bplab
