#pragma once
// A snapshot folder: numbered files of which the newest K are kept, written atomically and
// durably, and read back newest first, skipping damaged files with a message for each.

#include "result.h"
#include "train/snapshot.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bplab {

/** A numbered snapshot file in a folder. */
struct SnapshotFile {
    std::string path;
    std::uint64_t number = 0; ///< the NNNNNN of snapshot-NNNNNN.bplabsnap; larger is newer
};

/** The folder's snapshot files, newest first. Only complete names count: temporary files of a
 *  write that was interrupted (".snapshot-...tmp-...") are never listed. */
std::vector<SnapshotFile> listSnapshots(const std::string &folder);

/**
 * Writes the snapshot as the folder's next numbered file (creating the folder if needed), then
 * removes all but the newest `keep` (>= 1) and any temporary files left by an interrupted write.
 * Returns the path written.
 */
Result<std::string> saveSnapshotToFolder(const std::string &folder, const TrainingSnapshot &snapshot,
                                         int keep = kDefaultSnapshotKeep);

/** A snapshot with where it came from. */
struct LoadedSnapshot {
    TrainingSnapshot snapshot;
    std::string path;                 ///< the file that was read
    std::vector<std::string> skipped; ///< newer files of the folder that were refused, one message each (newest first)
};

/**
 * A snapshot file, or a folder's newest valid one: a damaged newer file is skipped and named in
 * `skipped` (show those messages: the run continues from an older state). Fails when nothing in
 * the folder is valid, with every file's reason.
 */
Result<LoadedSnapshot> loadSnapshotFrom(const std::string &fileOrFolder);

} // namespace bplab
