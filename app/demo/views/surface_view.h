// The surface view: the expand stage's triangle list (frame::SurfaceStage, a row of the
// marching-cubes table) drawn in the 3D view with glDrawArraysIndirect from the method's header, so no count
// is read back: the vertex buffer bound as attributes (position, normal, the ids' crossing), placed in world
// by the transform the points use (the volume's physical units -> volume space -> world), shaded with the
// normals (two-sided Lambert, as the mesh view) in the colour map's colour of the band end each vertex lies
// on. The vertex shader's hook (shaders/surface_view_motion.glsl) is where a motion of the triangles plugs in.
#pragma once

#include "gl_handle.h"
#include "mc_method.h"
#include "result.h"
#include "shader.h"
#include "surface_shatter.h"

#include <glm/glm.hpp>

namespace dicer::app {

struct SurfaceDraw {
    glm::mat4 viewProj{1.f};
    glm::mat4 model{1.f}; // physical units -> world: volumeToWorld() * Frame::surfaceToVolume()
    glm::vec3 lightDir{0.f, 1.f, 0.f};
    glm::vec3 colorLo{0.8f}, colorHi{0.8f}; // vertices on the band's lo / hi (surfaceColors)
    // HeartBreaker for surfaces: the pieces the vertices are moved with (a view created with shatter only).
    const particles::SurfaceShatter* shatter = nullptr;
};

class SurfaceView {
public:
    // `shatter`: the vertex shader moves each triangle with its piece (shatter_apply.glsl, SURFACE_SHATTER), and
    // every draw must pass the SurfaceShatter the pieces are in.
    static Result<SurfaceView> create(gl::ShaderLibrary& shaders, bool shatter);
    // Draws the method's last run: its vertex buffer with the draw arguments in its header (the count clamped
    // to the buffer's capacity on the GPU). Depth test as the caller set it; no culling (two-sided).
    void draw(const surface::McMethod& method, const SurfaceDraw& draw) const;

private:
    explicit SurfaceView(gl::ShaderLibrary& shaders) : m_shaders(&shaders) {}
    gl::ShaderLibrary* m_shaders;
    gl::ProgramId m_program;
    bool m_shatter = false;
    gl::VertexArray m_vao; // the attribute formats; the vertex buffer is bound per draw (it grows)
};

// The colours of the band's ends: the colour map (viridis, as the points' colours of a volume) at lo and hi
// within the data's value range, lightened so the shading reads; a band end outside the range takes the
// map's end.
std::pair<glm::vec3, glm::vec3> surfaceColors(double lo, double hi, double min, double max);

} // namespace dicer::app
