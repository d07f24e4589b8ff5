#include "screenshot.h"

#include "file_read.h"
#include "gl.h"

#include <stb_image_write.h>

#include <chrono>
#include <cstdio>
#include <system_error>

namespace dicer::app {

std::string screenshotFileName(const std::tm& t, int milliseconds, std::string_view extension) {
    char name[64];
    std::snprintf(name, sizeof name, "dicer_%04d%02d%02d-%02d%02d%02d-%03d", t.tm_year + 1900, t.tm_mon + 1,
                  t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, milliseconds % 1000);
    return name + std::string(extension);
}

std::filesystem::path nextScreenshotPath(const std::filesystem::path& dir, std::string_view extension) {
    using namespace std::chrono;
    auto now = system_clock::now();
    std::time_t seconds = system_clock::to_time_t(now);
    int millis = int(duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000);
    std::tm local{};
    localtime_r(&seconds, &local);
    std::filesystem::path path = dir / screenshotFileName(local, millis, extension);
    std::error_code ec;
    for (int n = 2; std::filesystem::exists(path, ec) && n < 1000; ++n) {
        std::string stem = path.stem().string();
        if (n > 2) stem = stem.substr(0, stem.rfind('-'));
        path = dir / (stem + "-" + std::to_string(n) + std::string(extension));
    }
    return path;
}

void flipRowsAndMakeOpaque(std::vector<std::uint8_t>& rgba, int width, int height) {
    const size_t row = size_t(width) * 4;
    std::vector<std::uint8_t> tmp(row);
    for (int y = 0; y < height / 2; ++y) {
        std::uint8_t* a = rgba.data() + size_t(y) * row;
        std::uint8_t* b = rgba.data() + size_t(height - 1 - y) * row;
        std::copy(a, a + row, tmp.data());
        std::copy(b, b + row, a);
        std::copy(tmp.data(), tmp.data() + row, b);
    }
    for (size_t i = 3; i < rgba.size(); i += 4)
        rgba[i] = 255;
}

Result<void> saveScreenshot(const std::filesystem::path& file, glm::ivec2 size, unsigned framebuffer,
                            unsigned colorBuffer) {
    if (size.x <= 0 || size.y <= 0) return makeError("screenshot: the window has no pixels (minimised?)");
    std::error_code ec;
    if (file.has_parent_path()) {
        std::filesystem::create_directories(file.parent_path(), ec);
        if (ec)
            return makeError("screenshot: cannot create folder " + file.parent_path().string() + ": " +
                             ec.message());
    }
    std::vector<std::uint8_t> rgba(size_t(size.x) * size_t(size.y) * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    glReadBuffer(colorBuffer);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, size.x, size.y, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    flipRowsAndMakeOpaque(rgba, size.x, size.y);
    return writePngRgba8(file, size.x, size.y, rgba);
}

Result<void> writePngRgba8(const std::filesystem::path& file, int width, int height,
                           const std::vector<std::uint8_t>& rgba) {
    // stbi_write_png(FILE) ignores fwrite/fclose errors; encoding into memory leaves the writing to us.
    std::string png;
    const auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data), size_t(size));
    };
    if (width <= 0 || height <= 0 || rgba.size() != size_t(width) * size_t(height) * 4 ||
        !stbi_write_png_to_func(append, &png, width, height, 4, rgba.data(), width * 4))
        return makeError("screenshot: cannot encode a " + std::to_string(width) + "x" +
                         std::to_string(height) + " PNG for " + file.string());
    Result<void> written = writeWholeFile(file, png, "screenshot");
    if (!written) return makeError("screenshot: " + written.error());
    return {};
}

} // namespace dicer::app
