#pragma once
// The values the views are sent, made from a trainer's state in one place: where it stands, a
// batch's visual (its last batch and that batch's first sample, or the next batch's samples one at
// a time), a model file's visual, its loss history as one chunk, the branch "Continue from here"
// abandons, and its last batch timed on the simulated cluster.

#include "clusterpagefeed.h"
#include "snapshots.h"

#include <data/dataset.h>
#include <train/trainer.h>

#include <QString>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace bplab {

/** The samples of the next batch shown one at a time before the batch trains (the pace "one
 *  sample at a time"). */
struct SampleWalk
{
    std::vector<std::uint32_t> indices; ///< into the whole training set
    std::vector<std::int8_t> predicted; ///< each sample's class by the weights before the batch
    int shown = 0;                      ///< samples shown so far

    /** Starts on `trainer`'s next batch, unless a walk is under way. */
    void begin(const Trainer &trainer, const Dataset &train);
    bool done() const { return shown >= int(indices.size()); }
    bool started() const { return shown > 0; }
    /** The next sample's place in the batch. */
    int next() { return shown++; }
    /** The batch trains next, as one unit. */
    void finish() { shown = int(indices.size()); }
    void clear();
};

/** The share of the machine the live pictures may take: the next one is due once
 *  kTrainingPerVisual times the last one's whole cost has passed after it, the cost being its
 *  making on the training thread plus what the GUI thread spent applying and drawing pictures
 *  since (GuiPictureCost: on 2 cores each GUI millisecond is taken from a training thread). A
 *  784-128-10 picture's fraction of a millisecond never holds one back; a 784-1024-1024-10
 *  network's many milliseconds of copies, passes and heatmaps do. Worker thread only. */
class VisualBudget
{
public:
    static constexpr int kTrainingPerVisual = 39; // at most 1/40 of the machine

    bool allows(std::int64_t nowNs) const { return nowNs >= m_nextNs; }
    /** A picture was made from startNs to endNs; guiNs: the GUI thread's cost of pictures since
     *  the last one. next = end + 39 (end - start + gui). */
    void spent(std::int64_t startNs, std::int64_t endNs, std::int64_t guiNs = 0)
    {
        m_nextNs = endNs + (endNs - startNs + std::max<std::int64_t>(0, guiNs)) * kTrainingPerVisual;
    }

private:
    std::int64_t m_nextNs = 0;
};

/** Step, epoch, sizes and learning rate of a trainer's position. */
Progress positionOf(const Trainer &trainer);

/**
 * A visual of `trainer`'s state: its weights, gradient and the adjustment -lr * direction of its
 * last update, its last batch and that batch's first sample. With `walk` and sampleInBatch >= 0,
 * the next batch (walk's) and its sample sampleInBatch instead, by the weights before its update.
 * The caller sets progress, live, atHead, duringRun and historyFirst.
 */
std::shared_ptr<VisualSnapshot> visualOf(const Trainer &trainer, const Dataset &train, double lr,
                                         const SampleWalk *walk = nullptr, int sampleInBatch = -1);

/** `s`, a visual of the head, made into one of a model file's weights: the head's sample through
 *  them, no gradient, no batch (no batch of the file's is known). */
void showModelFile(VisualSnapshot &s, ParamsPtr weights, const QString &name, const Dataset &train,
                   Normalize normalize);

/** The trainer's whole loss history as one chunk (the views start over from a restored state). */
LossChunkPtr historyChunk(const Trainer &trainer, const Progress &progress);

/** The branch abandoned when the head goes on from batch k instead: its losses after k and its
 *  learning rate there (`learningRate`); the caller sets newLearningRate. */
std::shared_ptr<AbandonedBranch> abandonedBranch(const Trainer &head, std::uint64_t k, double learningRate);

/** The trainer's last batch timed on the simulated cluster `chosen`; null when none is chosen. */
LiveIterationPtr clusterIterationOf(const Trainer &trainer, const std::optional<cluster::SimConfig> &chosen);

} // namespace bplab
