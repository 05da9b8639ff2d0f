#pragma once
// What the Data parallel page gets from the training: each trained batch timed on the simulated
// cluster (cluster::LiveIteration), and the cluster it is timed on, which the page chooses.

#include <livetimeline.h>

#include <QMetaType>

#include <memory>
#include <mutex>
#include <optional>

namespace bplab {

using LiveIterationPtr = std::shared_ptr<const cluster::LiveIteration>;

/** The chosen cluster, shared by the GUI thread (which sets it) and the training thread (which
 *  reads it before each simulated iteration). Both calls hold a mutex for a copy only. */
class LiveClusterFeed
{
public:
    LiveClusterFeed(); ///< registers LiveIterationPtr for queued connections
    /** The links, shape and all-reduce to time the training's batches on; nullopt: none. */
    void set(const std::optional<cluster::SimConfig> &chosen);
    std::optional<cluster::SimConfig> get() const;

private:
    mutable std::mutex m_mutex;
    std::optional<cluster::SimConfig> m_chosen;
};

} // namespace bplab

Q_DECLARE_METATYPE(bplab::LiveIterationPtr)
