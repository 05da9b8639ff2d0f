#include "io/jsonvalue.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace bplab {

JsonValue JsonValue::boolean(bool b)
{
    JsonValue v;
    v.m_type = Type::Bool;
    v.m_bool = b;
    return v;
}

JsonValue JsonValue::number(double n, bool integral)
{
    JsonValue v;
    v.m_type = Type::Number;
    v.m_number = n;
    v.m_integral = integral;
    return v;
}

JsonValue JsonValue::string(std::string s)
{
    JsonValue v;
    v.m_type = Type::String;
    v.m_string = std::move(s);
    return v;
}

JsonValue JsonValue::array(std::vector<JsonValue> items)
{
    JsonValue v;
    v.m_type = Type::Array;
    v.m_items = std::move(items);
    return v;
}

JsonValue JsonValue::object(std::vector<std::pair<std::string, JsonValue>> members)
{
    JsonValue v;
    v.m_type = Type::Object;
    v.m_members = std::move(members);
    return v;
}

const JsonValue *JsonValue::find(std::string_view name) const
{
    for (const auto &[key, value] : m_members)
        if (key == name)
            return &value;
    return nullptr;
}

const char *jsonTypeName(JsonValue::Type type)
{
    switch (type) {
    case JsonValue::Type::Null: return "null";
    case JsonValue::Type::Bool: return "true or false";
    case JsonValue::Type::Number: return "a number";
    case JsonValue::Type::String: return "text";
    case JsonValue::Type::Array: return "a list";
    case JsonValue::Type::Object: return "an object";
    }
    return "?";
}

namespace {

class Parser
{
public:
    explicit Parser(std::string_view text) : m_text(text) {}

    Result<JsonValue> document()
    {
        if (m_text.substr(0, 3) == "\xEF\xBB\xBF")
            m_pos = 3;
        skipSpace();
        JsonValue v;
        if (!value(v, 0))
            return Error{m_error};
        skipSpace();
        if (m_pos != m_text.size()) {
            fail("unexpected text after the end of the JSON value");
            return Error{m_error};
        }
        return v;
    }

private:
    bool fail(const std::string &what)
    {
        // Line and column of m_pos, counted in bytes from 1.
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i < m_pos && i < m_text.size(); ++i) {
            if (m_text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        m_error = "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what;
        return false;
    }

    bool atEnd() const { return m_pos >= m_text.size(); }
    char peek() const { return atEnd() ? '\0' : m_text[m_pos]; }

    void skipSpace()
    {
        while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
            ++m_pos;
    }

    bool literal(std::string_view word)
    {
        if (m_text.substr(m_pos, word.size()) != word)
            return fail("expected a value (text in double quotes, a number, true, false, null, [ or {)");
        m_pos += word.size();
        return true;
    }

    bool value(JsonValue &out, int depth)
    {
        if (atEnd())
            return fail("the file ends where a value was expected");
        switch (peek()) {
        case '{': return object(out, depth + 1);
        case '[': return array(out, depth + 1);
        case '"': {
            std::string s;
            if (!string(s))
                return false;
            out = JsonValue::string(std::move(s));
            return true;
        }
        case 't':
            out = JsonValue::boolean(true);
            return literal("true");
        case 'f':
            out = JsonValue::boolean(false);
            return literal("false");
        case 'n':
            out = JsonValue();
            return literal("null");
        default: return number(out);
        }
    }

    bool tooDeep(int depth)
    {
        if (depth <= kMaxJsonDepth)
            return false;
        fail("nested more than " + std::to_string(kMaxJsonDepth) + " lists or objects deep");
        return true;
    }

    bool object(JsonValue &out, int depth)
    {
        if (tooDeep(depth))
            return false;
        ++m_pos; // '{'
        std::vector<std::pair<std::string, JsonValue>> members;
        skipSpace();
        if (peek() == '}') {
            ++m_pos;
            out = JsonValue::object(std::move(members));
            return true;
        }
        for (;;) {
            skipSpace();
            if (peek() != '"')
                return fail("expected a member name in double quotes");
            const std::size_t keyAt = m_pos;
            std::string key;
            if (!string(key))
                return false;
            for (const auto &m : members)
                if (m.first == key) {
                    m_pos = keyAt;
                    return fail("the member \"" + key + "\" appears twice in one object");
                }
            skipSpace();
            if (peek() != ':')
                return fail("expected ':' after the member name \"" + key + "\"");
            ++m_pos;
            skipSpace();
            JsonValue v;
            if (!value(v, depth))
                return false;
            members.emplace_back(std::move(key), std::move(v));
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                continue;
            }
            if (peek() == '}') {
                ++m_pos;
                out = JsonValue::object(std::move(members));
                return true;
            }
            return fail("expected ',' or '}' after a member");
        }
    }

