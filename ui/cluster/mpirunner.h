#pragma once
// Runs `mpirun -np N backprop-lab-cli train --mpi ... --trace FILE` on this machine through
// QProcess, without blocking: its output comes line by line, and finished() says how it ended and
// where the trace is. When mpirun is missing it says so and what to install.

#include <QElapsedTimer>
#include <QObject>
#include <QStringList>

class QProcess;

namespace bplab::clusterview {

struct MpiRunRequest
{
    QString mpirun;  ///< the mpirun program (findMpirun(); empty: not installed)
    QString program; ///< backprop-lab-cli
    int ranks = 2;
    QStringList trainArguments; ///< the options after `train --mpi` (data, epochs, batch, ...)
    QString tracePath;          ///< --trace FILE
};

/** mpirun's arguments: --allow-run-as-root when root (Open MPI refuses root without it),
 *  --oversubscribe (more ranks than cores), -np N, the program, train --mpi, the options,
 *  --trace FILE. */
QStringList mpirunArguments(const MpiRunRequest &request, bool asRoot);

class MpiRunner : public QObject
{
    Q_OBJECT
public:
    explicit MpiRunner(QObject *parent = nullptr);
    /** Ends a run still going: SIGTERM, at most 3 s for mpirun to end its ranks, then SIGKILL. */
    ~MpiRunner() override;

    /** mpirun on PATH; empty when it is not installed. */
    static QString findMpirun();
    /** Starts the run. False when one is going, or mpirun or the program is missing: then
     *  finished(false, why, "") has been emitted. */
    bool start(const MpiRunRequest &request);
    /** Ends the run (finished() follows). */
    void cancel();
    bool running() const;
    /** The command as a shell would show it. */
    QString commandLine() const { return m_commandLine; }

signals:
    /** Output of mpirun and the ranks (stdout and stderr), as it comes. */
    void output(const QString &text);
    /** ok: exit code 0 and the trace written. message: one or two sentences for the user. */
    void finished(bool ok, const QString &message, const QString &tracePath);

private:
    void onFinished(int exitCode, bool crashed);

    QProcess *m_process = nullptr;
    MpiRunRequest m_request;
    QString m_commandLine;
    QString m_tail; // the last output, for the message of a failed run
    QElapsedTimer m_clock;
    bool m_cancelled = false;
};

} // namespace bplab::clusterview
