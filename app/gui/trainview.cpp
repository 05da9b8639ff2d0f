#include "trainview.h"

#include "framecounter.h"
#include "panelregistry.h"
#include "visualhandoff.h"

#include <activationstrip.h>
#include <batchmosaic.h>
#include <classaccuracypanel.h>
#include <digitpanel.h>
#include <focusframe.h>
#include <heatmappanel.h>
#include <lossplot.h>
#include <softmaxpanel.h>
#include <conv/convfilterpanel.h>
#include <conv/dropoutmaskpanel.h>
#include <conv/featuremappanel.h>
#include <conv/weightnormpanel.h>

#include <QComboBox>
#include <QDataStream>
#include <QHBoxLayout>
#include <QIODevice>
#include <QEvent>
#include <QSplitter>
#include <QTimer>
#include <qcustomplot.h>

#include <algorithm>

namespace bplab {

namespace {
// The left column's share of the width in normal mode (at least its minimum).
constexpr double kLeftShare = 0.5;
// The loss plot's least share of the right column's height.
constexpr double kLossShare = 0.36;
} // namespace

TrainView::TrainView(QWidget *parent) : QWidget(parent)
{
    m_digit = new DigitPanel;
    m_softmax = new SoftmaxPanel;
    m_loss = new LossPlot;
    m_heatmap = new HeatmapPanel;
    m_classAccuracy = new ClassAccuracyPanel;
    m_mosaic = new BatchMosaic;
    m_classAccuracy->setObjectName(QStringLiteral("classAccuracyPanel"));
    m_digit->setObjectName(QStringLiteral("digitPanel"));
    m_softmax->setObjectName(QStringLiteral("softmaxPanel"));
    m_loss->setObjectName(QStringLiteral("lossPlot"));
    m_heatmap->setObjectName(QStringLiteral("heatmapPanel"));
    m_digit->setToolTip(tr("The first training sample of the last mini-batch, its label, one-hot "
                           "target and the network's prediction"));
    m_softmax->setToolTip(tr("The ten output neurons for that sample: logit z, e^z and the "
                             "probability p = e^z / sum"));
    auto *activations = m_activations = new ActivationStrip;
    activations->setObjectName(QStringLiteral("activationStrip"));
    m_filters = new ConvFilterPanel;
    m_filters->setObjectName(QStringLiteral("convFilterPanel"));
    m_maps = new FeatureMapPanel;
    m_maps->setObjectName(QStringLiteral("featureMapPanel"));
    m_dropout = new DropoutMaskPanel;
    m_dropout->setObjectName(QStringLiteral("dropoutMaskPanel"));
    m_norm = new WeightNormPanel;
    m_norm->setObjectName(QStringLiteral("weightNormPanel"));
    m_sampleFeeds << [this](const VisualSnapshot &s) { m_digit->setSample(s.digit, s.label, s.predicted, m_classNames); }
                  << [activations](const VisualSnapshot &s) {
                         // A strip per hidden layer of the network trained (none without one).
                         std::vector<Vec<float>> layers;
                         for (const HiddenTrace<float> &h : s.trace.hidden)
                             layers.push_back(h.a);
                         activations->setActivation(s.network.activation);
                         activations->setEmptyText(s.network.hidden.empty() && !s.network.layered()
                                                           ? tr("No hidden layer: 784-10, the pixels go straight to the outputs")
                                                           : QString());
                         activations->setLayers(std::move(layers));
                     }
                  << [this](const VisualSnapshot &s) { m_softmax->setTrace(s.trace); };
    m_panels << Panel{"digit", m_digit, PanelRegistry::exporterOf(m_digit)}
             << Panel{"activations", activations, PanelRegistry::exporterOf(activations)}
             << Panel{"softmax", m_softmax, PanelRegistry::exporterOf(m_softmax)}
             << Panel{"classes", m_classAccuracy, {}}
             << Panel{"loss", m_loss, PanelRegistry::exporterOf(m_loss)}
             << Panel{"mosaic", m_mosaic, {}}
             << Panel{"heatmaps", m_heatmap, PanelRegistry::exporterOf(m_heatmap)}
             << Panel{"filters", m_filters, PanelRegistry::exporterOf(m_filters)}
             << Panel{"featuremaps", m_maps, PanelRegistry::exporterOf(m_maps)}
             << Panel{"dropout", m_dropout, PanelRegistry::exporterOf(m_dropout)}
             << Panel{"weightnorm", m_norm, PanelRegistry::exporterOf(m_norm)};

    // Left: the sample and what the network says about it; right: the history and the weights.
    m_left = new QSplitter(Qt::Vertical);
    m_left->addWidget(m_digit);
    m_left->addWidget(activations);
    m_left->addWidget(m_softmax);
    m_left->addWidget(m_classAccuracy);
    m_left->addWidget(m_maps); // a conv net's, in the activations' place (moved there when shown)
    m_left->setStretchFactor(0, 5);
    m_left->setStretchFactor(1, 1);
    m_left->setStretchFactor(2, 4);
    m_left->setStretchFactor(3, 2);
    m_left->setStretchFactor(4, 6);
    m_maps->hide();
    // The history beside the batch it has reached.
    m_lossRow = new QSplitter(Qt::Horizontal);
    m_lossRow->addWidget(m_loss);
    m_lossRow->addWidget(m_mosaic);
    m_lossRow->setStretchFactor(0, 2);
    m_lossRow->setStretchFactor(1, 1);
    m_lossRow->setChildrenCollapsible(false);
    m_lossRow->setSizes({64, 36});
    m_heatRow = new QSplitter(Qt::Horizontal);
    m_heatRow->addWidget(m_heatmap);
    m_heatRow->setChildrenCollapsible(false);
    // A conv net's kernels take the heatmaps' place, the dropout mask and the norm under them.
    m_convBottom = new QSplitter(Qt::Horizontal);
    m_convBottom->addWidget(m_dropout);
    m_convBottom->addWidget(m_norm);
    m_convBottom->setChildrenCollapsible(false);
    m_convArea = new QSplitter(Qt::Vertical);
    m_convArea->addWidget(m_filters);
    m_convArea->addWidget(m_convBottom);
    m_convArea->setStretchFactor(0, 3);
    m_convArea->setStretchFactor(1, 1);
    m_convArea->setChildrenCollapsible(false);
    m_heatRow->insertWidget(0, m_convArea);
    m_convArea->hide();
    m_right = new QSplitter(Qt::Vertical);
    m_right->addWidget(m_lossRow);
    m_right->addWidget(m_heatRow);
    m_right->setStretchFactor(0, 2);
    m_right->setStretchFactor(1, 3);
    m_columns = new QSplitter(Qt::Horizontal);
    m_columns->addWidget(m_left);
    m_columns->addWidget(m_right);
    m_columns->setStretchFactor(0, 2);
    m_columns->setStretchFactor(1, 3);
    for (QSplitter *s : {m_left, m_right, m_columns})
        s->setChildrenCollapsible(false);
    // Initial proportions (scaled to the real size when shown): the loss plot needs the height
    // for its axis titles, the heatmaps keep their aspect within the rest.
    m_left->setSizes({34, 10, 40, 16});
    m_right->setSizes({44, 56});
    m_columns->setSizes({42, 58});
    updateMinimumSizes();
    for (QSplitter *s : {m_right, m_columns})
        connect(s, &QSplitter::splitterMoved, this, [this] { m_autoFit = false; });
    // The heatmaps' chrome is known after their plot's layout: fit again when it changes. Every
    // replot lays the plot out (several times a second while training); most change nothing.
    connect(m_heatmap->plot(), &QCustomPlot::afterLayout, this, [this] {
        QVector<QRect> chrome{m_heatmap->rect()};
        for (const QCPAxisRect *r : m_heatmap->plot()->axisRects())
            chrome << r->outerRect() << r->rect();
        if (chrome != m_heatmapChrome) {
            m_heatmapChrome = chrome;
            queueFit();
        }
    });

    // Drawing the heatmaps after a live picture is that picture's cost on the GUI thread, which
    // the training threads' pace of pictures counts (GuiPictureCost).
    connect(m_heatmap->plot(), &QCustomPlot::beforeReplot, this, [this] { m_replotCpuNs = GuiPictureCost::threadCpuNs(); });
    connect(m_heatmap->plot(), &QCustomPlot::afterReplot, this, [this] {
        if (m_liveHeatmap && m_replotCpuNs >= 0)
            GuiPictureCost::add(GuiPictureCost::threadCpuNs() - m_replotCpuNs);
        m_replotCpuNs = -1;
    });

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_columns);