    bool array(JsonValue &out, int depth)
    {
        if (tooDeep(depth))
            return false;
        ++m_pos; // '['
        std::vector<JsonValue> items;
        skipSpace();
        if (peek() == ']') {
            ++m_pos;
            out = JsonValue::array(std::move(items));
            return true;
        }
        for (;;) {
            skipSpace();
            JsonValue v;
            if (!value(v, depth))
                return false;
            items.push_back(std::move(v));
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                continue;
            }
            if (peek() == ']') {
                ++m_pos;
                out = JsonValue::array(std::move(items));
                return true;
            }
            return fail("expected ',' or ']' after a list item");
        }
    }

    static void appendUtf8(std::string &s, std::uint32_t cp)
    {
        if (cp < 0x80) {
            s += char(cp);
        } else if (cp < 0x800) {
            s += char(0xC0 | (cp >> 6));
            s += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            s += char(0xE0 | (cp >> 12));
            s += char(0x80 | ((cp >> 6) & 0x3F));
            s += char(0x80 | (cp & 0x3F));
        } else {
            s += char(0xF0 | (cp >> 18));
            s += char(0x80 | ((cp >> 12) & 0x3F));
            s += char(0x80 | ((cp >> 6) & 0x3F));
            s += char(0x80 | (cp & 0x3F));
        }
    }

