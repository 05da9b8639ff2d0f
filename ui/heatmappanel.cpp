#include "heatmappanel.h"

#include "heatmaplayers.h"
#include "heatmapmosaic.h"
#include "uiformat.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <QMenu>

namespace bplab {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/** The heatmaps' plot, which ignores being squeezed to nothing: a hidden panel (a conv net's Train
 *  view) gets an empty size from its splitter, and a plot drawn at that size paints into an empty
 *  pixmap (QPainter's "engine == 0" warning) when the window is grabbed. It keeps the last real
 *  size's viewport and draws again when it has one. */
class HeatmapPlot : public QCustomPlot
{
public:
    using QCustomPlot::QCustomPlot;

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        if (event->size().isEmpty())
            QWidget::resizeEvent(event);
        else
            QCustomPlot::resizeEvent(event);
    }
};
} // namespace

HeatmapPanel::HeatmapPanel(QWidget *parent)
    : QWidget(parent)
    , m_quantityBox(new QComboBox(this))
    , m_hover(new QLabel(this))
    , m_plot(new HeatmapPlot(this))
{
    m_quantityBox->addItem(tr("Gradients dL/dW"), int(Quantity::Gradients));
    m_quantityBox->addItem(tr("Weights W"), int(Quantity::Weights));
    m_quantityBox->addItem(tr("Adjustments −lr · dL/dW"), int(Quantity::Adjustments));
    m_quantityBox->setToolTip(
            tr("Which values the heatmaps show: the gradient of the loss, the weights "
               "themselves, or what the last step added to the weights"));
    connect(m_quantityBox, &QComboBox::currentIndexChanged, this,
            [this](int index) { setQuantity(Quantity(m_quantityBox->itemData(index).toInt())); });
    auto *showLabel = new QLabel(tr("&Show:"), this);
    showLabel->setBuddy(m_quantityBox);
    m_showLabel = showLabel;
    m_hover->setObjectName(QStringLiteral("heatmapHover"));
    m_hover->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hover->setAccessibleName(tr("Weight under the mouse"));
    // Its text comes and goes with the mouse: it never changes the panel's size (the layout
    // would jump), the line keeps its height while empty and a long text is cut at the right.
    m_hover->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);

    auto *top = new QHBoxLayout;
    top->addWidget(showLabel);
    top->addWidget(m_quantityBox);
    top->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_hover);

    m_maps = new HeatmapMaps(m_plot, this);

    m_plot->setMouseTracking(true);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_plot, &QWidget::customContextMenuRequested, this, &HeatmapPanel::showContextMenu);
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapPanel::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &HeatmapPanel::onMousePress);
    // The maps hold at most a cell per pixel: a resize (or an export's larger size) sets them again.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (!m_dirty && m_maps->cellsOutOfDate())
            m_maps->setValues(shown());
    });

    applyStyle();
    updateTitles();
    m_plot->replot();
}

HeatmapPanel::~HeatmapPanel() = default;

void HeatmapPanel::setLayers(const Architecture &arch, std::shared_ptr<const MlpParamsF> weights,
                             std::shared_ptr<const MlpParamsF> gradients,
                             std::shared_ptr<const MlpParamsF> adjustments)
{
    m_weights = std::move(weights);
    m_gradients = std::move(gradients);
    m_adjustments = std::move(adjustments);
    if (!(arch == m_arch)) {
        m_arch = arch;
        m_maps->setArchitecture(m_arch);
        m_selected = m_selected < m_arch.layerOutputs(0) && m_arch.layerCount() > 1 ? m_selected : -1;
        m_maps->setSelected(m_selected);
        updateTitles();
    }
    // A hidden panel (another tab) costs nothing until it is shown.
    if (isVisible())
        refresh();
    else
        m_dirty = true;
}

void HeatmapPanel::clear()
{
    setLayers(m_arch, nullptr, nullptr, nullptr);
}

QString HeatmapPanel::neuronName(int layer, int j) const
{
    if (layer + 1 == m_arch.layerCount())
        return tr("output neuron %1").arg(j + 1);
    if (m_arch.hidden.size() == 1)
        return tr("hidden neuron %1").arg(j + 1);
    return tr("neuron %1 of hidden layer %2").arg(j + 1).arg(layer + 1);
}

