// The two-thread half pair (batchpair.h).

#include "nn/batchpair.h"

#if defined(__linux__)
#include <sched.h>
#endif

namespace bplab {

namespace {

void cpuRelax()
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

int currentCpu()
{
#if defined(__linux__)
    return sched_getcpu();
#else
    return -1;
#endif
}

} // namespace

HalfPair::HalfPair()
    : m_thread([this] { loop(); })
{ }

HalfPair::~HalfPair()
{
    m_stop.store(true, std::memory_order_relaxed);
    signal(m_go);
    m_thread.join();
}

void HalfPair::run(const void *job, Task task)
{
    m_job = job;
    m_task = task;
    m_rest.store(false, std::memory_order_relaxed);
    signal(m_go);
    task(job, 0, *this);
    meet(0);
}

void HalfPair::meet(int half)
{
    const unsigned phase = m_phase.load(std::memory_order_acquire);
    if (m_arrived.fetch_add(1, std::memory_order_acq_rel) == 1) {
        m_arrived.store(0, std::memory_order_relaxed);
        signal(m_phase);
    } else {
        waitForChange(m_phase, phase, half);
    }
}

void HalfPair::signal(std::atomic<unsigned> &value)
{
    value.fetch_add(1, std::memory_order_seq_cst);
    if (m_sleepers.load(std::memory_order_seq_cst) > 0)
        value.notify_all();
}

void HalfPair::waitForChange(std::atomic<unsigned> &value, unsigned old, int half)
{
    const auto start = Clock::now();
    for (unsigned i = 1;; ++i) {
        if (value.load(std::memory_order_acquire) != old)
            return;
        cpuRelax();
        if (i % 64 != 0) // about 2 us of pauses between the checks below
            continue;
        const int cpu = currentCpu();
        m_cpu[half].value.store(cpu, std::memory_order_relaxed);
        const auto waited = Clock::now() - start;
        if (waited > kSpinBudget || (&value == &m_go && m_rest.load(std::memory_order_relaxed)))
            break;
        const bool together
                = cpu >= 0 && m_cpu[1 - half].value.load(std::memory_order_relaxed) == cpu;
        if (waited > kYieldAfter || together)
            std::this_thread::yield();
    }
    // seq_cst with signal(): either the signaller sees the sleeper, or the sleeper sees the change.
    m_sleepers.fetch_add(1, std::memory_order_seq_cst);
    while (value.load(std::memory_order_seq_cst) == old)
        value.wait(old, std::memory_order_seq_cst);
    m_sleepers.fetch_sub(1, std::memory_order_seq_cst);
}

void HalfPair::loop()
{
    unsigned seen = 0;
    for (;;) {
        waitForChange(m_go, seen, 1);
        seen = m_go.load(std::memory_order_acquire);
        if (m_stop.load(std::memory_order_relaxed))
            return;
        m_task(m_job, 1, *this);
        meet(1);
    }
}

} // namespace bplab
