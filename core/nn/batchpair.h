#pragma once
// The two-thread half pair: a persistent second thread that runs half 1 of a batch while the
// caller runs half 0, and the barrier where the two halves meet.

#include <atomic>
#include <chrono>
#include <thread>

namespace bplab {

/**
 * The second thread of a batch workspace: runs half 1 of every two-thread batch while the caller
 * runs half 0. Persistent (no thread start per batch). A waiting thread spins on the shared
 * counter with the CPU's pause instruction, because a batch's halves take the same time and the
 * gap between two batches is some 10 us: a thread that yielded its core or slept there came back
 * up to 100 us late, as much as the half it was to run. It stops spinning and sleeps
 * (std::atomic::wait) after kSpinBudget without news (a paused or stopped trainer, an epoch's
 * evaluation: no CPU spent), and yields its core at once when its partner is queued on the same
 * core (a loaded machine), where spinning would only delay the partner.
 */
class HalfPair
{
public:
    /** One half of a job: task(job, half, pair); it may call pair.meet(half). */
    using Task = void (*)(const void *job, int half, HalfPair &pair);

    HalfPair();
    ~HalfPair();
    HalfPair(const HalfPair &) = delete;
    HalfPair &operator=(const HalfPair &) = delete;

    /** task(job, 1) on the helper and task(job, 0) here; returns when both have finished. */
    void run(const void *job, Task task);

    /** The next batch is not coming soon: the helper sleeps at once instead of spinning. */
    void rest() { m_rest.store(true, std::memory_order_relaxed); }

    /** Returns when both threads have called it (once each per meeting); half: the caller's. */
    void meet(int half);

private:
    using Clock = std::chrono::steady_clock;
    /** Spinning this long without news means the partner is not coming soon: sleep. */
    static constexpr auto kSpinBudget = std::chrono::milliseconds(2);
    /** Waiting this long inside a batch (a half takes about 50 us) means the partner lost its
     *  core: yield to it on every check from then on. */
    static constexpr auto kYieldAfter = std::chrono::microseconds(200);

    /** Bumps a counter the partner waits on; wakes it only when it sleeps. */
    void signal(std::atomic<unsigned> &value);
    void waitForChange(std::atomic<unsigned> &value, unsigned old, int half);
    void loop();

    /** One value per cache line: the two threads write their own without disturbing the other's. */
    struct alignas(64) PaddedInt
    {
        std::atomic<int> value {-1};
    };

    const void *m_job = nullptr;
    Task m_task = nullptr;
    alignas(64) std::atomic<unsigned> m_go {0}; // bumped once per batch (and to stop)
    std::atomic<unsigned> m_arrived {0};        // threads at the current meeting
    std::atomic<unsigned> m_phase {0};          // bumped when a meeting is complete
    std::atomic<int> m_sleepers {0};            // threads in std::atomic::wait
    std::atomic<bool> m_stop {false};
    std::atomic<bool> m_rest {false}; // rest(): sleep instead of spinning for the next batch
    PaddedInt m_cpu[2];               // the core each thread last waited on (-1: unknown)
    std::thread m_thread;             // last: starts after the members above exist
};

} // namespace bplab
