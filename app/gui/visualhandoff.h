#pragma once
// What the training worker hands the GUI thread besides its signals: the weights last published
// (read while the worker trains) and the count of visuals sent and not yet applied (the throttle).
// Thread-safe.

#include "snapshots.h"

#include <atomic>
#include <mutex>
#include <utility>

namespace bplab {

class VisualHandoff
{
public:
    /** The weights last published; the object never changes (a new one is published instead). */
    ParamsPtr weights() const
    {
        std::lock_guard lock(m_mutex);
        return m_weights;
    }
    void publish(ParamsPtr weights)
    {
        std::lock_guard lock(m_mutex);
        m_weights = std::move(weights);
    }
    /** A visual was sent; the GUI acknowledges it once applied. */
    void sent() { m_inFlight.fetch_add(1); }
    void acknowledged() { m_inFlight.fetch_sub(1); }
    int inFlight() const { return m_inFlight.load(); }

private:
    mutable std::mutex m_mutex;
    ParamsPtr m_weights;
    std::atomic<int> m_inFlight {0};
};

} // namespace bplab
