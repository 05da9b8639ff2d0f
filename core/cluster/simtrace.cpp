#include "simtrace.h"

#include <string>

namespace bplab::cluster {

ChromeTrace simulationTrace(const SimResult &r)
{
    ChromeTrace trace;
    const int servers = r.config.cluster.servers;
    trace.setInfo("source", "backprop-lab-cli simulate");
    trace.setInfo("ranks", std::to_string(r.config.cluster.ranks()));
    trace.setInfo("servers", std::to_string(servers));
    trace.setInfo("gradient_bytes", std::to_string(std::uint64_t(r.timedGradientBytes)));
    const int cluster = servers; // the phases' process comes after the servers
    trace.nameProcess(cluster, "simulated cluster: phases", 0);
    trace.nameTrack(cluster, 0, "iterations", 0);
    for (const PhaseInterval &p : r.phases)
        trace.add({cluster,
                   0,
                   toString(p.kind),
                   "simulated",
                   p.start,
                   p.end - p.start,
                   {{"iteration", double(p.iteration)}}});
    for (int s = 0; s < servers; ++s)
        trace.nameProcess(s, "simulated server " + std::to_string(s) + ": links", s + 1);
    for (std::size_t l = 0; l < r.links.size(); ++l) {
        const Link &link = r.links[l];
        const auto &busy = r.busy[l];
        if (busy.empty())
            continue;
        trace.nameTrack(link.server, int(l), link.name, int(l));
        const std::string kind = toString(link.kind);
        for (const auto &[start, end] : busy)
            trace.add({link.server,
                       int(l),
                       kind,
                       "simulated",
                       start,
                       end - start,
                       {{"bytes", (end - start) * link.bytesPerS},
                        {"bandwidth_bytes_per_s", link.bytesPerS}}});
    }
    return trace;
}

} // namespace bplab::cluster
