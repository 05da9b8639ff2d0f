// The training worker's part of the Data parallel page: after a trained batch, the batch timed on
// the simulated cluster the page chose (trainingworker.h, clusterpagefeed.h).

#include "clusterpagefeed.h"
#include "trainingworker.h"

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

void TrainingWorker::setLiveCluster(const std::optional<cluster::SimConfig> &chosen)
{
    m_clusterFeed.set(chosen);
}

LiveIterationPtr TrainingWorker::clusterIteration(const Trainer &trainer) const
{
    const std::optional<cluster::SimConfig> chosen = m_clusterFeed.get();
    if (!chosen)
        return nullptr;
    auto it = std::make_shared<cluster::LiveIteration>();
    it->step = trainer.step();
    it->replicas = trainer.replicas();
    if (it->step > 0) {
        // The samples each replica had in the last batch (fewer in an epoch's short last batch).
        const int samples = int(trainer.lastBatchIndices().size());
        const int perReplica = (samples + it->replicas - 1) / it->replicas;
        // One iteration of a few ranks: microseconds to simulate, next to a batch's milliseconds.
        it->result = cluster::simulate(
                cluster::liveIterationConfig(*chosen, it->replicas, perReplica));
    }
    return it;
}

} // namespace bplab
