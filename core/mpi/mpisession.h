#pragma once
// MPI for one process of `mpirun -np N`: initialisation and shutdown (RAII), this rank and the
// rank count, and the few collective calls the training needs besides the gradient all-reduce:
// agreeing on an error (a rank that cannot read its data stops all ranks with its message),
// gathering one checksum per rank, gathering a rank's numbers on rank 0. Every collective runs
// under the session's watchdog (watchdog.h), so that a dead peer ends the run instead of hanging
// it. mpi.h stays out of this header.

#include "result.h"
#include "watchdog.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bplab::mpi {

class Session
{
public:
    /**
     * Initialises MPI (MPI_THREAD_FUNNELED: only the main thread calls MPI; the watchdog only
     * watches). timeoutSeconds bounds every collective (<= 0: no bound). Errors are returned by
     * MPI calls instead of aborting (MPI_ERRORS_RETURN). Only one Session may exist at a time.
     */
    static Result<std::unique_ptr<Session>> start(double timeoutSeconds);
    ~Session(); // MPI_Finalize
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    int rank() const { return m_rank; }
    int size() const { return m_size; }
    /** The ranks on this rank's machine (the ones that share its memory), this one included. */
    int localSize() const { return m_localSize; }
    /** "rank R of N on HOST". */
    std::string describe() const;
    /** The MPI library's name and version (e.g. "Open MPI v4.1.4"). */
    static std::string libraryVersion();

    Watchdog &watchdog() { return *m_watchdog; }

    /**
     * Every rank passes its own status; all return ok when every rank is ok, else the error of
     * the lowest failing rank as "rank R: message" (the same on every rank).
     */
    Status agree(const Status &local, const char *what);
    /** value of every rank, indexed by rank (the same vector on every rank). */
    Result<std::vector<std::uint64_t>> allGather(std::uint64_t value, const char *what);
    /** Rank 0 receives every rank's values (their counts may differ); other ranks get {}. */
    Result<std::vector<std::vector<double>>> gatherOnRoot(const std::vector<double> &values,
                                                          const char *what);
    /** Blocks until every rank has called it. */
    Status barrier(const char *what);
    /** Seconds on MPI_Wtime's clock. */
    static double wallTime();

private:
    Session() = default;
    int m_rank = 0;
    int m_size = 1;
    int m_localSize = 1;
    std::string m_host;
    std::unique_ptr<Watchdog> m_watchdog;
};

/** The message of an MPI error code, "what: MPI error text". */
std::string mpiError(int code, const char *what);

} // namespace bplab::mpi
