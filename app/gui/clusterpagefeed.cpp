#include "clusterpagefeed.h"

namespace bplab {

LiveClusterFeed::LiveClusterFeed()
{
    qRegisterMetaType<bplab::LiveIterationPtr>();
}

void LiveClusterFeed::set(const std::optional<cluster::SimConfig> &chosen)
{
    std::lock_guard lock(m_mutex);
    m_chosen = chosen;
}

std::optional<cluster::SimConfig> LiveClusterFeed::get() const
{
    std::lock_guard lock(m_mutex);
    return m_chosen;
}

} // namespace bplab
