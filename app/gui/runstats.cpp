#include "runstats.h"

#include "trainervisuals.h"

#include <train/trainer.h>

namespace bplab {

void RunStats::restart(double lr)
{
    m_totalSamples = 0;
    m_runSecondsBefore = 0;
    m_running = false;
    m_speed = 0;
    m_lastLr = lr;
}

void RunStats::beginRun(qint64 nowNs)
{
    m_running = true;
    m_runStartNs = nowNs;
    m_speedStartNs = nowNs;
    m_speedSamples = 0;
}

void RunStats::endRun(qint64 nowNs)
{
    if (m_running) {
        m_runSecondsBefore += double(nowNs - m_runStartNs) / 1e9;
        m_running = false;
    }
    m_speed = 0;
}

void RunStats::countBatch(std::uint64_t samples, double lr)
{
    m_totalSamples += samples;
    m_speedSamples += samples;
    m_lastLr = lr;
}

void RunStats::updateSpeed(qint64 nowNs)
{
    if (nowNs - m_speedStartNs >= kSpeedWindowNs) {
        m_speed = double(m_speedSamples) / (double(nowNs - m_speedStartNs) / 1e9);
        m_speedStartNs = nowNs;
        m_speedSamples = 0;
    }
}

double RunStats::runSeconds(qint64 nowNs) const
{
    double s = m_runSecondsBefore;
    if (m_running)
        s += double(nowNs - m_runStartNs) / 1e9;
    return s;
}

Progress RunStats::progress(const Trainer *trainer, qint64 nowNs, qint64 evaluationNs) const
{
    Progress p;
    p.learningRate = m_lastLr;
    p.samplesPerSecond = m_running ? m_speed : 0.0;
    p.totalSamples = m_totalSamples;
    p.runSeconds = runSeconds(nowNs);
    p.evalSeconds = double(evaluationNs) / 1e9;
    if (!trainer)
        return p;
    const Progress at = positionOf(*trainer);
    p.step = at.step;
    p.totalSteps = at.totalSteps;
    p.epochs = at.epochs;
    p.batchSize = at.batchSize;
    p.replicas = at.replicas;
    p.batchesPerEpoch = at.batchesPerEpoch;
    p.epoch = at.epoch;
    p.batchInEpoch = at.batchInEpoch;
    return p;
}

} // namespace bplab
