// What the demo's frame loop draws into: a desktop window (window.h) or an offscreen framebuffer on a headless
// EGL context (offscreen.h, `dicer --offscreen`). The loop in main.cpp is the same for both; only this
// interface differs. A surface owns the GL context: it is created first and destroyed last.
#pragma once

#include "gl.h"
#include "gl_info.h"
#include "keys.h"

#include <glm/vec2.hpp>

#include <string>
#include <vector>

struct GLFWwindow;

namespace dicer::app {

class Surface {
public:
    virtual ~Surface() = default;

    virtual const gl::GlInfo& info() const = 0;
    virtual std::string description() const = 0; // "window" / "offscreen (EGL surfaceless)", for the summary

    virtual bool closeRequested() const = 0;
    virtual void requestClose() {} // the Quit key (a window closes; a scripted run ends after --frames)
    virtual void pollEvents() = 0;
    virtual void waitEvents(double timeoutSeconds) = 0; // while minimised: sleep instead of spinning
    virtual bool iconified() const = 0;

    virtual glm::ivec2 framebufferSize() const = 0; // pixels; 0x0 while minimised
    virtual float contentScale() const = 0;         // 1 on a standard-DPI monitor (and offscreen)
    // The framebuffer a frame draws into and screenshots read: 0 (the window's back buffer) or an FBO.
    virtual GLuint framebuffer() const = 0;
    virtual GLenum colorBuffer() const = 0; // GL_BACK or GL_COLOR_ATTACHMENT0: what glReadBuffer names
    virtual void present() = 0;             // swap buffers (window) or nothing (offscreen)

    // Key presses since the last call, each once (keys.h; none offscreen).
    virtual std::vector<KeyPress> takeKeyPresses() { return {}; }
    // Paths dropped on the window since the last call (none offscreen).
    virtual std::vector<std::string> takeDroppedPaths() { return {}; }
    // The window ImGui's GLFW backend reads input from; null offscreen (no input, ImGui still draws).
    virtual GLFWwindow* inputWindow() const { return nullptr; }
};

} // namespace dicer::app
