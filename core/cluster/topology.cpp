#include "topology.h"

#include <algorithm>

namespace bplab::cluster {

double bandwidthOf(PciePreset p)
{
    return p == PciePreset::Gen5 ? kPcieGen5BytesPerS : kPcieGen4BytesPerS;
}
double bandwidthOf(NvLinkPreset p)
{
    return p == NvLinkPreset::H100 ? kNvLinkH100BytesPerS : kNvLinkA100BytesPerS;
}
double bandwidthOf(NicPreset p)
{
    return p == NicPreset::Gbps400 ? kNic400BytesPerS : kNic200BytesPerS;
}

std::optional<PciePreset> parsePcie(const std::string &s)
{
    if (s == "gen4")
        return PciePreset::Gen4;
    if (s == "gen5")
        return PciePreset::Gen5;
    return std::nullopt;
}
std::optional<NvLinkPreset> parseNvLink(const std::string &s)
{
    if (s == "a100")
        return NvLinkPreset::A100;
    if (s == "h100")
        return NvLinkPreset::H100;
    return std::nullopt;
}
std::optional<NicPreset> parseNic(const std::string &s)
{
    if (s == "200")
        return NicPreset::Gbps200;
    if (s == "400")
        return NicPreset::Gbps400;
    return std::nullopt;
}
std::string toString(LinkKind k)
{
    switch (k) {
    case LinkKind::Pcie:
        return "pcie";
    case LinkKind::NvLink:
        return "nvlink";
    case LinkKind::Nic:
        return "nic";
    }
    return "pcie";
}

ClusterConfig sharedMemoryHost(int processes)
{
    ClusterConfig c;
    c.servers = 1;
    c.gpusPerServer = std::max(processes, 1);
    c.nvlinkBytesPerS = kShmCopyBytesPerS;
    c.nvlinkLatencyS = kShmLatencyS;
    c.pcieBytesPerS = kShmCopyBytesPerS;
    c.pcieLatencyS = 0;
    return c;
}

int Topology::add(Link link)
{
    m_links.push_back(std::move(link));
    return int(m_links.size()) - 1;
}

Topology::Topology(const ClusterConfig &config)
    : m_config(config)
{
    m_config.servers = std::max(m_config.servers, 1);
    m_config.gpusPerServer = std::max(m_config.gpusPerServer, 1);
    const double scale = std::max(m_config.latencyScale, 0.0);
    const double pcieBw
            = m_config.pcieBytesPerS > 0 ? m_config.pcieBytesPerS : bandwidthOf(m_config.pcie);
    const double nvBw = m_config.nvlinkBytesPerS > 0 ? m_config.nvlinkBytesPerS
                                                     : bandwidthOf(m_config.nvlink);
    const double nicBw
            = m_config.nicBytesPerS > 0 ? m_config.nicBytesPerS : bandwidthOf(m_config.nic);
    // A DRAM -> GPU copy is one hop; GPU -> GPU paths are two hops, each with half the path
    // latency.
    const double pcieLat
            = scale * (m_config.pcieLatencyS >= 0 ? m_config.pcieLatencyS : kPcieLatencyS);
    const double nvLat
            = scale * 0.5
              * (m_config.nvlinkLatencyS >= 0 ? m_config.nvlinkLatencyS : kNvLinkLatencyS);
    const double netLat
            = scale * 0.5 * (m_config.netLatencyS >= 0 ? m_config.netLatencyS : kNetLatencyS);

    const int n = m_config.ranks();
    const int g = m_config.gpusPerServer;
    for (int r = 0; r < n; ++r) {
        const int s = r / g;
        const std::string gpu = "s" + std::to_string(s) + ".g" + std::to_string(r % g);
        const std::string dram = "s" + std::to_string(s) + ".dram";
        const std::string nic = "s" + std::to_string(s) + ".nic" + std::to_string(r % g);
        m_pcieDown.push_back(add({dram + ">g" + std::to_string(r % g), LinkKind::Pcie, pcieBw,
                                  pcieLat, s, r, false}));
        m_pcieUp.push_back(add({gpu + ">dram", LinkKind::Pcie, pcieBw, pcieLat, s, r, true}));
        m_nvOut.push_back(add({gpu + ">nvswitch", LinkKind::NvLink, nvBw, nvLat, s, r, true}));
        m_nvIn.push_back(add({"s" + std::to_string(s) + ".nvswitch>g" + std::to_string(r % g),
                              LinkKind::NvLink, nvBw, nvLat, s, r, false}));
        m_nicOut.push_back(add({nic + ">switch", LinkKind::Nic, nicBw, netLat, s, r, true}));
        m_nicIn.push_back(add({"switch>" + nic, LinkKind::Nic, nicBw, netLat, s, r, false}));
    }
}

std::vector<int> Topology::path(int src, int dst) const
{
    if (src == dst)
        return {};
    if (serverOf(src) == serverOf(dst))
        return {nvlinkOut(src), nvlinkIn(dst)};
    return {nicOut(src), nicIn(dst)};
}

} // namespace bplab::cluster
