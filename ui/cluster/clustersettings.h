#pragma once
// What the Data parallel page's controls choose, as plain values, and the numbers the page derives
// from a simulation: the SimConfig it runs, link utilisation per link kind, and the sentence that
// says whether latency or bandwidth limits the all-reduce.

#include "simulator.h"

#include <QString>

#include <vector>

namespace bplab::clusterview {

/** Link presets the page offers (the core's presets, under the names the page shows). */
struct ClusterSettings
{
    int servers = 2;
    int gpusPerServer = 4;
    cluster::PciePreset pcie = cluster::PciePreset::Gen4;
    cluster::NvLinkPreset nvlink = cluster::NvLinkPreset::A100;
    cluster::NicPreset nic = cluster::NicPreset::Gbps200;
    double latencyScale = 1.0;
    cluster::Algorithm algorithm = cluster::Algorithm::Ring;
    double bucketCapMiB = 25.0;
    double modelScale = 1.0;
    bool resident = false;
    int snapshotEvery = 0; ///< 0 = none
    int failAt = -1;       ///< -1 = no failure
    int dropPacketAt = -1; ///< -1 = no lost packet
    int iterations = 10;

    bool operator==(const ClusterSettings &) const = default;
};

/** The core's configuration for these settings (everything else at the core's defaults). */
cluster::SimConfig toSimConfig(const ClusterSettings &s);

/** Utilisation of a kind of link, aggregated over the links of that kind that carry bytes in the
 *  run: sum(util x bandwidth) / sum(bandwidth), per bin. */
std::vector<double> kindUtilization(const cluster::SimResult &r,
                                    const cluster::UtilizationTimeline &t, cluster::LinkKind kind);
/** Whether the run has at least one link of this kind that carried bytes. */
bool kindCarries(const cluster::SimResult &r, cluster::LinkKind kind);

/** Mean algbw and busbw over the iterations that were not thrown away (bytes per second). */
struct BandwidthMeans
{
    double algbw = 0;
    double busbw = 0;
};
BandwidthMeans bandwidthMeans(const cluster::SimResult &r);

/** The slowest link the all-reduce crosses: NIC with several servers, else NVLink (bytes/s);
 *  0 with a single GPU. */
double bottleneckBandwidth(const cluster::SimResult &r);

/** The share of one all-reduce's time that latency costs: 1 - T(no latency) / T, from a
 *  one-iteration run of the same cluster with every latency at zero (cheap). 0 with one GPU. */
double latencyShare(const cluster::SimResult &r);
/** True when latency is more than half of the all-reduce's time. */
bool latencyDominates(const cluster::SimResult &r);

/** One sentence for the page: what limits the all-reduce at this model size, with numbers. */
QString verdict(const cluster::SimResult &r, double latencyShare);

/** "1.23 GB/s", "850 MB/s". */
QString formatRate(double bytesPerS);
/** "12.3 us", "4.56 ms", "1.23 s". */
QString formatSeconds(double s);
/** "407,080 bytes", "40.7 MB". */
QString formatBytes(double bytes);

} // namespace bplab::clusterview
