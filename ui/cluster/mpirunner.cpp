#include "mpirunner.h"

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace bplab::clusterview {

namespace {

constexpr qsizetype kTailChars = 600;

bool runningAsRoot()
{
#ifdef Q_OS_UNIX
    return ::geteuid() == 0;
#else
    return false;
#endif
}

QString quotedForShell(const QString &arg)
{
    if (!arg.isEmpty() && !arg.contains(QLatin1Char(' ')) && !arg.contains(QLatin1Char('\'')))
        return arg;
    QString q = arg;
    q.replace(QLatin1String("'"), QLatin1String("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

} // namespace

QStringList mpirunArguments(const MpiRunRequest &request, bool asRoot)
{
    QStringList args;
    if (asRoot)
        args << QStringLiteral("--allow-run-as-root");
    args << QStringLiteral("--oversubscribe") << QStringLiteral("-np")
         << QString::number(request.ranks) << request.program << QStringLiteral("train")
         << QStringLiteral("--mpi");
    args += request.trainArguments;
    args << QStringLiteral("--trace") << request.tracePath;
    return args;
}

MpiRunner::MpiRunner(QObject *parent)
    : QObject(parent)
{ }

MpiRunner::~MpiRunner()
{
    if (!running())
        return;
    // SIGTERM first: mpirun passes it to its ranks and ends; SIGKILL would leave them running.
    m_process->disconnect(this);
    m_process->terminate();
    if (!m_process->waitForFinished(3000)) {
        m_process->kill();
        m_process->waitForFinished(1000);
    }
}

QString MpiRunner::findMpirun()
{
    return QStandardPaths::findExecutable(QStringLiteral("mpirun"));
}

bool MpiRunner::running() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

bool MpiRunner::start(const MpiRunRequest &request)
{
    if (running())
        return false;
    if (request.mpirun.isEmpty() || !QFileInfo(request.mpirun).isExecutable()) {
        emit finished(false,
                      tr("mpirun was not found, so nothing can run here. Install Open MPI "
                         "(Debian: apt-get install openmpi-bin libopenmpi-dev; scripts/setup "
                         "does it), or open a trace that backprop-lab-cli train --mpi --trace "
                         "FILE wrote on another machine."),
                      {});
        return false;
    }
    if (request.program.isEmpty() || !QFileInfo(request.program).isExecutable()) {
        emit finished(false,
                      tr("backprop-lab-cli was not found beside the app (%1), so mpirun has "
                         "nothing to start.")
                              .arg(request.program),
                      {});
        return false;
    }
    m_request = request;
    m_cancelled = false;
    m_tail.clear();
    const QStringList args = mpirunArguments(request, runningAsRoot());
    m_commandLine = quotedForShell(QFileInfo(request.mpirun).fileName());
    for (const QString &a : args)
        m_commandLine += QLatin1Char(' ') + quotedForShell(a);
    if (m_process) {
        m_process->disconnect(this);
        m_process->deleteLater();
    }
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process, &QProcess::readyRead, this, [this] {
        const QString text = QString::fromLocal8Bit(m_process->readAll());
        m_tail = (m_tail + text).right(kTailChars);
        emit output(text);
    });
    connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        onFinished(code, status == QProcess::CrashExit);
    });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            onFinished(-1, true);
    });
    m_clock.start();
    m_process->start(request.mpirun, args);
    return true;
}

void MpiRunner::cancel()
{
    if (!running())
        return;
    m_cancelled = true;
    m_process->terminate(); // mpirun passes SIGTERM on to its ranks
}

void MpiRunner::onFinished(int exitCode, bool crashed)
{
    const double seconds = double(m_clock.elapsed()) / 1000.0;
    if (m_cancelled) {
        emit finished(false, tr("The run was stopped."), {});
        return;
    }
    if (crashed || exitCode != 0) {
        const QString tail = m_tail.trimmed();
        emit finished(false,
                      tr("mpirun -np %1 ended with exit code %2 after %3 s. Its last output: %4")
                              .arg(m_request.ranks)
                              .arg(exitCode)
                              .arg(seconds, 0, 'f', 1)
                              .arg(tail.isEmpty() ? tr("(none)") : tail),
                      {});
        return;
    }
    if (!QFileInfo::exists(m_request.tracePath)) {
        emit finished(false,
                      tr("mpirun ended well but wrote no trace to %1.").arg(m_request.tracePath),
                      {});
        return;
    }
    emit finished(
            true,
            tr("mpirun -np %1 trained for %2 s.").arg(m_request.ranks).arg(seconds, 0, 'f', 1),
            m_request.tracePath);
}

} // namespace bplab::clusterview
