// GPU voxelization into the slice atlas: setup/binning compute passes, candidate-quad draws (binned,
// instanced, per-slice) or projected owner/colour draws, optional solid fill; or into the occupancy bits (one
// marking pass; the colours per slot are in voxelizer_slots.cpp). The rule and the methods are described in
// voxelizer.h. Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006)
// ("slicing"); Schwarz & Seidel (SIGGRAPH Asia 2010) and Crassin & Green (OpenGL Insights 2012) for
// dominant-axis sampling; Eisemann & Decoret (GI 2008) for the parity fill.
//
// [SECTION] names  [SECTION] creation  [SECTION] layout and mesh  [SECTION] voxelize
#include "voxelizer.h"

#include "voxelizer_state.h"

#include "gl_debug.h"
#include "log.h"
#include "occupancy_bits.h"
#include "voxel_shared.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace dicer {
using voxelizer_detail::groups;
using voxelizer_detail::kBitsWritten;
using voxelizer_detail::StateGuard;
namespace {

std::string text(glm::ivec3 v) {
    return std::to_string(v.x) + "x" + std::to_string(v.y) + "x" + std::to_string(v.z);
}

// After image stores into the atlas: visible to whatever reads it next (the HistoPyramid's texel fetches,
// the solid fill's atomics, framebuffer use, read-backs).
constexpr GLbitfield kAtlasWrittenByImage = GL_TEXTURE_FETCH_BARRIER_BIT |
                                            GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
                                            GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT;

} // namespace

// [SECTION] names ------------------------------------------------------------------------------------------

// Names in enumerator order.
const char* voxelMethodName(VoxelMethod method) {
    static constexpr const char* kNames[] = {"binned", "instanced", "per-slice", "projected", "compute"};
    return kNames[int(method)];
}

const char* voxelModeName(VoxelMode mode) {
    return mode == VoxelMode::Shell ? "shell" : "solid";
}

const char* surfaceRuleName(SurfaceRule rule) {
    return rule == SurfaceRule::DominantAxis ? "dominant-axis" : "slice-axis";
}

const char* voxelOutputName(VoxelOutput output) {
    return output == VoxelOutput::Atlas ? "atlas" : "bits";
}

std::optional<VoxelOutput> parseVoxelOutput(std::string_view name) {
    for (VoxelOutput o : kVoxelOutputs)
        if (name == voxelOutputName(o)) return o;
    return std::nullopt;
}

AtlasLimit atlasLimit(VoxelOutput output, const gl::GlInfo& info) {
    if (output == VoxelOutput::Atlas) {
        const int side = std::min({info.maxTextureSize, info.maxViewportDims[0], info.maxViewportDims[1],
                                   info.maxFramebufferSize[0], info.maxFramebufferSize[1]});
        return {side, "the largest texture this driver renders to (GL_MAX_TEXTURE_SIZE " +
                          std::to_string(info.maxTextureSize) + ", viewport and framebuffer limits)"};
    }
    // The bits are bound whole as one storage block: side^2 / 8 bytes. Power-of-two sides only (atlases are).
    int side = HP_BITS_MAX_ATLAS;
    while (side > 1 && std::int64_t(side) * side / 8 > info.maxStorageBlockBytes)
        side /= 2;
    return {side, "the occupancy bits' limit (" + std::to_string(HP_BITS_MAX_ATLAS) +
                      " a side, and GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                      std::to_string(info.maxStorageBlockBytes) + " bytes for side^2/8)"};
}

Result<VolumeLayout> presetLayoutFor(std::string_view preset, VoxelOutput output, const gl::GlInfo& info) {
    const AtlasLimit limit = atlasLimit(output, info);
    return presetLayout(preset, limit.side, limit.what);
}

Result<void> checkOutput(VoxelMethod method, VoxelOutput output) {
    if (output == VoxelOutput::Atlas || method == VoxelMethod::Projected || method == VoxelMethod::Compute)
        return {};
    return makeError(std::string("the ") + voxelMethodName(method) +
                     " method renders into the slice atlas through the framebuffer and cannot write the "
                     "occupancy bits; use --vox-method projected or compute with --voxels bits");
}

std::optional<VoxelMethod> parseVoxelMethod(std::string_view name) {
    for (VoxelMethod m : kVoxelMethods)
        if (name == voxelMethodName(m)) return m;
    return std::nullopt;
}

