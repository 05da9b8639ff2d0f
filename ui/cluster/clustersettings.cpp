#include "clustersettings.h"

#include <QLocale>

#include <algorithm>

namespace bplab::clusterview {

using namespace bplab::cluster;

SimConfig toSimConfig(const ClusterSettings &s)
{
    SimConfig c;
    c.cluster.servers = std::max(1, s.servers);
    c.cluster.gpusPerServer = std::max(1, s.gpusPerServer);
    c.cluster.pcie = s.pcie;
    c.cluster.nvlink = s.nvlink;
    c.cluster.nic = s.nic;
    c.cluster.latencyScale = std::max(0.0, s.latencyScale);
    c.algorithm = s.algorithm;
    c.bucketCapBytes = std::max(1.0, s.bucketCapMiB * 1024.0 * 1024.0);
    c.modelScale = std::max(1e-3, s.modelScale);
    c.resident = s.resident;
    c.snapshotEvery = std::max(0, s.snapshotEvery);
    c.failAt = s.failAt;
    c.dropPacketAt = s.dropPacketAt;
    c.iterations = std::max(1, s.iterations);
    return c;
}

std::vector<double> kindUtilization(const SimResult &r, const UtilizationTimeline &t,
                                    LinkKind kind)
{
    std::vector<double> out(t.times.size(), 0.0);
    double capacity = 0;
    for (std::size_t l = 0; l < r.links.size() && l < t.links.size(); ++l) {
        // Links that never carry anything in this run (e.g. the NICs a ring skips) are left out,
        // so the line shows how busy the links in use are.
        if (r.links[l].kind != kind || l >= r.linkStats.size() || r.linkStats[l].bytes <= 0)
            continue;
        const double bw = r.links[l].bytesPerS;
        capacity += bw;
        for (std::size_t b = 0; b < out.size() && b < t.links[l].size(); ++b)
            out[b] += t.links[l][b] * bw;
    }
    if (capacity > 0)
        for (double &v : out)
            v /= capacity;
    return out;
}

bool kindCarries(const SimResult &r, LinkKind kind)
{
    for (std::size_t l = 0; l < r.links.size(); ++l)
        if (r.links[l].kind == kind && l < r.linkStats.size() && r.linkStats[l].bytes > 0)
            return true;
    return false;
}

BandwidthMeans bandwidthMeans(const SimResult &r)
{
    BandwidthMeans m;
    int n = 0;
    for (const IterationStats &s : r.iterations) {
        if (s.lost)
            continue;
        m.algbw += s.algbw;
        m.busbw += s.busbw;
        ++n;
    }
    if (n > 0) {
        m.algbw /= n;
        m.busbw /= n;
    }
    return m;
}

double bottleneckBandwidth(const SimResult &r)
{
    const ClusterConfig &c = r.config.cluster;
    if (c.ranks() < 2)
        return 0;
    const LinkKind kind = c.servers > 1 ? LinkKind::Nic : LinkKind::NvLink;
    double bw = 0;
    for (const Link &l : r.links)
        if (l.kind == kind)
            bw = bw > 0 ? std::min(bw, l.bytesPerS) : l.bytesPerS;
    return bw;
}

double latencyShare(const SimResult &r)
{
    const IterationStats *it = nullptr;
    for (const IterationStats &s : r.iterations)
        if (!s.lost && !s.failed && s.allreduceSeconds > 0) {
            it = &s;
            break;
        }
    if (!it || r.config.cluster.ranks() < 2)
        return 0;
    SimConfig c = r.config;
    c.cluster.latencyScale = 0;
    c.iterations = 1;
    c.failAt = -1;
    c.dropPacketAt = -1;
    c.snapshotEvery = 0;
    c.recordIteration = 0;
    const SimResult zero = simulate(c);
    if (zero.iterations.empty())
        return 0;
    // share = 1 - T(latency 0) / T
    return std::clamp(1.0 - zero.iterations.front().allreduceSeconds / it->allreduceSeconds, 0.0,
                      1.0);
}

bool latencyDominates(const SimResult &r)
{
    return latencyShare(r) > 0.5;
}

QString verdict(const SimResult &r, double share)
{
    const double line = bottleneckBandwidth(r);
    if (line <= 0)
        return QObject::tr("One GPU: nothing to all-reduce, no link carries gradients.");
    const BandwidthMeans m = bandwidthMeans(r);
    const QString bytes = formatBytes(r.timedGradientBytes);
    const QString kind = r.config.cluster.servers > 1 ? QObject::tr("NIC") : QObject::tr("NVLink");
    const int percent = int(100.0 * m.busbw / line + 0.5);
    const int lat = int(100.0 * share + 0.5);
    if (share > 0.5)
        return QObject::tr("At %1 per all-reduce the links are far from busy: latency dominates "
                           "(%2% of the all-reduce's time; busbw %3 = %4% of the %5's %6). Raise "
                           "the model-size multiplier to see line rate.")
                .arg(bytes)
                .arg(lat)
                .arg(formatRate(m.busbw))
                .arg(percent)
                .arg(kind, formatRate(line));
    return QObject::tr("At %1 per all-reduce bandwidth dominates: latency is %2% of the "
                       "all-reduce's time; busbw %3 = %4% of the %5's %6.")
            .arg(bytes)
            .arg(lat)
            .arg(formatRate(m.busbw))
            .arg(percent)
            .arg(kind, formatRate(line));
}

QString formatRate(double bytesPerS)
{
    if (bytesPerS >= 1e9)
        return QStringLiteral("%1 GB/s").arg(bytesPerS / 1e9, 0, 'f', 2);
    return QStringLiteral("%1 MB/s").arg(bytesPerS / 1e6, 0, 'f', 1);
}

QString formatSeconds(double s)
{
    if (s >= 1)
        return QStringLiteral("%1 s").arg(s, 0, 'f', 3);
    if (s >= 1e-3)
        return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'f', 3);
    return QStringLiteral("%1 µs").arg(s * 1e6, 0, 'f', 1);
}

QString formatBytes(double bytes)
{
    if (bytes < 1e6)
        return QObject::tr("%1 bytes").arg(QLocale().toString(qlonglong(bytes)));
    if (bytes < 1e9)
        return QStringLiteral("%1 MB").arg(bytes / 1e6, 0, 'f', 1);
    return QStringLiteral("%1 GB").arg(bytes / 1e9, 0, 'f', 2);
}

} // namespace bplab::clusterview
