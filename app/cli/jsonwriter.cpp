#include "jsonwriter.h"

#include "command.h"

namespace bplab::cli {

namespace {

template<class T>
Json arrayOf(const T *values, std::size_t n)
{
    Json a = Json::array();
    for (std::size_t i = 0; i < n; ++i)
        a.push_back(jsonNumberOf(values[i]));
    return a;
}

} // namespace

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

JsonObject &JsonObject::add(const char *k, const QStringList &v)
{
    Json a = Json::array();
    for (const QString &s : v)
        a.push_back(s.toStdString());
    return put(k, std::move(a));
}

void JsonObject::printLine() const
{
    printOut(QString::fromStdString(text() + '\n')); // silent where printOut is (setOutputQuiet)
}

} // namespace bplab::cli
