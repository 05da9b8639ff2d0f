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
    const int cluster = kSimulatedPidBase + servers; // the phases come after the servers
    // Sorted after a measured trace's ranks (sort index = rank) when both are opened together.
    trace.nameProcess(cluster, "simulated cluster: phases", kSimulatedPidBase);
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
        trace.nameProcess(kSimulatedPidBase + s, "simulated server " + std::to_string(s) + ": links",
                          kSimulatedPidBase + s + 1);
    for (std::size_t l = 0; l < r.links.size(); ++l) {
        const Link &link = r.links[l];
        const auto &busy = r.busy[l];
        if (busy.empty())
            continue;
        const int pid = kSimulatedPidBase + link.server;
        trace.nameTrack(pid, int(l), link.name, int(l));
        const std::string kind = toString(link.kind);
        for (const auto &[start, end] : busy)
            trace.add({pid,
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
