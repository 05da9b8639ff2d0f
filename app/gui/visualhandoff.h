#pragma once
// What the training worker hands the GUI thread besides its signals: the weights last published
// (read while the worker trains) and the count of visuals sent and not yet applied (the throttle).
// Thread-safe.

#include "snapshots.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
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

/** What the GUI thread spent on the live pictures (applying a visual, drawing the large heatmaps),
 *  in nanoseconds of its CPU time, added up until a training thread takes it: on a machine with as
 *  many cores as training threads each such millisecond is taken from training, so the pace of the
 *  pictures (VisualBudget) counts it with the picture's making. One for the process: there is one
 *  GUI thread. Thread-safe. */
class GuiPictureCost
{
public:
    static void add(std::int64_t ns)
    {
        if (ns > 0)
            s_ns.fetch_add(ns, std::memory_order_relaxed);
    }
    /** The cost added since the last take(), and starts again from 0. */
    static std::int64_t take() { return s_ns.exchange(0, std::memory_order_relaxed); }
    /** The GUI thread's CPU time so far (call it on that thread). */
    static std::int64_t threadCpuNs()
    {
#ifdef CLOCK_THREAD_CPUTIME_ID
        timespec ts {};
        if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
            return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
#endif
        // Without a thread clock the wall clock: an upper bound.
        return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
    }

private:
    static inline std::atomic<std::int64_t> s_ns {0};
};

} // namespace bplab
