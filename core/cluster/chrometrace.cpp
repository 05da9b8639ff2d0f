#include "chrometrace.h"

#include "io/fileio.h"
#include "io/json.h"

#include <cmath>

namespace bplab::cluster {

namespace {

/** Microseconds with nanosecond resolution, the unit of "ts" and "dur". */
Json micros(double seconds)
{
    return jsonNumberOf(std::round(seconds * 1e9) / 1e3);
}

} // namespace

void ChromeTrace::nameProcess(int pid, const std::string &name, int sortIndex)
{
    m_meta.push_back({pid, -1, name, sortIndex});
}

void ChromeTrace::nameTrack(int pid, int tid, const std::string &name, int sortIndex)
{
    m_meta.push_back({pid, tid, name, sortIndex});
}

void ChromeTrace::setInfo(const std::string &key, const std::string &value)
{
    m_info.emplace_back(key, value);
}

std::string ChromeTrace::json() const
{
    Json info = Json::object();
    for (const auto &[key, value] : m_info)
        info[key] = value;
    // One event a line, as before: the file is read in a text editor as often as in a viewer.
    std::string out = "{\"displayTimeUnit\":\"ms\",\"otherData\":" + jsonText(info) + ",\"traceEvents\":[";
    bool first = true;
    const auto line = [&](const Json &event) {
        out += first ? "\n" : ",\n";
        first = false;
        out += jsonText(event);
    };
    for (const Meta &m : m_meta) {
        const bool process = m.tid < 0;
        Json event {{"name", process ? "process_name" : "thread_name"}, {"ph", "M"}, {"pid", m.pid}};
        if (!process)
            event["tid"] = m.tid;
        event["args"] = Json {{"name", m.name}};
        line(event);
        if (m.sortIndex >= 0) {
            event["name"] = process ? "process_sort_index" : "thread_sort_index";
            event["args"] = Json {{"sort_index", m.sortIndex}};
            line(event);
        }
    }
    for (const TraceSpan &s : m_spans) {
        Json event {{"name", s.name}, {"cat", s.category}, {"ph", "X"}, {"pid", s.pid}, {"tid", s.tid},
                    {"ts", micros(s.start)}, {"dur", micros(std::max(s.duration, 0.0))}};
        if (!s.args.empty()) {
            Json args = Json::object();
            for (const auto &[key, value] : s.args)
                args[key] = jsonNumberOf(value);
            event["args"] = std::move(args);
        }
        line(event);
    }
    return out + "\n]}\n";
}

Status ChromeTrace::write(const std::string &path) const
{
    const std::string text = json();
    const Status st = atomicWriteFile(path, {{text.data(), text.size()}});
    if (!st)
        return Error {"cannot write the trace " + path + ": " + st.error()};
    return {};
}

} // namespace bplab::cluster
