#include "chrometrace.h"

#include "io/fileio.h"
#include "io/tracejson.h"

#include <cmath>
#include <cstdio>

namespace bplab::cluster {

std::string jsonQuoted(const std::string &s)
{
    std::string out = "\"";
    for (const char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

namespace {

/** Microseconds with nanosecond resolution, the unit of "ts" and "dur". */
std::string micros(double seconds)
{
    return jsonDouble(std::round(seconds * 1e9) / 1e3);
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
    std::string out = "{\"displayTimeUnit\":\"ms\",\"otherData\":{";
    for (std::size_t i = 0; i < m_info.size(); ++i)
        out += (i ? "," : "") + jsonQuoted(m_info[i].first) + ":" + jsonQuoted(m_info[i].second);
    out += "},\"traceEvents\":[";
    bool first = true;
    const auto sep = [&]() -> const char * {
        const char *s = first ? "\n" : ",\n";
        first = false;
        return s;
    };
    for (const Meta &m : m_meta) {
        const bool process = m.tid < 0;
        const std::string ids = "\"pid\":" + std::to_string(m.pid)
                                + (process ? std::string() : ",\"tid\":" + std::to_string(m.tid));
        out += sep();
        out += std::string("{\"name\":\"") + (process ? "process_name" : "thread_name")
               + "\",\"ph\":\"M\"," + ids + ",\"args\":{\"name\":" + jsonQuoted(m.name) + "}}";
        if (m.sortIndex >= 0) {
            out += sep();
            out += std::string("{\"name\":\"")
                   + (process ? "process_sort_index" : "thread_sort_index") + "\",\"ph\":\"M\","
                   + ids + ",\"args\":{\"sort_index\":" + std::to_string(m.sortIndex) + "}}";
        }
    }
    for (const TraceSpan &s : m_spans) {
        out += sep();
        out += "{\"name\":" + jsonQuoted(s.name) + ",\"cat\":" + jsonQuoted(s.category)
               + ",\"ph\":\"X\",\"pid\":" + std::to_string(s.pid)
               + ",\"tid\":" + std::to_string(s.tid) + ",\"ts\":" + micros(s.start)
               + ",\"dur\":" + micros(std::max(s.duration, 0.0));
        if (!s.args.empty()) {
            out += ",\"args\":{";
            for (std::size_t i = 0; i < s.args.size(); ++i)
                out += (i ? "," : "") + jsonQuoted(s.args[i].first) + ":"
                       + jsonDouble(s.args[i].second);
            out += "}";
        }
        out += "}";
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
