#include "livepanel.h"

#include "clustersettings.h"
#include "linkplot.h"
#include "uiformat.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace bplab::clusterview {

using namespace bplab::cluster;

LivePanel::LivePanel(QWidget *parent)
    : QWidget(parent)
    , m_timeline(kIterations)
    , m_plot(new LinkPlot)
    , m_caption(new QLabel)
    , m_redrawTimer(new QTimer(this))
    , m_revealTimer(new QTimer(this))
{
    m_clock.start();
    m_now = [this] { return m_clock.elapsed(); };
    m_plot->setLive(true);
    m_caption->setWordWrap(true);
    m_caption->setFont(readableFont(font()));
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_caption->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    m_caption->setMinimumHeight(3 * QFontMetrics(m_caption->font()).lineSpacing() + 4);
    m_eachLink = new QCheckBox(tr("Show each link"));
    m_eachLink->setToolTip(tr("One line per directional link instead of one per kind of link"));
    connect(m_eachLink, &QCheckBox::toggled, m_plot, &LinkPlot::setShowEachLink);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_eachLink);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_caption);
    layout->addLayout(bar);
    layout->addWidget(m_plot, 1);
    layout->addStretch(0);

    m_redrawTimer->setSingleShot(true);
    m_redrawTimer->setInterval(kRedrawMs);
    connect(m_redrawTimer, &QTimer::timeout, this, &LivePanel::redraw);
    m_revealTimer->setInterval(33);
    connect(m_revealTimer, &QTimer::timeout, this, &LivePanel::advanceReveal);
    m_plot->setVisible(false);
    m_eachLink->setVisible(false);
    updateCaption();
}

LivePanel::~LivePanel() = default;

void LivePanel::addIteration(std::shared_ptr<const LiveIteration> iteration)
{
    if (!iteration)
        return;
    const qint64 now = m_now();
    if (iteration->step == 0) {
        m_timeline.clear();
        m_lastArrivalMs = now;
        m_revealSeconds = 0;
        m_revealTimer->stop();
        scheduleRedraw();
        return;
    }
    const LiveIteration *before = m_timeline.newest();
    const bool again = before && before->step == iteration->step; // the exact state at a pause
    m_timeline.append(std::move(iteration));
    if (!again) {
        // Slow batches (paced, stepped): the newest fills its links over most of the time until
        // the next one is expected, taken to be as long as since the previous one.
        const double since = m_lastArrivalMs < 0 ? 0.0 : double(now - m_lastArrivalMs) / 1000.0;
        m_lastArrivalMs = now;
        m_revealSeconds = m_animated && since >= kMinRevealS
                                  ? std::min(kRevealShare * since, kMaxRevealS)
                                  : 0.0;
        m_revealStartMs = now;
        if (m_revealSeconds > 0) {
            redraw(); // the first frame now; advanceReveal() draws the rest
            return;
        }
    }
    scheduleRedraw();
}

void LivePanel::scheduleRedraw()
{
    m_dirty = true;
    if (!m_redrawTimer->isActive())
        m_redrawTimer->start();
}

void LivePanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        redraw();
}

void LivePanel::redrawNow()
{
    m_redrawTimer->stop();
    draw();
}

void LivePanel::redraw()
{
    if (!isVisible()) { // drawn when shown
        m_dirty = true;
        return;
    }
    draw();
}

void LivePanel::draw()
{
    m_dirty = false;
    m_plot->setRevealTime(std::numeric_limits<double>::infinity());
    m_plot->setResult(m_timeline.empty() ? nullptr
                                         : std::make_shared<const SimResult>(m_timeline.window()));
    // No empty axes before the first batch: the caption says what to do.
    m_plot->setVisible(!m_timeline.empty());
    m_eachLink->setVisible(!m_timeline.empty());
    updateCaption();
    if (revealing()) {
        advanceReveal();
        m_revealTimer->start();
    } else {
        m_revealTimer->stop();
    }
}

bool LivePanel::revealing() const
{
    return m_revealSeconds > 0 && !m_timeline.empty()
           && double(m_now() - m_revealStartMs) / 1000.0 < m_revealSeconds;
}

void LivePanel::advanceReveal()
{
    const LiveIteration *newest = m_timeline.newest();
    if (!newest || !revealing()) {
        m_revealTimer->stop();
        m_plot->setRevealTime(std::numeric_limits<double>::infinity());
        return;
    }
    // reveal = start of the newest + (wall time since it came / reveal time) x its length
    const double f = double(m_now() - m_revealStartMs) / 1000.0 / m_revealSeconds;
    m_plot->setRevealTime(m_timeline.newestStart() + f * newest->result.totalSeconds);
}

QString LivePanel::captionText() const
{
    return m_caption->text();
}

void LivePanel::updateCaption()
{
    const LiveIteration *it = m_timeline.newest();
    if (!it || it->result.iterations.empty()) {
        m_caption->setText(tr("Start or step the training: each trained batch appears here, timed "
                              "for the real gradient on the what-if cluster's links."));
        return;
    }
    const SimResult &r = it->result;
    const IterationStats &s = r.iterations.front();
    const QString batch = QLocale().toString(qulonglong(it->step));
    if (it->replicas < 2) {
        m_caption->setText(
                tr("Batch %1 of the %2 network on 1 replica: nothing to all-reduce, only the "
                   "mini-batch's PCIe copy (%3) and the compute (%4). Choose 2, 4 or 8 Replicas in "
                   "the toolbar and Reset to see its gradient of %5 values cross NVLink and the "
                   "NICs.")
                        .arg(batch, QString::fromStdString(describe(r.config.network)), formatSeconds(s.pcieSeconds),
                             formatSeconds(s.computeSeconds), QLocale().toString(qulonglong(r.config.network.parameterCount()))));
        return;
    }
    const ClusterConfig &c = r.config.cluster;
    m_caption->setText(
            tr("Batch %1: %2 replicas as %3 × %4 GPUs, %5 samples each; the gradient, %6, in %7 "
               "bucket(s). Simulated per iteration: PCIe copy %8, compute %9, all-reduce %10 "
               "(busbw %11).")
                    .arg(batch)
                    .arg(it->replicas)
                    .arg(c.servers)
                    .arg(c.gpusPerServer)
                    .arg(r.config.batch)
                    .arg(formatBytes(r.timedGradientBytes))
                    .arg(r.buckets.size())
                    .arg(formatSeconds(s.pcieSeconds), formatSeconds(s.computeSeconds),
                         formatSeconds(s.allreduceSeconds), formatRate(s.busbw)));
}

} // namespace bplab::clusterview