    m_frames = new FrameCounter(this);
    for (const Panel &p : m_panels) {
        m_frames->watch(p.widget);
        FocusFrame::attach(p.widget); // Tab to a panel shows where the focus went
    }


    // Tab in reading order: the left column top to bottom, then the right one.
    const QList<QWidget *> order{m_digit, activations, m_maps, m_softmax, m_classAccuracy, m_loss, m_mosaic,
                                 m_heatmap, m_heatmap->quantityBox(), m_filters, m_dropout, m_norm};
    for (int i = 1; i < order.size(); ++i)
        setTabOrder(order[i - 1], order[i]);
}

void TrainView::bindPanels(PanelRegistry &r)
{
    for (const Panel &p : m_panels)
        r.bind(p.id, p.widget, p.exporter);
}

void TrainView::setClassNames(const QStringList &names)
{
    m_classNames = names;
    m_softmax->setClassNames(names);
    m_classAccuracy->setClassNames(names);
}

void TrainView::setDataset(DataSplitPtr data)
{
    m_data = std::move(data);
    m_mosaic->clear();
}

void TrainView::applyVisual(const VisualSnapshot &s)
{
    const std::int64_t cpuStart = s.live ? GuiPictureCost::threadCpuNs() : 0;
    for (const auto &feed : m_sampleFeeds)
        feed(s);
    applyConvVisual(s);
    // The mosaic: every exact snapshot, live ones only when it is on screen.
    if (m_data && (!s.live || m_mosaic->isVisible())) {
        QVector<QImage> images;
        QVector<int> labels, predicted;
        const Dataset &train = m_data->train;
        const auto n = std::min<std::size_t>(s.batchIndices.size(), BatchMosaic::kMaxShown);
        images.reserve(qsizetype(n));
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t index = s.batchIndices[i];
            if (index >= train.size())
                break;
            images.append(QImage(train.image(index), kImageSide, kImageSide, kImageSide, QImage::Format_Grayscale8));
            labels.append(train.label(index));
            predicted.append(i < s.batchPredicted.size() ? s.batchPredicted[i] : -1);
        }
        m_mosaic->setBatch(images, labels, predicted, s.sampleInBatch);
    }
    // The timeline's cursor on the loss curve when the views show a past batch.
    const int perEpoch = std::max(1, s.progress.batchesPerEpoch);
    const double x = s.weightsStep == 0 ? 0.0 : double((s.weightsStep - 1) / std::uint64_t(perEpoch))
                                                         + double((s.weightsStep - 1) % std::uint64_t(perEpoch) + 1) / perEpoch;
    m_loss->setCursorX(x, !s.atHead && s.modelFile.isEmpty());
    if (s.modelFile.isEmpty())
        showClassAccuracyAt(s.weightsStep, perEpoch);
    // Every exact snapshot reaches the heatmaps; live ones at most every kHeatmapIntervalMs, which
    // leaves the GUI thread's time to the digit, the SoftMax bars and the loss curve.
    if (!s.conv && (!s.live || !m_heatmapClock.isValid() || m_heatmapClock.elapsed() >= kHeatmapIntervalMs)) {
        m_liveHeatmap = s.live;
        m_heatmap->setLayers(s.network, s.weights, s.gradients, s.adjustments);
        m_heatmapClock.start();
    }
    ++m_applied;
    if (s.live)
        GuiPictureCost::add(GuiPictureCost::threadCpuNs() - cpuStart);
}

