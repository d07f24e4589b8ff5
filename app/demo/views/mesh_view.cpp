#include "mesh_view.h"

#include "allocation.h"
#include "view_shared.h"

#include <algorithm>
#include <numeric>

namespace dicer::app {
namespace {

struct Vertex {
    glm::vec3 position, normal;
    glm::vec4 color;
    glm::vec2 texcoord;
};

} // namespace

Result<MeshView> MeshView::create(gl::ShaderLibrary& shaders) {
    MeshView view(shaders);
    auto program =
        shaders.add({"mesh view",
                     {{GL_VERTEX_SHADER, "mesh_view.vert.glsl"}, {GL_FRAGMENT_SHADER, "mesh_view.frag.glsl"}},
                     {}});
    if (!program) return makeError(program.error());
    view.m_program = *program;
    // The shared texture array has one level (voxel_mesh.h): no mipmapped filtering.
    view.m_sampler = gl::createSampler(GL_LINEAR, "mesh view texture");
    return view;
}

Result<void> MeshView::upload(const model::Mesh& mesh,
                              std::shared_ptr<const voxel::MeshTextureArray> textures) {
    if (mesh.empty()) { // zero-sized buffers are a GL error; loaders reject such files anyway
        m_ranges.clear();
        m_textures = std::move(textures);
        return {};
    }
    std::vector<Vertex> vertices(mesh.vertexCount());
    for (size_t i = 0; i < vertices.size(); ++i)
        vertices[i] = {mesh.positions[i], mesh.normals[i], mesh.colors[i], mesh.texcoords[i]};

    // Triangles sorted by material (stable: file order within a material), one draw per material.
    std::vector<size_t> order(mesh.triangleCount());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return mesh.triangleMaterial[a] < mesh.triangleMaterial[b]; });
    std::vector<std::uint32_t> indices;
    std::vector<Range> ranges;
    indices.reserve(mesh.indices.size());
    for (size_t t : order) {
        int material = mesh.triangleMaterial[t];
        int texture = material >= 0 ? mesh.materials[size_t(material)].textureIndex : -1;
        if (ranges.empty() || ranges.back().texture != texture)
            ranges.push_back({GLsizei(indices.size()), 0, texture});
        for (int c = 0; c < 3; ++c)
            indices.push_back(mesh.indices[t * 3 + size_t(c)]);
        ranges.back().count += 3;
    }

    // Both buffers before anything changes: a refusal keeps the previous mesh, ranges and textures.
    Result<gl::Buffer> vertexBuffer = gl::allocateBuffer(GLsizeiptr(vertices.size() * sizeof(Vertex)),
                                                         vertices.data(), 0, "mesh view vertices");
    if (!vertexBuffer) return makeError("mesh view: " + vertexBuffer.error());
    Result<gl::Buffer> indexBuffer = gl::allocateBuffer(GLsizeiptr(indices.size() * sizeof(std::uint32_t)),
                                                        indices.data(), 0, "mesh view indices");
    if (!indexBuffer) return makeError("mesh view: " + indexBuffer.error());
    m_vertices = std::move(vertexBuffer.value());
    m_indices = std::move(indexBuffer.value());
    m_ranges = std::move(ranges);
    m_textures = std::move(textures);
    m_vao = gl::createVertexArray("mesh view");
    const GLuint vao = m_vao.id();
    glVertexArrayVertexBuffer(vao, 0, m_vertices.id(), 0, sizeof(Vertex));
    glVertexArrayElementBuffer(vao, m_indices.id());
    auto attribute = [&](GLuint location, GLint components, GLuint offset) {
        glEnableVertexArrayAttrib(vao, location);
        glVertexArrayAttribFormat(vao, location, components, GL_FLOAT, GL_FALSE, offset);
        glVertexArrayAttribBinding(vao, location, 0);
    };
    attribute(MESH_ATTR_POSITION, 3, offsetof(Vertex, position));
    attribute(MESH_ATTR_NORMAL, 3, offsetof(Vertex, normal));
    attribute(MESH_ATTR_COLOR, 4, offsetof(Vertex, color));
    attribute(MESH_ATTR_TEXCOORD, 2, offsetof(Vertex, texcoord));
    return {};
}

void MeshView::draw(const glm::mat4& viewProj, const glm::mat4& model, const glm::vec3& lightDir) const {
    if (!m_vao || m_ranges.empty()) return;
    GLuint program = m_shaders->get(m_program);
    glProgramUniformMatrix4fv(program, LIT_LOC_VIEW_PROJ, 1, GL_FALSE, &viewProj[0][0]);
    glProgramUniformMatrix4fv(program, LIT_LOC_MODEL, 1, GL_FALSE, &model[0][0]);
    glProgramUniform3f(program, LIT_LOC_LIGHT_DIR, lightDir.x, lightDir.y, lightDir.z);
    glUseProgram(program);
    glBindVertexArray(m_vao.id());
    glBindSampler(MESH_UNIT_TEXTURE, m_sampler.id());
    for (const Range& r : m_ranges) {
        const bool textured =
            m_textures && r.texture >= 0 && size_t(r.texture) < m_textures->plan.slots.size();
        glProgramUniform1i(program, MESH_LOC_TEXTURED, textured ? 1 : 0);
        if (textured) {
            const glm::vec4& slot = m_textures->plan.slots[size_t(r.texture)];
            glProgramUniform4f(program, MESH_LOC_SLOT, slot.x, slot.y, slot.z, slot.w);
            glBindTextureUnit(MESH_UNIT_TEXTURE, m_textures->texture.id());
        }
        glDrawElements(GL_TRIANGLES, r.count, GL_UNSIGNED_INT,
                       reinterpret_cast<const void*>(size_t(r.first) * sizeof(std::uint32_t)));
    }
    glBindSampler(MESH_UNIT_TEXTURE, 0);
}

} // namespace dicer::app