std::optional<VoxelMode> parseVoxelMode(std::string_view name) {
    for (VoxelMode m : kVoxelModes)
        if (name == voxelModeName(m)) return m;
    return std::nullopt;
}

std::optional<SurfaceRule> parseSurfaceRule(std::string_view name) {
    for (SurfaceRule r : kSurfaceRules)
        if (name == surfaceRuleName(r)) return r;
    return std::nullopt;
}

// [SECTION] creation ---------------------------------------------------------------------------------------

Result<Voxelizer> Voxelizer::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    // Vertex pulling needs storage buffers outside compute shaders, which GL 4.5 allows a driver to lack.
    const int vertexBlocks = info.maxVertexStorageBlocks;
    const int fragmentBlocks = info.maxFragmentStorageBlocks;
    if (vertexBlocks < 3 || fragmentBlocks < 4)
        return makeError("the voxelizer needs storage buffers in vertex (3) and fragment (4) shaders; this "
                         "driver has " +
                         std::to_string(vertexBlocks) + " and " + std::to_string(fragmentBlocks));
    Voxelizer v(shaders, info);
    auto add = [&](gl::ProgramId& id, gl::ProgramDesc desc) -> Result<void> {
        Result<gl::ProgramId> program = shaders.add(std::move(desc));
        if (!program) return makeError(program.error());
        id = *program;
        return {};
    };
    const char* drawDefine[3] = {"VOX_DRAW_BINNED", "VOX_DRAW_INSTANCED", "VOX_DRAW_PER_SLICE"};
    Result<void> r =
        add(v.m_setup, {"voxelize setup", {{GL_COMPUTE_SHADER, "voxelize_setup.comp.glsl"}}, {}});
    if (r) r = add(v.m_scan, {"voxelize scan", {{GL_COMPUTE_SHADER, "voxelize_scan.comp.glsl"}}, {}});
    for (int method = 0; method < 3; ++method) // the slab methods: Binned, Instanced, PerSlice
        if (r)
            r = add(v.m_surface[size_t(method)],
                    {std::string("voxelize surface ") + voxelMethodName(VoxelMethod(method)),
                     {{GL_VERTEX_SHADER, "voxelize_slab.vert.glsl"},
                      {GL_FRAGMENT_SHADER, "voxelize_surface.frag.glsl"}},
                     {{drawDefine[method], ""}}});
    const char* passDefine[2] = {"VOX_PASS_OWNER", "VOX_PASS_COLOR"};
    for (int pass = 0; pass < 2; ++pass)
        if (r)
            r = add(v.m_project[size_t(pass)],
                    {std::string("voxelize projected ") + (pass ? "colour" : "owner"),
                     {{GL_VERTEX_SHADER, "voxelize_project.vert.glsl"},
                      {GL_FRAGMENT_SHADER, "voxelize_project.frag.glsl"}},
                     {{passDefine[pass], ""}}});
    const char* crossingDefine[2] = {"VOX_PARITY_MARK", "VOX_PARITY_COLOR"};
    for (int pass = 0; pass < 2; ++pass)
        if (r)
            r = add(v.m_crossings[size_t(pass)],
                    {std::string("voxelize crossings ") + (pass ? "colour" : "markers"),
                     {{GL_VERTEX_SHADER, "voxelize_parity.vert.glsl"},
                      {GL_FRAGMENT_SHADER, "voxelize_parity.frag.glsl"}},
                     {{crossingDefine[pass], ""}}});
    // {owner, colour} x {per triangle, large triangles}, then the colour pass over the voxel list.
    const char* computeDefine[3] = {"VOX_COMPUTE_TRIANGLES", "VOX_COMPUTE_LARGE", "VOX_COMPUTE_VOXELS"};
    for (int program = 0; program < 5; ++program)
        if (r)
            r = add(v.m_compute[size_t(program)],
                    {std::string("voxelize compute ") + (program % 2 || program == 4 ? "colour" : "owner") +
                         " " + computeDefine[program / 2],
                     {{GL_COMPUTE_SHADER, "voxelize_compute.comp.glsl"}},
                     {{program == 4 ? passDefine[1] : passDefine[program % 2], ""},
                      {computeDefine[program / 2], ""}}});
    if (r) r = add(v.m_fill, {"voxelize solid fill", {{GL_COMPUTE_SHADER, "voxelize_fill.comp.glsl"}}, {}});
    // The bits output: one marking pass per method (projected; compute per triangle and large triangles),
    // and the solid fill ORing bits.
    if (r)
        r = add(v.m_projectBits, {"voxelize projected bits",
                                  {{GL_VERTEX_SHADER, "voxelize_project.vert.glsl"},
                                   {GL_FRAGMENT_SHADER, "voxelize_project.frag.glsl"}},
                                  {{"VOX_PASS_BITS", ""}}});
    for (int program = 0; program < 2; ++program)
        if (r)
            r = add(v.m_computeBits[size_t(program)],
                    {std::string("voxelize compute bits ") + computeDefine[program],
                     {{GL_COMPUTE_SHADER, "voxelize_compute.comp.glsl"}},
                     {{"VOX_PASS_BITS", ""}, {computeDefine[program], ""}}});
    if (r)
        r = add(v.m_fillBits, {"voxelize solid fill bits",
                               {{GL_COMPUTE_SHADER, "voxelize_fill.comp.glsl"}},
                               {{"VOX_FILL_BITS", ""}}});
    if (!r) return makeError(r.error());
    const GLuint zeros[VOX_ARGS_UINTS] = {};
    v.m_args = gl::createBufferStorage(sizeof(zeros), zeros, 0, "voxelizer draw args");
    v.m_vao = gl::createVertexArray("voxelizer (vertex pulling)");
    const GLintptr align = GLintptr(info.uniformBufferOffsetAlignment);
    v.m_paramsStride = (GLintptr(sizeof(shared::VoxParams)) + align - 1) / align * align;
    return v;
}

