// A GlInfo without a GPU, for the CPU tests of the tables' availability (methods_test, vox_method_table_test):
// a test lowers one limit of the roomy context and checks that exactly the rows that need it become unavailable.
#pragma once

#include "gl_info.h"

#include <cstdint>

namespace dicer::test {

// The limits of a GL 4.5 driver that runs every row of every table (the spec minimums or more).
inline gl::GlInfo roomyGlInfo() {
    gl::GlInfo info;
    info.renderer = "fake";
    info.major = 4;
    info.minor = 5;
    info.coreProfile = true;
    info.maxTextureSize = 16384;
    info.max3DTextureSize = 2048;
    info.maxRectangleTextureSize = 16384;
    info.maxComputeInvocations = 1024;
    info.maxComputeGroupCount[0] = info.maxComputeGroupCount[1] = info.maxComputeGroupCount[2] = 65535;
    info.maxStorageBlockBytes = std::int64_t(1) << 27;
    info.maxVertexStorageBlocks = info.maxFragmentStorageBlocks = 8;
    return info;
}

// Mesa llvmpipe's limits that decide the voxel outputs: 16384 textures and viewports, 128 MiB storage blocks.
inline gl::GlInfo llvmpipeLike() {
    gl::GlInfo info = roomyGlInfo();
    info.maxViewportDims[0] = info.maxViewportDims[1] = 16384;
    info.maxFramebufferSize[0] = info.maxFramebufferSize[1] = 16384;
    return info;
}

} // namespace dicer::test
