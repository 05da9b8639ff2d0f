#include "trainview.h"

#include "framecounter.h"

#include <digitpanel.h>
#include <heatmappanel.h>
#include <lossplot.h>
#include <softmaxpanel.h>

#include <QDataStream>
#include <QHBoxLayout>
#include <QIODevice>
#include <QSplitter>

namespace bplab {

TrainView::TrainView(QWidget *parent) : QWidget(parent)
{
    m_digit = new DigitPanel;
    m_softmax = new SoftmaxPanel;
    m_loss = new LossPlot;
    m_heatmap = new HeatmapPanel;
    m_digit->setObjectName(QStringLiteral("digitPanel"));
    m_softmax->setObjectName(QStringLiteral("softmaxPanel"));
    m_loss->setObjectName(QStringLiteral("lossPlot"));
    m_heatmap->setObjectName(QStringLiteral("heatmapPanel"));
    m_digit->setToolTip(tr("The first training sample of the last mini-batch, its label, one-hot "
                           "target and the network's prediction"));
    m_softmax->setToolTip(tr("The ten output neurons for that sample: logit z, e^z and the "
                             "probability p = e^z / sum"));

    // Left: the sample and what the network says about it; right: the history and the weights.
    m_left = new QSplitter(Qt::Vertical);
    m_left->addWidget(m_digit);
    m_left->addWidget(m_softmax);
    m_left->setStretchFactor(0, 5);
    m_left->setStretchFactor(1, 4);
    m_right = new QSplitter(Qt::Vertical);
    m_right->addWidget(m_loss);
    m_right->addWidget(m_heatmap);
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
    m_left->setSizes({45, 55});
    m_right->setSizes({44, 56});
    m_columns->setSizes({42, 58});
    m_loss->setMinimumHeight(220);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_columns);

    m_frames = new FrameCounter(this);
    for (QWidget *w : {static_cast<QWidget *>(m_digit), static_cast<QWidget *>(m_softmax),
                       static_cast<QWidget *>(m_loss), static_cast<QWidget *>(m_heatmap)})
        m_frames->watch(w);

    connect(m_heatmap, &HeatmapPanel::hiddenNeuronSelected, this, &TrainView::hiddenNeuronSelected);
}

void TrainView::setClassNames(const QStringList &names)
{
    m_classNames = names;
    m_softmax->setClassNames(names);
}

void TrainView::applyVisual(const VisualSnapshot &s)
{
    m_digit->setSample(s.digit, s.label, s.predicted, m_classNames);
    m_softmax->setTrace(s.trace);
    // Every exact snapshot reaches the heatmaps; live ones at most every kHeatmapIntervalMs, which
    // leaves the GUI thread's time to the digit, the SoftMax bars and the loss curve.
    if (!s.live || !m_heatmapClock.isValid() || m_heatmapClock.elapsed() >= kHeatmapIntervalMs) {
        m_heatmap->setParameters(s.weights, s.gradients, s.adjustments);
        m_heatmapClock.start();
    }
    ++m_applied;
}

void TrainView::appendLosses(const LossChunk &chunk)
{
    m_loss->appendBatchLosses(chunk.x, chunk.loss);
}

void TrainView::appendEpoch(const EpochSnapshot &epoch)
{
    m_loss->appendEpoch(epoch.x, epoch.testLoss, epoch.testAccuracy);
}

void TrainView::clearHistory()
{
    m_loss->clear();
}

void TrainView::setPresentation(bool on)
{
    m_loss->setPresentation(on);
    m_heatmap->setPresentation(on);
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
    stream << m_columns->saveState() << m_left->saveState() << m_right->saveState();
    return out;
}

void TrainView::restoreLayout(const QByteArray &state)
{
    QDataStream stream(state);
    QByteArray columns, left, right;
    stream >> columns >> left >> right;
    if (stream.status() != QDataStream::Ok)
        return;
    m_columns->restoreState(columns);
    m_left->restoreState(left);
    m_right->restoreState(right);
}

} // namespace bplab