// [SECTION] layout and mesh --------------------------------------------------------------------------------

Result<void> Voxelizer::setLayout(const VolumeLayout& layout, VoxelOutput output) {
    // The layout must be what VolumeLayout::make computes for its volume (the shaders rely on it).
    Result<VolumeLayout> expected = VolumeLayout::make(layout.volume, 1 << 30);
    if (!expected || expected->tiles != layout.tiles || expected->atlasSize != layout.atlasSize)
        return makeError("inconsistent volume layout for volume " + text(layout.volume) +
                         " (make it with VolumeLayout::make or presetLayout)");
    const AtlasLimit limit = atlasLimit(output, m_info);
    if (layout.atlasSize > limit.side)
        return makeError("volume " + text(layout.volume) + " needs a " + std::to_string(layout.atlasSize) +
                         "x" + std::to_string(layout.atlasSize) + " slice atlas (" + voxelOutputName(output) +
                         " output), but " + limit.what + " is " + std::to_string(limit.side));
    // The projected method and solid mode render one pixel per voxel column and write only images or
    // buffers: a framebuffer without attachments, as large as the largest projection (max(volume)^2).
    const int columns = std::max({layout.volume.x, layout.volume.y, layout.volume.z});
    const int maxColumns = std::min({m_info.maxViewportDims[0], m_info.maxViewportDims[1],
                                     m_info.maxFramebufferSize[0], m_info.maxFramebufferSize[1]});
    if (columns > maxColumns)
        return makeError("volume " + text(layout.volume) + " needs a " + std::to_string(columns) +
                         "^2 column "
                         "viewport, but this driver renders at most " +
                         std::to_string(maxColumns));
    // The compute method's voxel list: every voxel of the volume when the driver's storage blocks allow it
    // (up to 32M voxels on llvmpipe), otherwise as many as they hold plus a per-triangle colour fallback.
    const std::int64_t voxels = std::int64_t(layout.volume.x) * layout.volume.y * layout.volume.z;
    std::int64_t listCapacity = std::min(voxels, m_info.maxStorageBlockBytes / 4 - VOX_VOXELS_HEADER);
    if (m_voxelListLimit > 0) listCapacity = std::min(listCapacity, m_voxelListLimit);
    const int parityLayers = (layout.volume.z + 31) / 32 + 2; // markers, lowest crossing, its colour
    if (parityLayers > m_info.maxArrayTextureLayers)
        return makeError("volume " + text(layout.volume) +
                         " has too many slices for the solid-mode parity image");
    if (hasLayout() && layout.volume == m_layout.volume && output == m_output) return {};

    // Only this function's own errors count: one left pending by earlier code is logged as such.
    gl::ErrorScope errors("Voxelizer::setLayout");
    gl::Framebuffer columnFbo = gl::createFramebuffer("voxel columns (no attachments)");
    glNamedFramebufferParameteri(columnFbo.id(), GL_FRAMEBUFFER_DEFAULT_WIDTH, columns);
    glNamedFramebufferParameteri(columnFbo.id(), GL_FRAMEBUFFER_DEFAULT_HEIGHT, columns);
    gl::Texture parity = gl::createTexture(GL_TEXTURE_2D_ARRAY, "voxel crossings (solid mode)");
    glTextureStorage3D(parity.id(), 1, GL_R32UI, layout.volume.x, layout.volume.y, parityLayers);
    // Integer textures are incomplete with linear filtering, even for texelFetch.
    glTextureParameteri(parity.id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTextureParameteri(parity.id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl::Texture atlas, ownerView;
    gl::Framebuffer atlasFbo;
    gl::Buffer voxelList, bits;
    std::vector<GLuint> fbos = {columnFbo.id()};
    if (output == VoxelOutput::Atlas) {
        atlas = gl::createTexture2D(layout.atlasSize, layout.atlasSize, GL_RGBA8, 1, "voxel slice atlas");
        atlasFbo = gl::createFramebuffer("voxel slice atlas");
        glNamedFramebufferTexture(atlasFbo.id(), GL_COLOR_ATTACHMENT0, atlas.id(), 0);
        fbos.push_back(atlasFbo.id());
        // The same texels as R32UI, for the projected method's atomics (a view shares the storage; it needs
        // a name from glGenTextures that was never bound, so no glCreateTextures here).
        GLuint viewId = 0;
        glGenTextures(1, &viewId);
        ownerView = gl::Texture(viewId);
        glTextureView(ownerView.id(), GL_TEXTURE_2D, atlas.id(), GL_R32UI, 0, 1, 0, 1);
        ownerView.setLabel("voxel slice atlas (R32UI view)");
    } else {
        const std::int64_t blocks =
            std::int64_t(hp::hpBitsBlocksX(layout.atlasSize)) * hp::hpBitsBlocksX(layout.atlasSize);
        bits = gl::createBufferStorage(GLsizeiptr(blocks * HP_BITS_WORDS_PER_BLOCK * 4), nullptr, 0,
                                       "voxel occupancy bits");
    }
    for (GLuint fbo : fbos)
        if (GLenum status = glCheckNamedFramebufferStatus(fbo, GL_DRAW_FRAMEBUFFER);
            status != GL_FRAMEBUFFER_COMPLETE)
            return makeError("voxelizer framebuffer incomplete (status " + std::to_string(status) + ")");
    if (errors.ownErrors() != 0)
        return makeError("allocating the " + std::to_string(layout.atlasSize) + "^2 " +
                         (output == VoxelOutput::Atlas ? "slice atlas" : "occupancy bits") + " failed (" +
                         gl::errorName(errors.firstError()) + ")");
    if (output == VoxelOutput::Atlas) { // the bits output lists no voxels (it has no colour pass)
        voxelList = gl::createBufferStorage(GLsizeiptr((listCapacity + VOX_VOXELS_HEADER) * 4), nullptr, 0,
                                            "voxelizer voxel list (compute method)");
        if (errors.ownErrors() != 0)
            return makeError("allocating the voxel list for volume " + text(layout.volume) + " failed (" +
                             gl::errorName(errors.firstError()) + ")");
    }
    m_voxelList = std::move(voxelList);
    m_voxelListComplete = listCapacity >= voxels;
    m_atlas = std::move(atlas);
    m_ownerView = std::move(ownerView);
    m_atlasFbo = std::move(atlasFbo);
    m_bits = std::move(bits);
    m_columnFbo = std::move(columnFbo);
    m_parity = std::move(parity);
    m_layout = layout;
    m_output = output;
    return {};
}

std::int64_t Voxelizer::bitsBytes() const {
    if (!m_bits) return 0;
    const std::int64_t blocksX = hp::hpBitsBlocksX(m_layout.atlasSize);
    return blocksX * blocksX * HP_BITS_WORDS_PER_BLOCK * 4;
}

Result<void> Voxelizer::limitVoxelList(std::int64_t entries) {
    m_voxelListLimit = entries;
    if (!hasLayout()) return {};
    const VolumeLayout layout = m_layout;
    m_layout = {}; // setLayout allocates again
    return setLayout(layout, m_output);
}

Result<void> Voxelizer::setMesh(const Mesh& mesh, std::int64_t maxChunkBytes) {
    Result<VoxelMeshGpu> gpu = uploadVoxelMesh(mesh, m_info, maxChunkBytes);
    if (!gpu) return makeError(gpu.error());
    m_mesh = std::move(gpu.value());
    return {};
}

// [SECTION] voxelize ---------------------------------------------------------------------------------------

void Voxelizer::uploadParams(const VoxelizeParams& params) {
    const size_t chunks = m_mesh.chunks.size();
    if (m_paramsCapacity < chunks) {
        m_params = gl::createBufferStorage(GLsizeiptr(m_paramsStride) * GLsizeiptr(chunks), nullptr,
                                           GL_DYNAMIC_STORAGE_BIT, "voxelizer parameters (per chunk)");
        m_paramsCapacity = chunks;
    }
    std::vector<std::uint8_t> blocks(size_t(m_paramsStride) * chunks);
    const int rule = params.rule == SurfaceRule::SliceAxis ? VOX_RULE_SLICE_AXIS : VOX_RULE_DOMINANT_AXIS;
    const int columns = std::max({m_layout.volume.x, m_layout.volume.y, m_layout.volume.z});
    for (size_t c = 0; c < chunks; ++c) {
        shared::VoxParams p;
        p.model = params.model;
        p.volume = glm::ivec4(m_layout.volume, m_layout.tiles.x);
        p.atlas = glm::ivec4(m_layout.atlasSize, int(m_mesh.chunks[c].triangleCount), rule, columns);
        p.chunk = glm::ivec4(int(m_mesh.chunks[c].firstTriangle), 0, 0, 0);
        std::memcpy(blocks.data() + size_t(m_paramsStride) * c, &p, sizeof(p));
    }
    glNamedBufferSubData(m_params.id(), 0, GLsizeiptr(blocks.size()), blocks.data());
}

// Binds chunk c's buffers and parameter block: every pass then sees one chunk as "the mesh".
void Voxelizer::bindChunk(size_t c) {
    const VoxelMeshChunk& chunk = m_mesh.chunks[c];
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_VERTICES, chunk.vertices.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_TRIANGLES, chunk.triangles.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_SETUP, chunk.setup.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_BINS, chunk.bins.id());
    glBindBufferRange(GL_UNIFORM_BUFFER, VOX_UBO_PARAMS, m_params.id(), m_paramsStride * GLintptr(c),
                      sizeof(shared::VoxParams));
}

void Voxelizer::runSetup() {
    gl::DebugGroup group("voxelize setup");
    glUseProgram(m_shaders->get(m_setup));
    for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
        bindChunk(c);
        const GLuint needed = groups(int(m_mesh.chunks[c].triangleCount), VOX_SETUP_LOCAL_SIZE);
        const GLuint x = std::min(needed, 65535u); // the smallest GL_MAX_COMPUTE_WORK_GROUP_COUNT
        glDispatchCompute(x, (needed + x - 1) / x, 1);
    }
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

// Binned method, the bound chunk: the scan lays out its (triangle, slice) pairs and the draw arguments.
void Voxelizer::runScan() {
    glUseProgram(m_shaders->get(m_scan));
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
}

void Voxelizer::drawSurface(VoxelMethod method) {
    gl::DebugGroup group("voxelize surface");
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m_atlasFbo.id());
    glViewport(0, 0, m_layout.atlasSize, m_layout.atlasSize);
    glBindTextureUnit(VOX_UNIT_TEXTURES, m_mesh.textures->texture.id());
    glBindSampler(VOX_UNIT_TEXTURES, 0); // the texture's own filtering and wrapping
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, m_args.id());
    // Chunks in order: within every texel the framebuffer writes keep triangle order ("last one wins").
    for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
        bindChunk(c);
        if (method == VoxelMethod::Binned) runScan();
        glUseProgram(m_shaders->get(m_surface[size_t(method)]));
        const auto vertices = GLsizei(m_mesh.chunks[c].triangleCount * 6); // a quad per triangle
        switch (method) {
        case VoxelMethod::Binned:
            glDrawArraysIndirect(GL_TRIANGLES, nullptr);
            break;
        case VoxelMethod::Instanced:
            glDrawArraysInstanced(GL_TRIANGLES, 0, vertices, m_layout.volume.z);
            break;
        case VoxelMethod::PerSlice:
            for (int slice = 0; slice < m_layout.volume.z; ++slice) {
                glUniform1i(VOX_LOC_SLICE, slice);
                glDrawArrays(GL_TRIANGLES, 0, vertices);
            }
            break;
        case VoxelMethod::Projected:
        case VoxelMethod::Compute:
            break; // drawProjected(), runCompute()
        }
    }
}

