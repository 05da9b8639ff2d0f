#include "trainmpi.h"

#ifdef BPLAB_HAVE_MPI
#include "chrometrace.h"
#include "mpiexchange.h"
#include "mpisession.h"

#include "nn/batchthreads.h"

#include <cstdlib>
#include <thread>
#endif

#include <cinttypes>
#include <cmath>
#include <cstdio>

namespace bplab::cli {

const char *kMpiDetails
        = R"(Across processes and machines (--mpi): mpirun -np N backprop-lab-cli train --mpi [options]
(as root also --allow-run-as-root; more ranks than cores also --oversubscribe). Each rank holds
one replica and trains on its share of each global batch of N x --batch, in the sample order of
--workers N: the weights after an epoch equal --workers N's (within float rounding). The gradient
is summed with MPI_Allreduce in buckets of --bucket-mb MiB (default 25, PyTorch DDP's). Rank 0
prints, writes --save and --checkpoint-dir; every rank reads the data (the same folder, or a copy
on each machine). At each epoch's end the ranks compare a checksum of their weights: a rank that
differs stops the run with exit code 2 and is named. A rank that cannot read its data stops all
ranks with its message; a rank that dies or hangs ends the others within --mpi-timeout seconds
(default 30). --resume with the same N continues exactly.
--json adds per epoch: "ranks", "allreduces", "compute_seconds", "wait_seconds",
"allreduce_seconds" (sums over the epoch's exchanges on rank 0), "allreduce_median_seconds"
(the median of one all-reduce), "bytes_per_allreduce",
"algbw" (bytes / mean all-reduce seconds, B/s), "busbw" (algbw x 2(N-1)/N, nccl-tests' bus
bandwidth) and "rank_checksums" (every rank's weight checksum, hex).
--trace FILE (with --mpi): the Trace Event Format JSON (Perfetto, chrome://tracing) with one
track per rank and its compute, wait and allreduce spans; `simulate --shared-memory N --trace`
writes the prediction in the same format.)";

void addMpiOptions(Command &cmd)
{
    cmd.addOption(QStringLiteral("mpi"),
                  QStringLiteral("One replica per MPI rank (run under mpirun -np N); see below."));
    cmd.addOption(QStringLiteral("bucket-mb"),
                  QStringLiteral("With --mpi: MiB per MPI_Allreduce bucket (default 25)."),
                  QStringLiteral("M"));
    cmd.addOption(QStringLiteral("mpi-timeout"),
                  QStringLiteral("With --mpi: seconds a rank waits for the others in one "
                                 "collective before it stops the run (default 30; 0: forever)."),
                  QStringLiteral("S"));
    cmd.addOption(QStringLiteral("trace"),
                  QStringLiteral("With --mpi: write the ranks' compute/wait/all-reduce spans to "
                                 "FILE (Trace Event Format JSON)."),
                  QStringLiteral("FILE"));
}

#ifdef BPLAB_HAVE_MPI

struct MpiTraining::State
{
    std::unique_ptr<mpi::Session> session;
    std::shared_ptr<mpi::MpiExchange> exchange;
    QString tracePath;
    std::size_t epochFrom = 0; // first exchange of the current epoch
    mpi::ExchangeSummary last;
    std::vector<std::uint64_t> checksums;
};

namespace {

std::uint64_t checksumOf(const std::vector<float> &flat)
{
    std::uint64_t h = 1469598103934665603ull; // FNV-1a, 64 bits
    const auto *bytes = reinterpret_cast<const unsigned char *>(flat.data());
    for (std::size_t i = 0; i < flat.size() * sizeof(float); ++i)
        h = (h ^ bytes[i]) * 1099511628211ull;
    return h;
}

QString hex(std::uint64_t v)
{
    return QStringLiteral("%1").arg(v, 16, 16, QLatin1Char('0'));
}

} // namespace

MpiTraining::MpiTraining()
    : m(std::make_unique<State>())
{ }

MpiTraining::~MpiTraining()
{
    m->exchange.reset();
    setOutputQuiet(false);
}

int MpiTraining::start(const Command &cmd)
{
    const bool wanted = cmd.isSet(QStringLiteral("mpi"));
    if (!wanted) {
        for (const char *option : {"bucket-mb", "mpi-timeout", "trace"})
            if (cmd.isSet(QLatin1String(option)))
                return cmd.usageError(
                        QStringLiteral("--%1 needs --mpi").arg(QLatin1String(option)));
        return -1;
    }
    if (cmd.isSet(QStringLiteral("workers")))
        return cmd.usageError(QStringLiteral("--mpi runs one replica per rank: give mpirun -np N "
                                             "instead of --workers N"));
    double bucketMb = 25, timeout = 30;
    if (!cmd.doubleValue(QStringLiteral("bucket-mb"), 0, 1e6, bucketMb, true)
        || !cmd.doubleValue(QStringLiteral("mpi-timeout"), 0, 1e6, timeout))
        return kExitUsage;
    m->tracePath = cmd.value(QStringLiteral("trace"));
    if (cmd.isSet(QStringLiteral("trace")) && m->tracePath.isEmpty())
        return cmd.usageError(QStringLiteral("--trace needs a file name"));
    Result<std::unique_ptr<mpi::Session>> session = mpi::Session::start(timeout);
    if (!session)
        return cmd.dataError(QStringLiteral("cannot start MPI: %1").arg(qs(session.error())));
    m->session = std::move(*session);
    // Only rank 0 speaks; the others keep their messages for agree().
    setOutputQuiet(m->session->rank() != 0);
    // The ranks of one machine share its cores: each trains and evaluates on its share of them
    // (more threads than cores made the all-reduce wait for descheduled ranks), unless
    // $BPLAB_THREADS says otherwise.
    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    const int threads = std::max(1, cores / m->session->localSize());
    if (!std::getenv("BPLAB_THREADS")) {
        setTrainingThreads(threads);
        setEvaluationThreads(threads);
    }
    m->exchange = std::make_shared<mpi::MpiExchange>(
            *m->session, std::size_t(std::max(4.0, bucketMb * 1024 * 1024)));
    cmd.note(QStringLiteral("mpi: %1 ranks, %5 on this machine with %6 training thread(s) each "
                            "(%2), buckets of %3 bytes, collectives time out after %4 s")
                     .arg(m->session->size())
                     .arg(qs(mpi::Session::libraryVersion()))
                     .arg(thousands(m->exchange->bucketBytes()))
                     .arg(timeout)
                     .arg(m->session->localSize())
                     .arg(trainingThreads()));
    return -1;
}

bool MpiTraining::active() const
{
    return m->session != nullptr;
}
bool MpiTraining::root() const
{
    return !m->session || m->session->rank() == 0;
}
int MpiTraining::ranks() const
{
    return m->session ? m->session->size() : 1;
}
std::shared_ptr<GradientExchange> MpiTraining::exchange() const
{
    return m->exchange;
}

int MpiTraining::agree(const Command &cmd, int code, const char *what)
{
    if (!m->session)
        return code;
    QString message = lastErrorLine();
    const QString prefix = QStringLiteral("%1 %2: ").arg(QLatin1String(kProgram), cmd.name());
    if (message.startsWith(prefix))
        message = message.mid(prefix.size());
    const Status local = code < 0 ? Status() : Status(Error {message.toStdString()});
    const Status all = m->session->agree(local, what);
    if (all)
        return -1;
    // Rank 0 has printed its own message already when it was the one that failed.
    if (code < 0 || m->session->rank() != 0)
        cmd.dataError(QStringLiteral("%1 failed on %2").arg(QLatin1String(what), qs(all.error())));
    return code >= 0 ? code : kExitBadData;
}

int MpiTraining::checkReplicas(const Command &cmd, int snapshotReplicas)
{
    if (!m->session || snapshotReplicas == m->session->size())
        return -1;
    return cmd.usageError(
            QStringLiteral("the snapshot was taken with %1 replica(s): resume it with "
                           "mpirun -np %1 (this run has %2 ranks)")
                    .arg(snapshotReplicas)
                    .arg(m->session->size()));
}

int MpiTraining::startAt(const Command &cmd, std::size_t step)
{
    if (!m->exchange)
        return -1;
    if (const Status st = m->exchange->start((long long)step); !st)
        return cmd.dataError(qs(st.error()));
    return -1;
}

int MpiTraining::checkWeights(const Command &cmd, const std::vector<float> &weights, int epoch)
{
    if (!m->session)
        return -1;
    m->last = mpi::summarize(m->exchange->timings(), m->epochFrom, m->exchange->timings().size(),
                             m->session->size());
    m->epochFrom = m->exchange->timings().size();
    Result<std::vector<std::uint64_t>> all
            = m->session->allGather(checksumOf(weights), "the weight checksum");
    if (!all)
        return cmd.dataError(qs(all.error()));
    m->checksums = *all;
    for (std::size_t r = 1; r < all->size(); ++r)
        if ((*all)[r] != (*all)[0])
            return cmd.dataError(QStringLiteral("rank %1 diverged: after epoch %2 its weights "
                                                "(checksum %3) differ from rank 0's (%4); the "
                                                "ranks must run the same build on the same data")
                                         .arg(r)
                                         .arg(epoch)
                                         .arg(hex((*all)[r]), hex((*all)[0])));
    return -1;
}

void MpiTraining::addEpochJson(JsonObject &o)
{
    if (!m->session)
        return;
    const mpi::ExchangeSummary &s = m->last;
    QStringList sums;
    for (const std::uint64_t sum : m->checksums)
        sums << hex(sum);
    o.add("ranks", m->session->size())
            .add("allreduces", s.exchanges)
            .add("compute_seconds", s.computeSeconds)
            .add("wait_seconds", s.waitSeconds)
            .add("allreduce_seconds", s.allreduceSeconds)
            .add("allreduce_median_seconds", s.medianAllreduceSeconds)
            .add("bytes_per_allreduce", std::uint64_t(s.bytesPerAllreduce))
            .add("algbw", s.algbw)
            .add("busbw", s.busbw)
            .add("rank_checksums", sums);
}

QString MpiTraining::epochText() const
{
    if (!m->session)
        return {};
    const mpi::ExchangeSummary &s = m->last;
    const double mean = s.exchanges > 0 ? s.allreduceSeconds / s.exchanges : 0;
    return QStringLiteral("  mpi %1 ranks: all-reduce %2 us each (median %7 us, %3 bytes), busbw "
                          "%4 GB/s, wait %5 s, compute %6 s")
            .arg(m->session->size())
            .arg(mean * 1e6, 0, 'f', 1)
            .arg(thousands(s.bytesPerAllreduce))
            .arg(s.busbw / 1e9, 0, 'f', 2)
            .arg(s.waitSeconds, 0, 'f', 3)
            .arg(s.computeSeconds, 0, 'f', 3)
            .arg(s.medianAllreduceSeconds * 1e6, 0, 'f', 1);
}

int MpiTraining::finish(const Command &cmd, int samplesPerRank)
{
    if (!m->session || m->tracePath.isEmpty())
        return -1;
    // Six numbers per exchange: step, compute start, wait start, reduce start, end, bytes.
    std::vector<double> mine;
    for (const mpi::ExchangeTiming &t : m->exchange->timings())
        mine.insert(mine.end(), {double(t.step), t.computeStart, t.waitStart, t.reduceStart, t.end,
                                 double(t.bytes)});
    Result<std::vector<std::vector<double>>> all
            = m->session->gatherOnRoot(mine, "gathering the trace");
    if (!all)
        return cmd.dataError(qs(all.error()));
    if (m->session->rank() != 0)
        return -1;
    cluster::ChromeTrace trace;
    trace.setInfo("source", "backprop-lab-cli train --mpi");
    trace.setInfo("ranks", std::to_string(m->session->size()));
    trace.setInfo("mpi", mpi::Session::libraryVersion());
    trace.setInfo("rank0", m->session->describe());
    // What a prediction of the same run needs besides the bytes (the app's Measured tab).
    trace.setInfo("batch", std::to_string(samplesPerRank));
    for (std::size_t r = 0; r < all->size(); ++r) {
        const int pid = int(r);
        trace.nameProcess(pid, "rank " + std::to_string(r), pid);
        trace.nameTrack(pid, 0, "rank " + std::to_string(r) + " (measured)", 0);
        const std::vector<double> &v = (*all)[r];
        for (std::size_t i = 0; i + 6 <= v.size(); i += 6) {
            const double step = v[i], c0 = v[i + 1], w0 = v[i + 2], a0 = v[i + 3], end = v[i + 4];
            const double bytes = v[i + 5];
            trace.add({pid, 0, "compute", "measured", c0, w0 - c0, {{"step", step}}});
            trace.add({pid, 0, "wait", "measured", w0, a0 - w0, {{"step", step}}});
            trace.add({pid,
                       0,
                       "allreduce",
                       "measured",
                       a0,
                       end - a0,
                       {{"step", step}, {"bytes", bytes}}});
        }
    }
    if (const Status written = trace.write(m->tracePath.toStdString()); !written)
        return cmd.dataError(qs(written.error()));
    cmd.note(QStringLiteral("trace: %1 spans of %2 ranks in %3")
                     .arg(trace.spans().size())
                     .arg(all->size())
                     .arg(m->tracePath));
    return -1;
}

#else // no MPI in this build

struct MpiTraining::State
{ };

MpiTraining::MpiTraining()
    : m(std::make_unique<State>())
{ }
MpiTraining::~MpiTraining() = default;

int MpiTraining::start(const Command &cmd)
{
    if (cmd.isSet(QStringLiteral("mpi")))
        return cmd.dataError(QStringLiteral(
                "this build of backprop-lab-cli has no MPI: --mpi needs Open MPI at build time "
                "(Debian: apt-get install openmpi-bin libopenmpi-dev, then configure and build "
                "again; scripts/setup does both)"));
    for (const char *option : {"bucket-mb", "mpi-timeout", "trace"})
        if (cmd.isSet(QLatin1String(option)))
            return cmd.usageError(QStringLiteral("--%1 needs --mpi").arg(QLatin1String(option)));
    return -1;
}
bool MpiTraining::active() const
{
    return false;
}
bool MpiTraining::root() const
{
    return true;
}
int MpiTraining::ranks() const
{
    return 1;
}
std::shared_ptr<GradientExchange> MpiTraining::exchange() const
{
    return nullptr;
}
int MpiTraining::agree(const Command &, int code, const char *)
{
    return code;
}
int MpiTraining::checkReplicas(const Command &, int)
{
    return -1;
}
int MpiTraining::startAt(const Command &, std::size_t)
{
    return -1;
}
int MpiTraining::checkWeights(const Command &, const std::vector<float> &, int)
{
    return -1;
}
void MpiTraining::addEpochJson(JsonObject &) { }
QString MpiTraining::epochText() const
{
    return {};
}
int MpiTraining::finish(const Command &, int)
{
    return -1;
}

#endif

} // namespace bplab::cli
