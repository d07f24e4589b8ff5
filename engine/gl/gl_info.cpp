#include "gl_info.h"

#include "gl.h"

#include <algorithm>
#include <cstring>

namespace dicer::gl {
namespace {
std::string getString(GLenum name) {
    const GLubyte* s = glGetString(name);
    return s ? reinterpret_cast<const char*>(s) : "";
}
int getInt(GLenum name, GLuint index = ~0u) {
    GLint v = 0;
    if (index == ~0u)
        glGetIntegerv(name, &v);
    else
        glGetIntegeri_v(name, index, &v);
    return v;
}
bool contains(const std::string& haystack, const char* needle) {
    return haystack.find(needle) != std::string::npos;
}
} // namespace

std::string GlInfo::summary() const {
    return renderer + " | " + version + (coreProfile ? " | core" : " | compatibility") +
           (debugContext ? " | debug" : "");
}

GlInfo queryGlInfo() {
    GlInfo info;
    info.vendor = getString(GL_VENDOR);
    info.renderer = getString(GL_RENDERER);
    info.version = getString(GL_VERSION);
    info.glslVersion = getString(GL_SHADING_LANGUAGE_VERSION);
    info.major = getInt(GL_MAJOR_VERSION);
    info.minor = getInt(GL_MINOR_VERSION);
    info.coreProfile = (getInt(GL_CONTEXT_PROFILE_MASK) & GL_CONTEXT_CORE_PROFILE_BIT) != 0;
    info.debugContext = (getInt(GL_CONTEXT_FLAGS) & GL_CONTEXT_FLAG_DEBUG_BIT) != 0;
    info.maxTextureSize = getInt(GL_MAX_TEXTURE_SIZE);
    info.max3DTextureSize = getInt(GL_MAX_3D_TEXTURE_SIZE);
    info.maxRectangleTextureSize = getInt(GL_MAX_RECTANGLE_TEXTURE_SIZE);
    info.maxComputeInvocations = getInt(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS);
    for (GLuint axis = 0; axis < 3; ++axis)
        info.maxComputeGroupCount[axis] = getInt(GL_MAX_COMPUTE_WORK_GROUP_COUNT, axis);
    GLint64 block = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block);
    info.maxStorageBlockBytes = std::int64_t(block);
    GLint64 texels = 0;
    glGetInteger64v(GL_MAX_TEXTURE_BUFFER_SIZE, &texels);
    info.maxBufferViewTexels = std::int64_t(texels);
    info.storageBufferOffsetAlignment = std::max(getInt(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT), 16);
    info.uniformBufferOffsetAlignment = std::max(getInt(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT), 1);
    info.maxVertexStorageBlocks = getInt(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS);
    info.maxFragmentStorageBlocks = getInt(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS);
    GLint viewport[2] = {};
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
    info.maxViewportDims[0] = viewport[0];
    info.maxViewportDims[1] = viewport[1];
    info.maxFramebufferSize[0] = getInt(GL_MAX_FRAMEBUFFER_WIDTH);
    info.maxFramebufferSize[1] = getInt(GL_MAX_FRAMEBUFFER_HEIGHT);
    info.maxArrayTextureLayers = getInt(GL_MAX_ARRAY_TEXTURE_LAYERS);
    if (glGetQueryiv) {
        GLint bits = 0;
        glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits);
        info.timestampBits = bits;
    }
    info.softwareRenderer = contains(info.renderer, "llvmpipe") || contains(info.renderer, "softpipe") ||
                            contains(info.renderer, "SwiftShader") || contains(info.renderer, "Software");
    info.hasViewportLayerArray = GLAD_GL_ARB_shader_viewport_layer_array != 0;
    info.hasShaderBallot = GLAD_GL_ARB_shader_ballot != 0 && GLAD_GL_ARB_gpu_shader_int64 != 0;
    glGetError(); // a driver without GL_CONTEXT_PROFILE_MASK etc. must not leave an error behind
    return info;
}

Result<void> checkRequirements(const GlInfo& info) {
    std::string missing;
    auto need = [&](bool ok, const char* what) {
        if (ok) return;
        if (!missing.empty()) missing += ", ";
        missing += what;
    };
    need(info.major > 4 || (info.major == 4 && info.minor >= 5), "OpenGL 4.5");
    need(info.coreProfile, "a core profile context");
    need(info.maxTextureSize >= 1024, "GL_MAX_TEXTURE_SIZE >= 1024");
    need(info.maxComputeInvocations >= 256, "compute shaders with >= 256 invocations per work group");
    if (missing.empty()) return {};
    return makeError("this GL driver (" + info.renderer + ", " + info.version + ") lacks: " + missing);
}

} // namespace dicer::gl