    bool hex4(std::uint32_t &out)
    {
        out = 0;
        for (int i = 0; i < 4; ++i, ++m_pos) {
            const char c = peek();
            out <<= 4;
            if (c >= '0' && c <= '9')
                out |= std::uint32_t(c - '0');
            else if (c >= 'a' && c <= 'f')
                out |= std::uint32_t(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                out |= std::uint32_t(c - 'A' + 10);
            else
                return fail("\\u must be followed by four hexadecimal digits");
        }
        return true;
    }

    /** One UTF-8 sequence starting at m_pos (RFC 3629: no overlongs, no surrogates). */
    bool utf8(std::string &s)
    {
        const auto byte = [this](std::size_t at) { return at < m_text.size() ? std::uint8_t(m_text[at]) : 0; };
        const std::uint8_t b0 = byte(m_pos);
        int n = 0;
        std::uint32_t cp = 0, min = 0;
        if (b0 >= 0xC2 && b0 <= 0xDF)
            n = 1, cp = b0 & 0x1F, min = 0x80;
        else if (b0 >= 0xE0 && b0 <= 0xEF)
            n = 2, cp = b0 & 0x0F, min = 0x800;
        else if (b0 >= 0xF0 && b0 <= 0xF4)
            n = 3, cp = b0 & 0x07, min = 0x10000;
        else
            return fail("the text is not UTF-8 (save the file as UTF-8)");
        for (int i = 1; i <= n; ++i) {
            const std::uint8_t b = byte(m_pos + std::size_t(i));
            if ((b & 0xC0) != 0x80)
                return fail("the text is not UTF-8 (save the file as UTF-8)");
            cp = (cp << 6) | (b & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return fail("the text is not UTF-8 (save the file as UTF-8)");
        s.append(m_text.substr(m_pos, std::size_t(n) + 1));
        m_pos += std::size_t(n) + 1;
        return true;
    }

    bool string(std::string &s)
    {
        ++m_pos; // '"'
        for (;;) {
            if (atEnd())
                return fail("the text in double quotes is not closed");
            const char c = peek();
            if (c == '"') {
                ++m_pos;
                return true;
            }
            if (std::uint8_t(c) < 0x20)
                return fail("a control character (such as a line break) inside text; write it as \\n");
            if (std::uint8_t(c) >= 0x80) {
                if (!utf8(s))
                    return false;
                continue;
            }
            ++m_pos;
            if (c != '\\') {
                s += c;
                continue;
            }
            const char e = peek();
            ++m_pos;
            switch (e) {
            case '"': s += '"'; break;
            case '\\': s += '\\'; break;
            case '/': s += '/'; break;
            case 'b': s += '\b'; break;
            case 'f': s += '\f'; break;
            case 'n': s += '\n'; break;
            case 'r': s += '\r'; break;
            case 't': s += '\t'; break;
            case 'u': {
                std::uint32_t cp = 0;
                if (!hex4(cp))
                    return false;
                if (cp >= 0xDC00 && cp <= 0xDFFF)
                    return fail("\\u" "DC00-DFFF (a low surrogate) without the high one before it");
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    std::uint32_t low = 0;
                    if (m_text.substr(m_pos, 2) != "\\u")
                        return fail("a high surrogate \\uD800-DBFF must be followed by a low one");
                    m_pos += 2;
                    if (!hex4(low))
                        return false;
                    if (low < 0xDC00 || low > 0xDFFF)
                        return fail("a high surrogate \\uD800-DBFF must be followed by a low one");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                if (cp == 0)
                    return fail("\\u0000 (a zero character) is not allowed in text");
                appendUtf8(s, cp);
                break;
            }
            default:
                --m_pos;
                return fail("unknown escape after a backslash (use \\\\ for a backslash)");
            }
        }
    }

    bool number(JsonValue &out)
    {
        const std::size_t start = m_pos;
        const auto digits = [this] {
            const std::size_t from = m_pos;
            while (!atEnd() && peek() >= '0' && peek() <= '9')
                ++m_pos;
            return m_pos - from;
        };
        if (peek() == '-')
            ++m_pos;
        if (peek() == '0') {
            ++m_pos;
        } else if (digits() == 0) {
            m_pos = start;
            return fail("expected a value (text in double quotes, a number, true, false, null, [ or {)");
        }
        bool integral = true;
        if (peek() == '.') {
            ++m_pos;
            integral = false;
            if (digits() == 0)
                return fail("a number's decimal point must be followed by digits");
        }
        if (peek() == 'e' || peek() == 'E') {
            ++m_pos;
            integral = false;
            if (peek() == '+' || peek() == '-')
                ++m_pos;
            if (digits() == 0)
                return fail("a number's exponent must have digits");
        }
        if (peek() >= '0' && peek() <= '9')
            return fail("a number must not start with 0 (write 7, not 07)");
        double v = 0;
        const auto r = std::from_chars(m_text.data() + start, m_text.data() + m_pos, v);
        if (r.ec == std::errc::result_out_of_range) {
            // from_chars leaves v alone on both ends of the range: strtod tells them apart.
            v = std::strtod(std::string(m_text.substr(start, m_pos - start)).c_str(), nullptr);
            if (std::abs(v) < 1.0)
                v = 0; // an underflow is zero to every field a lesson has
        }
        if ((r.ec != std::errc() && r.ec != std::errc::result_out_of_range) || !std::isfinite(v)) {
            const std::string shown(m_text.substr(start, std::min<std::size_t>(40, m_pos - start)));
            m_pos = start;
            return fail("the number " + shown + " is too large to hold");
        }
        out = JsonValue::number(v, integral);
        return true;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
    std::string m_error;
};

} // namespace

Result<JsonValue> parseJson(std::string_view text)
{
    return Parser(text).document();
}

} // namespace bplab
