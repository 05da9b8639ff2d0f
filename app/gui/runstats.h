#pragma once
// The training worker's bookkeeping of a session: samples trained, seconds run, the speed over
// the last half second and the rate of the last batch, turned into the Progress every report
// carries. Worker thread only.

#include "snapshots.h"

#include <QtGlobal>

#include <cstdint>

namespace bplab {

class Trainer;

class RunStats
{
public:
    /** The speed is measured over at least this long. */
    static constexpr qint64 kSpeedWindowNs = 500'000'000;

    /** Starts over (a reset, a load, a restore) at learning rate lr. */
    void restart(double lr);
    /** A run starts at `nowNs`: the clock and the speed's window start. */
    void beginRun(qint64 nowNs);
    /** A run ends at `nowNs` (also when none was going on: the speed is 0 then). */
    void endRun(qint64 nowNs);
    /** A trained batch of `samples` samples at rate lr. */
    void countBatch(std::uint64_t samples, double lr);
    /** The speed again once its window has passed. */
    void updateSpeed(qint64 nowNs);

    bool running() const { return m_running; }
    /** The rate of the last batch (or the configuration's since the last restart). */
    double lastLr() const { return m_lastLr; }
    void setLastLr(double lr) { m_lastLr = lr; }
    /** The position of `trainer` (null: none) with the run's figures, at `nowNs`. */
    Progress progress(const Trainer *trainer, qint64 nowNs, qint64 evaluationNs) const;

private:
    double runSeconds(qint64 nowNs) const;

    double m_lastLr = 0;
    qint64 m_runStartNs = 0;
    double m_runSecondsBefore = 0; // of finished runs since the last restart
    bool m_running = false;
    std::uint64_t m_totalSamples = 0;
    std::uint64_t m_speedSamples = 0;
    qint64 m_speedStartNs = 0;
    double m_speed = 0;
};

} // namespace bplab
