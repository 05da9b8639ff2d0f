#include "measuredpanel.h"

#include "clustersettings.h"
#include "uiformat.h"

#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace bplab::clusterview {

using namespace bplab::cluster;

MeasuredPanel::MeasuredPanel(QWidget *parent)
    : QWidget(parent)
    , m_open(new QPushButton(tr("Open trace…")))
    , m_run(new QPushButton(tr("Run with mpirun")))
    , m_stop(new QPushButton(tr("Stop")))
    , m_ranks(new QSpinBox)
    , m_status(new QLabel)
    , m_text(new QLabel)
    , m_plot(new QCustomPlot)
{
    const QFont f = readableFont(font());
    m_open->setToolTip(tr("A trace that backprop-lab-cli train --mpi --trace FILE wrote"));
    m_ranks->setRange(2, 8);
    m_ranks->setValue(2);
    m_ranks->setPrefix(QStringLiteral("-np "));
    m_ranks->setToolTip(tr("Processes (ranks) that mpirun starts on this machine"));
    m_run->setToolTip(tr("Trains one epoch of the loaded data with mpirun on this machine and "
                         "opens its trace"));
    m_stop->setEnabled(false);
    for (QLabel *l : {m_status, m_text}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    }
    m_text->setMinimumHeight(3 * QFontMetrics(f).lineSpacing() + 4);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_open);
    bar->addSpacing(12);
    bar->addWidget(m_ranks);
    bar->addWidget(m_run);
    bar->addWidget(m_stop);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_status);
    layout->addWidget(m_text);
    layout->addWidget(m_plot, 1);
    layout->addStretch(0);
    m_plot->setMinimumHeight(200);

    m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    m_plot->yAxis->setLabel(tr("time per iteration (µs)"));
    m_plot->xAxis->setLabel(tr("iteration (global batch)"));
    m_plot->legend->setVisible(true);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(2);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);

    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a measured trace"), {},
                                                          tr("Traces (*.json);;All files (*)"));
        if (!path.isEmpty())
            emit openRequested(path);
    });
    connect(m_run, &QPushButton::clicked, this, [this] { emit runRequested(m_ranks->value()); });
    connect(m_stop, &QPushButton::clicked, this, &MeasuredPanel::stopRequested);
    setStatus(tr("Open a trace of backprop-lab-cli train --mpi --trace FILE, or run mpirun here."));
    applyStyle();
    rebuild();
}

MeasuredPanel::~MeasuredPanel() = default;

void MeasuredPanel::setComparison(std::shared_ptr<const MeasuredComparison> comparison,
                                  const QString &source)
{
    m_comparison = std::move(comparison);
    m_source = source;
    rebuild();
}

void MeasuredPanel::setStatus(const QString &text)
{
    m_status->setText(text);
}

QString MeasuredPanel::statusText() const
{
    return m_status->text();
}

QString MeasuredPanel::comparisonText() const
{
    return m_text->text();
}

void MeasuredPanel::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_ranks->setEnabled(!running);
    m_open->setEnabled(!running);
    m_stop->setEnabled(running);
}

int MeasuredPanel::ranks() const
{
    return m_ranks->value();
}

