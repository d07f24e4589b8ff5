// Headless GL 4.5 core context through EGL, for tests, the benchmark and batch runs (no display, no window).
// Tries EGL_EXT_platform_device first (NVIDIA servers need it; Mesa offers it too), then
// EGL_MESA_platform_surfaceless. Renders into FBOs only: there is no default framebuffer.
#pragma once

#include "gl_info.h"
#include "result.h"

#include <memory>
#include <string>

namespace dicer::gl {

enum class EglPlatform { Auto, Device, Surfaceless };

struct HeadlessOptions {
    EglPlatform platform = EglPlatform::Auto;
    bool debugContext = false; // GL debug context + synchronous KHR_debug output
    int deviceIndex = -1;      // EGL device to use with the device platform; -1 = first that works
};

class HeadlessContext {
public:
    static Result<std::unique_ptr<HeadlessContext>> create(const HeadlessOptions& options = {});
    ~HeadlessContext();
    HeadlessContext(const HeadlessContext&) = delete;
    HeadlessContext& operator=(const HeadlessContext&) = delete;

    const GlInfo& info() const { return m_info; }
    const std::string& platformName() const { return m_platform; } // "device #0 (…)" or "surfaceless"

private:
    HeadlessContext() = default;
    void* m_display = nullptr; // EGLDisplay / EGLContext kept opaque so users need no EGL headers
    void* m_context = nullptr;
    std::string m_platform;
    GlInfo m_info;
};

inline constexpr EglPlatform kEglPlatforms[] = {EglPlatform::Auto, EglPlatform::Device,
                                                EglPlatform::Surfaceless};
const char* eglPlatformName(EglPlatform platform); // "auto" / "device" / "surfaceless"

} // namespace dicer::gl
