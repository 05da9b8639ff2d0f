#pragma once
// The words a lesson file spells its views, controls, quantities and Compare measures with, in one
// table each: the reader (lessonreader.h) accepts them, the messages list them, viewName() and its
// kin (lesson.h) write them.

#include "lesson/lesson.h"

#include <span>
#include <string>

namespace bplab {

/** One spelling of a value in a lesson file. */
template <class E>
struct LessonName
{
    const char *name;
    E value;
    bool listed = true; ///< false: an older spelling still read, never written or suggested
};

std::span<const LessonName<LessonView>> lessonViewNames();
std::span<const LessonName<LessonControl>> lessonControlNames();
std::span<const LessonName<Quantity>> lessonQuantityNames();
std::span<const LessonName<CompareMeasure>> lessonMeasureNames();

/** The listed spellings of a table as a message lists them: "a, b or c". */
template <class E>
std::string lessonNameList(std::span<const LessonName<E>> table)
{
    std::vector<const char *> names;
    for (const auto &n : table)
        if (n.listed)
            names.push_back(n.name);
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string(names[i]);
    return out;
}

/** The first spelling of value in table; "?" for none. */
template <class E>
const char *lessonNameOf(std::span<const LessonName<E>> table, E value)
{
    for (const auto &n : table)
        if (n.value == value)
            return n.name;
    return "?";
}

} // namespace bplab