void Voxelizer::drawProjected() {
    gl::DebugGroup group("voxelize projected");
    const int columns = std::max({m_layout.volume.x, m_layout.volume.y, m_layout.volume.z});
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m_columnFbo.id());
    glViewport(0, 0, columns, columns);
    glBindTextureUnit(VOX_UNIT_TEXTURES, m_mesh.textures->texture.id());
    glBindSampler(VOX_UNIT_TEXTURES, 0);
    if (m_output == VoxelOutput::Bits) { // one pass: a voxel's bit does not depend on which triangle sets it
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_BITS, m_bits.id());
        glUseProgram(m_shaders->get(m_projectBits));
        for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
            bindChunk(c);
            glDrawArrays(GL_TRIANGLES, 0, GLsizei(m_mesh.chunks[c].triangleCount * 6));
        }
        glMemoryBarrier(kBitsWritten);
        return;
    }
    glBindImageTexture(VOX_IMAGE_ATLAS_U32, m_ownerView.id(), 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    for (int pass = 0; pass < 2; ++pass) { // owners of every chunk, then the owners' colours
        glUseProgram(m_shaders->get(m_project[size_t(pass)]));
        for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
            bindChunk(c);
            glDrawArrays(GL_TRIANGLES, 0, GLsizei(m_mesh.chunks[c].triangleCount * 6));
        }
        glMemoryBarrier(pass == 0 ? GL_SHADER_IMAGE_ACCESS_BARRIER_BIT : kAtlasWrittenByImage);
    }
}

