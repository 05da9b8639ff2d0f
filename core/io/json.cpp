#include "io/json.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

namespace bplab {

namespace {

/** How far nlohmann's lexer has read: the parser reports where a syntax error is, but not where
 *  the value stands that one of our own checks (depth, duplicates) refuses. */
struct ReadCount
{
    std::size_t read = 0;
};

/** A byte iterator over the text that counts the bytes the lexer takes. */
class CountingIterator
{
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char *;
    using reference = const char &;

    CountingIterator(const char *begin, const char *at, ReadCount *count) : m_begin(begin), m_at(at), m_count(count) {}
    reference operator*() const { return *m_at; }
    CountingIterator &operator++()
    {
        ++m_at;
        m_count->read = std::size_t(m_at - m_begin);
        return *this;
    }
    CountingIterator operator++(int)
    {
        CountingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const CountingIterator &o) const { return m_at == o.m_at; }

private:
    const char *m_begin;
    const char *m_at;
    ReadCount *m_count;
};

/** Where the string token ending just before `end` opens (its unescaped opening quote). */
std::size_t stringStart(std::string_view text, std::size_t end)
{
    std::size_t i = end >= 1 ? end - 1 : 0; // the closing quote
    while (i > 0) {
        --i;
        if (text[i] != '"')
            continue;
        std::size_t slashes = 0;
        while (slashes < i && text[i - 1 - slashes] == '\\')
            ++slashes;
        if (slashes % 2 == 0)
            return i;
    }
    return 0;
}

bool isNumberChar(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

/** nlohmann's SAX events built into an ordered_json, with the checks the parser leaves out. */
class BoundedBuilder
{
public:
    BoundedBuilder(std::string_view text, const ReadCount &count) : m_text(text), m_count(count) {}

    Json root;
    std::string error;

    /** Set: the numbers of the top-level object's list listKey go to numbers, not into root
     *  (a list of millions of numbers then takes 8 bytes a number). */
    std::string listKey;
    std::vector<double> *numbers = nullptr;

    bool null() { return inList() ? notANumber(m_count.read - 4) : add(nullptr) != nullptr; }
    bool boolean(bool b) { return inList() ? notANumber(m_count.read - (b ? 4 : 5)) : add(b) != nullptr; }
    bool number_integer(Json::number_integer_t v) { return inList() ? listed(double(v)) : add(v) != nullptr; }
    bool number_unsigned(Json::number_unsigned_t v) { return inList() ? listed(double(v)) : add(v) != nullptr; }
    bool number_float(Json::number_float_t v, const std::string &) { return inList() ? listed(v) : add(v) != nullptr; }
    bool string(std::string &s)
    {
        if (inList())
            return notANumber(stringStart(m_text, m_count.read));
        if (s.find('\0') != std::string::npos)
            return fail(stringStart(m_text, m_count.read), "\\u0000 (a zero character) is not allowed in text");
        return add(std::move(s)) != nullptr;
    }
    bool binary(Json::binary_t &) { return fail(m_count.read, "binary data is not JSON"); }

    bool start_object(std::size_t)
    {
        if (inList())
            return notANumber(m_count.read - 1);
        if (!deeper())
            return false;
        Json *o = add(Json::object());
        m_open.push_back(o);
        return o != nullptr;
    }
    bool key(std::string &k)
    {
        Json &o = *m_open.back();
        if (k.find('\0') != std::string::npos)
            return fail(stringStart(m_text, m_count.read), "\\u0000 (a zero character) is not allowed in text");
        if (o.contains(k))
            return fail(stringStart(m_text, m_count.read), "the member \"" + k + "\" appears twice in one object");
        m_lastKey = k;
        m_listNext = numbers && m_open.size() == 1 && k == listKey;
        m_member = &o[k];
        return true;
    }
    bool end_object()
    {
        m_open.pop_back();
        return true;
    }
    bool start_array(std::size_t)
    {
        if (inList())
            return notANumber(m_count.read - 1);
        if (!deeper())
            return false;
        m_inList = m_listNext && m_open.size() == 1;
        Json *a = add(Json::array());
        m_open.push_back(a);
        return a != nullptr;
    }
    bool end_array()
    {
        m_open.pop_back();
        m_inList = false;
        return true;
    }

    bool parse_error(std::size_t position, const std::string &lastToken, const nlohmann::detail::exception &ex)
    {
        const std::string what = ex.what();
        const std::size_t end = std::min(position, m_text.size());
        const auto has = [&](const char *s) { return what.find(s) != std::string::npos; };
        if (ex.id == 406) // a number a double cannot hold
            return fail(numberStart(end), "the number " + lastToken + " is too large to hold");
        if (has("invalid")) // the lexer stopped inside a token, at the byte it read last
            return fail(has("missing closing quote") ? m_text.size() : (position >= 1 ? position - 1 : 0),
                        tokenMessage(what));
        // The parser met a whole token it did not expect: point at its start.
        const std::string token = between(what, "unexpected ", ";");
        const std::string context = between(what, "while parsing ", " - ");
        std::size_t at = end;
        if (token == "string literal")
            at = stringStart(m_text, end);
        else if (token == "number literal")
            at = numberStart(end);
        else if (token == "true literal" || token == "null literal")
            at = end >= 4 ? end - 4 : 0;
        else if (token == "false literal")
            at = end >= 5 ? end - 5 : 0;
        else if (token == "end of input")
            at = m_text.size();
        else if (end >= 1)
            at = end - 1; // one of [ ] { } : ,
        if (has("; expected end of input"))
            return fail(at, "unexpected text after the end of the JSON value");
        if (token == "number literal" && at + 1 < m_text.size() && m_text[at] == '0' && m_text[at + 1] >= '0' &&
            m_text[at + 1] <= '9')
            return fail(at, "a number must not start with 0 (write 7, not 07)");
        if (token == "end of input" && context == "value")
            return fail(at, "the file ends where a value was expected");
        if (context == "object key")
            return fail(at, "expected a member name in double quotes");
        if (context == "object separator")
            return fail(at, "expected ':' after the member name \"" + m_lastKey + "\"");
        if (context == "object")
            return fail(at, "expected ',' or '}' after a member");
        if (context == "array")
            return fail(at, "expected ',' or ']' after a list item");
        return fail(at, "expected a value (text in double quotes, a number, true, false, null, [ or {)");
    }

    /** "line 3, column 14: what", the line and column of a byte offset counted in bytes from 1. */
    bool fail(std::size_t offset, const std::string &what)
    {
        if (!error.empty())
            return false;
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i < offset && i < m_text.size(); ++i) {
            if (m_text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        error = "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what;
        return false;
    }

private:
    bool inList() const { return m_inList && m_open.size() == 2; }
    bool listed(double v)
    {
        numbers->push_back(v);
        return true;
    }
    bool notANumber(std::size_t at)
    {
        return fail(at, "value " + std::to_string(numbers->size() + 1) + " of \"" + listKey + "\" is not a number");
    }

    bool deeper()
    {
        if (int(m_open.size()) < kMaxJsonDepth)
            return true;
        return fail(m_count.read >= 1 ? m_count.read - 1 : 0,
                    "nested more than " + std::to_string(kMaxJsonDepth) + " lists or objects deep");
    }

    /** The value placed where the text has it: the root, the next list item or the member named last. */
    template <class V>
    Json *add(V &&v)
    {
        if (m_open.empty()) {
            root = Json(std::forward<V>(v));
            return &root;
        }
        Json &parent = *m_open.back();
        if (parent.is_array()) {
            parent.emplace_back(std::forward<V>(v));
            return &parent.back();
        }
        *m_member = Json(std::forward<V>(v));
        return m_member;
    }

    std::size_t numberStart(std::size_t end) const
    {
        std::size_t i = end;
        while (i > 0 && isNumberChar(m_text[i - 1]))
            --i;
        return i;
    }

    static std::string between(const std::string &s, const char *from, const char *to)
    {
        const std::size_t a = s.find(from);
        if (a == std::string::npos)
            return {};
        const std::size_t b = s.find(to, a + std::char_traits<char>::length(from));
        return s.substr(a + std::char_traits<char>::length(from), b == std::string::npos ? std::string::npos
                                                                                        : b - a - std::char_traits<char>::length(from));
    }

    /** nlohmann's lexer message in the words of our other messages. */
    static std::string tokenMessage(const std::string &what)
    {
        const auto has = [&](const char *s) { return what.find(s) != std::string::npos; };
        if (has("; expected end of input"))
            return "unexpected text after the end of the JSON value";
        if (has("missing closing quote"))
            return "the text in double quotes is not closed";
        if (has("must be followed by 4 hex digits"))
            return "\\u must be followed by four hexadecimal digits";
        if (has("must be followed by U+DC00"))
            return "a high surrogate \\uD800-DBFF must be followed by a low one";
        if (has("must follow U+D800"))
            return "\\uDC00-DFFF (a low surrogate) without the high one before it";
        if (has("forbidden character after backslash"))
            return "unknown escape after a backslash (use \\\\ for a backslash)";
        if (has("control character"))
            return "a control character (such as a line break) inside text; write it as \\n";
        if (has("UTF-8") || has("BOM"))
            return "the text is not UTF-8 (save the file as UTF-8)";
        if (has("after '.'"))
            return "a number's decimal point must be followed by digits";
        if (has("exponent"))
            return "a number's exponent must have digits";
        return "expected a value (text in double quotes, a number, true, false, null, [ or {)";
    }

    std::string_view m_text;
    const ReadCount &m_count;
    std::vector<Json *> m_open; // the lists and objects not yet closed, innermost last
    Json *m_member = nullptr;   // where the value of the member named last goes
    std::string m_lastKey;
    bool m_listNext = false; // the member named last is listKey: its list goes to numbers
    bool m_inList = false;
};

} // namespace

namespace {

/** Runs nlohmann's parser over text into builder; false with builder.error set when refused. */
bool run(std::string_view text, std::size_t maxBytes, BoundedBuilder &builder, ReadCount &counter)
{
    if (text.size() > maxBytes) {
        builder.error = "the text is " + std::to_string(text.size()) + " bytes long; at most " +
                        std::to_string(maxBytes) + " are read";
        return false;
    }
    // nlohmann takes a zero byte for the end of the input; JSON has none anywhere (text escapes it).
    if (const std::size_t zero = text.find('\0'); zero != std::string_view::npos)
        return builder.fail(zero, "a zero byte, which JSON text never holds (\\u0000 inside text)");
    const CountingIterator first(text.data(), text.data(), &counter);
    const CountingIterator last(text.data(), text.data() + text.size(), &counter);
    const bool ok = Json::sax_parse(first, last, &builder, nlohmann::detail::input_format_t::json, true, false);
    if (!ok && builder.error.empty())
        builder.error = "not valid JSON";
    return ok && builder.error.empty();
}

} // namespace

Result<Json> parseJson(std::string_view text, std::size_t maxBytes)
{
    ReadCount count;
    BoundedBuilder builder(text, count);
    if (!run(text, maxBytes, builder, count))
        return Error{builder.error};
    return std::move(builder.root);
}

Result<std::vector<double>> parseJsonNumbers(std::string_view text, std::size_t maxBytes, const std::string &key)
{
    ReadCount count;
    BoundedBuilder builder(text, count);
    std::vector<double> numbers;
    builder.listKey = key;
    builder.numbers = &numbers;
    if (!run(text, maxBytes, builder, count))
        return Error{builder.error};
    const Json *list = jsonMember(builder.root, key);
    if (!list)
        return Error{"no \"" + key + "\" list"};
    if (!list->is_array())
        return Error{"\"" + key + "\" is not a list ([...]) but " + jsonTypeName(*list)};
    return numbers;
}

Json jsonNumberOf(double v)
{
    if (!std::isfinite(v))
        return nullptr;
    if (v == std::floor(v) && std::abs(v) < 1e15 && !(v == 0 && std::signbit(v)))
        return static_cast<std::int64_t>(v);
    return v;
}

Json jsonNumberOf(float v)
{
    if (!std::isfinite(v))
        return nullptr;
    // The float's shortest decimal read as a double prints as that decimal (nlohmann writes doubles
    // in their shortest form); the float widened as it is would print 0.10000000149011612.
    char text[32];
    const auto written = std::to_chars(text, text + sizeof text, v);
    double d = 0;
    std::from_chars(text, written.ptr, d);
    return jsonNumberOf(d);
}

std::string jsonText(const Json &v)
{
    return v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

const Json *jsonMember(const Json &v, std::string_view name)
{
    if (!v.is_object())
        return nullptr;
    const auto it = v.find(std::string(name));
    return it == v.end() ? nullptr : &*it;
}

const char *jsonTypeName(const Json &v)
{
    switch (v.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return "true or false";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return "a number";
    case Json::value_t::string: return "text";
    case Json::value_t::array: return "a list";
    case Json::value_t::object: return "an object";
    default: return "?";
    }
}

} // namespace bplab
