#include "messagerate.h"

#include <algorithm>

namespace bplab::classroom {

bool MessageRate::allow(qint64 nowMs)
{
    if (m_lastMs >= 0)
        m_tokens = std::min(m_burst, m_tokens + double(nowMs - m_lastMs) * m_perSecond / 1000.0);
    m_lastMs = nowMs;
    if (m_tokens < 1.0)
        return false;
    m_tokens -= 1.0;
    return true;
}

} // namespace bplab::classroom
