#pragma once
// Running programs under mpirun from a test: finds mpirun (a test without it is skipped with a
// message), starts `mpirun --allow-run-as-root --oversubscribe -np N program args` and collects
// its output, exit code and wall time.

#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace bplab::test {

inline QString mpirunPath()
{
    return QStandardPaths::findExecutable(QStringLiteral("mpirun"));
}

struct MpiRun
{
    int exitCode = -1;
    bool finished = false; ///< ended before the test's limit
    double seconds = 0;
    QByteArray out;
    QByteArray err;
};

/**
 * mpirun -np ranks program args. Open MPI refuses root without --allow-run-as-root and more ranks
 * than cores without --oversubscribe. In a sanitizer build the leak check is off in the ranks:
 * Open MPI keeps allocations of its own until the process ends (memory errors are still caught).
 */
inline MpiRun runMpi(int ranks, const QString &program, const QStringList &args,
                     int limitMs = 120000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("BPLAB_DATA"));
    if (env.contains(QStringLiteral("ASAN_OPTIONS")))
        env.insert(QStringLiteral("ASAN_OPTIONS"),
                   env.value(QStringLiteral("ASAN_OPTIONS")) + QStringLiteral(":detect_leaks=0"));
    p.setProcessEnvironment(env);
    QStringList all {QStringLiteral("--allow-run-as-root"), QStringLiteral("--oversubscribe"),
                     QStringLiteral("-np"), QString::number(ranks), program};
    all += args;
    QElapsedTimer clock;
    clock.start();
    p.start(mpirunPath(), all);
    MpiRun run;
    if (!p.waitForStarted(30000))
        return run;
    run.finished = p.waitForFinished(limitMs);
    if (!run.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    run.seconds = double(clock.elapsed()) / 1000.0;
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.out = p.readAllStandardOutput();
    run.err = p.readAllStandardError();
    return run;
}

} // namespace bplab::test

/** Skips the test when this build has no MPI or mpirun is missing. */
#define BPLAB_REQUIRE_MPIRUN()                                                                     \
    do {                                                                                           \
        if (!BPLAB_HAVE_MPI)                                                                       \
            QSKIP("this build has no MPI (install openmpi-bin libopenmpi-dev and configure "       \
                  "again): the mpi tests are skipped");                                            \
        if (bplab::test::mpirunPath().isEmpty())                                                   \
            QSKIP("mpirun not found on PATH (Debian: openmpi-bin): the mpi tests are skipped");    \
    } while (false)
