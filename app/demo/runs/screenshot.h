// Screenshots of the window or the offscreen framebuffer as PNG (stb_image_write from libstb): the back buffer read after the frame is
// drawn (with or without the UI: the caller picks the moment), rows flipped to top-first, alpha forced
// opaque (the default framebuffer's alpha is whatever blending left there).
#pragma once

#include "result.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <ctime>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::app {

// "dicer_YYYYMMDD-HHMMSS-NNN.png" (NNN = milliseconds), so names sort by time and rarely collide; the
// exports use the same names with their suffix (export_table.h).
std::string screenshotFileName(const std::tm& localTime, int milliseconds,
                               std::string_view extension = ".png");
// dir / screenshotFileName(now); a name that exists already gets "-2", "-3", ... appended.
std::filesystem::path nextScreenshotPath(const std::filesystem::path& dir,
                                         std::string_view extension = ".png");

// GL rows are bottom-first, PNG rows top-first; alpha becomes 255.
void flipRowsAndMakeOpaque(std::vector<std::uint8_t>& rgba, int width, int height);

// Encodes top-first RGBA8 rows as PNG in memory and writes `file` with writeWholeFile: a full disk or an
// unwritable target is an error naming the file, never a truncated file reported as saved.
Result<void> writePngRgba8(const std::filesystem::path& file, int width, int height,
                           const std::vector<std::uint8_t>& rgba);

// Reads `colorBuffer` of `framebuffer` (the window's: 0 and GL_BACK; offscreen: the FBO and
// GL_COLOR_ATTACHMENT0; size = its size) and writes `file`, creating its folder. Errors (no size, unwritable
// folder) are messages; nothing throws.
Result<void> saveScreenshot(const std::filesystem::path& file, glm::ivec2 size, unsigned framebuffer,
                            unsigned colorBuffer);

} // namespace dicer::app
