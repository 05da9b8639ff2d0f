#pragma once
// Automatic snapshots of a run: one is due every N batches or M minutes (and when a run pauses,
// ends or the app closes, if anything changed since the last), written into the chosen folder,
// which keeps the newest K. A failure (a full disk) is said once per setting and never stops the
// training. Lives on the worker thread with the trainer it snapshots.

#include "snapshots.h"

#include <train/trainer.h>

#include <QCoreApplication>

#include <cstdint>
#include <optional>

namespace bplab {

class AutoSnapshots
{
    Q_DECLARE_TR_FUNCTIONS(bplab::AutoSnapshots)
public:
    void setSettings(const AutoSnapshotSettings &settings);
    /** The trainer starts over at `step` (a reset, new data, a restore): the next snapshot is due
     *  counted from here. */
    void restartAt(std::uint64_t step, std::int64_t nowNs);
    /** Writes a snapshot of `trainer` when one is due (force: whenever its step changed since the
     *  last); the notice to show (saved, or the first failure), if any. */
    std::optional<Notice> writeIfDue(const Trainer &trainer, std::int64_t nowNs, bool force);

private:
    AutoSnapshotSettings m_settings;
    std::uint64_t m_step = 0; // trainer step of the last snapshot (or restart)
    std::int64_t m_ns = 0;    // when it was taken
    bool m_failed = false;    // a failure is reported once, not every N batches
};

} // namespace bplab
