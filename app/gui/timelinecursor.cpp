#include "timelinecursor.h"

#include "sessiontrainer.h"

#include <utility>

namespace bplab {

void TimelineCursor::restart(const Trainer *head)
{
    showHead();
    if (head)
        m_timeline.start(*head);
    else
        m_timeline.clear();
}

void TimelineCursor::showHead()
{
    m_cursor.reset();
    m_fileModel.reset();
}

Status TimelineCursor::showBatch(std::uint64_t k, const Trainer &head,
                                 std::shared_ptr<const DataSplit> data)
{
    // The replay trainer, built for the head's configuration when needed.
    if (!m_replay || m_replay->replicas() != head.replicas()) {
        TrainConfig c = head.activeConfig();
        c.replicas = head.replicas();
        m_replay = makeSessionTrainer(std::move(data), c);
    }
    if (Status st = m_timeline.replayTo(k, head, *m_replay); !st) {
        showHead();
        return st;
    }
    m_cursor = k;
    return {};
}

void TimelineCursor::showModel(ParamsPtr weights, const QString &name)
{
    showHead();
    m_fileModel = std::move(weights);
    m_fileModelName = name;
}

} // namespace bplab
