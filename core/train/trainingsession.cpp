// The one training loop (trainingsession.h).

#include "train/trainingsession.h"

#include "train/losshistory.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <utility>

namespace bplab {

namespace {
constexpr double kNoRate = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t kPendingReserve = 4096;

std::int64_t steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
}
} // namespace

TrainingSession::TrainingSession(std::unique_ptr<Trainer> trainer, Clock clock)
    : m_trainer(std::move(trainer))
    , m_clock(clock ? std::move(clock) : Clock(steadyNs))
    , m_requestedLr(kNoRate)
{
    m_pending.x.reserve(kPendingReserve);
    m_pending.loss.reserve(kPendingReserve);
}

std::unique_ptr<Trainer> TrainingSession::setTrainer(std::unique_ptr<Trainer> trainer)
{
    m_halvings = 0;
    std::swap(m_trainer, trainer);
    return trainer;
}

bool TrainingSession::stopRequested() const
{
    return m_stop.load(std::memory_order_relaxed)
           || (m_externalStop && m_externalStop->load(std::memory_order_relaxed));
}

std::optional<double> TrainingSession::takeRequestedLearningRate()
{
    const double lr = m_requestedLr.exchange(kNoRate);
    return std::isnan(lr) ? std::nullopt : std::optional<double>(lr);
}

void TrainingSession::applyRequestedLearningRate()
{
    const std::optional<double> lr = takeRequestedLearningRate();
    if (!lr || *lr == m_trainer->activeConfig().lr)
        return;
    m_trainer->setLearningRate(*lr);
    if (m_observer.onLearningRate)
        m_observer.onLearningRate(m_trainer->step(), *lr);
}

RunResult TrainingSession::run(const RunLimits &limits)
{
    RunResult result;
    if (!m_trainer)
        return result;
    while (!m_trainer->finished()) {
        if (stopRequested()) {
            result.end = RunEnd::Stopped;
            return result;
        }
        if ((limits.maxBatches >= 0 && result.batches >= std::uint64_t(limits.maxBatches))
            || (limits.stopBefore && limits.stopBefore())) {
            result.end = RunEnd::Limit;
            return result;
        }
        applyRequestedLearningRate();
        const std::int64_t t0 = now();
        const BatchReport report = m_trainer->trainBatch();
        const std::int64_t took = now() - t0;
        // An epoch's last batch also evaluates the test set: its time beyond an ordinary batch's.
        if (report.epochEnded)
            m_evalNs += std::max<std::int64_t>(0, took - m_prevBatchNs);
        else
            m_prevBatchNs = took;
        if (report.exchangeError) {
            result.end = RunEnd::ExchangeFailed;
            result.error = *report.exchangeError;
            return result;
        }
        if (report.divergence) {
            // The trainer undid the batch: the policy decides whether the same batch trains again
            // at a smaller rate or the run stops on the restored state.
            const std::optional<double> rate
                    = m_policy.rateToTrainOn(m_trainer->activeConfig().lr, m_halvings);
            if (m_observer.onDivergence)
                m_observer.onDivergence(*report.divergence, rate);
            if (!rate) {
                result.end = RunEnd::Diverged;
                result.divergence = report.divergence;
                return result;
            }
            ++m_halvings;
            m_trainer->setLearningRate(*rate);
            if (m_observer.onLearningRate)
                m_observer.onLearningRate(m_trainer->step(), *rate);
            continue;
        }
        m_halvings = 0;
        ++result.batches;
        gather(report);
        if (m_observer.onBatch)
            m_observer.onBatch(report);
        if (report.epochEnded && m_observer.onEpoch)
            m_observer.onEpoch(*report.epochEnded);
    }
    result.end = RunEnd::Finished;
    return result;
}

void TrainingSession::gather(const BatchReport &report)
{
    if (!m_gather)
        return;
    if (std::isfinite(report.loss)) {
        m_pending.x.push_back(batchX(report.step, report.batchesPerEpoch));
        m_pending.loss.push_back(report.loss);
    }
    if (report.epochEnded)
        m_pending.epochs.push_back(*report.epochEnded);
}

void TrainingSession::beginRun()
{
    const std::int64_t t = now();
    m_pacer.start(t);
    m_lastFlushNs = t;
    m_lastVisualNs = t;
}

ViewsDue TrainingSession::due(int visualsInFlight) const
{
    // Pictures are rate-limited and never queue up behind busy views (one in flight at most);
    // losses are only batched, never dropped.
    const std::int64_t t = now();
    if (t - m_lastVisualNs >= kVisualIntervalNs && visualsInFlight <= 0)
        return ViewsDue::Visual;
    if (t - m_lastFlushNs >= kLossFlushNs)
        return ViewsDue::Losses;
    return ViewsDue::Nothing;
}

PendingReports TrainingSession::takePending()
{
    m_lastFlushNs = now();
    PendingReports taken = std::exchange(m_pending, {});
    m_pending.x.reserve(kPendingReserve);
    m_pending.loss.reserve(kPendingReserve);
    return taken;
}

void TrainingSession::clearHistory()
{
    m_pending.x.clear();
    m_pending.loss.clear();
    m_pending.epochs.clear();
    m_evalNs = 0;
}

} // namespace bplab
