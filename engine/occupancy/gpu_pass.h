// Internals shared by the voxelizer's source files (voxelizer.cpp, voxelizer_slots.cpp, voxel_passes.cpp and
// the methods' vox_method_*.cpp): the GL state guard of its passes, barriers, dispatch sizes, message text.
// Not part of the engine's interface.
#pragma once

#include "gl_handle.h"

#include <glm/vec3.hpp>

#include <algorithm>
#include <array>
#include <string>

namespace dicer::occupancy {

// After the bits (or the slot colours) are written: visible to the HistoPyramid over bits and the particles
// (storage reads), buffer copies and read-backs.
inline constexpr GLbitfield kBitsWritten = GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT;

// After image stores into the atlas: visible to whatever reads it next (the HistoPyramid's texel fetches,
// the solid fill's atomics, framebuffer use, read-backs).
inline constexpr GLbitfield kAtlasWrittenByImage =
    GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
    GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT;

inline GLuint groups(int items, int perGroup) {
    return GLuint((items + perGroup - 1) / perGroup);
}

// One compute dispatch over `items` (at least 1) in groups of perGroup: a 2D grid past 65535 groups (the
// smallest GL_MAX_COMPUTE_WORK_GROUP_COUNT), rows of gl_NumWorkGroups.x groups that the shaders fold back.
inline void dispatchItems(int items, int perGroup) {
    const GLuint needed = groups(items, perGroup);
    const GLuint x = std::min(needed, 65535u);
    glDispatchCompute(x, (needed + x - 1) / x, 1);
}


// Saves and restores the GL state voxelize() changes, so callers (the demo's frame loop) keep theirs.
// Object bindings are restored only for objects whose names outlive the call: framebuffers, vertex arrays
// and buffers are owned by callers that are still running. The current program is not restored: a shader
// hot reload (ShaderLibrary::reloadAll) deletes the program that was current, GL keeps it alive only while
// it stays current, so once voxelize() binds its own it is gone and binding its name again is
// GL_INVALID_VALUE (or, if the name was reused, silently the wrong program). Every pass binds the program
// it uses (glUseProgram(shaders.get(id))), so the guard leaves no program bound instead.
class StateGuard {
public:
    StateGuard() {
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &m_fbo);
        glGetIntegerv(GL_VIEWPORT, m_viewport);
        glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &m_vao);
        glGetIntegerv(GL_DRAW_INDIRECT_BUFFER_BINDING, &m_indirect);
        glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &m_dispatchIndirect);
        glGetBooleanv(GL_COLOR_WRITEMASK, m_colorMask);
        glGetIntegerv(GL_POLYGON_MODE, m_polygonMode); // some drivers return front and back

        glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL); // a wireframe caller would otherwise voxelize edges only
        for (size_t i = 0; i < kCaps.size(); ++i) {
            m_enabled[i] = glIsEnabled(kCaps[i]);
            glDisable(kCaps[i]);
        }
    }
    ~StateGuard() {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(m_fbo));
        glViewport(m_viewport[0], m_viewport[1], m_viewport[2], m_viewport[3]);
        glUseProgram(0); // see above: never the caller's program, which a reload may have deleted
        glBindVertexArray(GLuint(m_vao));
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, GLuint(m_indirect));
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, GLuint(m_dispatchIndirect));
        glColorMask(m_colorMask[0], m_colorMask[1], m_colorMask[2], m_colorMask[3]);
        glPolygonMode(GL_FRONT_AND_BACK, GLenum(m_polygonMode[0]));
        for (size_t i = 0; i < kCaps.size(); ++i)
            (m_enabled[i] ? glEnable : glDisable)(kCaps[i]);
    }
    StateGuard(const StateGuard&) = delete;
    StateGuard& operator=(const StateGuard&) = delete;

private:
    static constexpr std::array<GLenum, 7> kCaps = {
        GL_BLEND,       GL_DEPTH_TEST,   GL_CULL_FACE,         GL_SCISSOR_TEST,
        GL_DEPTH_CLAMP, GL_STENCIL_TEST, GL_RASTERIZER_DISCARD};
    GLint m_fbo = 0, m_viewport[4] = {}, m_vao = 0, m_indirect = 0, m_dispatchIndirect = 0;
    GLint m_polygonMode[2] = {GL_FILL, GL_FILL};
    GLboolean m_colorMask[4] = {GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE};
    std::array<GLboolean, kCaps.size()> m_enabled{};
};

} // namespace dicer::occupancy