void HeatmapPanel::setQuantity(Quantity quantity)
{
    if (quantity == m_quantity)
        return;
    m_quantity = quantity;
    const int index = m_quantityBox->findData(int(quantity));
    if (index != m_quantityBox->currentIndex())
        m_quantityBox->setCurrentIndex(index); // re-enters with m_quantity already set: no-op
    refresh();
    emit quantityChanged(quantity);
}

void HeatmapPanel::setSelectedHiddenNeuron(int j)
{
    // A neuron of the first hidden layer (784-10 has none).
    m_selected = (j >= 0 && j < m_arch.layerOutputs(0) && m_arch.layerCount() > 1) ? j : -1;
    m_maps->setSelected(m_selected);
}

void HeatmapPanel::setPresentation(bool on)
{
    if (m_presentation == on)
        return;
    m_presentation = on;
    applyStyle();
}

const MlpParamsF *HeatmapPanel::shown() const
{
    const MlpParamsF *p = m_quantity == Quantity::Weights     ? m_weights.get()
                          : m_quantity == Quantity::Gradients ? m_gradients.get()
                                                              : m_adjustments.get();
    return p && p->hasShape(m_arch) ? p : nullptr;
}

void HeatmapPanel::refresh()
{
    m_dirty = false;
    m_maps->setValues(shown());
    updateTitles();
}

void HeatmapPanel::updateTitles()
{
    const QString none = shown() ? QString() : tr("  (no values yet)");
    std::vector<QStringList> forms;
    for (int l = 0; l < m_arch.layerCount(); ++l)
        forms.push_back(heatmapTitleForms(m_arch, l, int(m_quantity), none));
    m_maps->setTitleForms(std::move(forms));
}

int HeatmapPanel::preferredHeight(int width) const
{
    return m_maps->preferredHeight(size(), width, sizeHint().height());
}

void HeatmapPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        applyStyle();
    QWidget::changeEvent(event);
}

void HeatmapPanel::showEvent(QShowEvent *event)
{
    if (!qFuzzyCompare(m_plot->bufferDevicePixelRatio(), m_plot->devicePixelRatioF()))
        m_plot->setBufferDevicePixelRatio(m_plot->devicePixelRatioF());
    if (m_dirty)
        refresh();
    QWidget::showEvent(event);
}

// The application's font carries presentation mode's 1.5x; the maps add thicker lines.
void HeatmapPanel::applyStyle()
{
    const QFont base = readableFont(font());
    const QFontMetrics fm(base);
    m_maps->setStyle(base, palette(), m_presentation);
    m_hover->setFont(base);
    m_quantityBox->setFont(base);
    m_showLabel->setFont(base);
    m_hover->setFixedHeight(fm.height() + fm.height() / 2);
    if (QLayoutItem *top = layout() ? layout()->itemAt(0) : nullptr; top && top->layout())
        top->layout()->setContentsMargins(fm.height() / 2, fm.height() / 4, fm.height() / 2, 0);
    const int pad = fm.height() / 3;
    m_hover->setContentsMargins(pad, 0, pad, 0);
}

double HeatmapPanel::valueOf(const HeatmapMaps::Target &t) const
{
    const MlpParamsF *p = shown();
    if (!p || t.kind == HeatmapMaps::Target::None)
        return std::numeric_limits<double>::quiet_NaN();
    if (t.kind == HeatmapMaps::Target::Hidden)
        return p->layers[0].W(t.neuron, t.row * mosaic::kTileSide + t.col);
    return p->layers[std::size_t(t.layer)].W(t.neuron, t.col);
}

double HeatmapPanel::valueAt(const QPoint &widgetPos) const
{
    return valueOf(m_maps->targetAt(m_plot->mapFrom(this, widgetPos)));
}

QString HeatmapPanel::hoverTextAt(const QPoint &widgetPos) const
{
    const HeatmapMaps::Target t = m_maps->targetAt(m_plot->mapFrom(this, widgetPos));
    const MlpParamsF *p = shown();
    if (t.kind == HeatmapMaps::Target::None || !p)
        return {};
    const QString symbol = m_quantity == Quantity::Gradients ? QStringLiteral("dL/dW")
                           : m_quantity == Quantity::Weights ? QStringLiteral("W")
                                                             : QStringLiteral("ΔW");
    if (t.kind == HeatmapMaps::Target::Hidden)
        return tr("%1, pixel (%2, %3): %4%5 = %6")
                .arg(neuronName(0, t.neuron))
                .arg(t.row)
                .arg(t.col)
                .arg(symbol)
                .arg(1)
                .arg(formatExact(float(valueOf(t))));
    return tr("%1 ← %2: %3%4 = %5")
            .arg(neuronName(t.layer, t.neuron), neuronName(t.layer - 1, t.col), symbol)
            .arg(t.layer + 1)
            .arg(formatExact(float(valueOf(t))));
}