void TrainView::applyConvVisual(const VisualSnapshot &s)
{
    const ConvVisuals *c = s.conv.get();
    const int shown = c ? 1 | (c->masks.empty() ? 0 : 2) | (c->weightDecay > 0 ? 4 : 0) : 0;
    if (shown != m_convShown) {
        const bool conv = shown & 1;
        m_activations->setVisible(!conv);
        m_maps->setVisible(conv);
        if (conv) // the sample's maps where its hidden activations were
            m_left->insertWidget(1, m_maps);
        else
            m_left->addWidget(m_maps);
        m_heatmap->setVisible(!conv);
        m_convArea->setVisible(conv);
        m_dropout->setVisible(shown & 2);
        m_norm->setVisible(shown & 4);
        m_convBottom->setVisible(shown & 6);
        if (conv) {
            // The sample's panels as tall as they ask, the feature maps the rest: at least a
            // quarter, taken from the per-class accuracies (which give way) where it is short.
            const int total = m_left->height();
            const int asked = m_digit->sizeHint().height() + m_softmax->sizeHint().height()
                              + m_classAccuracy->sizeHint().height();
            const int maps = std::max(total / 4, total - asked);
            const int classes = std::max(20, total - maps - m_digit->sizeHint().height() - m_softmax->sizeHint().height());
            if (total > 200)
                m_left->setSizes({m_digit->sizeHint().height(), maps, 0, m_softmax->sizeHint().height(), classes});
            else
                m_left->setSizes({30, 40, 0, 34, 20});
            m_convArea->setSizes({70, 30});
        }
        m_convShown = shown;
        queueFit();
    }
    if (!c) {
        m_normSeries.clear();
        return;
    }
    m_filters->setFilters(c->filters);
    m_maps->setMaps(c->maps);
    m_dropout->setMasks(c->masks);
    // The norm's line: the batches up to the one shown (a reset or the timeline goes back).
    while (!m_normSeries.isEmpty() && m_normSeries.constLast().step >= c->weightNorm.step)
        m_normSeries.removeLast();
    m_normSeries.append(c->weightNorm);
    if (c->weightDecay > 0)
        m_norm->setSeries(m_normSeries, c->weightDecay);
}

