#pragma once
// Timelines in the Trace Event Format (the JSON that Perfetto and chrome://tracing open): one
// process per rank or server, one thread ("track") per rank or link, complete events ("ph": "X")
// for the spans. A measured run (`train --mpi --trace`) and its simulation (`simulate --trace`)
// write the same format, so both open side by side.

#include "result.h"

#include <string>
#include <utility>
#include <vector>

namespace bplab::cluster {

/** One span of time on a track. Times in seconds (written as microseconds). */
struct TraceSpan
{
    int pid = 0;
    int tid = 0;
    std::string name;     ///< "compute", "allreduce", "wait", a link's transfer, ...
    std::string category; ///< "cat": lets a viewer filter (e.g. "measured", "simulated")
    double start = 0;
    double duration = 0;
    std::vector<std::pair<std::string, double>> args; ///< shown with the span (bytes, step)
};

class ChromeTrace
{
public:
    /** The process's and the track's names as the viewer labels them; sortIndex orders them. */
    void nameProcess(int pid, const std::string &name, int sortIndex = -1);
    void nameTrack(int pid, int tid, const std::string &name, int sortIndex = -1);
    void add(TraceSpan span) { m_spans.push_back(std::move(span)); }

    const std::vector<TraceSpan> &spans() const { return m_spans; }
    /** {"displayTimeUnit": "ms", "otherData": {...}, "traceEvents": [metadata..., spans...]}. */
    std::string json() const;
    /** Writes json() to path (atomically: a reader never sees half a file). */
    Status write(const std::string &path) const;
    /** Key-value pairs for "otherData" (e.g. the command, the rank count). */
    void setInfo(const std::string &key, const std::string &value);

private:
    struct Meta
    {
        int pid, tid; // tid -1: the process
        std::string name;
        int sortIndex;
    };
    std::vector<Meta> m_meta;
    std::vector<TraceSpan> m_spans;
    std::vector<std::pair<std::string, std::string>> m_info;
};

} // namespace bplab::cluster
