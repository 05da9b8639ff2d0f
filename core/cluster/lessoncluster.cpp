#include "lessoncluster.h"

#include "simulator.h"

namespace bplab::cluster {

double lessonClusterSeconds(const LessonCluster &c, bool snapshot)
{
    SimConfig config;
    config.cluster.servers = c.servers;
    config.cluster.gpusPerServer = c.gpusPerServer;
    config.algorithm = c.hierarchical ? Algorithm::Hierarchical : Algorithm::Ring;
    config.iterations = 1;
    config.snapshotEvery = snapshot ? 1 : 0;
    const SimResult r = simulate(config);
    if (snapshot)
        return r.snapshotSeconds;
    return r.iterations.empty() ? 0.0 : r.iterations.front().allreduceSeconds;
}

} // namespace bplab::cluster