void TrainView::setHistory(std::shared_ptr<const RunHistory> history)
{
    m_history = std::move(history);
    m_loss->setHistory(m_history);
    m_historyRevision = m_history ? m_history->revision() : 0;
    m_historyEpochs = m_history ? m_history->epochs().size() : 0;
}

void TrainView::historyChanged()
{
    m_loss->historyChanged();
    if (!m_history)
        return;
    const std::vector<EpochReport> &epochs = m_history->epochs();
    if (m_history->revision() != m_historyRevision && epochs.empty() && m_history->losses().batchCount() == 0) {
        m_classAccuracy->clear();
        m_mosaic->clear();
        m_classEpoch = 0;
    } else if (epochs.size() > m_historyEpochs) {
        m_classAccuracy->setConfusion(epochs.back().confusion, epochs.back().epoch);
        m_classEpoch = epochs.back().epoch;
    }
    m_historyRevision = m_history->revision();
    m_historyEpochs = epochs.size();
}

void TrainView::showClassAccuracyAt(std::uint64_t step, int batchesPerEpoch)
{
    // The last epoch finished by the weights shown (none: the panel is empty).
    const EpochReport *shown = m_history ? m_history->epochAt(step, batchesPerEpoch) : nullptr;
    const int epoch = shown ? shown->epoch : 0;
    if (epoch == m_classEpoch)
        return;
    m_classEpoch = epoch;
    if (shown)
        m_classAccuracy->setConfusion(shown->confusion, shown->epoch);
    else
        m_classAccuracy->clear();
}

