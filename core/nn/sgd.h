#pragma once
// Stochastic gradient descent, plain or with momentum: the source's optimiser.

#include "nn/params.h"

#include <memory>

namespace bplab {

class Optimizer;   // optimizer.h
struct TrainConfig; // trainconfig.h

/** v = momentum * v + g; w = w - lr * v  (momentum 0: w = w - lr * g). */
class Sgd
{
public:
    void reset();
    /** The step in place. */
    void update(const ParamsF &grads, ParamsF &params, float lr, float momentum);
    /** The same step written into `next`; params and velocity() stay as they were until commit(),
     *  so a step whose result is not finite is dropped at no cost (the divergence guard). */
    void step(const ParamsF &grads, const ParamsF &params, ParamsF &next, float lr, float momentum);
    /** Makes the last step()'s momentum buffer the current one. */
    void commit();
    /** Undoes the last commit(): the buffer before it is current again (kept in a third buffer
     *  until the next commit()). */
    void rollback();
    const ParamsF &velocity() const { return m_velocity; }
    /** The momentum buffer step() computed (not yet committed); for messages. */
    const ParamsF &pendingVelocity() const { return m_next; }
    /** Replaces the momentum buffer (a restored snapshot). */
    void setVelocity(const ParamsF &velocity);
    /** The buffer a fused step (forwardBackwardStep, batch.h) writes v' into instead of step():
     *  pendingVelocity(), pending for commit() when momentum is not 0. rollback() still works. */
    ParamsF &stepBuffer(float momentum);

private:
    ParamsF m_velocity = ParamsF::zeros();
    ParamsF m_next = ParamsF::zeros();     // step()'s buffer; becomes m_velocity on commit()
    ParamsF m_previous = ParamsF::zeros(); // m_velocity before the last commit(), for rollback()
    bool m_pending = false;                // m_next holds a step's buffer not yet committed
    bool m_swapped = false; // the last commit() rotated: m_previous holds the buffer before it
};

/** The optimiser of a run with plain SGD or momentum (what makeOptimizer() builds for "sgd"). */
std::unique_ptr<Optimizer> makeSgd(const TrainConfig &config);

} // namespace bplab
