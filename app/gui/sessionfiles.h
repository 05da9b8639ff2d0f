#pragma once
// The training worker's file work, on its thread: data folders read, model files and snapshots
// written from a trainer's state, each outcome a Notice the views say, and the snapshot to fall
// back on when one cannot be read.

#include "snapshots.h"

#include <train/snapshotfolder.h>

#include <QCoreApplication>
#include <QString>

#include <variant>

namespace bplab {

class Trainer;

class SessionFiles
{
    Q_DECLARE_TR_FUNCTIONS(bplab::SessionFiles)
public:
    /** A data folder's images, or why they cannot be trained on (unreadable, not 28x28, none). */
    static std::variant<DataSplitPtr, QString> readDataFolder(const QString &folder);
    /** What the views show of a data set read. */
    static DatasetInfoPtr describeData(const DataSplitPtr &data);
    /** Writes the weights shown as a model file: a model file's as they came (`fileModel`, named
     *  `fileModelName`), else `shown`'s (null: no training yet). ModelSaved or ModelFailed. */
    static Notice saveModel(const QString &file, const Trainer *shown, const ParamsPtr &fileModel,
                            const QString &fileModelName);
    /** Writes the same weights as saveModel() would as an ONNX model (core/io/onnxfile.h), replacing
     *  `file` only once the whole model is on disk. ModelSaved or ModelFailed (saying what to do). */
    static Notice exportOnnx(const QString &file, const Trainer *shown, const ParamsPtr &fileModel,
                             const QString &fileModelName);
    /** Writes the whole training state of `trainer` (null: none yet). SnapshotSaved or
     * SnapshotFailed. */
    static Notice saveSnapshot(const QString &file, const Trainer *trainer);
    /** The newest snapshot of file's folder that is older than file ("" when none). */
    static QString previousSnapshot(const QString &file);
    /** A snapshot taken on data that cannot be read now. */
    static Notice dataMissing(const QString &path, const TrainingSnapshot &snapshot);
    /** What the views say of a snapshot restored from `loaded`. */
    static RestoredSnapshot restored(const LoadedSnapshot &loaded);
};

} // namespace bplab
