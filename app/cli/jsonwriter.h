#pragma once
// The CLI's --json lines: an nlohmann ordered_json underneath, so keys keep the order they are
// added in (people read these lines, so "epoch" comes first) and the text is written by the
// library. Non-finite numbers are written as null.

#include <io/json.h>

#include <QString>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bplab::cli {

/** The shortest text that reads back as the same double; "null" when not finite. */
std::string jsonNumber(double v);
/** The shortest text that reads back as the same float (so 0.1f prints as 0.1, not 0.100000001). */
std::string jsonNumber(float v);
std::string jsonString(const QString &s);
/** A JSON array of values that are already JSON text. */
std::string jsonArray(const std::vector<std::string> &items);

class JsonObject
{
public:
    JsonObject &add(const char *key, double v) { return put(key, jsonNumberOf(v)); }
    JsonObject &add(const char *key, float v) { return put(key, jsonNumberOf(v)); }
    JsonObject &add(const char *key, int v) { return put(key, v); }
    JsonObject &add(const char *key, long long v) { return put(key, v); }
    JsonObject &add(const char *key, std::uint64_t v) { return put(key, v); }
    JsonObject &add(const char *key, bool v) { return put(key, v); }
    JsonObject &add(const char *key, const QString &v) { return put(key, v.toStdString()); }
    JsonObject &add(const char *key, const char *v) { return put(key, std::string(v)); }
    JsonObject &add(const char *key, const JsonObject &v) { return put(key, v.m_object); }
    /** Any JSON value built with nlohmann (lists, nested objects). */
    JsonObject &addJson(const char *key, Json v) { return put(key, std::move(v)); }
    /** An array of n floats (non-finite ones as null). */
    JsonObject &addArray(const char *key, const float *values, std::size_t n);
    JsonObject &addArray(const char *key, const double *values, std::size_t n);
    /** A value that is already JSON text (the program's own: malformed text is a bug and aborts). */
    JsonObject &addRaw(const char *key, const std::string &json);

    std::string text() const { return jsonText(m_object); }
    /** text() and a newline, written to stdout. */
    void printLine() const;

private:
    JsonObject &put(const char *key, Json v);
    Json m_object = Json::object();
};

} // namespace bplab::cli
