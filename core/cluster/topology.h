#pragma once
// The simulated cluster: S servers x G GPUs, each GPU with a PCIe link to its server's DRAM, an
// NVLink port to the server's NVSwitch and a NIC to the switch between the servers. Every link is
// directional (one per direction) with a bandwidth and a latency (docs/cluster.md).

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bplab::cluster {

enum class LinkKind { Pcie, NvLink, Nic };
enum class PciePreset { Gen4, Gen5 };
enum class NvLinkPreset { A100, H100 };
enum class NicPreset { Gbps200, Gbps400 };

// Per-direction bandwidths of the presets, bytes per second (docs/cluster.md names the sources).
inline constexpr double kPcieGen4BytesPerS = 31.5e9;  // PCIe 4.0 x16
inline constexpr double kPcieGen5BytesPerS = 63.0e9;  // PCIe 5.0 x16
inline constexpr double kNvLinkA100BytesPerS = 300e9; // 12 NVLink3 links x 25 GB/s
inline constexpr double kNvLinkH100BytesPerS = 450e9; // 18 NVLink4 links x 25 GB/s
inline constexpr double kNic200BytesPerS = 200e9 / 8; // 200 Gb/s
inline constexpr double kNic400BytesPerS = 400e9 / 8; // 400 Gb/s
// End-to-end latencies of one GPU-to-GPU (or DRAM-to-GPU) path, seconds, after NCCL's hwLat table
// (ring, LL protocol). A path has two hops (port to switch, switch to port); each gets half.
inline constexpr double kNvLinkLatencyS = 0.47e-6;
inline constexpr double kPcieLatencyS = 1.0e-6;
inline constexpr double kNetLatencyS = 2.7e-6;

// "One host, N processes, shared memory" (sharedMemoryHost): the processes of `mpirun -np N` on
// one machine exchange through shared memory, where each message is copied by the sender into a
// shared segment and by the receiver out of it. Both copies are the two hops of a path: the
// sender's "out" link and the receiver's "in" link. Measured on the machine of docs/cluster.md
// (2 cores, Open MPI 4.1): memcpy of 407,080 bytes 12.9-15.2 GB/s; an MPI_Allreduce of one
// float between 2 ranks 0.6 us (median of 300). The reduction's additions are not modelled.
inline constexpr double kShmCopyBytesPerS = 12e9; // per copy, memory to memory
inline constexpr double kShmLatencyS = 0.6e-6;    // one small message, end to end
inline constexpr double kCpuFlopsPerS = 115e9;    // one core's FMA peak (TOOLCHAIN.md)

double bandwidthOf(PciePreset p);
double bandwidthOf(NvLinkPreset p);
double bandwidthOf(NicPreset p);
std::optional<PciePreset> parsePcie(const std::string &s);     ///< "gen4", "gen5"
std::optional<NvLinkPreset> parseNvLink(const std::string &s); ///< "a100", "h100"
std::optional<NicPreset> parseNic(const std::string &s);       ///< "200", "400"
std::string toString(LinkKind k);                              ///< "pcie", "nvlink", "nic"

/** The hardware: shape, presets and overrides. Overrides (> 0) replace a preset's value. */
struct ClusterConfig
{
    int servers = 2;
    int gpusPerServer = 4;
    PciePreset pcie = PciePreset::Gen4;
    NvLinkPreset nvlink = NvLinkPreset::A100;
    NicPreset nic = NicPreset::Gbps200;
    double latencyScale = 1.0; ///< multiplies every latency; 0 = no latency
    double pcieBytesPerS = 0, nvlinkBytesPerS = 0, nicBytesPerS = 0; ///< overrides when > 0
    double pcieLatencyS = -1, nvlinkLatencyS = -1, netLatencyS = -1; ///< overrides when >= 0

    int ranks() const { return servers * gpusPerServer; }
};

/** One directional link. */
struct Link
{
    std::string name; ///< e.g. "s0.dram>g1", "s0.g1>nvswitch", "s1.nic3>switch"
    LinkKind kind = LinkKind::Pcie;
    double bytesPerS = 0;
    double latencyS = 0;
    int server = 0;
    int rank = 0;         ///< the GPU the link belongs to (global rank = server * G + local)
    bool outbound = true; ///< leaves the GPU / DRAM (towards a switch), else arrives at it
};

/**
 * One host, `processes` ranks exchanging through shared memory: 1 server x N "GPUs" whose NVLink
 * ports are the shared-memory copies (kShmCopyBytesPerS, kShmLatencyS) and whose PCIe links are
 * the host's memory (the data is resident: the caller sets SimConfig::resident).
 */
ClusterConfig sharedMemoryHost(int processes);

/**
 * Links and paths. Ranks are numbered server-major (rank = server * G + gpu). Paths:
 * DRAM -> GPU: [pcie down]; GPU -> GPU in a server: [nvlink out of src, nvlink into dst];
 * across servers (GPUDirect RDMA): [nic out of src, nic into dst] through one non-blocking switch.
 */
class Topology
{
public:
    explicit Topology(const ClusterConfig &config);

    const ClusterConfig &config() const { return m_config; }
    int ranks() const { return m_config.ranks(); }
    int serverOf(int rank) const { return rank / m_config.gpusPerServer; }
    const std::vector<Link> &links() const { return m_links; }
    /** Link ids from rank src to rank dst (empty when src == dst). */
    std::vector<int> path(int src, int dst) const;
    /** The PCIe link that copies host memory into rank's VRAM. */
    int pcieDown(int rank) const { return m_pcieDown[std::size_t(rank)]; }
    int pcieUp(int rank) const { return m_pcieUp[std::size_t(rank)]; }
    int nvlinkOut(int rank) const { return m_nvOut[std::size_t(rank)]; }
    int nvlinkIn(int rank) const { return m_nvIn[std::size_t(rank)]; }
    int nicOut(int rank) const { return m_nicOut[std::size_t(rank)]; }
    int nicIn(int rank) const { return m_nicIn[std::size_t(rank)]; }

private:
    int add(Link link);
    ClusterConfig m_config;
    std::vector<Link> m_links;
    std::vector<int> m_pcieDown, m_pcieUp, m_nvOut, m_nvIn, m_nicOut, m_nicIn;
};

} // namespace bplab::cluster
