#include "latencyprobe.h"

#include <algorithm>
#include <cmath>

namespace bplab {

LatencyProbe::LatencyProbe(int intervalMs, QObject *parent) : QObject(parent), m_intervalMs(intervalMs)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &LatencyProbe::onTimeout);
}

void LatencyProbe::start()
{
    m_lateMs.clear();
    m_lateMs.reserve(1 << 16);
    m_clock.start();
    m_lastNs = 0;
    m_timer.start();
}

void LatencyProbe::stop()
{
    m_timer.stop();
}

void LatencyProbe::onTimeout()
{
    // lateness = actual interval - expected interval (each shot is expected one interval after the
    // previous one actually fired).
    const qint64 now = m_clock.nsecsElapsed();
    const double late = double(now - m_lastNs) / 1e6 - m_intervalMs;
    m_lastNs = now;
    m_lateMs.push_back(std::max(0.0, late));
}

double LatencyProbe::percentileMs(double p) const
{
    if (m_lateMs.isEmpty())
        return 0;
    QVector<double> sorted = m_lateMs;
    std::sort(sorted.begin(), sorted.end());
    // Nearest rank.
    const qsizetype rank = qsizetype(std::ceil(p / 100.0 * double(sorted.size())));
    return sorted[std::clamp<qsizetype>(rank - 1, 0, sorted.size() - 1)];
}

double LatencyProbe::maxMs() const
{
    return m_lateMs.isEmpty() ? 0 : *std::max_element(m_lateMs.begin(), m_lateMs.end());
}

} // namespace bplab
