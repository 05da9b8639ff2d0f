#pragma once
// A measured MPI run beside the simulator's prediction: per iteration the slowest rank's compute
// and all-reduce as measured (from a `train --mpi --trace` file), and as dashed lines what the
// one-host simulation predicts for the same ranks and bytes. Buttons ask for a trace to open or a
// run of mpirun on this machine; the page's owner does both and hands the result back.

#include "measuredrun.h"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QLabel;
class QPushButton;
class QSpinBox;

namespace bplab::clusterview {

class MeasuredPanel : public QWidget
{
    Q_OBJECT
public:
    explicit MeasuredPanel(QWidget *parent = nullptr);
    ~MeasuredPanel() override;

    /** Draws this comparison (null: none yet); `source` names the trace file. */
    void setComparison(std::shared_ptr<const cluster::MeasuredComparison> comparison,
                       const QString &source);
    std::shared_ptr<const cluster::MeasuredComparison> comparison() const { return m_comparison; }
    /** One or two sentences under the buttons: running, done, what went wrong. */
    void setStatus(const QString &text);
    QString statusText() const;
    QString comparisonText() const;
    /** While mpirun runs: Run is disabled, Stop enabled. */
    void setRunning(bool running);
    int ranks() const;

    QCustomPlot *plot() const { return m_plot; }
    QPushButton *openButton() const { return m_open; }

signals:
    void openRequested(const QString &path);
    void runRequested(int ranks);
    void stopRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void applyStyle();

    std::shared_ptr<const cluster::MeasuredComparison> m_comparison;
    QString m_source;
    QPushButton *m_open = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_stop = nullptr;
    QSpinBox *m_ranks = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_text = nullptr;
    QCustomPlot *m_plot = nullptr;
};

} // namespace bplab::clusterview