void TrainView::setPresentation(bool on)
{
    if (on != m_presentation) {
        if (on)
            m_normalLayout = saveLayout();
        m_presentation = on;
        // A projector's 1280 x 800 px at 1.5x fonts hold every panel when the mosaic leaves the
        // loss plot's row for the heatmaps': the loss plot then has the column's width, which its
        // axes need at that font, and the heatmaps' row has the height the mosaic needs.
        if (on) {
            m_heatRow->addWidget(m_mosaic);
            m_heatRow->setStretchFactor(m_heatRow->indexOf(m_heatmap), 1);
            m_heatRow->setStretchFactor(m_heatRow->indexOf(m_convArea), 1);
            m_heatRow->setStretchFactor(m_heatRow->indexOf(m_mosaic), 0);
        } else {
            m_lossRow->addWidget(m_mosaic);
            m_lossRow->setSizes({64, 36});
        }
        m_mosaic->show();
        // Under a lesson's band the column of the sample is as tall as the heatmaps' at most: the
        // per-class accuracies give way there, down to half their least height.
        m_classAccuracy->setMinimumHeight(on ? std::max(1, m_classAccuracy->minimumSizeHint().height() / 2) : 0);
        if (!on && !m_autoFit)
            restoreLayout(m_normalLayout);
    }
    m_loss->setPresentation(on);
    m_heatmap->setPresentation(on);
    queueFit();
}

void TrainView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    queueFit();
}

void TrainView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        updateMinimumSizes();
        queueFit();
    }
    QWidget::changeEvent(event);
}

// The loss plot keeps room for its axes, two legend rows and a plotting area of about six lines.
void TrainView::updateMinimumSizes()
{
    m_loss->setMinimumHeight(std::max(220, fontMetrics().height() * 12));
}

void TrainView::queueFit()
{
    if (m_fitQueued)
        return;
    m_fitQueued = true;
    QTimer::singleShot(0, this, [this] {
        m_fitQueued = false;
        fitRightColumn();
    });
}

void TrainView::fitLeftColumn()
{
    // A panel that gives way (no least height) is as tall as it asks where the others can spare
    // it: a splitter hands out the room a growing window gains by stretch, and would leave it
    // a sliver.
    QList<int> sizes = m_left->sizes();
    bool changed = false;
    const auto least = [](QWidget *w) { return std::max(w->minimumSizeHint().height(), w->minimumHeight()); };
    for (int i = 0; i < m_left->count(); ++i) {
        QWidget *w = m_left->widget(i);
        // A panel allowed below its least height (the per-class accuracies on a projector) is
        // given that height back where the others can spare it.
        const bool givesWay = w->minimumHeight() > 0 && w->minimumHeight() < w->minimumSizeHint().height();
        if (w->isHidden() || (w->minimumSizeHint().height() > 0 && !givesWay))
            continue;
        int need = (givesWay ? w->minimumSizeHint().height() : w->sizeHint().height()) - sizes[i];
        while (need > 2) {
            int donor = -1, spare = 0;
            for (int j = 0; j < m_left->count(); ++j)
                if (j != i && !m_left->widget(j)->isHidden() && sizes[j] - least(m_left->widget(j)) > spare) {
                    donor = j;
                    spare = sizes[j] - least(m_left->widget(j));
                }
            if (donor < 0)
                break;
            const int take = std::min(need, spare);
            sizes[donor] -= take;
            sizes[i] += take;
            need -= take;
            changed = true;
        }
    }
    if (changed)
        m_left->setSizes(sizes);
}

