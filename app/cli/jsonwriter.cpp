#include "jsonwriter.h"

#include "chrometrace.h"

#include "command.h"

#include <io/tracejson.h>

#include <cstdio>

namespace bplab::cli {

// The shortest text that reads back as the same number, null when not finite: core's, shared
// with the explain trace.
std::string jsonNumber(double v)
{
    return jsonDouble(v);
}
std::string jsonNumber(float v)
{
    return jsonFloat(v);
}

std::string jsonString(const QString &s)
{
    return cluster::jsonQuoted(s.toUtf8().toStdString());
}

void JsonObject::key(const char *key)
{
    if (m_text.size() > 1)
        m_text += ',';
    m_text += jsonString(QString::fromUtf8(key));
    m_text += ':';
}

JsonObject &JsonObject::add(const char *k, double v)
{
    return addRaw(k, jsonNumber(v));
}
JsonObject &JsonObject::add(const char *k, float v)
{
    return addRaw(k, jsonNumber(v));
}
JsonObject &JsonObject::add(const char *k, int v)
{
    return addRaw(k, std::to_string(v));
}
JsonObject &JsonObject::add(const char *k, long long v)
{
    return addRaw(k, std::to_string(v));
}
JsonObject &JsonObject::add(const char *k, std::uint64_t v)
{
    return addRaw(k, std::to_string(v));
}
JsonObject &JsonObject::add(const char *k, bool v)
{
    return addRaw(k, v ? "true" : "false");
}
JsonObject &JsonObject::add(const char *k, const QString &v)
{
    return addRaw(k, jsonString(v));
}

std::string jsonArray(const std::vector<std::string> &items)
{
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? "," : "") + items[i];
    return out + ']';
}

template<class T>
static std::string arrayText(const T *values, std::size_t n)
{
    std::string out = "[";
    for (std::size_t i = 0; i < n; ++i) {
        if (i)
            out += ',';
        out += jsonNumber(values[i]);
    }
    return out + ']';
}

JsonObject &JsonObject::addArray(const char *k, const float *values, std::size_t n)
{
    return addRaw(k, arrayText(values, n));
}

JsonObject &JsonObject::addArray(const char *k, const double *values, std::size_t n)
{
    return addRaw(k, arrayText(values, n));
}

JsonObject &JsonObject::addRaw(const char *k, const std::string &json)
{
    key(k);
    m_text += json;
    return *this;
}

void JsonObject::printLine() const
{
    printOut(QString::fromStdString(text() + '\n')); // silent where printOut is (setOutputQuiet)
}

} // namespace bplab::cli
