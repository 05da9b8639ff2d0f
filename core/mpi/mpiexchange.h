#pragma once
// The gradient exchange across processes (exchange.h): one replica per MPI rank; the flat
// gradient (101,770 floats) is summed over all ranks by MPI_Allreduce in buckets of a settable
// size, as PyTorch DDP sums its gradient buckets, and the loss sum by one more MPI_Allreduce.
// MPI's reduction gives every rank the same result, so all ranks take the same optimiser step.
// Each exchange is timed: the compute before it (since the previous exchange returned), the wait
// for the slowest rank (a barrier, so that the all-reduce time that follows is the transfer and
// the reduction only), the all-reduce itself, and its bytes.

#include "train/exchange.h"
#include "mpisession.h"

#include <cstddef>
#include <vector>

namespace bplab::mpi {

/** One exchange on this rank. Times are seconds since the exchange's common start. */
struct ExchangeTiming
{
    long long step = 0;      ///< index of the exchange (the trainer's global batch index)
    double computeStart = 0; ///< the previous exchange's end (or the start)
    double waitStart = 0;    ///< allReduce() called
    double reduceStart = 0;  ///< every rank arrived
    double end = 0;          ///< the sums are here
    std::size_t bytes = 0;   ///< gradient bytes all-reduced (the 8-byte loss sum not counted)
    int buckets = 0;

    double computeSeconds() const { return waitStart - computeStart; }
    double waitSeconds() const { return reduceStart - waitStart; }
    double allreduceSeconds() const { return end - reduceStart; }
};

/** Per-epoch sums over exchanges, with the nccl-tests bandwidths (for --json). */
struct ExchangeSummary
{
    int exchanges = 0;
    double computeSeconds = 0;
    double waitSeconds = 0;
    double allreduceSeconds = 0;
    std::size_t bytesPerAllreduce = 0;
    /** The median of the epoch's all-reduce times: on a shared or oversubscribed machine a few
     *  descheduled ranks make the mean many times the typical time. */
    double medianAllreduceSeconds = 0;
    /** algbw = bytes / mean all-reduce seconds; busbw = algbw x 2(N-1)/N (nccl-tests). */
    double algbw = 0;
    double busbw = 0;
};
ExchangeSummary summarize(const std::vector<ExchangeTiming> &timings, std::size_t from,
                          std::size_t to, int ranks);

class MpiExchange final : public GradientExchange
{
public:
    /** DDP's default bucket: 25 MiB (larger than this model's 0.4 MB gradient: one bucket). */
    static constexpr std::size_t kDefaultBucketBytes = 25u << 20;

    /** bucketBytes: the most bytes per MPI_Allreduce (at least one float). */
    MpiExchange(Session &session, std::size_t bucketBytes = kDefaultBucketBytes);

    int replicas() const override { return m_session.size(); }
    int firstLocal() const override { return m_session.rank(); }
    int localReplicas() const override { return 1; }
    Status allReduce(std::vector<std::vector<float>> &local, double &lossSum) override;

    std::size_t bucketBytes() const { return m_bucketBytes; }
    /** Every exchange since the start, in order. */
    const std::vector<ExchangeTiming> &timings() const { return m_timings; }
    /** The common time origin (Session::wallTime() after the barrier of start()). */
    double origin() const { return m_origin; }
    /**
     * Every rank: the clock starts now (after a barrier, so that the ranks share the origin) and
     * exchanges count from `step` on (a resumed run starts at its snapshot's step). Without it
     * the clock starts at construction.
     */
    Status start(long long step);

private:
    Session &m_session;
    std::size_t m_bucketBytes;
    double m_origin = 0;
    double m_last = 0; // end of the previous exchange, relative to m_origin
    long long m_step = 0;
    std::vector<ExchangeTiming> m_timings;
};

} // namespace bplab::mpi