QString HeatmapPanel::hoverText() const
{
    return m_hover->text().trimmed();
}

QString HeatmapPanel::accessibleSummary() const
{
    const MlpParamsF *p = shown();
    if (!p)
        return tr("%1: no values yet.").arg(m_quantityBox->currentText());
    const QStringList layers = heatmapLayerSummaries(m_arch, *p);
    if (layers.isEmpty()) // gradients before the first batch
        return tr("%1: every value is 0.").arg(m_quantityBox->currentText());
    QString text = m_quantityBox->currentText() + QStringLiteral(". ") + layers.join(QLatin1Char(' '));
    if (m_selected >= 0)
        text += QLatin1Char(' ') + tr("Hidden neuron %1 is selected.").arg(m_selected + 1);
    return text;
}

QString HeatmapPanel::hiddenTitle() const
{
    return layerTitle(0);
}
double HeatmapPanel::hiddenRange() const
{
    return layerRange(0);
}

QCPColorMap *HeatmapPanel::layerMap(int l) const
{
    return m_maps->map(l);
}

QCPTextElement *HeatmapPanel::layerTitleElement(int l) const
{
    return m_maps->title(l);
}

QString HeatmapPanel::layerTitle(int l) const
{
    const QCPTextElement *title = layerTitleElement(l);
    return title ? title->text() : QString();
}

double HeatmapPanel::layerRange(int l) const
{
    const QCPColorMap *map = layerMap(l);
    return map ? map->dataRange().upper : kNaN;
}

void HeatmapPanel::onMouseMove(QMouseEvent *event)
{
    const QString text = hoverTextAt(m_plot->mapTo(this, event->pos()));
    m_hover->setText(text);
    m_hover->setAccessibleDescription(text);
}

void HeatmapPanel::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const HeatmapMaps::Target t = m_maps->targetAt(event->pos());
    // A first layer's tile, or a column of the second layer's matrix (what that neuron feeds).
    const int j = t.kind == HeatmapMaps::Target::Hidden ? t.neuron : t.kind == HeatmapMaps::Target::Output && t.layer == 1 ? t.col : -1;
    if (j < 0 || m_arch.layerCount() == 1)
        return;
    setSelectedHiddenNeuron(j);
    emit hiddenNeuronSelected(j);
}

void HeatmapPanel::showContextMenu(const QPoint &pos)
{
    QMenu menu(this);
    addExportActions(&menu, this, panelExport());
    menu.exec(m_plot->mapToGlobal(pos));
}

// The size on screen; a panel never shown gets a page-sized plot.
QSize HeatmapPanel::exportSize() const
{
    if (m_plot->isVisible() && m_plot->width() >= 300 && m_plot->height() >= 200)
        return m_plot->size();
    return {1200, 800};
}

PanelExport HeatmapPanel::panelExport()
{
    PanelExport e;
    e.name = QStringLiteral("heatmaps");
    e.title = tr("the heatmaps");
    e.formats = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
    // One value per cell of the maps, at full precision: W1 (128 x 784) then W2 (10 x 128), and
    // so on for every layer of another network.
    e.data = [this](ExportFormat) {
        const MlpParamsF *p = shown();
        if (!p)
            return QByteArray();
        const char *names[] = {"gradient", "weight", "adjustment"};
        return heatmapLayersCsv(*p, names[int(m_quantity)]);
    };
    drawPlotAsShown(e, m_plot, [this] { return exportSize(); }, [this] {
        if (m_dirty)
            refresh();
    });
    return e;
}

bool HeatmapPanel::exportTo(const QString &fileName)
{
    const bool ok = writePanel(panelExport(), fileName).isEmpty();
    emit exported(fileName, ok);
    return ok;
}

} // namespace bplab
