#include "activationstrip.h"

#include "palettecolors.h"
#include "uiformat.h"

#include <QLocale>
#include <QPainter>

#include <algorithm>

namespace bplab {

ActivationStrip::ActivationStrip(QWidget *parent) : QWidget(parent)
{
    setToolTip(tr("The hidden layer for that sample: one cell per neuron, darker the larger its "
                  "activation a1 = ReLU(z1); blank cells are neurons this digit leaves silent"));
}

void ActivationStrip::setActivations(const Vec<float> &a)
{
    m_a = a;
    update();
    notifyPanelChanged(this);
}

void ActivationStrip::setEmptyText(const QString &text)
{
    if (text == m_emptyText)
        return;
    m_emptyText = text;
    update();
    notifyPanelChanged(this);
}

void ActivationStrip::setCountsActive(bool counts)
{
    if (counts == m_countsActive)
        return;
    m_countsActive = counts;
    update();
    notifyPanelChanged(this);
}

int ActivationStrip::activeCount() const
{
    return int((m_a.array() > 0.0f).count());
}

QString ActivationStrip::summary() const
{
    if (m_a.size() == 0)
        return m_emptyText.isEmpty() ? tr("No sample yet.") : m_emptyText;
    Eigen::Index largest = 0;
    const float max = m_a.maxCoeff(&largest);
    if (!m_countsActive)
        return tr("%1 neurons, a from %2 to %3 (the largest: neuron %4)")
                .arg(m_a.size())
                .arg(QLocale().toString(double(m_a.minCoeff()), 'f', 2), QLocale().toString(double(max), 'f', 2))
                .arg(largest + 1);
    if (!(max > 0.0f))
        return tr("None of %1 neurons active").arg(m_a.size());
    return tr("%1 of %2 neurons active, the largest a = %3 (neuron %4)")
            .arg(activeCount())
            .arg(m_a.size())
            .arg(QLocale().toString(double(max), 'f', 2))
            .arg(largest + 1);
}

PanelExport ActivationStrip::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("activations");
    e.title = tr("the hidden activations");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    e.renderSize = [this] {
        // In a file every row holds its first neuron's number: a line per row, and the title.
        const QSize at = size().expandedTo(sizeHint());
        const int n = std::max<int>(1, int(m_a.size()));
        const int rows = (n + columns(at.width()) - 1) / columns(at.width());
        const int line = QFontMetrics(readableFont(font())).height();
        return at.expandedTo(QSize(0, line * (rows + 1) + 6));
    };
    e.render = paintingWith([this](QPainter &p, const QSize &s) { paint(p, s); });
    e.data = [this](ExportFormat) { return csv(); };
    return e;
}

QByteArray ActivationStrip::csv() const
{
    if (m_a.size() == 0)
        return {};
    QByteArray out = "neuron,a\n";
    for (Eigen::Index j = 0; j < m_a.size(); ++j)
        out += QByteArray::number(j + 1) + ',' + QByteArray::number(double(m_a[j]), 'g', 9) + '\n';
    return out;
}

QString ActivationStrip::accessibleCell(int row, int column) const
{
    if (row < 0 || row >= m_a.size())
        return {};
    return column == 0 ? QString::number(row + 1) : QLocale().toString(double(m_a[row]), 'f', 3);
}

QString ActivationStrip::accessibleColumnHeader(int column) const
{
    return column == 0 ? tr("hidden neuron") : tr("activation a1");
}

int ActivationStrip::columns(int width) const
{
    const int n = std::max<int>(1, int(m_a.size()));
    int cols = n;
    // Halve the row until its cells are wide enough: 128 neurons are 1x128, 2x64, 4x32, ...
    const int labelW = QFontMetrics(readableFont(font())).horizontalAdvance(QString::number(n)) + 6;
    while (cols > 1 && (width - 8 - labelW) / cols < kMinCell)
        cols = (cols + 1) / 2;
    return cols;
}

QSize ActivationStrip::sizeHint() const
{
    const QFontMetrics fm(readableFont(font()));
    return {fm.horizontalAdvance(summary()) + 16, fm.height() * 4};
}

