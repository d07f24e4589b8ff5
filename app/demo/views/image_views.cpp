#include "image_views.h"

#include "allocation.h"
#include "gl_debug.h"
#include "hpc_shared.h"
#include "occupancy_sparse.h"
#include "storage_blocks.h"
#include "view_shared.h"

#include <algorithm>

namespace dicer::app {

Result<ImageViews> ImageViews::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    ImageViews v(shaders);
    v.m_perBlock = gl::entriesPerBlock(info);
    auto atlas = shaders.add(
        {"atlas view",
         {{GL_VERTEX_SHADER, "fullscreen.vert.glsl"}, {GL_FRAGMENT_SHADER, "atlas_view.frag.glsl"}},
         {}});
    if (!atlas) return makeError(atlas.error());
    auto bits = shaders.add(
        {"atlas view (occupancy bits)",
         {{GL_VERTEX_SHADER, "fullscreen.vert.glsl"}, {GL_FRAGMENT_SHADER, "atlas_view.frag.glsl"}},
         {{"VIEW_FROM_BITS", ""}}});
    if (!bits) return makeError(bits.error());
    auto sparse = shaders.add(
        {"atlas view (sparse occupancy)",
         {{GL_VERTEX_SHADER, "fullscreen.vert.glsl"}, {GL_FRAGMENT_SHADER, "atlas_view.frag.glsl"}},
         {{"VIEW_FROM_SPARSE", ""}}});
    if (!sparse) return makeError(sparse.error());
    auto list = shaders.add({"list view", {{GL_COMPUTE_SHADER, "list_view.comp.glsl"}}, {}});
    if (!list) return makeError(list.error());
    v.m_atlasProgram = *atlas;
    v.m_bitsProgram = *bits;
    v.m_sparseProgram = *sparse;
    v.m_listProgram = *list;
    v.m_emptyVao = gl::createVertexArray("image views fullscreen");
    v.m_atlasTarget = gl::createFramebuffer("atlas view target");
    Result<gl::Texture> listImage =
        gl::allocateTexture2D(kListSize, kListSize, GLenum(GL_RGBA8), 1, "list view image");
    if (!listImage) return makeError(listImage.error());
    v.m_listImage = std::move(listImage.value());
    // ImGui samples the images with their own parameters: nearest keeps list entries and voxels crisp.
    glTextureParameteri(v.m_listImage.id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTextureParameteri(v.m_listImage.id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    // texelFetch ignores filtering, but the atlas must be complete whatever its own filter says.
    v.m_nearest = gl::createSampler(GL_NEAREST, "atlas view nearest");
    return v;
}

Result<void> ImageViews::renderAtlas(GLuint atlas, glm::vec4 window, glm::ivec2 tileSize, glm::ivec2 size) {
    if (!atlas) return {};
    glBindTextureUnit(VIEW_UNIT_ATLAS, atlas);
    glBindSampler(VIEW_UNIT_ATLAS, m_nearest.id());
    Result<void> r = renderWindow(m_atlasProgram, window, tileSize, size);
    glBindSampler(VIEW_UNIT_ATLAS, 0);
    return r;
}

Result<void> ImageViews::renderBits(GLuint bits, int atlasSide, glm::vec4 window, glm::ivec2 tileSize,
                                    glm::ivec2 size) {
    if (!bits || atlasSide < 1) return {};
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HPB_BIND_BITS, bits);
    glProgramUniform1i(m_shaders->get(m_bitsProgram), VIEW_LOC_ATLAS_SIDE, atlasSide);
    return renderWindow(m_bitsProgram, window, tileSize, size);
}

Result<void> ImageViews::renderSparse(GLuint index, GLuint pool, std::uint32_t slots, int atlasSide,
                                      glm::vec4 window, glm::ivec2 tileSize, glm::ivec2 size) {
    if (!index || !pool || atlasSide < 1) return {};
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SPARSE_BIND_INDEX, index);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SPARSE_BIND_POOL, pool);
    const GLuint program = m_shaders->get(m_sparseProgram);
    glProgramUniform1i(program, VIEW_LOC_ATLAS_SIDE, atlasSide);
    glProgramUniform1ui(program, VIEW_LOC_CAPACITY, slots);
    return renderWindow(m_sparseProgram, window, tileSize, size);
}

Result<void> ImageViews::renderWindow(gl::ProgramId id, glm::vec4 window, glm::ivec2 tileSize,
                                      glm::ivec2 size) {
    size = glm::clamp(size, glm::ivec2(16), glm::ivec2(2048));
    gl::DebugGroup group("atlas view");
    if (size != m_atlasSize) {
        // Refused: the panel keeps showing the previous image (its size and contents).
        Result<gl::Texture> image =
            gl::allocateTexture2D(size.x, size.y, GLenum(GL_RGBA8), 1, "atlas view image");
        if (!image) return makeError("atlas view: " + image.error());
        // The panel recorded this frame's draw with the old image, which ImGui binds after this: it lives on
        // until the next new size (a frame later at the earliest), never deleted under a recorded draw.
        m_retiredAtlasImage = std::move(m_atlasImage);
        m_atlasImage = std::move(image.value());
        glTextureParameteri(m_atlasImage.id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTextureParameteri(m_atlasImage.id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glNamedFramebufferTexture(m_atlasTarget.id(), GL_COLOR_ATTACHMENT0, m_atlasImage.id(), 0);
        m_atlasSize = size;
    }
    GLuint program = m_shaders->get(id);
    glProgramUniform4f(program, VIEW_LOC_WINDOW, window.x, window.y, window.z, window.w);
    glProgramUniform2i(program, VIEW_LOC_DST_SIZE, size.x, size.y);
    tileSize = glm::max(tileSize, glm::ivec2(1));
    glProgramUniform2i(program, VIEW_LOC_TILE_SIZE, tileSize.x, tileSize.y);
    glUseProgram(program);
    glBindFramebuffer(GL_FRAMEBUFFER, m_atlasTarget.id());
    glViewport(0, 0, size.x, size.y);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glBindVertexArray(m_emptyVao.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return {};
}

void ImageViews::renderList(const particles::ParticleSource& source) {
    if (!source.pointBuffer || !source.counterBuffer) return;
    gl::DebugGroup group("list view");
    GLuint program = m_shaders->get(m_listProgram);
    glProgramUniform2i(program, VIEW_LOC_DST_SIZE, kListSize, kListSize);
    glm::ivec3 volume = glm::max(source.volume, glm::ivec3(1));
    glProgramUniform3i(program, VIEW_LOC_VOLUME, volume.x, volume.y, volume.z);
    glProgramUniform1ui(program, VIEW_LOC_CAPACITY, source.pointCapacity);
    glUseProgram(program);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_COUNTERS, source.counterBuffer);
    gl::bindEntryBlocks(HP_BIND_POINTS, source.pointBuffer, source.pointCapacity, m_perBlock);
    glBindImageTexture(VIEW_IMAGE_DST, m_listImage.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    const GLuint groups = (kListSize + VIEW_LOCAL_SIZE - 1) / VIEW_LOCAL_SIZE;
    glDispatchCompute(groups, groups, 1);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT); // ImGui samples it later this frame
}

} // namespace dicer::app
