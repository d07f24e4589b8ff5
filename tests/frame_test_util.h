// The frame tests' one-row frame: a Frame that builds only the method of one row (one row keeps them quick).
#pragma once

#include "frame.h"
#include "builtin_models.h"
#include "gl_test_util.h"
#include "hp_shared.h"
#include "hp_point.h"

#include <functional>
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

// The teapot on `row` and its output, `adjust` changing the settings before they apply: ready for its frames.
// Null (the failure reported) when it cannot be made.
inline std::unique_ptr<OneRowFrame> teapotFrame(methods::MethodId row,
                                                const std::function<void(frame::FrameSettings&)>& adjust = {},
                                                const gl::GlInfo& info = context().info()) {
    auto one = std::make_unique<OneRowFrame>(row, info);
    if (!one->created) return nullptr;
    one->settings.voxels = frame::outputFor(row);
    if (adjust) adjust(one->settings);
    Result<void> r = one->created->apply(one->settings);
    if (r) r = one->created->setMesh(model::makeTeapot());
    if (!r) {
        ADD_FAILURE() << r.error();
        return nullptr;
    }
    return one;
}

// A driver whose storage blocks hold 65536 points each (four of them: 262144), the least any list method
// accepts: the teapot's 267552 points at 512^3 do not fit.
inline gl::GlInfo smallEntryBlocks() {
    gl::GlInfo small = context().info();
    small.maxEntryBlockBytes = std::int64_t(65536) * HP_POINT_BYTES;
    return small;
}

} // namespace dicer::test
