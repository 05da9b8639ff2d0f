#pragma once
// JSON through nlohmann-json: reading bounded for files a person writes and anyone may send
// (lessons, traces, manifests), and writing with the number format all our JSON shares. nlohmann's parser does the reading; this adds what it leaves to the caller:
// a size bound checked before parsing, a nesting bound, duplicate member names refused (which one
// counts would be a guess), numbers beyond a double refused, and messages that say where
// ("line 3, column 14") and what was expected in the words of our other messages.

#include "result.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bplab {

/** Members keep the order the file (or the writer) has them. */
using Json = nlohmann::ordered_json;

/** Deeper nesting than any sensible file needs; a file nesting deeper is refused, not recursed. */
inline constexpr int kMaxJsonDepth = 32;

/** Parses one JSON value filling the whole text (white space around it allowed, a UTF-8 byte order
 *  mark too) when the text is at most maxBytes long. The error reads
 *  "line 3, column 14: expected ',' or '}' after a member". */
Result<Json> parseJson(std::string_view text, std::size_t maxBytes);

/** The numbers of the list `key` in the object the text holds ({"data": [0, 0.5, ...], ...}), the
 *  same checks as parseJson; the list is not kept as JSON values (8 bytes a number). */
Result<std::vector<double>> parseJsonNumbers(std::string_view text, std::size_t maxBytes, const std::string &key);

/** The member called name, or nullptr (also when v is not an object). */
const Json *jsonMember(const Json &v, std::string_view name);

/** A number as our files write it: null when not finite, a whole number below 10^15 without ".0",
 *  a float as the shortest decimal that reads back as the same float (0.1f as 0.1). */
Json jsonNumberOf(double v);
Json jsonNumberOf(float v);

/** v as compact JSON text (nlohmann's dump; text that is not UTF-8 gets U+FFFD, never an exception). */
std::string jsonText(const Json &v);

/** "null", "true or false", "a number", "text", "a list", "an object": for messages. */
const char *jsonTypeName(const Json &v);

} // namespace bplab
