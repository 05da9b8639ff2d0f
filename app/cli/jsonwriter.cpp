#include "jsonwriter.h"

#include "command.h"

#include <cstdio>
#include <cstdlib>

namespace bplab::cli {

namespace {

/** Text the program built as JSON, read back; malformed text is a bug in the program. */
Json parsedRaw(const std::string &json)
{
    Json v = Json::parse(json, nullptr, false);
    if (v.is_discarded()) {
        std::fprintf(stderr, "backprop-lab-cli: internal error: malformed JSON: %.200s\n", json.c_str());
        std::abort();
    }
    return v;
}

template<class T>
Json arrayOf(const T *values, std::size_t n)
{
    Json a = Json::array();
    for (std::size_t i = 0; i < n; ++i)
        a.push_back(jsonNumberOf(values[i]));
    return a;
}

} // namespace

std::string jsonNumber(double v)
{
    return jsonText(jsonNumberOf(v));
}

std::string jsonNumber(float v)
{
    return jsonText(jsonNumberOf(v));
}

std::string jsonString(const QString &s)
{
    return jsonText(Json(s.toStdString()));
}

std::string jsonArray(const std::vector<std::string> &items)
{
    Json a = Json::array();
    for (const std::string &item : items)
        a.push_back(parsedRaw(item));
    return jsonText(a);
}

JsonObject &JsonObject::put(const char *key, Json v)
{
    m_object[key] = std::move(v);
    return *this;
}

JsonObject &JsonObject::addArray(const char *k, const float *values, std::size_t n)
{
    return put(k, arrayOf(values, n));
}

JsonObject &JsonObject::addArray(const char *k, const double *values, std::size_t n)
{
    return put(k, arrayOf(values, n));
}

JsonObject &JsonObject::addRaw(const char *k, const std::string &json)
{
    return put(k, parsedRaw(json));
}

void JsonObject::printLine() const
{
    printOut(QString::fromStdString(text() + '\n')); // silent where printOut is (setOutputQuiet)
}

} // namespace bplab::cli
