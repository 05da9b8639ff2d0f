#pragma once
// Which weights the views show besides the head's: a past batch the timeline replays exactly (on a
// second trainer), or a model file's. Owns the timeline of the head's batches and the replay
// trainer. Worker thread only.

#include "snapshots.h"

#include <train/timeline.h>
#include <train/trainer.h>

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>

namespace bplab {

class TimelineCursor
{
public:
    Timeline &timeline() { return m_timeline; }
    const Timeline &timeline() const { return m_timeline; }

    /** The timeline starts again at `head`'s position (reset, load, restore; null: no data), and
     *  the views follow the head. */
    void restart(const Trainer *head);
    /** The views follow the head again (no past batch, no model file). */
    void showHead();
    /** The replay trainer is built anew when next needed (other data, other replicas). */
    void dropReplay() { m_replay.reset(); }

    /** Puts the replay trainer into the state after batch k of `head`'s timeline and shows it;
     *  on failure the views follow the head. */
    Status showBatch(std::uint64_t k, const Trainer &head, std::shared_ptr<const DataSplit> data);
    /** The past batch shown (none: the head or a model file). */
    std::optional<std::uint64_t> cursor() const { return m_replay ? m_cursor : std::nullopt; }
    /** The trainer whose weights the views show: the replay's on a past batch, else `head`. */
    const Trainer &shown(const Trainer &head) const { return cursor() ? *m_replay : head; }
    /** The replay at the cursor, taken to become the head: the timeline ends at the cursor and the
     *  views follow the head. `oldHead` becomes the next replay (setTrainer()'s result). */
    std::unique_ptr<Trainer> takeReplay() { return std::move(m_replay); }
    void keepAsReplay(std::unique_ptr<Trainer> oldHead) { m_replay = std::move(oldHead); }

    /** A model file's weights (named `name`) shown until training goes on. */
    void showModel(ParamsPtr weights, const QString &name);
    const ParamsPtr &fileModel() const { return m_fileModel; }
    const QString &fileModelName() const { return m_fileModelName; }

private:
    Timeline m_timeline;
    std::unique_ptr<Trainer> m_replay;     // the timeline's replays
    std::optional<std::uint64_t> m_cursor; // a past batch shown (none: the head)
    ParamsPtr m_fileModel;                 // a model file's weights shown (null: none)
    QString m_fileModelName;
};

} // namespace bplab
