#pragma once
// Measures how late the GUI thread's event loop is: a precise timer that should fire every few
// milliseconds records, for each shot, how much later than expected it came.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <QVector>

namespace bplab {

class LatencyProbe : public QObject
{
    Q_OBJECT
public:
    explicit LatencyProbe(int intervalMs = 5, QObject *parent = nullptr);

    void start();
    void stop();
    /** The p-th percentile (0-100) of the lateness in milliseconds; 0 without samples. */
    double percentileMs(double p) const;
    double maxMs() const;
    qsizetype sampleCount() const { return m_lateMs.size(); }

private:
    void onTimeout();

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    int m_intervalMs;
    QVector<double> m_lateMs;
};

} // namespace bplab
