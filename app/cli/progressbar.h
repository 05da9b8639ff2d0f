#pragma once
// A one-line progress bar on stderr, drawn only when stderr is a terminal and only once the work
// has taken half a second (quick commands stay silent). Redrawn at most ten times a second.

#include <QString>

#include <chrono>
#include <cstddef>

namespace bplab::cli {

class ProgressBar
{
public:
    ProgressBar(QString label, std::size_t total);
    ~ProgressBar();

    /** done of total; suffix is shown after the counts (e.g. the current loss). */
    void update(std::size_t done, const QString &suffix = {});
    /** Whether update(done) would draw now: callers that call it per batch make their suffix
     *  only then (formatting it costs more than a small batch's gap). */
    bool due(std::size_t done) const;
    /** Erases the bar so that a result line can be printed; the next update redraws it. */
    void clear();
    void setLabel(const QString &label) { m_label = label; }

    static bool stderrIsTerminal();

private:
    QString m_label;
    std::size_t m_total;
    bool m_enabled;
    bool m_drawn = false;
    std::chrono::steady_clock::time_point m_start;
    std::chrono::steady_clock::time_point m_lastDraw;
};

} // namespace bplab::cli
