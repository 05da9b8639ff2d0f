#pragma once
// A rank that waits in a collective for a peer that died (SIGKILL, a lost machine) or hangs would
// wait for ever: MPI has no timeout on a collective. The watchdog is a thread that wakes twice a
// second; when one guarded call has lasted longer than the limit, it prints which call and how
// long on stderr and ends the process with exit code 2. mpirun then ends the other ranks too.
// It makes no MPI call itself, so MPI needs no thread support beyond MPI_THREAD_FUNNELED.

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace bplab::mpi {

class Watchdog
{
public:
    /** limitSeconds <= 0: no limit (the thread is not started). prefix starts the message. */
    Watchdog(double limitSeconds, std::string prefix);
    ~Watchdog();
    Watchdog(const Watchdog &) = delete;
    Watchdog &operator=(const Watchdog &) = delete;

    double limitSeconds() const { return m_limit; }

    /** Marks the start and the end of a call that must finish within the limit. what names it
     *  ("the all-reduce of step 12"); it must stay valid until leave(). */
    void enter(const char *what, long long step);
    void leave();

    /** RAII for enter() / leave(). */
    class Guard
    {
    public:
        Guard(Watchdog &w, const char *what, long long step = -1)
            : m_w(w)
        {
            m_w.enter(what, step);
        }
        ~Guard() { m_w.leave(); }
        Guard(const Guard &) = delete;
        Guard &operator=(const Guard &) = delete;

    private:
        Watchdog &m_w;
    };

private:
    void loop();

    double m_limit = 0;
    std::string m_prefix;
    std::atomic<double> m_since {-1}; // steady-clock seconds at enter(); -1: not in a call
    std::atomic<const char *> m_what {nullptr};
    std::atomic<long long> m_step {-1};
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_thread;
};

/** Seconds on the monotonic clock. */
double steadySeconds();

} // namespace bplab::mpi
