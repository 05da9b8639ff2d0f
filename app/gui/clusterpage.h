#pragma once
// Wires the Data parallel page to the training and to this machine: the training's batches timed
// on the page's what-if cluster (the worker simulates, the page draws), and a measured MPI run,
// from a trace file or from mpirun started here, read on a thread of its own and put beside the
// simulator's prediction.

#include <QObject>
#include <QString>


namespace bplab {

class TrainingController;

namespace clusterview {
class ClusterView;
class MpiRunner;
} // namespace clusterview

class ClusterPage : public QObject
{
    Q_OBJECT
public:
    /** The Data parallel view's page: the training's replicas (every exact snapshot's and the
     *  live ones' gradients), its button training one batch, and this object wired to it. */
    static clusterview::ClusterView *makePage(TrainingController *controller);
    /** Connects page and controller; a child of page (it ends with it). */
    ClusterPage(clusterview::ClusterView *page, TrainingController *controller);
    /** Waits for a trace still being read (a bounded file read). */
    ~ClusterPage() override;

    /** Reads a measured trace off the GUI thread, then shows it beside the prediction.
     *  samplesPerRank > 0: the batch of the run (a trace does not say it). */
    void openTrace(const QString &path, int samplesPerRank = 0);
    /** mpirun -np ranks backprop-lab-cli train --mpi on the loaded data for one epoch, then
     *  openTrace() of its trace. */
    void runMpi(int ranks);

    /** backprop-lab-cli beside this program (installed), in the build tree's app/cli, or on PATH;
     *  empty when none. */
    static QString cliProgram();
    clusterview::MpiRunner *runner() const { return m_runner; }

signals:
    /** A trace was read (ok) or refused; the page shows which. */
    void traceRead(bool ok);

private:
    clusterview::ClusterView *m_page;
    TrainingController *m_controller;
    clusterview::MpiRunner *m_runner;
    bool m_reading = false;      // until the reader's result has been shown
    int m_runSamples = 0; // the batch of the mpirun run going
    QString m_runMessage; // how that run went, said with its trace
};

} // namespace bplab
