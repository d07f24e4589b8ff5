// The two 2D panels' images, rendered on the GPU into small RGBA8 textures that ImGui shows: the slice
// atlas (a zoomable window of it) and the point list (in the paper's 2D list-texture layout).
#pragma once

#include "gl_handle.h"
#include "particles.h"
#include "result.h"
#include "shader.h"

#include <glm/glm.hpp>

namespace dicer::app {

class ImageViews {
public:
    static constexpr int kListSize = 512; // list panel image, square

    // `info`: the point list is bound as blocks of gl::entriesPerBlock(info) entries (storage_blocks.h).
    static Result<ImageViews> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // `window`: atlas texels (x0, y0, x1, y1) to show; size: the panel's image size in pixels. Errors: the
    // image of a new size was refused (the previous image stays, not redrawn).
    Result<void> renderAtlas(GLuint atlas, glm::vec4 window, glm::ivec2 tileSize, glm::ivec2 size);
    // The same view of the occupancy bits (occupancy_bits.h): the virtual atlas of `atlasSide` texels a side.
    Result<void> renderBits(GLuint bits, int atlasSide, glm::vec4 window, glm::ivec2 tileSize,
                            glm::ivec2 size);
    // The same view of the sparse occupancy (sparse_occupancy.h): its index and pool of `slots` slots over the
    // virtual atlas of `atlasSide` texels; the used bricks show tinted, the empty ones as background.
    Result<void> renderSparse(GLuint index, GLuint pool, std::uint32_t slots, int atlasSide, glm::vec4 window,
                              glm::ivec2 tileSize, glm::ivec2 size);
    // The point list of this frame (same source the particles read).
    void renderList(const particles::ParticleSource& source);

    GLuint atlasImage() const { return m_atlasImage.id(); }
    GLuint listImage() const { return m_listImage.id(); }

private:
    explicit ImageViews(gl::ShaderLibrary& shaders) : m_shaders(&shaders) {}
    gl::ShaderLibrary* m_shaders;
    std::uint32_t m_perBlock = 0;
    // One image of a window of the atlas or the bits (the program differs; the target and the draw are one).
    Result<void> renderWindow(gl::ProgramId program, glm::vec4 window, glm::ivec2 tileSize, glm::ivec2 size);

    gl::ProgramId m_atlasProgram, m_bitsProgram, m_sparseProgram, m_listProgram;
    gl::Texture m_atlasImage, m_listImage;
    gl::Texture m_retiredAtlasImage; // the image before the last new size (see renderWindow)
    gl::Framebuffer m_atlasTarget;
    gl::VertexArray m_emptyVao;
    gl::Sampler m_nearest;
    glm::ivec2 m_atlasSize{0};
};

} // namespace dicer::app