void MeasuredPanel::rebuild()
{
    m_plot->clearGraphs();
    const bool empty = !m_comparison || m_comparison->measured.iterations.empty();
    m_plot->setVisible(!empty); // no empty axes: the sentence says there is nothing yet
    if (empty) {
        m_text->setText(tr("No measured run yet."));
        return;
    }
    const MeasuredComparison &c = *m_comparison;
    const MeasuredSummary &m = c.measured;
    QVector<double> x, compute, reduce;
    double lo = 1e300, hi = 0;
    for (const MeasuredIteration &it : m.iterations) {
        x.push_back(double(it.step));
        compute.push_back(it.computeSeconds * 1e6);
        reduce.push_back(it.allreduceSeconds * 1e6);
        for (double v : {compute.back(), reduce.back()})
            if (v > 0) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
    }
    for (double v : {c.predictedComputeSeconds * 1e6, c.predictedAllreduceSeconds * 1e6})
        if (v > 0) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    auto line = [&](const QString &name, const QVector<double> &y, const QColor &colour,
                    Qt::PenStyle style, double width) {
        QCPGraph *g = m_plot->addGraph();
        g->setName(name);
        g->setPen(QPen(colour, width, style));
        g->setData(y.size() == 2 ? QVector<double> {x.front(), x.back()} : x, y, true);
    };
    line(tr("measured all-reduce"), reduce, colors::blue(palette()), Qt::SolidLine, 1.2);
    line(tr("measured compute"), compute, colors::orange(palette()), Qt::SolidLine, 1.2);
    if (c.predictedAllreduceSeconds > 0)
        line(tr("predicted all-reduce"),
             {c.predictedAllreduceSeconds * 1e6, c.predictedAllreduceSeconds * 1e6}, colors::blue(palette()),
             Qt::DashLine, 2.5);
    if (c.predictedComputeSeconds > 0)
        line(tr("predicted compute"),
             {c.predictedComputeSeconds * 1e6, c.predictedComputeSeconds * 1e6}, colors::orange(palette()),
             Qt::DashLine, 2.5);
    m_plot->xAxis->setRange(x.front() - 0.5, x.back() + 0.5);
    if (hi > 0)
        m_plot->yAxis->setRange(lo / 2, hi * 2);
    m_plot->replot();

    const double ratio = c.predictedAllreduceSeconds > 0
                                 ? m.medianAllreduceSeconds / c.predictedAllreduceSeconds
                                 : 0.0;
    QString text
            = tr("%1: %2 ranks, %3 iterations, %4 per all-reduce. Measured medians: compute "
                 "%5, wait %6, all-reduce %7 (busbw %8). The one-host simulation predicts "
                 "compute %9 and all-reduce %10 (busbw %11) for the same bytes: the measured "
                 "all-reduce takes %12× the predicted.")
                      .arg(QFileInfo(m_source).fileName())
                      .arg(m.ranks)
                      .arg(m.iterations.size())
                      .arg(formatBytes(m.bytesPerAllreduce))
                      .arg(formatSeconds(m.medianComputeSeconds),
                           formatSeconds(m.medianWaitSeconds),
                           formatSeconds(m.medianAllreduceSeconds), formatRate(m.busbw),
                           formatSeconds(c.predictedComputeSeconds),
                           formatSeconds(c.predictedAllreduceSeconds), formatRate(c.predictedBusbw))
                      .arg(QLocale().toString(ratio, 'f', 1));
    if (c.samplesAssumed)
        text += tr(" The trace does not say its batch size: the prediction assumes %1 samples per "
                   "rank.")
                        .arg(c.samplesPerRank);
    m_text->setText(text);
    // The plot paints what the sentence says: a screen reader reads the sentence as its description.
    m_plot->setAccessibleDescription(text);
}

void MeasuredPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        applyStyle();
        rebuild();
    }
}

void MeasuredPanel::applyStyle()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QFont f = readableFont(font());
    m_plot->setBackground(pal.color(QPalette::Base));
    for (QCPAxis *a : {m_plot->xAxis, m_plot->yAxis}) {
        a->setTickLabelFont(f);
        a->setLabelFont(f);
        a->setBasePen(QPen(text));
        a->setTickPen(QPen(text));
        a->setSubTickPen(QPen(text));
        a->setTickLabelColor(text);
        a->setLabelColor(text);
        QColor grid = text;
        grid.setAlpha(40);
        a->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    }
    m_plot->legend->setFont(f);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBrush(pal.color(QPalette::Base));
    m_plot->legend->setBorderPen(Qt::NoPen);
}

} // namespace bplab::clusterview
