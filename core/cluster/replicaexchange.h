#pragma once
// All N replicas in this process, joined by the ring or hierarchical all-reduce of allreduce.h on
// their real gradient buffers: the exchange that `train --workers N` and the app's replicas use.

#include "allreduce.h"
#include "train/exchange.h"

#include <cstddef>
#include <vector>

namespace bplab {
class Trainer;
}

namespace bplab::cluster {

class ReplicaExchange : public GradientExchange
{
public:
    /** servers x gpusPerServer replicas, server-major. */
    ReplicaExchange(int servers, int gpusPerServer, Algorithm algorithm = Algorithm::Ring);

    int replicas() const override { return m_schedule.ranks; }
    int firstLocal() const override { return 0; }
    int localReplicas() const override { return m_schedule.ranks; }
    Status allReduce(std::vector<std::vector<float>> &local, double &lossSum) override;

    int servers() const { return m_servers; }
    int gpusPerServer() const { return m_gpus; }
    Algorithm algorithm() const { return m_schedule.algorithm; }
    /** The transfers one all-reduce runs (for drawing and the simulator): over the source
     *  network's parameters until buffers of another length come. */
    const Schedule &schedule() const { return m_schedule; }

private:
    int m_servers;
    int m_gpus;
    Schedule m_schedule;
};

/** What a view draws of one data-parallel step: each replica's own gradient of the output
 *  layer's weights (dL/dW2 of the source network, dL/dWL of another) and sample count, the
 *  all-reduced average every replica applied, and how far that average is from the weighted mean
 *  sum_w c_w g_w / sum_w c_w computed directly in double: over all 101,770 values of the source
 *  network, over the output layer's of another (the only ones its replicas keep). */
struct ReplicaGradients
{
    std::size_t step = 0;          ///< batches trained when taken
    int batchPerReplica = 0;
    int outputLayer = 2;           ///< L of dL/dWL: the weight layers of the network
    std::vector<Mat<float>> dW2;   ///< per local replica, 10 x the last hidden width (128)
    std::vector<int> counts;       ///< samples per local replica in that step
    Mat<float> averageDW2;         ///< the all-reduced average's dL/dWL
    double maxDifference = 0;      ///< max |all-reduced average - direct mean|
    std::size_t comparedValues = 0; ///< the values maxDifference looked at
};

/** The trainer's last step as ReplicaGradients (one entry when it has one replica). */
ReplicaGradients replicaGradients(const Trainer &trainer);

} // namespace bplab::cluster
