// Adam (Kingma & Ba, 2015), with PyTorch's defaults: beta1 0.9, beta2 0.999, eps 1e-8.
//   t' = t + 1, m' = beta1 m + (1 - beta1) g, v' = beta2 v + (1 - beta2) g^2,
//   w' = w - lr * m^ / (sqrt(v^) + eps), m^ = m' / (1 - beta1^t'), v^ = v' / (1 - beta2^t').

#include "nn/adam.h"

#include <cmath>
#include <utility>

namespace bplab {

namespace {

constexpr float kBeta1 = 0.9f;
constexpr float kBeta2 = 0.999f;
constexpr float kEps = 1e-8f;

class Adam final : public Optimizer
{
public:
    void reset() override
    {
        for (ParamsF *p : {&m_m, &m_v, &m_direction})
            *p = ParamsF::zeros();
        m_t = 0;
        m_pending = m_swapped = false;
    }

    bool fusedTarget(float, ParamsF &, SgdTarget &) override { return false; }

    void step(const ParamsF &g, const ParamsF &w, ParamsF &next, float lr) override
    {
        const std::uint64_t t = m_t + 1;
        const float c1 = 1.0f - float(std::pow(double(kBeta1), double(t)));
        const float c2 = 1.0f - float(std::pow(double(kBeta2), double(t)));
        apply(g.W1, w.W1, m_m.W1, m_v.W1, m_nextM.W1, m_nextV.W1, m_nextDirection.W1, next.W1, lr,
              c1, c2);
        apply(g.b1, w.b1, m_m.b1, m_v.b1, m_nextM.b1, m_nextV.b1, m_nextDirection.b1, next.b1, lr,
              c1, c2);
        apply(g.W2, w.W2, m_m.W2, m_v.W2, m_nextM.W2, m_nextV.W2, m_nextDirection.W2, next.W2, lr,
              c1, c2);
        apply(g.b2, w.b2, m_m.b2, m_v.b2, m_nextM.b2, m_nextV.b2, m_nextDirection.b2, next.b2, lr,
              c1, c2);
        m_pending = true;
    }

    void commit() override
    {
        // Three buffers of each rotate (pointer swaps): previous <- current <- next.
        if (m_pending) {
            rotate(m_prevM, m_m, m_nextM);
            rotate(m_prevV, m_v, m_nextV);
            rotate(m_prevDirection, m_direction, m_nextDirection);
            ++m_t;
        }
        m_swapped = m_pending;
        m_pending = false;
    }

    void rollback() override
    {
        if (m_swapped) {
            std::swap(m_m, m_prevM);
            std::swap(m_v, m_prevV);
            std::swap(m_direction, m_prevDirection);
            --m_t;
        }
        m_swapped = false;
    }

    const ParamsF &direction(const ParamsF &) const override { return m_direction; }
    const ParamsF *pendingBuffer() const override { return m_pending ? &m_nextV : nullptr; }
    const char *pendingBufferName() const override { return "the second moment "; }

    OptimizerState state() const override { return {m_m, {m_v}, m_t}; }

    Status setState(const OptimizerState &s) override
    {
        if (s.more.size() != 1)
            return Error {"Adam needs its second moment; the snapshot holds "
                          + std::to_string(s.more.size()) + " further optimiser buffers"};
        reset();
        m_m = s.first;
        m_v = s.more.front();
        m_t = s.steps;
        return Status::success();
    }

private:
    template<class M>
    static void apply(const M &g, const M &w, const M &m, const M &v, M &m1, M &v1, M &d, M &next,
                      float lr, float c1, float c2)
    {
        m1 = kBeta1 * m + (1.0f - kBeta1) * g;
        v1 = kBeta2 * v + (1.0f - kBeta2) * g.cwiseProduct(g);
        d = ((m1.array() / c1) / ((v1.array() / c2).sqrt() + kEps)).matrix();
        next = w - lr * d;
    }

    static void rotate(ParamsF &previous, ParamsF &current, ParamsF &next)
    {
        std::swap(previous, current);
        std::swap(current, next);
    }

    ParamsF m_m = ParamsF::zeros(), m_v = ParamsF::zeros(), m_direction = ParamsF::zeros();
    ParamsF m_nextM = ParamsF::zeros(), m_nextV = ParamsF::zeros(),
            m_nextDirection = ParamsF::zeros();
    ParamsF m_prevM = ParamsF::zeros(), m_prevV = ParamsF::zeros(),
            m_prevDirection = ParamsF::zeros();
    std::uint64_t m_t = 0;
    bool m_pending = false;
    bool m_swapped = false;
};

} // namespace

std::unique_ptr<Optimizer> makeAdam(const TrainConfig &)
{
    return std::make_unique<Adam>();
}

} // namespace bplab
