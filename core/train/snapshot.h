#pragma once
// Training snapshots (docs/file-formats.md, "Snapshot"): the whole state of a Trainer, so that a
// run stopped at any batch continues exactly, bit for bit. Files are written atomically and
// durably (temporary file, fsync, rename, fsync of the folder), validated completely on loading,
// and a snapshot folder keeps the newest K as numbered files (snapshotfolder.h).

#include "data/datasetidentity.h"
#include "data/dataset.h"
#include "nn/mlp.h"
#include "result.h"
#include "train/trainconfig.h"
#include "train/trainevents.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bplab {

/**
 * The whole training state between two batches. The shuffle order is not stored: it is
 * epochOrder(config.seed, epoch), and orderCrc checks that it regenerates the same.
 * Invariants (checked on loading and by Trainer::restore):
 *   batchesPerEpoch == ceil(data.trainCount / (config.batch * workers)),
 *   step == epoch * batchesPerEpoch + batchInEpoch, batchInEpoch < batchesPerEpoch,
 *   batchLosses.size() == step, epochs.size() == epoch, every number finite.
 */
struct TrainingSnapshot {
    TrainConfig config;      ///< the hyperparameters in use (the learning rate as last changed)
    /** Data-parallel replicas (train --workers N), each with config.batch samples of a global
     *  batch of workers x batch; their weights and momentum buffers are identical after every
     *  all-reduce, so one copy is the state of all. 1: the plain Trainer. */
    int workers = 1;
    DatasetIdentity data;
    int epoch = 0;           ///< 0-based epoch of the next batch
    int batchInEpoch = 0;    ///< 0-based index of the next batch in that epoch
    int batchesPerEpoch = 0;
    std::uint64_t step = 0;  ///< batches trained so far
    std::uint32_t orderCrc = 0; ///< CRC32 of epochOrder(seed, epoch) as little-endian uint32s; 0 when batchInEpoch == 0
    double epochLossSum = 0; ///< sum of this epoch's batch losses so far
    double epochSeconds = 0; ///< training time of this epoch so far
    /** The weights, SGD's momentum buffer or Adam's first moment m, and Adam's second moment v,
     *  in config.network's shapes (W1, b1, ..., WL, bL). A networkVelocity without layers is
     *  zeros (plain SGD keeps none); networkBuffers is empty for SGD. */
    MlpParamsF networkParams;
    MlpParamsF networkVelocity;
    std::vector<MlpParamsF> networkBuffers;
    std::uint64_t optimizerSteps = 0;
    std::vector<float> batchLosses;      ///< the loss of every batch trained, in order
    std::vector<EpochReport> epochs;     ///< one report per finished epoch
};

/** Magic bytes at the start of every snapshot file. */
inline constexpr char kSnapshotMagic[8] = {'B', 'P', 'L', 'A', 'B', 'S', 'N', 'P'};
/** Version 2 adds the worker count to the hyperparameters; version 3 also an optimiser section
 *  (its name, step count and further buffers); version 4 the training subset; version 5 a network
 *  section (another network than the source's, whose shapes the weights then have); version 6
 *  the network section's --layers text (a layer list) and weight decay. A snapshot is
 *  written in the oldest version that holds it: one SGD worker as version 1 (the same bytes as
 *  before, readable by older builds), several SGD workers as 2, any other optimiser as 3; all are
 *  read. */
inline constexpr std::uint32_t kSnapshotVersion = 6;
/** The largest worker count a snapshot may hold (train --workers allows 64). */
inline constexpr int kMaxSnapshotWorkers = 64;
/** File name ending of snapshots ("snapshot-000012.bplabsnap"). */
inline constexpr const char *kSnapshotSuffix = ".bplabsnap";
/** Snapshots a folder keeps unless told otherwise. */
inline constexpr int kDefaultSnapshotKeep = 3;

/** The bytes of a snapshot file, and their complete validation; name is for messages. */
std::vector<std::uint8_t> encodeSnapshot(const TrainingSnapshot &snapshot);
Result<TrainingSnapshot> decodeSnapshot(const std::uint8_t *data, std::size_t size, const std::string &name);
/** The invariants above and finite numbers; decodeSnapshot and Trainer::restore check them. */
Status checkSnapshot(const TrainingSnapshot &snapshot);
/** CRC32 of a shuffle order as little-endian uint32s (TrainingSnapshot::orderCrc). */
std::uint32_t orderChecksum(const std::vector<std::uint32_t> &order);
/**
 * Whether a trainer with `workers` replicas on data `actual` (trainCount training images) can
 * continue from the snapshot exactly: its invariants, the data's identity, the worker count, the
 * batches per epoch, and that the epoch's shuffle order regenerates with the stored CRC32. Returns
 * that order (the identity at an epoch's start), for Trainer::restore (one replica or several).
 */
Result<std::vector<std::uint32_t>> resumeOrder(const TrainingSnapshot &snapshot, const DatasetIdentity &actual,
                                               std::size_t trainCount, int workers);
/** True when the bytes start with the snapshot magic (says nothing about validity). */
bool looksLikeSnapshot(const std::uint8_t *data, std::size_t size);

/** Writes one snapshot file atomically and durably. */
Status saveSnapshot(const std::string &path, const TrainingSnapshot &snapshot);
/** Reads and validates one snapshot file; the message names the file and what is wrong. */
Result<TrainingSnapshot> loadSnapshot(const std::string &path);

/** One line for people: "epoch 2/10, batch 17/157 (step 174), lr 0.05 cosine, momentum 0.9,
 *  batch 64, seed 1, data MNIST (60,000 + 10,000 images)". */
std::string describeSnapshot(const TrainingSnapshot &snapshot);

} // namespace bplab
