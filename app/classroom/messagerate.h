#pragma once
// A token bucket: at most `perSecond` messages a second on average, `burst` at once.

#include <QtGlobal>

namespace bplab::classroom {

class MessageRate
{
public:
    MessageRate(double perSecond = 5, double burst = 5) : m_perSecond(perSecond), m_burst(burst), m_tokens(burst) {}
    /** True when a message at time `nowMs` (a monotonic clock) is within the rate; it is counted. */
    bool allow(qint64 nowMs);

private:
    double m_perSecond;
    double m_burst;
    double m_tokens;
    qint64 m_lastMs = -1;
};

} // namespace bplab::classroom
