#include "lesson/lessonfields.h"

#include <cmath>

namespace bplab {

namespace {

/** Characters of UTF-8 text (code points). */
std::size_t lessonCharCount(const std::string &s)
{
    std::size_t n = 0;
    for (const char c : s)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

} // namespace

std::string lessonQuoted(const std::string &s)
{
    return "\"" + (s.size() > 40 ? s.substr(0, 40) + "..." : s) + "\"";
}

std::string lessonValueWords(const Json &v)
{
    if (v.is_string())
        return lessonQuoted(v.get_ref<const std::string &>());
    if (v.is_number()) {
        const double n = v.get<double>();
        if (std::abs(n) < 1e15 && n == std::floor(n))
            return std::to_string(static_cast<long long>(n));
        return std::to_string(n);
    }
    if (v.is_boolean())
        return v.get<bool>() ? "true" : "false";
    return jsonTypeName(v);
}

bool LessonFields::fail(const std::string &path, const std::string &what)
{
    error = path + ": " + what;
    return false;
}

std::string LessonFields::join(const std::string &path, const std::string &key)
{
    return path.empty() ? key : path + "." + key;
}

bool LessonFields::onlyKnown(const Json &o, const std::string &path, std::initializer_list<const char *> known)
{
    for (const auto &[key, value] : o.items()) {
        bool ok = false;
        std::string list;
        for (const char *k : known) {
            ok = ok || key == k;
            list += (list.empty() ? "" : ", ") + std::string(k);
        }
        if (!ok)
            return fail(join(path, key), "unknown field; a " + (path.empty() ? std::string("lesson") : path) +
                                                 " has the fields " + list);
    }
    return true;
}

bool LessonFields::object(const Json *v, const std::string &path)
{
    if (!v)
        return fail(path, "is missing");
    if (!v->is_object())
        return fail(path, std::string("must be an object ({...}), not ") + lessonValueWords(*v));
    return true;
}

bool LessonFields::text(const Json *v, const std::string &path, std::size_t maxChars, std::string &out)
{
    if (!v)
        return fail(path, "is missing");
    if (!v->is_string())
        return fail(path, std::string("must be text in double quotes, not ") + lessonValueWords(*v));
    const std::size_t n = lessonCharCount(v->get_ref<const std::string &>());
    if (n == 0 || v->get_ref<const std::string &>().find_first_not_of(" \t\r\n") == std::string::npos)
        return fail(path, "is empty");
    if (n > maxChars)
        return fail(path, "is " + std::to_string(n) + " characters long; at most " + std::to_string(maxChars) +
                                  " fit on the screen");
    out = v->get_ref<const std::string &>();
    return true;
}

bool LessonFields::integer(const Json *v, const std::string &path, long long lo, long long hi, long long &out)
{
    const std::string range = "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
    if (!v)
        return fail(path, "is missing");
    if (!v->is_number() || !v->is_number_integer() || v->get<double>() < double(lo) || v->get<double>() > double(hi))
        return fail(path, range + ", not " + lessonValueWords(*v));
    out = static_cast<long long>(v->get<double>());
    return true;
}

bool LessonFields::integer(const Json *v, const std::string &path, int lo, int hi, int &out)
{
    long long n = 0;
    if (!integer(v, path, (long long)lo, (long long)hi, n))
        return false;
    out = int(n);
    return true;
}

bool LessonFields::number(const Json *v, const std::string &path, double lo, double hi, bool loExclusive, double &out)
{
    if (!v)
        return fail(path, "is missing");
    const double n = v->is_number() ? v->get<double>() : 0;
    if (!v->is_number() || (loExclusive ? !(n > lo) : !(n >= lo)) || !(n <= hi)) {
        std::string range = loExclusive ? "above " : "from ";
        range += lessonValueWords(Json(lo)) + (loExclusive ? " and at most " : " to ") + lessonValueWords(Json(hi));
        return fail(path, "must be a number " + range + ", not " + lessonValueWords(*v));
    }
    out = n;
    return true;
}

bool LessonFields::recipeWord(const Json *v, const std::string &path, Recipe &out)
{
    if (!v)
        return fail(path, "is missing");
    if (v->is_string())
        if (const std::optional<Recipe> r = recipeNamed(v->get_ref<const std::string &>())) {
            out = *r;
            return true;
        }
    return fail(path, "must be " + recipeNames() + ", not " + lessonValueWords(*v));
}

bool LessonFields::word(const Json *v, const std::string &path, std::initializer_list<const char *> words,
                        std::string &out)
{
    std::string list;
    for (const char *w : words) {
        if (v && v->is_string() && v->get_ref<const std::string &>() == w) {
            out = w;
            return true;
        }
        list += (list.empty() ? "" : " or ") + std::string(w);
    }
    if (!v)
        return fail(path, "is missing");
    return fail(path, "must be " + list + ", not " + lessonValueWords(*v));
}

bool LessonFields::pace(const Json *v, const std::string &path, LessonPace &out)
{
    if (v && v->is_string() && v->get_ref<const std::string &>() == "full") {
        out = {LessonPace::Kind::Full, 0};
        return true;
    }
    if (v && v->is_string() && v->get_ref<const std::string &>() == "sample") {
        out = {LessonPace::Kind::Sample, 0};
        return true;
    }
    if (v && v->is_number() && v->get<double>() > 0 && v->get<double>() <= 1000) {
        out = {LessonPace::Kind::PerSecond, v->get<double>()};
        return true;
    }
    if (!v)
        return fail(path, "is missing");
    return fail(path, "must be \"full\" (full speed), \"sample\" (one sample at a time) or batches per "
                      "second above 0 and at most 1000, not " + lessonValueWords(*v));
}

} // namespace bplab
