#include "activationstrip.h"

#include "palettecolors.h"
#include "uiformat.h"

#include <QLocale>
#include <QPainter>

#include <algorithm>

namespace bplab {

namespace {
QString number2(float v)
{
    return QLocale().toString(double(v), 'f', 2);
}
} // namespace

ActivationStrip::ActivationStrip(QWidget *parent) : QWidget(parent)
{
    updateToolTip();
}

void ActivationStrip::setLayers(std::vector<Vec<float>> layers)
{
    // A layer of no neurons is no layer.
    std::erase_if(layers, [](const Vec<float> &a) { return a.size() == 0; });
    const bool countChanged = layers.size() != m_layers.size();
    m_layers = std::move(layers);
    if (countChanged)
        updateToolTip();
    update();
    notifyPanelChanged(this);
}

void ActivationStrip::setActivations(const Vec<float> &a)
{
    setLayers({a});
}

void ActivationStrip::setEmptyText(const QString &text)
{
    if (text == m_emptyText)
        return;
    m_emptyText = text;
    update();
    notifyPanelChanged(this);
}

void ActivationStrip::setActivation(Activation f)
{
    if (f == m_activation)
        return;
    m_activation = f;
    updateToolTip();
    update();
    notifyPanelChanged(this);
}

void ActivationStrip::updateToolTip()
{
    // The network's own activation, one formula per hidden layer: "a1 = tanh(z1), a2 = tanh(z2)".
    const QString f = QString::fromStdString(displayName(m_activation));
    QStringList formulas;
    for (int l = 1; l <= std::max(1, layerCount()); ++l)
        formulas << QStringLiteral("a%1 = %2(z%1)").arg(l).arg(f);
    const QString joined = formulas.join(QStringLiteral(", "));
    setToolTip(countsActive()
                       ? tr("The hidden layers for that sample, a strip per layer: one cell per neuron, darker "
                            "the larger its activation %1; blank cells are neurons this digit leaves silent")
                                 .arg(joined)
                       : tr("The hidden layers for that sample, a strip per layer: one cell per neuron, darker "
                            "the larger the size of its activation %1; negative values in orange")
                                 .arg(joined));
}

const Vec<float> &ActivationStrip::activations(int layer) const
{
    static const Vec<float> none;
    return layer >= 0 && layer < layerCount() ? m_layers[std::size_t(layer)] : none;
}

int ActivationStrip::activeCount(int layer) const
{
    return int((activations(layer).array() > 0.0f).count());
}

QString ActivationStrip::summary() const
{
    if (m_layers.empty())
        return m_emptyText.isEmpty() ? tr("No sample yet.") : m_emptyText;
    QStringList layers;
    for (int l = 0; l < layerCount(); ++l) {
        const Vec<float> &a = m_layers[std::size_t(l)];
        Eigen::Index largest = 0;
        const float max = a.maxCoeff(&largest);
        QString text;
        if (!countsActive())
            text = tr("%1 neurons, a from %2 to %3 (the largest: neuron %4)")
                           .arg(a.size())
                           .arg(number2(a.minCoeff()), number2(max))
                           .arg(largest + 1);
        else if (!(max > 0.0f))
            text = tr("None of %1 neurons active").arg(a.size());
        else
            text = tr("%1 of %2 neurons active, the largest a = %3 (neuron %4)")
                           .arg(activeCount(l))
                           .arg(a.size())
                           .arg(number2(max))
                           .arg(largest + 1);
        layers << (layerCount() == 1 ? text : tr("Hidden layer %1: %2.").arg(l + 1).arg(text));
    }
    return layers.join(QLatin1Char(' '));
}

QString ActivationStrip::layerTitle(int layer) const
{
    const Vec<float> &a = activations(layer);
    if (a.size() == 0)
        return {};
    const QString f = QString::fromStdString(displayName(m_activation));
    if (!countsActive())
        return tr("Hidden layer %1: %2 %3 neurons, a%1 from %4 to %5")
                .arg(layer + 1)
                .arg(a.size())
                .arg(f, number2(a.minCoeff()), number2(a.maxCoeff()));
    return tr("Hidden layer %1: %2 of %3 %4 neurons active, largest a%1 = %5")
            .arg(layer + 1)
            .arg(activeCount(layer))
            .arg(a.size())
            .arg(f, number2(a.maxCoeff()));
}

PanelExport ActivationStrip::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("activations");
    e.title = tr("the hidden activations");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    e.renderSize = [this] {
        // In a file every row holds its first neuron's number: a line per row, and each title.
        const QSize at = size().expandedTo(sizeHint());
        const int line = QFontMetrics(readableFont(font())).height();
        int height = 0;
        for (int l = 0; l < std::max(1, layerCount()); ++l) {
            const int n = std::max<int>(1, int(activations(l).size()));
            const int cols = columns(n, at.width());
            height += line * ((n + cols - 1) / cols + 1) + 6;
        }
        return at.expandedTo(QSize(0, height));
    };
    e.render = paintingWith([this](QPainter &p, const QSize &s) { paint(p, s); });
    e.data = [this](ExportFormat) { return csv(); };
    return e;
}

