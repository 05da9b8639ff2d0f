#pragma once
// The value snapshots the training worker sends to the GUI thread. Every payload is a copy that the
// worker never touches again (shared as std::shared_ptr<const T>): never a reference into the
// trainer's buffers, never a widget or a QPixmap.

#include <nn/mlp.h>
#include <nn/mlptrace.h>
#include <train/networktrainer.h>
#include <train/pacer.h>
#include <replicaexchange.h>
#include <train/trainer.h>
#include <conv/convvalues.h>

#include <QImage>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

namespace bplab {

namespace cluster {
struct LiveIteration;
}

/** Where the training stands. */
enum class TrainingState {
    NoData,   ///< nothing loaded (or the last load failed)
    Loading,  ///< a data folder is being read
    Paused,   ///< data loaded, not running (also right after a reset)
    Running,  ///< batches are being trained
    Finished, ///< all epochs done; Reset to train again
};

/** The position of the training, attached to every snapshot. */
struct Progress {
    std::uint64_t step = 0;     ///< batches trained since the last reset
    std::uint64_t totalSteps = 0;
    int epoch = 0;              ///< 0-based epoch of the next batch (== epochs when finished)
    int epochs = 0;
    int batchInEpoch = 0;       ///< batches done in the current epoch
    int batchesPerEpoch = 0;
    int batchSize = 0;          ///< per replica
    int replicas = 1;           ///< data-parallel replicas (global batch = replicas x batchSize)
    double learningRate = 0;    ///< the rate used by the last batch
    double samplesPerSecond = 0; ///< recent training speed (0 when not running)
    std::uint64_t totalSamples = 0; ///< samples trained while running since the last reset
    double runSeconds = 0;          ///< wall time spent running since the last reset
    double evalSeconds = 0;         ///< part of runSeconds spent evaluating on the test set
};

/** What the Train view draws: the first sample of the last batch and the network's state, at the
 *  head of training or at a past batch of the timeline. */
struct VisualSnapshot {
    Progress progress;     ///< the training's own position (the head), whatever `weightsStep` is
    bool live = false;     ///< a rate-limited snapshot while running (false: the exact state
                           ///< after a pause, step, reset or load, which must all be shown)
    /** Batches trained to reach `weights`: progress.step at the head, the cursor's batch on the
     *  timeline. */
    std::uint64_t weightsStep = 0;
    int weightsEpoch = 0;        ///< 1-based epoch that batch belongs to (0 before any batch)
    bool atHead = true;          ///< false: a past batch, replayed from the timeline
    bool duringRun = false;      ///< sent while a run goes on (more follow at once)
    std::uint64_t historyFirst = 0; ///< the timeline reaches back to this batch
    /** The last batch's samples (indices into the training set) and each one's class by the
     *  weights before that batch's update; empty before the first batch. */
    std::vector<std::uint32_t> batchIndices;
    std::vector<std::int8_t> batchPredicted;
    /** One sample at a time: the sample shown is batchIndices[sampleInBatch] of the batch about to
     *  be trained, by the weights before its update (-1: a whole batch was trained). */
    int sampleInBatch = -1;
    /** Not empty: `weights` are a model file's (this name), shown until training goes on. */
    QString modelFile;
    QImage digit;          ///< 28x28 Format_Grayscale8
    int sampleIndex = -1;  ///< index into the training set
    int label = -1;
    int predicted = -1;
    /** The network shown, its weights, the last batch's averaged gradient and the adjustment the
     *  last update made (delta_w = w_new - w_old), W1, b1, ..., WL, bL, and the sample through
     *  every layer (with one plain SGD step on it). */
    Architecture network;
    std::shared_ptr<const MlpParamsF> weights, gradients, adjustments;
    MlpTraceF trace;
    /** A layer-list network's kernels, feature maps, dropout masks and weights' norm (null for a
     *  dense network). */
    std::shared_ptr<const ConvVisuals> conv;
    /** With several replicas: each one's gradient of the last batch and their all-reduced
     *  average (null with one replica). */
    std::shared_ptr<const cluster::ReplicaGradients> replicas;
    /** The last batch timed on the simulated cluster the Data parallel page chose (null: none
     *  chosen, or a sample or model file shown; step 0: no batch since the reset). */
    std::shared_ptr<const cluster::LiveIteration> cluster;
};

/** Batch losses since the previous chunk: none is ever dropped. x is the fractional epoch
 *  (epoch + (batch + 1) / batchesPerEpoch), so epoch e ends at x = e + 1. */
struct LossChunk {
    Progress progress;
    QVector<double> x;
    QVector<double> loss;
};

/** The batch losses (and test results) of a branch that "Continue from here" abandoned, for a
 *  faint curve beside the new one. */
struct AbandonedBranch {
    std::uint64_t fromStep = 0; ///< the new branch starts after this many batches
    double fromX = 0;           ///< the same as a fractional epoch
    double learningRate = 0;    ///< the abandoned branch's rate after fromStep
    double newLearningRate = 0; ///< the new branch's
    QVector<double> x, loss;
};

/** The data set in use. */
struct DatasetInfo {
    QString name;
    QString folder;
    qsizetype trainCount = 0;
    qsizetype testCount = 0;
    QStringList classNames;
    /** The loaded images and labels themselves, shared read-only by the trainer and the views
     *  (one copy in memory). */
    std::shared_ptr<const DataSplit> data;
};

/** The automatic training snapshots (core/train/snapshot.h): taken while running every everyBatches
 *  batches and every everyMinutes minutes (0: not by that measure), and on pause and on close;
 *  the folder keeps the newest `keep`. Written by the worker on its own thread. */
struct AutoSnapshotSettings {
    bool enabled = false;
    QString folder;
    int everyBatches = 1000;
    int everyMinutes = 5;
    int keep = 3;
};

/** A training state read back from a snapshot file. */
struct RestoredSnapshot {
    QString path;          ///< the file read
    QString description;   ///< describeSnapshot(): epoch, batch, hyperparameters, data
    QStringList skipped;   ///< newer files of the folder that were refused, one message each
};

/** The history starts again at `progress` (a reset, new data, a restored snapshot): the views
 *  drop their losses and epochs. A restored snapshot brings its hyperparameters. */
struct HistoryRestart {
    Progress progress;
    std::optional<TrainConfig> restoredConfig;
};

/** A message for the person at the screen, with what it is about. */
struct TrainingError {
    QString message;
};
struct SnapshotSaved {
    QString path;
    QString description; ///< describeSnapshot()
    bool automatic = false;
};
struct SnapshotFailed {
    QString message;
    QString previous; ///< an older snapshot of the same folder to offer instead ("" when none)
};
struct ModelSaved {
    QString path;
    QString description; ///< "weights after batch 1,250"
};
struct ModelFailed {
    QString message;
};

using VisualPtr = std::shared_ptr<const VisualSnapshot>;
using BranchPtr = std::shared_ptr<const AbandonedBranch>;
using LossChunkPtr = std::shared_ptr<const LossChunk>;
using DatasetInfoPtr = std::shared_ptr<const DatasetInfo>;
using ParamsPtr = std::shared_ptr<const MlpParamsF>;
using DataSplitPtr = std::shared_ptr<const DataSplit>;

/** What happened to the training's history, in the order it happened: it started again, an
 *  epoch ended, "Continue from here" abandoned a branch, or a snapshot was restored (after its
 *  restart, losses and epochs). */
using HistoryEvent = std::variant<HistoryRestart, EpochReport, BranchPtr, RestoredSnapshot>;
/** What the person at the screen is told: a failure, a divergence (training paused on the last
 *  finite weights), a file written or not. */
using Notice = std::variant<TrainingError, Divergence, SnapshotSaved, SnapshotFailed, ModelSaved, ModelFailed>;
/** What TrainingController::fetchShownOptimizerState() hands back: the optimiser's state at the
 *  weights shown, in the trained network's shapes (null: none), and the batch it belongs to. */
using OptimizerStateCallback
        = std::function<void(std::shared_ptr<const NetworkOptimizerState> state, std::uint64_t step)>;

/** Registers the snapshot types for queued connections (idempotent). */
void registerSnapshotTypes();

QString stateName(TrainingState state);

} // namespace bplab

Q_DECLARE_METATYPE(bplab::TrainingState)
Q_DECLARE_METATYPE(bplab::Progress)
Q_DECLARE_METATYPE(bplab::EpochReport)
Q_DECLARE_METATYPE(bplab::Divergence)
Q_DECLARE_METATYPE(bplab::VisualPtr)
Q_DECLARE_METATYPE(bplab::BranchPtr)
Q_DECLARE_METATYPE(bplab::Pace)
Q_DECLARE_METATYPE(bplab::LossChunkPtr)
Q_DECLARE_METATYPE(bplab::DatasetInfoPtr)
Q_DECLARE_METATYPE(bplab::DataSplitPtr)
Q_DECLARE_METATYPE(bplab::AutoSnapshotSettings)
Q_DECLARE_METATYPE(bplab::RestoredSnapshot)
Q_DECLARE_METATYPE(bplab::TrainConfig)
Q_DECLARE_METATYPE(bplab::HistoryEvent)
Q_DECLARE_METATYPE(bplab::Notice)
