#pragma once
// The reader and validator of lesson files (docs/file-formats.md, "Lesson"). Every field is checked
// (type, range, known names, no unknown members), and the first wrong one is reported by its path:
// "steps[2].question.index: must be a whole number from 0 to 9, not 12".

#include "lesson/lesson.h"
#include "result.h"

#include <string>
#include <string_view>

namespace bplab {

/** Parses and checks a lesson held in memory; name is the file's name for messages. */
Result<Lesson> parseLesson(std::string_view text, const std::string &name);
/** Reads a lesson file (at most kMaxLessonBytes; a larger file is refused unread). */
Result<Lesson> loadLesson(const std::string &path);
/** True when the text is a JSON object whose "format" member says it is a lesson (a cheap look
 *  at the text, for telling lessons from other JSON files; parseLesson does the checking). */
bool looksLikeLesson(std::string_view text);

} // namespace bplab