void TrainView::fitRightColumn()
{
    if (!m_autoFit && !m_presentation)
        return;
    fitLeftColumn();
    if (!m_heatmap->isVisible())
        return;
    // The columns: the sample's panels get what they need (and in normal mode up to about half),
    // the rest goes to the loss curve and the heatmaps, whose mosaic grows with the width.
    const int width = m_columns->width() - m_columns->handleWidth();
    // The SoftMax table asks for the width of its natural font (its minimum is a smaller font);
    // on a projector the column's height decides its font, and the heatmaps need the width.
    const int leftMin = std::max({m_left->minimumSizeHint().width(), m_left->minimumWidth(),
                                  m_presentation ? 0 : m_softmax->naturalMinimumWidth()});
    const int left = std::min(width - m_right->minimumSizeHint().width(),
                              std::max(leftMin, m_presentation ? 0 : int(width * kLeftShare)));
    // Each target is applied once: a splitter that cannot honour it (its minimums) is not asked
    // again on every replot.
    if (width > 0 && std::abs(m_columns->sizes().value(0) - left) > 2
        && QPoint(left, width) != m_fitColumns) {
        m_fitColumns = QPoint(left, width);
        m_columns->setSizes({left, width - left});
        queueFit(); // the right column's split from its new width, after the heatmaps' relayout
        return;
    }
    const int total = m_right->height() - m_right->handleWidth();
    if (total <= 0)
        return;
    // The loss curve keeps at least about a third of the column, however much the mosaic could use.
    const int lossMin = std::max({m_loss->minimumHeight(), m_loss->minimumSizeHint().height(),
                                  int(total * kLossShare)});
    const int heatMin = m_heatmap->minimumSizeHint().height();
    // The heatmaps' width: the column's, less the mosaic's beside them on a projector, where the
    // mosaic is as narrow as it can be and every other pixel goes to the heatmaps' tiles.
    int heatWidth = m_right->width();
    if (m_mosaic->parentWidget() == m_heatRow) {
        const int mosaic = m_mosaic->minimumSizeHint().width();
        heatWidth -= mosaic + m_heatRow->handleWidth();
        if (std::abs(m_heatRow->sizes().value(m_heatRow->indexOf(m_mosaic)) - mosaic) > 2) {
            // The row also holds a conv net's panels, hidden while the heatmaps are shown.
            QList<int> row;
            for (int i = 0; i < m_heatRow->count(); ++i)
                row << (m_heatRow->widget(i) == m_mosaic ? mosaic : m_heatRow->widget(i) == m_heatmap ? heatWidth : 0);
            m_heatRow->setSizes(row);
        }
    }
    const int heat = std::max(heatMin, std::min(m_heatmap->preferredHeight(heatWidth), total - lossMin));
    const QList<int> sizes{total - heat, heat};
    // A few pixels either way are not worth a relayout (and could oscillate with rounding).
    const QList<int> now = m_right->sizes();
    if ((now.size() == 2 && std::abs(now[1] - heat) <= 2) || QPoint(heat, total) == m_fitRight)
        return;
    m_fitRight = QPoint(heat, total);
    m_right->setSizes(sizes);
}

void TrainView::setShowPixelValues(bool show)
{
    m_digit->setShowPixelValues(show);
}

void TrainView::setSelectedHiddenNeuron(int neuron)
{
    m_heatmap->setSelectedHiddenNeuron(neuron);
}

QByteArray TrainView::saveLayout() const
{
    QByteArray out;
    QDataStream stream(&out, QIODevice::WriteOnly);
    // The last field says whether the proportions are the user's; fitted ones are not kept, so
    // the next start fits its own window again.
    stream << m_columns->saveState() << m_left->saveState() << m_right->saveState() << !m_autoFit;
    return out;
}

void TrainView::restoreLayout(const QByteArray &state)
{
    QDataStream stream(state);
    QByteArray columns, left, right;
    stream >> columns >> left >> right;
    if (stream.status() != QDataStream::Ok)
        return;
    bool users = true; // a layout saved before the field existed: the user's
    stream >> users;
    if (stream.status() == QDataStream::Ok && !users)
        return;
    m_columns->restoreState(columns);
    m_left->restoreState(left);
    if (m_right->restoreState(right))
        m_autoFit = false; // the user's proportions
}

} // namespace bplab
