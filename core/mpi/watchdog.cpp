#include "watchdog.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace bplab::mpi {

double steadySeconds()
{
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

Watchdog::Watchdog(double limitSeconds, std::string prefix)
    : m_limit(limitSeconds)
    , m_prefix(std::move(prefix))
{
    if (m_limit > 0)
        m_thread = std::thread([this] { loop(); });
}

Watchdog::~Watchdog()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void Watchdog::enter(const char *what, long long step)
{
    m_what = what;
    m_step = step;
    m_since = steadySeconds();
}

void Watchdog::leave()
{
    m_since = -1;
}

void Watchdog::loop()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stop) {
        m_wake.wait_for(lock, std::chrono::milliseconds(500));
        const double since = m_since;
        if (m_stop || since < 0 || steadySeconds() - since <= m_limit)
            continue;
        const char *what = m_what;
        const long long step = m_step;
        char step_text[48] = "";
        if (step >= 0)
            std::snprintf(step_text, sizeof step_text, " of step %lld", step);
        // One write, so that the line is not interleaved with another rank's on a shared stderr.
        std::fprintf(
                stderr,
                "%s: no answer from the other ranks for %.0f s in %s%s: another rank has died or "
                "hangs; stopping this rank\n",
                m_prefix.c_str(), m_limit, what ? what : "a collective call", step_text);
        std::fflush(stderr);
        // Another thread is blocked inside MPI: no clean shutdown is possible from here.
        std::_Exit(2);
    }
}

} // namespace bplab::mpi
