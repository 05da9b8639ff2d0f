#pragma once
// The reading of a lesson step's "claims" (lessonclaim.h) from its JSON, apart from lessonclaim.h so
// that the headers which include lesson.h do not pull in the JSON library.

#include "io/json.h"
#include "lesson/lessonclaim.h"

#include <string>
#include <vector>

namespace bplab {

/** Reads a step's "claims" list ([{"claim": "compare_best", "run": 2, "by": 1}, ...]); "" or the
 *  message, which starts with the path of the wrong field. */
std::string parseClaims(const Json &v, const std::string &path, std::vector<LessonClaim> &out);

} // namespace bplab
