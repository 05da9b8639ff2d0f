#pragma once
// How the replicas of one global mini-batch sum their gradients: the strategy that turns the one
// Trainer (trainer.h) into N data-parallel replicas. Replica w of N takes samples
// [w*B, (w+1)*B) of the global batch of N*B that one trainer with batch N*B would take; each
// computes the mean gradient of its slice, scales it by its sample count, and the exchange sums
// those buffers over all N replicas (an all-reduce), so that sum / (global count) is the global
// mean gradient. An in-process exchange holds all N replicas (cluster/replicaexchange.h); a
// distributed one holds one replica per process and sums across processes.

#include "nn/mlp.h"
#include "nn/params.h"
#include "result.h"

#include <cstddef>
#include <vector>

namespace bplab {

class GradientExchange
{
public:
    virtual ~GradientExchange() = default;

    /** N: the replicas of one global batch (global batch = N x per-replica batch). */
    virtual int replicas() const = 0;
    /** The replicas this process computes: [firstLocal(), firstLocal() + localReplicas()). */
    virtual int firstLocal() const = 0;
    virtual int localReplicas() const = 0;

    /**
     * Sums over all N replicas. On entry local[i] holds local replica firstLocal()+i's gradient
     * times its sample count (parameterCount() floats, flatten() layout) and lossSum the local
     * replicas' sum of loss x count; on return every local[i] holds the sum over all replicas and
     * lossSum the global sum. Every replica must end with bit-identical buffers. An error (a
     * process that failed or stopped answering) leaves the buffers undefined; the trainer then
     * stops with its message.
     */
    virtual Status allReduce(std::vector<std::vector<float>> &local, double &lossSum) = 0;
};

// The parameters as one flat buffer: W1 (row-major), b1, ..., WL, bL (arch.parameterCount()
// floats); unflatten needs p in its shapes already.
void flatten(const MlpParamsF &p, float *out);
void unflatten(const float *in, MlpParamsF &p);
std::vector<float> flatten(const MlpParamsF &p);

} // namespace bplab
