#include "train/pacer.h"

#include <cmath>
#include <cstdio>

namespace bplab {

int paceIndex(const Pace &pace)
{
    int best = 0;
    double bestDistance = INFINITY;
    for (int i = 0; i < int(kPaces.size()); ++i) {
        if (kPaces[std::size_t(i)] == pace)
            return i;
        if (kPaces[std::size_t(i)].perSample || pace.perSample)
            continue;
        // Full speed is "infinitely fast": compare rates on a log scale, full speed beyond 100.
        const auto logRate = [](const Pace &p) { return p.full() ? 3.0 : std::log10(p.perSecond); };
        const double d = std::abs(logRate(kPaces[std::size_t(i)]) - logRate(pace));
        if (d < bestDistance) {
            bestDistance = d;
            best = i;
        }
    }
    return pace.perSample ? int(kPaces.size()) - 1 : best;
}

std::string describePace(const Pace &pace)
{
    if (pace.full())
        return "full speed";
    if (pace.perSample)
        return "one sample at a time";
    char text[48];
    std::snprintf(text, sizeof text, "%g batches/s", pace.perSecond);
    return text;
}

void Pacer::setPace(const Pace &pace)
{
    // The next unit is due one new period after the last one started: a faster pace takes
    // effect at once, not after the old, long period.
    m_pace = pace;
    if (m_started)
        m_due = m_last + periodNs();
}

std::int64_t Pacer::periodNs() const
{
    return m_pace.full() ? 0 : std::int64_t(std::llround(1e9 / m_pace.perSecond));
}

void Pacer::start(std::int64_t nowNs)
{
    m_due = nowNs;
    m_started = false;
}

std::int64_t Pacer::dueIn(std::int64_t nowNs) const
{
    return m_pace.full() ? 0 : m_due - nowNs;
}

void Pacer::started(std::int64_t nowNs)
{
    const std::int64_t period = periodNs();
    // next = due + T, unless that is already past: then now + T.
    m_due = nowNs - m_due > period ? nowNs + period : m_due + period;
    m_last = nowNs;
    m_started = true;
}

} // namespace bplab
