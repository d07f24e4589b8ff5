#include "egl_context.h"

#include "gl.h"
#include "gl_debug.h"
#include "leak_check.h"
#include "log.h"

#include <glad/egl.h>

#include <vector>

namespace dicer::gl {
namespace {

struct DisplayAttempt {
    EGLDisplay display = EGL_NO_DISPLAY;
    std::string name;
};

std::string eglErrorText(const char* what) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s failed (EGL error 0x%04x)", what, unsigned(eglGetError()));
    return buf;
}

// Creates a GL 4.5 core context on an initialised display and makes it current without a surface.
Result<EGLContext> createCoreContext(EGLDisplay display, bool debug) {
    if (!GLAD_EGL_KHR_surfaceless_context) return makeError("EGL display lacks EGL_KHR_surfaceless_context");
    if (!eglBindAPI(EGL_OPENGL_API)) return makeError(eglErrorText("eglBindAPI(EGL_OPENGL_API)"));

    // A config is optional with EGL_KHR_no_config_context; otherwise pick any desktop-GL-capable one.
    EGLConfig config = EGL_NO_CONFIG_KHR;
    if (!GLAD_EGL_KHR_no_config_context) {
        const EGLint want[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
        EGLint n = 0;
        if (!eglChooseConfig(display, want, &config, 1, &n) || n < 1)
            return makeError("no EGL config with EGL_OPENGL_BIT");
    }
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                              4,
                              EGL_CONTEXT_MINOR_VERSION,
                              5,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK,
                              EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_CONTEXT_OPENGL_DEBUG,
                              debug ? EGL_TRUE : EGL_FALSE,
                              EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attribs);
    if (context == EGL_NO_CONTEXT) return makeError(eglErrorText("eglCreateContext(GL 4.5 core)"));
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        std::string err = eglErrorText("eglMakeCurrent(surfaceless)");
        eglDestroyContext(display, context);
        return makeError(err);
    }
    return context;
}

std::vector<DisplayAttempt> candidateDisplays(EglPlatform platform, int deviceIndex) {
    std::vector<DisplayAttempt> out;
    // NVIDIA's libglvnd advertises EGL_EXT_device_base (enumeration + query in one), Mesa the split names:
    // what matters is that eglQueryDevicesEXT was loaded.
    if (platform != EglPlatform::Surfaceless && GLAD_EGL_EXT_platform_device && eglQueryDevicesEXT) {
        EGLDeviceEXT devices[16];
        EGLint count = 0;
        if (eglQueryDevicesEXT(16, devices, &count)) {
            for (EGLint i = 0; i < count; ++i) {
                if (deviceIndex >= 0 && i != deviceIndex) continue;
                EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
                if (d != EGL_NO_DISPLAY) out.push_back({d, "device #" + std::to_string(i)});
            }
        }
    }
    if (platform != EglPlatform::Device && GLAD_EGL_MESA_platform_surfaceless) {
        EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
        if (d != EGL_NO_DISPLAY) out.push_back({d, "surfaceless"});
    }
    return out;
}

} // namespace

const char* eglPlatformName(EglPlatform platform) {
    static constexpr const char* kNames[] = {"auto", "device", "surfaceless"}; // enumerator order
    return kNames[int(platform)];
}

Result<std::unique_ptr<HeadlessContext>> HeadlessContext::create(const HeadlessOptions& options) {
    // glad's EGL loader must run twice: once without a display for the client extensions
    // (eglGetPlatformDisplay, device enumeration) and again per display for display extensions.
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY))
        return makeError("cannot load libEGL (install libegl1 / libegl-mesa0)");

    std::vector<DisplayAttempt> displays = candidateDisplays(options.platform, options.deviceIndex);
    if (displays.empty())
        return makeError("no EGL display: neither EGL_EXT_platform_device nor EGL_MESA_platform_surfaceless "
                         "is available (Mesa: install libegl-mesa0 libgl1-mesa-dri)");

    std::string failures;
    for (const DisplayAttempt& attempt : displays) {
        EGLint major = 0, minor = 0;
        if (!eglInitialize(attempt.display, &major, &minor)) {
            failures += (failures.empty() ? " " : "; ") + attempt.name + ": " + eglErrorText("eglInitialize");
            continue;
        }
        keepDriverLoadedForLeakCheck(); // ASan builds: the driver's memory is not a leak of ours, even when
                                        // no context can be made (no GL 4.5 core)
        gladLoaderLoadEGL(attempt.display);
        Result<EGLContext> context = createCoreContext(attempt.display, options.debugContext);
        if (!context) {
            failures += (failures.empty() ? " " : "; ") + attempt.name + ": " + context.error();
            eglTerminate(attempt.display);
            continue;
        }
        if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress))) {
            failures += (failures.empty() ? " " : "; ") + attempt.name + ": cannot load GL functions";
            eglMakeCurrent(attempt.display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            eglDestroyContext(attempt.display, *context);
            eglTerminate(attempt.display);
            continue;
        }
        std::unique_ptr<HeadlessContext> ctx(new HeadlessContext());
        ctx->m_display = attempt.display;
        ctx->m_context = *context;
        ctx->m_info = queryGlInfo();
        ctx->m_platform = attempt.name;
        if (Result<void> req = checkRequirements(ctx->m_info); !req) return makeError(req.error());
        installDebugOutput(options.debugContext ? DebugFilter::All : DebugFilter::Warnings,
                           /*synchronous=*/options.debugContext);
        return ctx;
    }
    // One line: every display refusing the context (EGL_BAD_MATCH) means the driver has no GL 4.5 core.
    const bool noCore45 = failures.find("eglCreateContext") != std::string::npos;
    return makeError(std::string("cannot create a headless GL 4.5 core context") +
                     (noCore45 ? " (this driver offers no OpenGL 4.5 core profile)" : "") + ":" + failures);
}

HeadlessContext::~HeadlessContext() {
    auto display = static_cast<EGLDisplay>(m_display);
    if (!display) return;
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, static_cast<EGLContext>(m_context));
    eglTerminate(display);
}

} // namespace dicer::gl
