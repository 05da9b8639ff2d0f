#pragma once
// Errors are values: a Result<T> holds either a T or a message a person can act on.

#include <string>
#include <utility>
#include <variant>

namespace bplab {

struct Error {
    std::string message;
};

/** Either a value or an Error with a human-readable message. */
template <class T>
class Result {
public:
    Result(T value) : m_v(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : m_v(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() { return std::get<0>(m_v); }
    const T &value() const { return std::get<0>(m_v); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }

    /** The message; empty when ok(). */
    const std::string &error() const
    {
        static const std::string none;
        return ok() ? none : std::get<1>(m_v).message;
    }

private:
    std::variant<T, Error> m_v;
};

/** Success, or an error message. */
class Status {
public:
    Status() = default;
    Status(Error error) : m_error(std::move(error.message)) {}
    static Status success() { return {}; }
    bool ok() const { return m_error.empty(); }
    explicit operator bool() const { return ok(); }
    const std::string &error() const { return m_error; }

private:
    std::string m_error;
};

} // namespace bplab