void Voxelizer::runCompute() {
    gl::DebugGroup group("voxelize compute");
    const bool bits = m_output == VoxelOutput::Bits;
    glBindTextureUnit(VOX_UNIT_TEXTURES, m_mesh.textures->texture.id());
    glBindSampler(VOX_UNIT_TEXTURES, 0);
    const GLuint reset[4] = {0, 1, 1, 0}; // indirect dispatch (no groups), list length 0
    if (bits) {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_BITS, m_bits.id());
    } else {
        glBindImageTexture(VOX_IMAGE_ATLAS_U32, m_ownerView.id(), 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_ARGS, m_voxelList.id());
        glClearNamedBufferSubData(m_voxelList.id(), GL_RGBA32UI, 0, 16, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
                                  reset);
    }
    // Per triangle (small ones) then per large triangle, for the bound chunk. `pass`: 0 owner, 1 colour;
    // the bits output has one marking pass instead.
    auto perTriangle = [&](size_t c, int pass) {
        const VoxelMeshChunk& chunk = m_mesh.chunks[c];
        glUseProgram(m_shaders->get(bits ? m_computeBits[0] : m_compute[size_t(pass)]));
        const GLuint needed = groups(int(chunk.triangleCount), VOX_COMPUTE_LOCAL_SIZE);
        const GLuint x = std::min(needed, 65535u);
        glDispatchCompute(x, (needed + x - 1) / x, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
        glUseProgram(m_shaders->get(bits ? m_computeBits[1] : m_compute[size_t(2 + pass)]));
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, chunk.bins.id());
        glDispatchComputeIndirect(GLintptr(chunk.triangleCount) * 16); // the large list's header
    };
    if (bits) {
        for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
            bindChunk(c);
            glClearNamedBufferSubData(m_mesh.chunks[c].bins.id(), GL_RGBA32UI,
                                      GLintptr(m_mesh.chunks[c].triangleCount) * 16, 16, GL_RGBA_INTEGER,
                                      GL_UNSIGNED_INT, reset);
            perTriangle(c, 0);
        }
        glMemoryBarrier(kBitsWritten);
        return;
    }
    for (size_t c = 0; c < m_mesh.chunks.size(); ++c) { // owners, and the list of marked voxels
        bindChunk(c);
        const GLintptr header = GLintptr(m_mesh.chunks[c].triangleCount) * 16; // after the chunk's bins
        glClearNamedBufferSubData(m_mesh.chunks[c].bins.id(), GL_RGBA32UI, header, 16, GL_RGBA_INTEGER,
                                  GL_UNSIGNED_INT, reset);
        perTriangle(c, 0);
    }
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                    GL_COMMAND_BARRIER_BIT);
    glUseProgram(m_shaders->get(m_compute[4])); // colours: each listed voxel by its owner's chunk
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_voxelList.id());
    for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
        bindChunk(c);
        glDispatchComputeIndirect(0);
    }
    if (!m_voxelListComplete) { // the list may have overflowed: those passes return at once if it did not
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
        for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
            bindChunk(c);
            perTriangle(c, 1);
        }
    }
    glMemoryBarrier(kAtlasWrittenByImage);
}

