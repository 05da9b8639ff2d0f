#include "livetimeline.h"

#include <algorithm>

namespace bplab::cluster {

ClusterConfig placeReplicas(const ClusterConfig &chosen, int replicas)
{
    ClusterConfig c = chosen;
    const int n = std::max(1, replicas);
    int gpus = std::clamp(chosen.gpusPerServer, 1, n);
    while (n % gpus != 0)
        --gpus;
    c.gpusPerServer = gpus;
    c.servers = n / gpus;
    return c;
}

SimConfig liveIterationConfig(const SimConfig &chosen, int replicas, int samplesPerReplica)
{
    SimConfig c = chosen;
    c.cluster = placeReplicas(chosen.cluster, replicas);
    c.iterations = 1;
    c.batch = std::max(1, samplesPerReplica);
    c.modelScale = 1.0;
    c.scaleCompute = true;
    c.snapshotEvery = 0;
    c.failAt = -1;
    c.dropPacketAt = -1;
    c.recordIteration = 0;
    return c;
}

namespace {

bool sameLinks(const std::vector<Link> &a, const std::vector<Link> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].name != b[i].name || a[i].bytesPerS != b[i].bytesPerS
            || a[i].latencyS != b[i].latencyS)
            return false;
    return true;
}

} // namespace

LiveTimeline::LiveTimeline(int capacity)
    : m_capacity(std::max(1, capacity))
{ }

void LiveTimeline::append(std::shared_ptr<const LiveIteration> iteration)
{
    if (!iteration)
        return;
    if (!m_items.empty()) {
        const LiveIteration &last = *m_items.back();
        if (iteration->step < last.step || !sameLinks(iteration->result.links, last.result.links))
            m_items.clear();
        else if (iteration->step == last.step) // the same batch again (the exact state at a pause)
            m_items.pop_back();
    }
    m_items.push_back(std::move(iteration));
    while (int(m_items.size()) > m_capacity)
        m_items.pop_front();
}

double LiveTimeline::newestStart() const
{
    double t = 0;
    for (std::size_t i = 0; i + 1 < m_items.size(); ++i)
        t += m_items[i]->result.totalSeconds;
    return t;
}

SimResult LiveTimeline::window() const
{
    SimResult w;
    if (m_items.empty())
        return w;
    const SimResult &last = m_items.back()->result;
    w.config = last.config;
    w.config.iterations = size();
    w.links = last.links;
    w.linkStats.assign(w.links.size(), {});
    w.busy.assign(w.links.size(), {});
    w.rankTrafficPerIteration = last.rankTrafficPerIteration;
    w.rankTrafficTotal.assign(last.rankTrafficPerIteration.size(), {});
    w.buckets = last.buckets;
    w.gradientValues = last.gradientValues;
    w.gradientBytes = last.gradientBytes;
    w.timedGradientBytes = last.timedGradientBytes;
    w.snapshotSeconds = last.snapshotSeconds;

    double offset = 0;
    for (const auto &item : m_items) {
        const SimResult &r = item->result;
        const int step = int(item->step);
        for (std::size_t l = 0; l < w.links.size() && l < r.busy.size(); ++l) {
            w.linkStats[l].bytes += r.linkStats[l].bytes;
            w.linkStats[l].busySeconds += r.linkStats[l].busySeconds;
            for (const auto &[a, b] : r.busy[l])
                w.busy[l].emplace_back(a + offset, b + offset);
        }
        for (IterationStats s : r.iterations) {
            s.iteration = step;
            s.start += offset;
            w.iterations.push_back(s);
        }
        for (PhaseInterval p : r.phases) {
            p.iteration = step;
            p.start += offset;
            p.end += offset;
            w.phases.push_back(p);
        }
        for (std::size_t k = 0; k < w.rankTrafficTotal.size() && k < r.rankTrafficTotal.size();
             ++k) {
            w.rankTrafficTotal[k].bytesSent += r.rankTrafficTotal[k].bytesSent;
            w.rankTrafficTotal[k].bytesReceived += r.rankTrafficTotal[k].bytesReceived;
            w.rankTrafficTotal[k].messagesSent += r.rankTrafficTotal[k].messagesSent;
        }
        if (item == m_items.back())
            for (TimedTransfer t : r.recorded) {
                t.depart += offset;
                t.arrival += offset;
                w.recorded.push_back(std::move(t));
            }
        offset += r.totalSeconds;
    }
    w.config.recordIteration = size() - 1;
    w.totalSeconds = offset;
    for (LinkStats &s : w.linkStats)
        s.utilization = offset > 0 ? s.busySeconds / offset : 0.0;
    return w;
}

} // namespace bplab::cluster
