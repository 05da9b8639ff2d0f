#include "mpisession.h"

#include <mpi.h>

#include <algorithm>
#include <cstring>

namespace bplab::mpi {

namespace {
bool g_active = false;
}

std::string mpiError(int code, const char *what)
{
    char text[MPI_MAX_ERROR_STRING] = {};
    int length = 0;
    MPI_Error_string(code, text, &length);
    return std::string(what) + ": " + std::string(text, std::size_t(std::max(length, 0)));
}

Result<std::unique_ptr<Session>> Session::start(double timeoutSeconds)
{
    if (g_active)
        return Error {"MPI is already started in this process"};
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (initialized)
        return Error {"MPI was started before and cannot be started again"};
    int provided = 0;
    if (const int rc = MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
        rc != MPI_SUCCESS)
        return Error {mpiError(rc, "MPI_Init_thread")};
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    std::unique_ptr<Session> s(new Session);
    g_active = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &s->m_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &s->m_size);
    MPI_Comm local = MPI_COMM_NULL;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, s->m_rank, MPI_INFO_NULL, &local)
                == MPI_SUCCESS
        && local != MPI_COMM_NULL) {
        MPI_Comm_size(local, &s->m_localSize);
        MPI_Comm_free(&local);
    }
    char host[MPI_MAX_PROCESSOR_NAME] = {};
    int length = 0;
    MPI_Get_processor_name(host, &length);
    s->m_host.assign(host, std::size_t(std::max(length, 0)));
    s->m_watchdog = std::make_unique<Watchdog>(timeoutSeconds, "backprop-lab-cli train: rank "
                                                                       + std::to_string(s->m_rank));
    return s;
}

Session::~Session()
{
    m_watchdog.reset();
    MPI_Finalize();
    g_active = false;
}

std::string Session::describe() const
{
    return "rank " + std::to_string(m_rank) + " of " + std::to_string(m_size) + " on " + m_host;
}

std::string Session::libraryVersion()
{
    char text[MPI_MAX_LIBRARY_VERSION_STRING] = {};
    int length = 0;
    MPI_Get_library_version(text, &length);
    std::string v(text, std::size_t(std::max(length, 0)));
    // "Open MPI v4.1.4, package: Debian OpenMPI, ident: ...": the name and version.
    const auto end = v.find_first_of(",\r\n");
    return end == std::string::npos ? v : v.substr(0, end);
}

double Session::wallTime()
{
    return MPI_Wtime();
}

Status Session::barrier(const char *what)
{
    Watchdog::Guard guard(*m_watchdog, what);
    if (const int rc = MPI_Barrier(MPI_COMM_WORLD); rc != MPI_SUCCESS)
        return Error {mpiError(rc, what)};
    return {};
}

Status Session::agree(const Status &local, const char *what)
{
    Watchdog::Guard guard(*m_watchdog, what);
    // The lowest failing rank (size: none), then its message broadcast from it.
    int mine = local.ok() ? m_size : m_rank;
    int first = m_size;
    if (const int rc = MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        rc != MPI_SUCCESS)
        return Error {mpiError(rc, what)};
    if (first == m_size)
        return {};
    std::string message = m_rank == first ? local.error() : std::string();
    int length = int(message.size());
    if (const int rc = MPI_Bcast(&length, 1, MPI_INT, first, MPI_COMM_WORLD); rc != MPI_SUCCESS)
        return Error {mpiError(rc, what)};
    message.resize(std::size_t(length));
    if (length > 0)
        if (const int rc = MPI_Bcast(message.data(), length, MPI_CHAR, first, MPI_COMM_WORLD);
            rc != MPI_SUCCESS)
            return Error {mpiError(rc, what)};
    return Error {"rank " + std::to_string(first) + ": " + message};
}

Result<std::vector<std::uint64_t>> Session::allGather(std::uint64_t value, const char *what)
{
    Watchdog::Guard guard(*m_watchdog, what);
    std::vector<std::uint64_t> all(std::size_t(m_size), 0);
    if (const int rc
        = MPI_Allgather(&value, 1, MPI_UINT64_T, all.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
        rc != MPI_SUCCESS)
        return Error {mpiError(rc, what)};
    return all;
}

Result<std::vector<std::vector<double>>> Session::gatherOnRoot(const std::vector<double> &values,
                                                               const char *what)
{
    Watchdog::Guard guard(*m_watchdog, what);
    const int count = int(values.size());
    std::vector<int> counts(m_rank == 0 ? std::size_t(m_size) : 0);
    if (const int rc = MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
        rc != MPI_SUCCESS)
        return Error {mpiError(rc, what)};
    std::vector<int> offsets(counts.size(), 0);
    int total = 0;
    for (std::size_t r = 0; r < counts.size(); ++r) {
        offsets[r] = total;
        total += counts[r];
    }
    std::vector<double> flat(static_cast<std::size_t>(total));
    if (const int rc = MPI_Gatherv(values.data(), count, MPI_DOUBLE, flat.data(), counts.data(),
                                   offsets.data(), MPI_DOUBLE, 0, MPI_COMM_WORLD);
        rc != MPI_SUCCESS)
        return Error {mpiError(rc, what)};
    std::vector<std::vector<double>> out(counts.size());
    for (std::size_t r = 0; r < counts.size(); ++r)
        out[r].assign(flat.begin() + offsets[r], flat.begin() + offsets[r] + counts[r]);
    return out;
}

} // namespace bplab::mpi
