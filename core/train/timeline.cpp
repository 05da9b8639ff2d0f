#include "train/timeline.h"

#include "train/trainer.h"

#include <algorithm>
#include <limits>

namespace bplab {

namespace {
std::size_t paramsBytes(const MlpParamsF &p)
{
    std::size_t n = 0;
    for (const Layer<float> &l : p.layers)
        n += std::size_t(l.W.size() + l.b.size()) * sizeof(float);
    return n;
}
} // namespace

Timeline::Timeline(std::size_t budgetBytes) : m_givenBudget(budgetBytes), m_budget(budgetBytes) { }

void Timeline::clear()
{
    m_checkpoints.clear();
    m_spare.clear();
    m_lrChanges.clear();
    m_interval = kFirstInterval;
    m_last = 0;
    m_bytes = 0;
}

void Timeline::start(const Trainer &trainer)
{
    clear();
    const Architecture &network = trainer.network();
    const std::size_t base = Architecture::source().parameterCount();
    const std::size_t scale = (network.parameterCount() + base - 1) / base;
    m_budget = m_givenBudget * std::clamp<std::size_t>(scale, 1, kMaxBudgetScale);
    m_last = trainer.step();
    keep(trainer);
    reserveSpares();
}

std::uint64_t Timeline::first() const
{
    return m_checkpoints.empty() ? 0 : m_checkpoints.front().state.step;
}

std::size_t Timeline::bytesOf(const TrainingSnapshot &s)
{
    std::size_t n = paramsBytes(s.networkParams) + paramsBytes(s.networkVelocity);
    for (const MlpParamsF &b : s.networkBuffers)
        n += paramsBytes(b);
    return n;
}

void Timeline::keep(const Trainer &trainer)
{
    // A spare checkpoint's buffers when there is one: memory the process has already touched
    // (a fresh 400 KB costs a millisecond of page faults on a busy machine).
    // (Not a new Checkpoint first: a TrainingSnapshot starts with two zeroed 400 KB buffers.)
    if (!m_spare.empty()) {
        m_bytes -= m_spare.back().bytes;
        m_checkpoints.push_back(std::move(m_spare.back()));
        m_spare.pop_back();
    } else {
        m_checkpoints.emplace_back();
    }
    Checkpoint &c = m_checkpoints.back();
    // The histories are the head's (replayTo() takes them from there): not copied per checkpoint;
    // nor is plain SGD's buffer, which is zeros.
    trainer.snapshotInto(c.state, false);
    c.pinned = false;
    c.bytes = bytesOf(c.state);
    m_bytes += c.bytes;
}

void Timeline::reserveSpares()
{
    // The whole budget at once, while training waits (a reset, a load): during training the
    // checkpoints then reuse it.
    const Checkpoint &origin = m_checkpoints.front();
    if (origin.bytes == 0)
        return;
    while (m_bytes + origin.bytes <= m_budget) {
        Checkpoint c;
        c.state.networkParams = origin.state.networkParams;
        c.state.networkVelocity = origin.state.networkVelocity;
        c.state.networkBuffers = origin.state.networkBuffers;
        c.bytes = bytesOf(c.state);
        m_bytes += c.bytes;
        m_spare.push_back(std::move(c));
    }
}

void Timeline::thin()
{
    // Every other checkpoint goes; the origin always stays (after a restore it need not be a
    // multiple of the interval).
    m_interval *= 2;
    auto it = std::remove_if(m_checkpoints.begin() + 1, m_checkpoints.end(),
                             [this](const Checkpoint &c) { return !c.pinned && c.state.step % m_interval != 0; });
    for (auto i = it; i != m_checkpoints.end(); ++i)
        m_spare.push_back(std::move(*i));
    m_checkpoints.erase(it, m_checkpoints.end());
}

void Timeline::recordBatch(const Trainer &trainer)
{
    if (m_checkpoints.empty()) {
        start(trainer);
        return;
    }
    m_last = trainer.step();
    if (m_last % m_interval != 0)
        return;
    // Each checkpoint is about the same size as the last one kept; a spare costs no new memory.
    const std::size_t next = m_checkpoints.back().bytes;
    while (m_spare.empty() && m_bytes + next > m_budget && m_checkpoints.size() > 1)
        thin();
    if (m_last % m_interval == 0 && (!m_spare.empty() || m_bytes + next <= m_budget))
        keep(trainer);
}

void Timeline::pin(const Trainer &trainer)
{
    if (m_checkpoints.empty()) {
        start(trainer);
        return;
    }
    m_last = trainer.step();
    while (m_checkpoints.size() > 1 && m_checkpoints.back().state.step >= m_last) {
        m_spare.push_back(std::move(m_checkpoints.back()));
        m_checkpoints.pop_back();
    }
    if (m_checkpoints.back().state.step == m_last) // the origin: the state it holds is the same
        return;
    keep(trainer);
    m_checkpoints.back().pinned = true;
}

void Timeline::recordLearningRate(std::uint64_t step, double lr)
{
    m_lrChanges.push_back({step, lr});
}

void Timeline::truncate(std::uint64_t step)
{
    while (m_checkpoints.size() > 1 && m_checkpoints.back().state.step > step) {
        m_spare.push_back(std::move(m_checkpoints.back()));
        m_checkpoints.pop_back();
    }
    while (!m_lrChanges.empty() && m_lrChanges.back().step >= step)
        m_lrChanges.pop_back();
    m_last = std::max(first(), std::min(step, m_last));
}

Status Timeline::replayTo(std::uint64_t step, const Trainer &head, Trainer &replay) const
{
    if (m_checkpoints.empty() || step < first() || step > m_last)
        return Error{"batch " + std::to_string(step) + " is outside the history (" + std::to_string(first())
                     + " to " + std::to_string(m_last) + ")"};
    // The nearest checkpoint strictly before `step` (the origin for step == first()): at least one
    // batch is trained, so the replay's last batch is batch `step` itself.
    auto it = std::upper_bound(m_checkpoints.begin(), m_checkpoints.end(), step,
                               [](std::uint64_t s, const Checkpoint &c) { return s <= c.state.step; });
    if (it != m_checkpoints.end() && it->state.step == step && it->pinned)
        ++it; // a pinned state is restored as it is: no batch leads to it
    const Checkpoint &c = it == m_checkpoints.begin() ? m_checkpoints.front() : *std::prev(it);
    TrainingSnapshot &s = m_replayState; // its buffers are reused from one replay to the next
    s = c.state;
    const std::vector<float> &losses = head.lossHistory();
    const std::vector<EpochReport> &epochs = head.epochReports();
    if (losses.size() < s.step || epochs.size() < std::size_t(s.epoch))
        return Error{"the history is longer than the head's losses"};
    s.batchLosses.assign(losses.begin(), losses.begin() + std::ptrdiff_t(s.step));
    s.epochs.assign(epochs.begin(), epochs.begin() + s.epoch);
    if (Status st = replay.restore(s); !st)
        return st;
    // Recorded batches were finite when trained, and stay so when trained again; the guard's
    // loss limit, which depends on what came just before, must not undo one of them.
    replay.setLossLimit(std::numeric_limits<double>::infinity());
    auto change = std::lower_bound(m_lrChanges.begin(), m_lrChanges.end(), s.step,
                                   [](const LrChange &l, std::uint64_t v) { return l.step < v; });
    while (replay.step() < step) {
        for (; change != m_lrChanges.end() && change->step == replay.step(); ++change)
            replay.setLearningRate(change->lr);
        const BatchReport r = replay.trainBatch();
        if (r.divergence || r.exchangeError)
            return Error{"batch " + std::to_string(r.step + 1) + " did not train again as recorded"};
    }
    return Status::success();
}

} // namespace bplab
