#pragma once
// An optimiser is one unit: its state, its step and its part of a snapshot. The trainer holds one
// behind this interface and never asks which it is; makeOptimizer() builds one from its name.

#include "nn/batch.h"
#include "nn/network.h"
#include "result.h"
#include "train/trainconfig.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bplab {

/** An optimiser's state as a snapshot keeps it: the buffer the snapshot's "momentum buffer"
 *  section holds (zeros when unused), then any further buffers and a step count. */
struct OptimizerState
{
    ParamsF first = ParamsF::zeros(); ///< SGD: the momentum buffer v; Adam: the first moment m
    std::vector<ParamsF> more;        ///< Adam: the second moment v
    std::uint64_t steps = 0;          ///< updates applied (Adam's bias correction)
};

/**
 * The step w' = f(w, g, state) of one batch. The new weights and the new state go to second
 * buffers: step() leaves the parameters and state() as they were until commit(), so a step
 * whose result is not finite is dropped at no cost (the divergence guard), and rollback() undoes
 * the last commit() too.
 */
class Optimizer
{
public:
    virtual ~Optimizer() = default;

    /** The state of a fresh run (zeros, no steps). */
    virtual void reset() = 0;
    /**
     * When the step is SGD's (w' = w - lr v', v' = momentum v + g), the target the fused batch
     * step writes it into (forwardBackwardStep, batch.h) and true; false when the step needs
     * the whole gradient first, then step() follows the backward pass.
     */
    virtual bool fusedTarget(float lr, ParamsF &next, SgdTarget &target) = 0;
    /** The step from the averaged gradient into `next`; params and state() unchanged. */
    virtual void step(const ParamsF &grads, const ParamsF &params, ParamsF &next, float lr) = 0;
    /** The last step's state becomes the current one. */
    virtual void commit() = 0;
    /** Undoes the last commit(). */
    virtual void rollback() = 0;
    /** What the last committed update subtracted, times lr (w' = w - lr d): g, v or Adam's
     *  m^ / (sqrt(v^) + eps). `grads` is the last batch's gradient. */
    virtual const ParamsF &direction(const ParamsF &grads) const = 0;
    /** The state buffer the last step wrote and did not commit yet, or null: where a divergence
     *  shows first after the gradient. Named pendingBufferName() in messages ("the momentum
     *  buffer "), its elements "v_W1[r][c]". */
    virtual const ParamsF *pendingBuffer() const = 0;
    virtual const char *pendingBufferName() const = 0;

    virtual OptimizerState state() const = 0;
    /** Continues from a snapshot's state; refused with a message when it does not fit. */
    virtual Status setState(const OptimizerState &state) = 0;
};

/** The optimiser config.optimizer names ("sgd": plain SGD or momentum; "adam"); null when the
 *  name is unknown (isOptimizerName()). */
std::unique_ptr<Optimizer> makeOptimizer(const TrainConfig &config);
bool isOptimizerName(const std::string &name);
/** The names makeOptimizer() knows, for messages ("sgd, adam"). */
std::string optimizerNames();

} // namespace bplab
