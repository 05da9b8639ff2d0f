#pragma once
// A strict JSON reader (RFC 8259) for files a person writes and anyone may send: lesson files.
// Bounded on every axis a hostile file can push: the caller gives the largest text it accepts,
// nesting stops at kMaxJsonDepth, and every error says where it is (line and column) and what
// was expected. Duplicate keys are refused (which one counts would be a guess), and text must
// be UTF-8.

#include "result.h"

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bplab {

/** Deeper nesting than any sensible lesson needs; a file nesting deeper is refused, not recursed. */
inline constexpr int kMaxJsonDepth = 32;

class JsonValue
{
public:
    enum class Type { Null, Bool, Number, String, Array, Object };

    JsonValue() = default;
    static JsonValue boolean(bool b);
    static JsonValue number(double v, bool integral);
    static JsonValue string(std::string s);
    static JsonValue array(std::vector<JsonValue> items);
    /** Members in the order the file has them (names unique). */
    static JsonValue object(std::vector<std::pair<std::string, JsonValue>> members);

    Type type() const { return m_type; }
    bool isNull() const { return m_type == Type::Null; }
    bool isBool() const { return m_type == Type::Bool; }
    bool isNumber() const { return m_type == Type::Number; }
    bool isString() const { return m_type == Type::String; }
    bool isArray() const { return m_type == Type::Array; }
    bool isObject() const { return m_type == Type::Object; }

    bool asBool() const { return m_bool; }
    double asNumber() const { return m_number; }
    /** True when the number was written without a fraction or exponent ("12", not "12.0"). */
    bool isIntegral() const { return m_integral; }
    const std::string &asString() const { return m_string; }
    const std::vector<JsonValue> &items() const { return m_items; }
    const std::vector<std::pair<std::string, JsonValue>> &members() const { return m_members; }
    /** The member called name, or nullptr (also when this is not an object). */
    const JsonValue *find(std::string_view name) const;

private:
    Type m_type = Type::Null;
    bool m_bool = false;
    bool m_integral = false;
    double m_number = 0;
    std::string m_string;
    std::vector<JsonValue> m_items;
    std::vector<std::pair<std::string, JsonValue>> m_members;
};

/** "null", "true or false", "a number", "text", "a list", "an object": for messages. */
const char *jsonTypeName(JsonValue::Type type);

/** Parses one JSON value filling the whole text (white space around it allowed, a UTF-8 byte
 *  order mark too). The error reads "line 3, column 14: expected ',' or '}' after a member". */
Result<JsonValue> parseJson(std::string_view text);

} // namespace bplab
