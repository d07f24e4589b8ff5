#include "surface_view.h"

#include "view_shared.h"
#include "volume_values.h"

#include <algorithm>
#include <cmath>

namespace dicer::app {
namespace {

glm::vec3 colorAt(double value, double min, double max) {
    double t = max > min ? (value - min) / (max - min) : 0.0;
    t = std::isnan(t) ? 0.0 : std::clamp(t, 0.0, 1.0);
    const volume::uint rgb = volume::volColormap(volume::uint(std::lround(t * 255.0)));
    const glm::vec3 c(float((rgb >> 16) & 0xffu), float((rgb >> 8) & 0xffu), float(rgb & 0xffu));
    return glm::mix(c / 255.f, glm::vec3(1.f), 0.35f); // viridis' dark end would hide the shading
}

} // namespace

std::pair<glm::vec3, glm::vec3> surfaceColors(double lo, double hi, double min, double max) {
    return {colorAt(lo, min, max), colorAt(hi, min, max)};
}

Result<SurfaceView> SurfaceView::create(gl::ShaderLibrary& shaders, bool shatter) {
    SurfaceView view(shaders);
    view.m_shatter = shatter;
    gl::ProgramDesc desc{
        "surface view",
        {{GL_VERTEX_SHADER, "surface_view.vert.glsl"}, {GL_FRAGMENT_SHADER, "surface_view.frag.glsl"}},
        {}};
    if (shatter) desc.defines.push_back({"SURFACE_SHATTER", ""});
    auto program = shaders.add(std::move(desc));
    if (!program) return makeError(program.error());
    view.m_program = *program;
    view.m_vao = gl::createVertexArray("surface view");
    const GLuint vao = view.m_vao.id();
    // One uvec4 a vertex (mc_vertex.h: cell, ids, t, normal), decoded by the vertex shader.
    glEnableVertexArrayAttrib(vao, SURF_ATTR_VERTEX);
    glVertexArrayAttribBinding(vao, SURF_ATTR_VERTEX, 0);
    glVertexArrayAttribIFormat(vao, SURF_ATTR_VERTEX, 4, GL_UNSIGNED_INT, 0);
    return view;
}

void SurfaceView::draw(const surface::McMethod& method, const SurfaceDraw& d) const {
    if (!method.vertexBuffer() || (m_shatter && !d.shatter)) return; // the program reads the pieces
    const GLuint program = m_shaders->get(m_program);
    glProgramUniformMatrix4fv(program, LIT_LOC_VIEW_PROJ, 1, GL_FALSE, &d.viewProj[0][0]);
    glProgramUniformMatrix4fv(program, LIT_LOC_MODEL, 1, GL_FALSE, &d.model[0][0]);
    glProgramUniform3f(program, LIT_LOC_LIGHT_DIR, d.lightDir.x, d.lightDir.y, d.lightDir.z);
    glProgramUniform3f(program, SURF_LOC_COLOR_LO, d.colorLo.x, d.colorLo.y, d.colorLo.z);
    glProgramUniform3f(program, SURF_LOC_COLOR_HI, d.colorHi.x, d.colorHi.y, d.colorHi.z);
    const glm::ivec3 cells = method.cells();
    const glm::vec3 spacing = method.spacing();
    glProgramUniform3i(program, SURF_LOC_CELLS, cells.x, cells.y, cells.z);
    glProgramUniform3f(program, SURF_LOC_SPACING, spacing.x, spacing.y, spacing.z);
    glUseProgram(program);
    if (m_shatter) d.shatter->bindForDraw();
    glVertexArrayVertexBuffer(m_vao.id(), 0, method.vertexBuffer(), 0, MC_VERTEX_BYTES);
    glBindVertexArray(m_vao.id());
    // The count is the expansion's total clamped to the capacity, on the GPU: nothing read back.
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, method.headerBuffer());
    glDrawArraysIndirect(GL_TRIANGLES,
                         reinterpret_cast<const void*>(surface::McMethod::drawIndirectOffset()));
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    glBindVertexArray(0);
    glUseProgram(0); // never leave a program bound that a shader reload may delete
}

} // namespace dicer::app
