#include "train/runhistory.h"

#include <algorithm>

namespace bplab {

void RunHistory::appendBatches(const double *x, const double *loss, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i)
        m_losses.appendBatch(x[i], float(loss[i]));
}

void RunHistory::appendEpoch(const EpochReport &report)
{
    m_losses.appendEpoch(double(report.epoch), report.testLoss, report.testAccuracy, report.trainEvalLoss,
                         report.trainAccuracy);
    m_epochs.push_back(report);
}

void RunHistory::branchFrom(std::uint64_t fromStep, double fromX, double learningRate, const double *x,
                            const double *loss, std::size_t n)
{
    ++m_revision;
    m_losses.truncateAfter(fromX);
    while (!m_epochs.empty() && double(m_epochs.back().epoch) > fromX + 1e-9)
        m_epochs.pop_back();

    // The abandoned batches' moving average, over the main curve's span.
    LossHistory abandoned;
    const std::size_t kept = m_losses.batchCount();
    const std::size_t before = std::min(kept, LossHistory::kMovingAverageSpan);
    for (std::size_t i = kept - before; i < kept; ++i)
        abandoned.appendBatch(m_losses.x()[i], m_losses.loss()[i]);
    for (std::size_t i = 0; i < n; ++i)
        abandoned.appendBatch(x[i], float(loss[i]));
    BranchCurve curve {fromStep, fromX, learningRate, {}, abandoned.maxX(), abandoned.maxLoss()};
    for (std::size_t i = before > 0 ? before - 1 : 0; i < abandoned.batchCount(); ++i)
        curve.average.push_back({abandoned.x()[i], abandoned.movingAverage(i)});
    if (curve.average.size() < 2)
        return; // nothing to draw: the branch had no batch after fromX
    if (m_branches.size() >= kMaxBranches)
        m_branches.pop_front();
    m_branches.push_back(std::move(curve));
}

void RunHistory::clear()
{
    ++m_revision;
    m_losses.clear();
    std::vector<EpochReport>().swap(m_epochs);
    m_branches.clear();
}

const EpochReport *RunHistory::epochAt(std::uint64_t step, int batchesPerEpoch) const
{
    const std::uint64_t perEpoch = std::uint64_t(std::max(1, batchesPerEpoch));
    const EpochReport *shown = nullptr;
    for (const EpochReport &e : m_epochs)
        if (std::uint64_t(e.epoch) * perEpoch <= step)
            shown = &e;
    return shown;
}

} // namespace bplab
