#pragma once
// The CLI's --json lines: an nlohmann ordered_json underneath, so keys keep the order they are
// added in (people read these lines, so "epoch" comes first) and the text is written by the
// library. Non-finite numbers are written as null.

#include <io/json.h>

#include <QString>
#include <QStringList>

#include <cstddef>
#include <cstdint>
#include <string>

namespace bplab::cli {

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
    /** A list of strings. */
    JsonObject &add(const char *key, const QStringList &v);
    /** An array of n floats (non-finite ones as null). */
    JsonObject &addArray(const char *key, const float *values, std::size_t n);
    JsonObject &addArray(const char *key, const double *values, std::size_t n);
    /** The object built, to put in a list or another object. */
    const Json &json() const { return m_object; }
    std::string text() const { return jsonText(m_object); }
    /** text() and a newline, written to stdout. */
    void printLine() const;

private:
    JsonObject &put(const char *key, Json v);
    Json m_object = Json::object();
};

} // namespace bplab::cli
