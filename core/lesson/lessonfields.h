#pragma once
// The checks of one JSON field of a lesson file, each stopping at the first wrong value with the
// field's path in the message ("steps[2].question.index: must be a whole number from 0 to 9, not
// 12"). The reader (lessonreader.cpp) builds the lesson's own rules from them.

#include "io/json.h"
#include "lesson/lessonnames.h"

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bplab {

/** Text shown in a message: at most 40 characters of it, in quotes. */
std::string lessonQuoted(const std::string &s);
/** What a value is, for "must be ..., not X" (never the whole of a long text). */
std::string lessonValueWords(const Json &v);

class LessonFields
{
public:
    std::string error; ///< "steps[2].view: ..." after the first failed check

    bool fail(const std::string &path, const std::string &what);
    static std::string join(const std::string &path, const std::string &key);

    /** Refuses members not in `known` (a misspelt "titel" is an error, not silently ignored). */
    bool onlyKnown(const Json &o, const std::string &path, std::initializer_list<const char *> known);
    bool object(const Json *v, const std::string &path);
    /** Non-blank text of at most maxChars characters. */
    bool text(const Json *v, const std::string &path, std::size_t maxChars, std::string &out);
    bool integer(const Json *v, const std::string &path, long long lo, long long hi, long long &out);
    bool integer(const Json *v, const std::string &path, int lo, int hi, int &out);
    /** A number in (lo, hi] (loExclusive) or [lo, hi]. */
    bool number(const Json *v, const std::string &path, double lo, double hi, bool loExclusive, double &out);
    /** One of words. */
    bool word(const Json *v, const std::string &path, std::initializer_list<const char *> words, std::string &out);
    /** A recipe's name from the recipe table (trainconfig.h). */
    bool recipeWord(const Json *v, const std::string &path, Recipe &out);
    /** "full", "sample" or batches per second. */
    bool pace(const Json *v, const std::string &path, LessonPace &out);

    /** One of the listed spellings of table; `what` names it in the message ("a view"). */
    template <class E>
    bool choice(const Json *v, const std::string &path, std::span<const LessonName<E>> table, const char *what, E &out)
    {
        if (!v)
            return fail(path, "is missing");
        if (v->is_string())
            for (const auto &n : table)
                if (v->get_ref<const std::string &>() == n.name) {
                    out = n.value;
                    return true;
                }
        return fail(path, (v->is_string() ? lessonQuoted(v->get_ref<const std::string &>()) : lessonValueWords(*v))
                                  + " is not " + what + "; use " + lessonNameList(table));
    }

    /** A list of distinct spellings of table. */
    template <class E>
    bool list(const Json *v, const std::string &path, std::span<const LessonName<E>> table, const char *what,
              std::vector<E> &out)
    {
        if (!v)
            return fail(path, "is missing");
        if (!v->is_array())
            return fail(path, std::string("must be a list ([...]) of ") + lessonNameList(table) + ", not "
                                      + lessonValueWords(*v));
        if (v->size() > table.size())
            return fail(path, "has " + std::to_string(v->size()) + " entries; there are only " +
                                      std::to_string(table.size()));
        for (std::size_t i = 0; i < v->size(); ++i) {
            E e {};
            const std::string at = path + "[" + std::to_string(i) + "]";
            if (!choice(&(*v)[i], at, table, what, e))
                return false;
            for (const E &seen : out)
                if (seen == e)
                    return fail(at, lessonQuoted((*v)[i].get_ref<const std::string &>()) + " is listed twice");
            out.push_back(e);
        }
        return true;
    }
};

} // namespace bplab
