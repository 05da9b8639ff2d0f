#pragma once
// The training's own iterations on a simulated cluster: each trained batch is timed by simulate()
// for the real gradient (101,770 values, model scale 1) and the real samples per replica, on the
// links and all-reduce of the cluster the user chose; the last few such iterations are laid end to
// end in simulated time, so that a plot of them scrolls as the training goes on.

#include "simulator.h"

#include <cstdint>
#include <deque>
#include <memory>

namespace bplab::cluster {

/**
 * Where N replicas sit on the chosen cluster: as many GPUs per server as chosen, or the largest
 * divisor of N below that (every server holds the same number), and N / that many servers.
 * 8 replicas on 4 GPUs per server: 2 x 4; 4 replicas: 1 x 4; 6 replicas: 2 x 3; 1 replica: 1 x 1.
 */
ClusterConfig placeReplicas(const ClusterConfig &chosen, int replicas);

/**
 * The simulation of one trained batch: the chosen cluster's links, latency, algorithm and bucket
 * cap with the replicas placed by placeReplicas(), the real gradient (model scale 1) and
 * `samplesPerReplica`; one iteration, no snapshot, failure or lost packet.
 */
SimConfig liveIterationConfig(const SimConfig &chosen, int replicas, int samplesPerReplica);

/** One trained batch on the simulated cluster. */
struct LiveIteration
{
    std::uint64_t step = 0; ///< batches trained after it (1 for the first batch; 0: none yet)
    int replicas = 1;
    SimResult result; ///< one iteration starting at simulated time 0
};

/** The last few trained iterations, end to end in simulated time (oldest first). */
class LiveTimeline
{
public:
    explicit LiveTimeline(int capacity = 6);

    /**
     * Appends an iteration. The same step as the newest replaces it; the held ones are dropped
     * first when it does not follow them: a step below the newest (a reset or a restored
     * snapshot) or other links (another cluster).
     */
    void append(std::shared_ptr<const LiveIteration> iteration);
    void clear() { m_items.clear(); }
    bool empty() const { return m_items.empty(); }
    int size() const { return int(m_items.size()); }
    int capacity() const { return m_capacity; }
    const LiveIteration *newest() const { return m_items.empty() ? nullptr : m_items.back().get(); }

    /**
     * The held iterations as one run: iteration k starts where k - 1 ended. Its iterations and
     * phases carry the training's step (IterationStats::iteration = step), its link statistics
     * are sums, the recorded transfers are the newest iteration's. Empty without iterations.
     */
    SimResult window() const;
    /** Simulated time at which the newest iteration starts in window(). */
    double newestStart() const;

private:
    int m_capacity;
    std::deque<std::shared_ptr<const LiveIteration>> m_items;
};

} // namespace bplab::cluster
