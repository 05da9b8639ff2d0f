#pragma once
// How fast training goes: at full speed, at a fixed number of batches per second, or one sample at
// a time. The Pacer only does the arithmetic of when the next unit (a batch, or a sample) is due;
// the caller passes the clock's readings in, so tests drive it with invented times.

#include <array>
#include <cstdint>
#include <string>

namespace bplab {

struct Pace
{
    /** Units per second; 0: as fast as the machine goes. */
    double perSecond = 0;
    /** The unit is one sample of the next batch (shown in turn, the update after the last);
     *  else a whole batch. */
    bool perSample = false;

    bool full() const { return perSecond <= 0; }
    bool operator==(const Pace &) const = default;
};

/** The paces offered, fastest first: full speed, 100, 30, 10, 3 and 1 batches per second, then
 *  one sample at a time (kSamplesPerSecond). */
inline constexpr double kSamplesPerSecond = 2;
inline constexpr std::array<Pace, 7> kPaces{{{0, false}, {100, false}, {30, false}, {10, false},
                                             {3, false}, {1, false}, {kSamplesPerSecond, true}}};
/** The index of `pace` in kPaces, or of the nearest batch rate (never -1). */
int paceIndex(const Pace &pace);
/** "full speed", "10 batches/s", "one sample at a time" (for the CLI and logs). */
std::string describePace(const Pace &pace);

class Pacer
{
public:
    void setPace(const Pace &pace);
    const Pace &pace() const { return m_pace; }
    /** A run begins at `now`: the first unit is due at once. */
    void start(std::int64_t nowNs);
    /** Nanoseconds until the next unit is due (<= 0: now). Always 0 at full speed. */
    std::int64_t dueIn(std::int64_t nowNs) const;
    /** A unit was started at `now`: the next is due one period after the previous due time, or
     *  one period from now when the caller fell behind by more than a period (no bursts to
     *  catch up after a slow frame). */
    void started(std::int64_t nowNs);
    /** The period between units at the current pace (0 at full speed). */
    std::int64_t periodNs() const;

private:
    Pace m_pace;
    std::int64_t m_due = 0;  // when the next unit is due
    std::int64_t m_last = 0; // when the last one started
    bool m_started = false;  // a unit started since start()
};

} // namespace bplab
