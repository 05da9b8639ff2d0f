#include "mpiexchange.h"

#include <mpi.h>

#include <algorithm>

namespace bplab::mpi {

ExchangeSummary summarize(const std::vector<ExchangeTiming> &timings, std::size_t from,
                          std::size_t to, int ranks)
{
    ExchangeSummary s;
    to = std::min(to, timings.size());
    for (std::size_t i = from; i < to; ++i) {
        const ExchangeTiming &t = timings[i];
        ++s.exchanges;
        s.computeSeconds += t.computeSeconds();
        s.waitSeconds += t.waitSeconds();
        s.allreduceSeconds += t.allreduceSeconds();
        s.bytesPerAllreduce = t.bytes;
    }
    std::vector<double> times;
    for (std::size_t i = from; i < to; ++i)
        times.push_back(timings[i].allreduceSeconds());
    if (!times.empty()) {
        const auto mid = times.begin() + std::ptrdiff_t(times.size() / 2);
        std::nth_element(times.begin(), mid, times.end());
        s.medianAllreduceSeconds = *mid;
    }
    if (s.exchanges > 0 && s.allreduceSeconds > 0) {
        s.algbw = double(s.bytesPerAllreduce) / (s.allreduceSeconds / s.exchanges);
        s.busbw = ranks > 1 ? s.algbw * 2.0 * (ranks - 1) / ranks : 0.0;
    }
    return s;
}

MpiExchange::MpiExchange(Session &session, std::size_t bucketBytes)
    : m_session(session)
    , m_bucketBytes(std::max(bucketBytes, sizeof(float)))
{
    m_origin = Session::wallTime();
}

Status MpiExchange::start(long long step)
{
    // A common origin: every rank leaves the barrier within microseconds on one host (across
    // hosts MPI_Wtime may not be synchronised; the barrier aligns the starts).
    if (Status st = m_session.barrier("the start of training"); !st)
        return st;
    m_origin = Session::wallTime();
    m_last = 0;
    m_step = step;
    m_timings.clear();
    return {};
}

Status MpiExchange::allReduce(std::vector<std::vector<float>> &local, double &lossSum)
{
    ExchangeTiming t;
    t.step = m_step;
    t.computeStart = m_last;
    t.waitStart = Session::wallTime() - m_origin;
    if (local.size() != 1)
        return Error {"the MPI exchange holds one replica per rank, got "
                      + std::to_string(local.size())};
    std::vector<float> &g = local[0];
    Watchdog::Guard guard(m_session.watchdog(), "the gradient all-reduce", m_step);
    if (const int rc = MPI_Barrier(MPI_COMM_WORLD); rc != MPI_SUCCESS)
        return Error {mpiError(rc, "the barrier before the all-reduce")};
    t.reduceStart = Session::wallTime() - m_origin;
    const std::size_t perBucket = m_bucketBytes / sizeof(float);
    for (std::size_t offset = 0; offset < g.size(); offset += perBucket) {
        const int count = int(std::min(perBucket, g.size() - offset));
        if (const int rc = MPI_Allreduce(MPI_IN_PLACE, g.data() + offset, count, MPI_FLOAT, MPI_SUM,
                                         MPI_COMM_WORLD);
            rc != MPI_SUCCESS)
            return Error {mpiError(rc, "the gradient all-reduce")};
        ++t.buckets;
    }
    if (const int rc
        = MPI_Allreduce(MPI_IN_PLACE, &lossSum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        rc != MPI_SUCCESS)
        return Error {mpiError(rc, "the loss all-reduce")};
    t.end = Session::wallTime() - m_origin;
    t.bytes = g.size() * sizeof(float);
    m_last = t.end;
    ++m_step;
    m_timings.push_back(t);
    return {};
}

} // namespace bplab::mpi
