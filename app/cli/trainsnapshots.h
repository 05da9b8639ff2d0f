#pragma once
// train's snapshot options: --resume (the snapshot and the settings it continues with), the data
// a snapshot was taken on, and --checkpoint-dir / --every / --keep / --stop-after /
// --on-divergence.

#include "command.h"

#include "data/dataset.h"
#include "train/divergence.h"
#include "train/snapshotfolder.h"
#include "train/trainconfig.h"

#include <QString>

#include <memory>
#include <optional>

namespace bplab::cli {

/** The snapshot, stop and divergence options of one run. */
struct SnapshotOptions
{
    QString dir;     ///< empty: no snapshots
    int every = 0;   ///< a snapshot every N batches; 0: at the end of each epoch
    int keep = kDefaultSnapshotKeep;
    int stopAfter = 0; ///< stop after this epoch (1-based); 0: train to the end
    int stopAfterBatches = 0; ///< stop after this many batches in all; 0: train to the end
    DivergencePolicy divergence; ///< --on-divergence stop (default) or halve
};

/** --resume: the snapshot, and the settings it continues with (--epochs and --lr may change).
 *  Returns -1 when it was read, else the exit code. */
int readResume(const Command &cmd, TrainConfig &config, std::optional<LoadedSnapshot> &resumed);
/** The snapshot's data folder, checked against its identity; -1 or the exit code. */
int loadSnapshotData(const Command &cmd, const DatasetIdentity &id, std::shared_ptr<DataSplit> &out);
bool readSnapshotOptions(const Command &cmd, bool resumed, SnapshotOptions &out);

} // namespace bplab::cli
