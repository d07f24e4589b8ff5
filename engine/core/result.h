// Result<T>: a value or one human-readable error message (std::expected is C++23; GCC 12 lacks it).
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace dicer {

struct Error {
    std::string message;
};

template <class T> class [[nodiscard]] Result {
public:
    Result(T value) : m_v(std::move(value)) {}
    Result(Error error) : m_v(std::move(error)) {}

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & {
        assert(ok());
        return std::get<0>(m_v);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(m_v));
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(m_v);
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }

    const std::string& error() const {
        assert(!ok());
        return std::get<1>(m_v).message;
    }

private:
    std::variant<T, Error> m_v;
};

template <> class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : m_error(std::move(error.message)), m_failed(true) {}
    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    const std::string& error() const { return m_error; }

private:
    std::string m_error;
    bool m_failed = false;
};

inline Error makeError(std::string message) {
    return Error{std::move(message)};
}

} // namespace dicer
