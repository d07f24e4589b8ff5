// The frame tests' one-row frame: a Frame that builds only the method of one row (one row keeps them quick).
#pragma once

#include "frame.h"
#include "gl_test_util.h"

#include <memory>

namespace dicer::test {

struct OneRowFrame {
    explicit OneRowFrame(methods::MethodId row, const gl::GlInfo& info = context().info()) {
        Result<std::unique_ptr<frame::Frame>> made =
            frame::Frame::create(shaders, info, [row](methods::MethodId r) { return r == row; });
        if (made)
            created = std::move(*made);
        else
            ADD_FAILURE() << made.error();
        settings.method = row;
    }
    gl::ShaderLibrary shaders; // outlives the frame, which builds its programs from it
    std::unique_ptr<frame::Frame> created;
    frame::FrameSettings settings;
};

} // namespace dicer::test