QSize ActivationStrip::minimumSizeHint() const
{
    // No least height: where the height is short (a lesson's band at 800 pixels) the panels above
    // and below keep theirs and this one gives way; the cells grow with the splitter.
    const QFontMetrics fm(readableFont(font()));
    return {fm.horizontalAdvance(QStringLiteral("00 of 128 neurons active")), 0};
}

void ActivationStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paint(p, size());
}

void ActivationStrip::paint(QPainter &p, const QSize &size) const
{
    const QPalette &pal = palette();
    const int width = size.width(), height = size.height();
    p.fillRect(QRect(QPoint(0, 0), size), pal.color(QPalette::Window));
    p.setFont(readableFont(font()));
    const QFontMetrics fm = p.fontMetrics();
    const int line = fm.height();
    const int n = int(m_a.size());
    // Given less than a line and a row of cells, the strip keeps only its cells in one row.
    const bool compact = height < line + 8;
    if (!compact) {
        p.setPen(pal.color(QPalette::WindowText));
        const QString title = n == 0 ? (m_emptyText.isEmpty() ? tr("Hidden layer a1") : m_emptyText)
                              : !m_countsActive
                                      ? tr("Hidden layer a1: %1 neurons, a from %2 to %3")
                                                .arg(n)
                                                .arg(QLocale().toString(double(m_a.minCoeff()), 'f', 2),
                                                     QLocale().toString(double(m_a.maxCoeff()), 'f', 2))
                                      : tr("Hidden layer a1: %1 of %2 active, largest %3")
                                                .arg(activeCount())
                                                .arg(n)
                                                .arg(QLocale().toString(double(m_a.maxCoeff()), 'f', 2));
        p.drawText(QRect(4, 0, width - 8, line), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(title, Qt::ElideRight, width - 8));
    }
    if (n == 0 || height < 3)
        return;
    const int cols = compact ? n : columns(width);
    const int rows = (n + cols - 1) / cols;
    const int top = compact ? 1 : line + 2;
    const double cellH = std::max(1.0, double(height - top - 2) / rows);
    // Each row starts with the number of its first neuron (1, 33, 65, 97 for 128 in four rows),
    // where the rows are tall enough to hold the number.
    const bool labelled = !compact && cellH >= 0.8 * line;
    const int labelW = labelled ? fm.horizontalAdvance(QString::number(n)) + 6 : 0;
    const double cellW = double(width - 8 - labelW) / cols;
    for (int r = 0; r < rows && labelW > 0; ++r)
        p.drawText(QRectF(4, top + r * cellH, labelW - 6, cellH), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(r * cols + 1));
    // ReLU's a >= 0 from the window colour to blue; any other activation's by |a|, negative
    // values in orange.
    const float max = std::max(m_countsActive ? m_a.maxCoeff() : m_a.cwiseAbs().maxCoeff(), 1e-12f);
    const QColor positive = colors::blue(pal), negative = colors::orange(pal);
    const QColor paper = pal.color(QPalette::Window);
    p.setPen(compact ? Qt::NoPen : QPen(colors::frame(pal), 1));
    for (int j = 0; j < n; ++j) {
        const QRectF cell(4 + labelW + (j % cols) * cellW, top + (j / cols) * cellH, cellW, cellH);
        // Linear from the window colour (a = 0) to the full data colour (the largest a).
        const double t = m_countsActive && m_a[j] <= 0 ? 0.0 : std::clamp(double(std::abs(m_a[j]) / max), 0.0, 1.0);
        const QColor &ink = m_a[j] < 0 ? negative : positive;
        const QColor c = QColor::fromRgbF(float(paper.redF() + t * (ink.redF() - paper.redF())),
                                          float(paper.greenF() + t * (ink.greenF() - paper.greenF())),
                                          float(paper.blueF() + t * (ink.blueF() - paper.blueF())));
        p.setBrush(c);
        p.drawRect(cell);
    }
}

} // namespace bplab
