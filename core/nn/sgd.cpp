#include "nn/sgd.h"

#include "nn/optimizer.h"

#include <utility>

namespace bplab {

void Sgd::reset()
{
    m_velocity.W1.setZero();
    m_velocity.b1.setZero();
    m_velocity.W2.setZero();
    m_velocity.b2.setZero();
    m_pending = false;
    m_swapped = false;
}

void Sgd::setVelocity(const ParamsF &velocity)
{
    m_velocity = velocity;
}

void Sgd::step(const ParamsF &grads, const ParamsF &params, ParamsF &next, float lr, float momentum)
{
    if (momentum == 0.0f) {
        // w' = w - lr * g
        next.W1 = params.W1 - lr * grads.W1;
        next.b1 = params.b1 - lr * grads.b1;
        next.W2 = params.W2 - lr * grads.W2;
        next.b2 = params.b2 - lr * grads.b2;
        return;
    }
    // v' = momentum * v + g; w' = w - lr * v'
    m_next.W1 = momentum * m_velocity.W1 + grads.W1;
    m_next.b1 = momentum * m_velocity.b1 + grads.b1;
    m_next.W2 = momentum * m_velocity.W2 + grads.W2;
    m_next.b2 = momentum * m_velocity.b2 + grads.b2;
    next.W1 = params.W1 - lr * m_next.W1;
    next.b1 = params.b1 - lr * m_next.b1;
    next.W2 = params.W2 - lr * m_next.W2;
    next.b2 = params.b2 - lr * m_next.b2;
    m_pending = true;
}

ParamsF &Sgd::stepBuffer(float momentum)
{
    if (momentum != 0.0f)
        m_pending = true;
    return m_next;
}

void Sgd::commit()
{
    // Plain SGD leaves the buffer as it is (zeros), as update() does. Three buffers rotate
    // (pointer swaps): previous <- velocity <- next <- the old previous.
    if (m_pending) {
        std::swap(m_previous, m_velocity);
        std::swap(m_velocity, m_next);
    }
    m_swapped = m_pending;
    m_pending = false;
}

void Sgd::rollback()
{
    if (m_swapped)
        std::swap(m_velocity, m_previous);
    m_swapped = false;
}

void Sgd::update(const ParamsF &grads, ParamsF &params, float lr, float momentum)
{
    if (momentum == 0.0f) {
        // w = w - lr * g
        params.W1 -= lr * grads.W1;
        params.b1 -= lr * grads.b1;
        params.W2 -= lr * grads.W2;
        params.b2 -= lr * grads.b2;
        return;
    }
    // v = momentum * v + g; w = w - lr * v
    m_velocity.W1 = momentum * m_velocity.W1 + grads.W1;
    m_velocity.b1 = momentum * m_velocity.b1 + grads.b1;
    m_velocity.W2 = momentum * m_velocity.W2 + grads.W2;
    m_velocity.b2 = momentum * m_velocity.b2 + grads.b2;
    params.W1 -= lr * m_velocity.W1;
    params.b1 -= lr * m_velocity.b1;
    params.W2 -= lr * m_velocity.W2;
    params.b2 -= lr * m_velocity.b2;
}

namespace {

/** Sgd behind the Optimizer interface; its step is fused into the batch (forwardBackwardStep). */
class SgdOptimizer final : public Optimizer
{
public:
    explicit SgdOptimizer(float momentum)
        : m_momentum(momentum)
    { }

    void reset() override { m_sgd.reset(); }
    bool fusedTarget(float lr, ParamsF &next, SgdTarget &target) override
    {
        target = SgdTarget {lr, m_momentum, &m_sgd.velocity(), &m_sgd.stepBuffer(m_momentum),
                            &next};
        return true;
    }
    void step(const ParamsF &grads, const ParamsF &params, ParamsF &next, float lr) override
    {
        m_sgd.step(grads, params, next, lr, m_momentum);
    }
    void commit() override { m_sgd.commit(); }
    void rollback() override { m_sgd.rollback(); }
    const ParamsF &direction(const ParamsF &grads) const override
    {
        return m_momentum != 0.0f ? m_sgd.velocity() : grads;
    }
    const ParamsF *pendingBuffer() const override
    {
        return m_momentum != 0.0f ? &m_sgd.pendingVelocity() : nullptr;
    }
    const char *pendingBufferName() const override { return "the momentum buffer "; }
    OptimizerState state() const override { return {m_sgd.velocity(), {}, 0}; }
    Status setState(const OptimizerState &s) override
    {
        if (!s.more.empty())
            return Error {"SGD keeps one buffer; the snapshot holds "
                          + std::to_string(s.more.size())
                          + " more (it was taken with another optimiser)"};
        m_sgd.reset();
        m_sgd.setVelocity(s.first);
        return Status::success();
    }

private:
    Sgd m_sgd;
    float m_momentum = 0;
};

} // namespace

std::unique_ptr<Optimizer> makeSgd(const TrainConfig &config)
{
    return std::make_unique<SgdOptimizer>(float(config.momentum));
}

} // namespace bplab
