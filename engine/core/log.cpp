#include "log.h"

#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

namespace dicer::log {
namespace {
std::mutex g_mutex;
Sink g_sink;
Level g_minLevel = Level::Info;

void vwrite(Level level, const char* format, va_list args) {
    if (level < g_minLevel) return;
    va_list copy;
    va_copy(copy, args);
    int n = std::vsnprintf(nullptr, 0, format, copy);
    va_end(copy);
    std::string text(n > 0 ? size_t(n) : 0, '\0');
    if (n > 0) std::vsnprintf(text.data(), text.size() + 1, format, args);
    write(level, text);
}
} // namespace

void setSink(Sink sink) {
    std::lock_guard lock(g_mutex);
    g_sink = std::move(sink);
}
void setMinLevel(Level level) {
    g_minLevel = level;
}

const char* levelName(Level level) {
    static constexpr const char* kNames[] = {"debug", "info", "warning", "error"}; // enumerator order
    return kNames[int(level)];
}

void write(Level level, std::string_view message) {
    if (level < g_minLevel) return;
    std::lock_guard lock(g_mutex);
    if (g_sink) {
        g_sink(level, message);
        return;
    }
    std::fprintf(stderr, "dicer %s: %.*s\n", levelName(level), int(message.size()), message.data());
}

void printf(Level level, const char* format, ...) {
    va_list args;
    va_start(args, format);
    vwrite(level, format, args);
    va_end(args);
}

#define DICER_LOG_FN(fn, level)                                                                              \
    void fn(const char* format, ...) {                                                                       \
        va_list args;                                                                                        \
        va_start(args, format);                                                                              \
        vwrite(level, format, args);                                                                         \
        va_end(args);                                                                                        \
    }
DICER_LOG_FN(debug, Level::Debug)
DICER_LOG_FN(info, Level::Info)
DICER_LOG_FN(warn, Level::Warn)
DICER_LOG_FN(error, Level::Error)
#undef DICER_LOG_FN

} // namespace dicer::log