QByteArray ActivationStrip::csv() const
{
    if (m_layers.empty())
        return {};
    QByteArray out = "layer,neuron,a\n";
    for (std::size_t l = 0; l < m_layers.size(); ++l) {
        const QByteArray layer = QByteArray::number(qulonglong(l + 1)) + ',';
        for (Eigen::Index j = 0; j < m_layers[l].size(); ++j)
            out += layer + QByteArray::number(j + 1) + ',' + QByteArray::number(double(m_layers[l][j]), 'g', 9) + '\n';
    }
    return out;
}

int ActivationStrip::accessibleRows() const
{
    int rows = 0;
    for (const Vec<float> &a : m_layers)
        rows += int(a.size());
    return rows;
}

std::pair<int, int> ActivationStrip::neuronOfRow(int row) const
{
    for (int l = 0; l < layerCount() && row >= 0; ++l) {
        const int n = int(m_layers[std::size_t(l)].size());
        if (row < n)
            return {l, row};
        row -= n;
    }
    return {-1, -1};
}

QString ActivationStrip::accessibleCell(int row, int column) const
{
    const auto [l, j] = neuronOfRow(row);
    if (l < 0)
        return {};
    switch (column) {
    case 0: return QString::number(l + 1);
    case 1: return QString::number(j + 1);
    default: return QLocale().toString(double(m_layers[std::size_t(l)][j]), 'f', 3);
    }
}

QString ActivationStrip::accessibleColumnHeader(int column) const
{
    return column == 0 ? tr("hidden layer") : column == 1 ? tr("neuron") : tr("activation a");
}

int ActivationStrip::columns(int n, int width) const
{
    n = std::max(1, n);
    int cols = n;
    // Halve the row until its cells are wide enough: 128 neurons are 1x128, 2x64, 4x32, ...
    const int labelW = QFontMetrics(readableFont(font())).horizontalAdvance(QString::number(n)) + 6;
    while (cols > 1 && (width - 8 - labelW) / cols < kMinCell)
        cols = (cols + 1) / 2;
    return cols;
}

QSize ActivationStrip::sizeHint() const
{
    // Each layer: its title and about three rows of cells.
    const QFontMetrics fm(readableFont(font()));
    int width = fm.horizontalAdvance(summary()) + 16;
    for (int l = 0; l < layerCount(); ++l)
        width = std::max(width, fm.horizontalAdvance(layerTitle(l)) + 16);
    return {std::min(width, fm.averageCharWidth() * 80), fm.height() * 4 * std::max(1, layerCount())};
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
    p.fillRect(QRect(QPoint(0, 0), size), pal.color(QPalette::Window));
    p.setFont(readableFont(font()));
    const QFontMetrics fm = p.fontMetrics();
    if (m_layers.empty()) {
        if (size.height() >= fm.height() + 8) {
            p.setPen(pal.color(QPalette::WindowText));
            const QString title = m_emptyText.isEmpty() ? tr("Hidden layers") : m_emptyText;
            p.drawText(QRect(4, 0, size.width() - 8, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(title, Qt::ElideRight, size.width() - 8));
        }
        return;
    }
    // The layers one under the other, each its share of the height.
    const int layers = layerCount();
    for (int l = 0; l < layers; ++l) {
        const int top = size.height() * l / layers, bottom = size.height() * (l + 1) / layers;
        paintLayer(p, l, QRect(0, top, size.width(), bottom - top - (l + 1 < layers ? 2 : 0)));
    }
}

void ActivationStrip::paintLayer(QPainter &p, int layer, const QRect &band) const
{
    const QPalette &pal = palette();
    const Vec<float> &a = m_layers[std::size_t(layer)];
    const QFontMetrics fm = p.fontMetrics();
    const int width = band.width(), height = band.height();
    const int line = fm.height();
    const int n = int(a.size());
    // Given less than a line and a row of cells, the strip keeps only its cells in one row.
    const bool compact = height < line + 8;
    if (!compact) {
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRect(4, band.top(), width - 8, line), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(layerTitle(layer), Qt::ElideRight, width - 8));
    }
    if (n == 0 || height < 3)
        return;
    const int cols = compact ? n : columns(n, width);
    const int rows = (n + cols - 1) / cols;
    const int top = band.top() + (compact ? 1 : line + 2);
    const double cellH = std::max(1.0, double(band.bottom() + 1 - top - 2) / rows);
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
    const float max = std::max(countsActive() ? a.maxCoeff() : a.cwiseAbs().maxCoeff(), 1e-12f);
    const QColor positive = colors::blue(pal), negative = colors::orange(pal);
    const QColor paper = pal.color(QPalette::Window);
    p.setPen(compact ? Qt::NoPen : QPen(colors::frame(pal), 1));
    for (int j = 0; j < n; ++j) {
        const QRectF cell(4 + labelW + (j % cols) * cellW, top + (j / cols) * cellH, cellW, cellH);
        // Linear from the window colour (a = 0) to the full data colour (the largest a).
        const double t = countsActive() && a[j] <= 0 ? 0.0 : std::clamp(double(std::abs(a[j]) / max), 0.0, 1.0);
        const QColor &ink = a[j] < 0 ? negative : positive;
        const QColor c = QColor::fromRgbF(float(paper.redF() + t * (ink.redF() - paper.redF())),
                                          float(paper.greenF() + t * (ink.greenF() - paper.greenF())),
                                          float(paper.blueF() + t * (ink.blueF() - paper.blueF())));
        p.setBrush(c);
        p.drawRect(cell);
    }
}

} // namespace bplab
