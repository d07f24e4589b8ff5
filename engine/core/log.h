// One logger for the whole engine: KHR_debug messages, shader logs and run-time errors all end up here.
// A sink can be installed (the demo's UI keeps the last lines); stderr is the default.
#pragma once

#include <cstdarg>
#include <functional>
#include <string_view>

namespace dicer::log {

enum class Level { Debug, Info, Warn, Error };

using Sink = std::function<void(Level, std::string_view)>;

void setSink(Sink sink);       // nullptr restores stderr
void setMinLevel(Level level); // messages below it are dropped
const char* levelName(Level level);

void write(Level level, std::string_view message);
[[gnu::format(printf, 2, 3)]] void printf(Level level, const char* format, ...);

[[gnu::format(printf, 1, 2)]] void debug(const char* format, ...);
[[gnu::format(printf, 1, 2)]] void info(const char* format, ...);
[[gnu::format(printf, 1, 2)]] void warn(const char* format, ...);
[[gnu::format(printf, 1, 2)]] void error(const char* format, ...);

} // namespace dicer::log
