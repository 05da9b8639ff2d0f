#pragma once
// What the views show of a training run's past, as plain data with one owner: every batch loss and
// epoch evaluation (LossHistory), every epoch's full report, and the moving averages of the
// branches "Continue from here" abandoned (the last kMaxBranches). The loss plot and the per-class
// panel only read it.

#include "train/losshistory.h"
#include "train/trainevents.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace bplab {

/** A branch left behind: its batches' moving average from where the new branch starts. */
struct BranchCurve
{
    std::uint64_t fromStep = 0; ///< the new branch starts after this many batches
    double fromX = 0;           ///< the same as a fractional epoch
    double learningRate = 0;    ///< the abandoned branch's rate after fromStep
    std::vector<LossHistory::Point> average;
    double maxX = 0, maxLoss = 0;
};

class RunHistory
{
public:
    static constexpr std::size_t kMaxBranches = 3;

    /** Batch i's loss at fractional epoch x[i] (ascending); a NaN or Inf is left out. */
    void appendBatches(const double *x, const double *loss, std::size_t n);
    /** An epoch's report (its evaluation joins losses() when finite). */
    void appendEpoch(const EpochReport &report);
    /** A new branch starts after batch fromStep (x = fromX): the batches and epochs after it leave
     *  the history; the abandoned batches (x, loss) become a branch curve whose moving average runs
     *  on from the batches before fromX, so it starts where the new one does. */
    void branchFrom(std::uint64_t fromStep, double fromX, double learningRate, const double *x,
                    const double *loss, std::size_t n);
    /** Empty again (a reset, new data, a restored snapshot): branches too. */
    void clear();

    const LossHistory &losses() const { return m_losses; }
    /** Every finished epoch's report since the last clear(), branches cut, in order. */
    const std::vector<EpochReport> &epochs() const { return m_epochs; }
    /** Oldest first, at most kMaxBranches. */
    const std::deque<BranchCurve> &branches() const { return m_branches; }
    /** The report of the last epoch finished within the first `step` batches (null: none). */
    const EpochReport *epochAt(std::uint64_t step, int batchesPerEpoch) const;
    /** Grows by one on every change that is not an append at the end (clear, branch): a reader
     *  that drew revision r redraws everything when it differs. */
    std::uint64_t revision() const { return m_revision; }

private:
    LossHistory m_losses;
    std::vector<EpochReport> m_epochs;
    std::deque<BranchCurve> m_branches;
    std::uint64_t m_revision = 0;
};

} // namespace bplab
