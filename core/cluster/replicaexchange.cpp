#include "replicaexchange.h"

#include "train/networktrainer.h"
#include "train/trainer.h"

#include <algorithm>
#include <cmath>

namespace bplab::cluster {

ReplicaExchange::ReplicaExchange(int servers, int gpusPerServer, Algorithm algorithm)
    : m_servers(std::max(servers, 1))
    , m_gpus(std::max(gpusPerServer, 1))
    , m_schedule(makeSchedule(algorithm, m_servers, m_gpus, parameterCount()))
{
}

Status ReplicaExchange::allReduce(std::vector<std::vector<float>> &local, double &)
{
    // lossSum already covers every replica: they are all local.
    if (int(local.size()) != replicas())
        return Error {"the all-reduce got " + std::to_string(local.size()) + " gradient buffers for "
                      + std::to_string(replicas()) + " replicas"};
    // Another network than the source's has buffers of its own length: its schedule, made once.
    if (!local.empty() && local.front().size() != m_schedule.values)
        m_schedule = makeSchedule(m_schedule.algorithm, m_servers, m_gpus, local.front().size());
    applySchedule(m_schedule, local);
    return Status::success();
}

ReplicaGradients replicaGradients(const Trainer &t)
{
    ReplicaGradients r;
    r.step = t.step();
    r.batchPerReplica = t.activeConfig().batch;
    const Layer<float> &average = t.gradients().layers.back();
    r.outputLayer = int(t.gradients().layers.size());
    r.averageDW2 = average.W;
    Eigen::MatrixXd direct = Eigen::MatrixXd::Zero(average.W.rows(), average.W.cols());
    int total = 0;
    for (int w = 0; w < t.localReplicas(); ++w) {
        const int c = t.replicaCount(w);
        r.dW2.push_back(t.replicaOutputGradient(w));
        r.counts.push_back(c);
        total += c;
        direct += double(c) * t.replicaOutputGradient(w).cast<double>();
    }
    direct /= double(std::max(1, total));
    r.maxDifference = (average.W.cast<double>() - direct).cwiseAbs().maxCoeff();
    r.comparedValues = std::size_t(average.W.size());
    return r;
}

} // namespace bplab::cluster
