#pragma once
// Compact JSON with keys in the order they are added (QJsonObject sorts them; people read these
// lines, so "epoch" comes first). Non-finite numbers are written as null.

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
    JsonObject &add(const char *key, double v);
    JsonObject &add(const char *key, float v);
    JsonObject &add(const char *key, int v);
    JsonObject &add(const char *key, long long v);
    JsonObject &add(const char *key, std::uint64_t v);
    JsonObject &add(const char *key, bool v);
    JsonObject &add(const char *key, const QString &v);
    JsonObject &add(const char *key, const char *v) { return add(key, QString::fromUtf8(v)); }
    JsonObject &add(const char *key, const JsonObject &v) { return addRaw(key, v.text()); }
    /** An array of n floats (non-finite ones as null). */
    JsonObject &addArray(const char *key, const float *values, std::size_t n);
    JsonObject &addArray(const char *key, const double *values, std::size_t n);
    /** A value that is already JSON text. */
    JsonObject &addRaw(const char *key, const std::string &json);

    std::string text() const { return m_text + '}'; }
    /** text() and a newline, written to stdout. */
    void printLine() const;

private:
    void key(const char *key);
    std::string m_text = "{";
};

} // namespace bplab::cli