void Voxelizer::fillSolid() {
    gl::DebugGroup group("voxelize solid fill");
    glClearTexImage(m_parity.id(), 0, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m_columnFbo.id());
    glViewport(0, 0, m_layout.volume.x, m_layout.volume.y);
    glEnable(GL_DEPTH_CLAMP); // no near/far clipping: crossings below the volume must still count
    glBindImageTexture(VOX_IMAGE_PARITY, m_parity.id(), 0, GL_TRUE, 0, GL_READ_WRITE, GL_R32UI);
    glBindTextureUnit(VOX_UNIT_TEXTURES, m_mesh.textures->texture.id());
    const bool bits = m_output == VoxelOutput::Bits;
    // Markers and lowest crossing, then that crossing's colour (not for the bits: they need no colour).
    for (int pass = 0; pass < (bits ? 1 : 2); ++pass) {
        glUseProgram(m_shaders->get(m_crossings[size_t(pass)]));
        for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
            bindChunk(c);
            glDrawArrays(GL_TRIANGLES, 0, GLsizei(m_mesh.chunks[c].triangleCount * 3));
        }
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT);
    }
    glDisable(GL_DEPTH_CLAMP);

    glUseProgram(m_shaders->get(bits ? m_fillBits : m_fill));
    glBindTextureUnit(VOX_UNIT_PARITY, m_parity.id());
    glBindSampler(VOX_UNIT_PARITY, 0);
    if (bits)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_BITS, m_bits.id());
    else
        glBindImageTexture(VOX_IMAGE_ATLAS_U32, m_ownerView.id(), 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    const int items = m_layout.volume.x * m_layout.volume.y; // one per column
    const GLuint needed = groups(items, VOX_FILL_LOCAL_SIZE);
    const GLuint x = std::min(needed, 65535u);
    glDispatchCompute(x, (needed + x - 1) / x, 1);
    glMemoryBarrier(bits ? kBitsWritten : kAtlasWrittenByImage);
}

void Voxelizer::voxelize(const VoxelizeParams& params) {
    if (!hasLayout()) return;
    gl::DebugGroup group("voxelize");
    StateGuard state;
    if (m_output == VoxelOutput::Bits) // N^3/8 bytes instead of 4 N^3
        glClearNamedBufferData(m_bits.id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    else
        glClearTexImage(m_atlas.id(), 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr); // zeros, padding included
    if (!hasMesh()) return;
    if (Result<void> supported = checkOutput(params.method, m_output); !supported) {
        if (!m_reportedRefusal) log::error("voxelizer: %s", supported.error().c_str());
        m_reportedRefusal = true;
        if (m_output == VoxelOutput::Bits) glMemoryBarrier(kBitsWritten);
        return;
    }
    glBindVertexArray(m_vao.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_TEXTURES, m_mesh.textureSlots.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_ARGS, m_args.id());
    uploadParams(params);
    if (params.method != VoxelMethod::Compute) runSetup(); // the compute method sets up in registers
    if (params.method == VoxelMethod::Projected)
        drawProjected();
    else if (params.method == VoxelMethod::Compute)
        runCompute();
    else
        drawSurface(params.method);
    if (params.mode == VoxelMode::Solid) fillSolid();
}

} // namespace dicer
