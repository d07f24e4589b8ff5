// GPU voxelization into the slice atlas or the occupancy bits: what every method shares (the clear, the layout
// and outputs, the per-chunk parameters, the solid fill), and the dispatch to the rows of the method table
// (vox_method_table.h; each method's passes are in its vox_method_*.cpp; the colours per slot in
// voxelizer_slots.cpp). The rule and the outputs are described in voxelizer.h. Based on: Ziegler, Tevs,
// Theobalt, Seidel, TR MPI-I-2006-4-002 (2006) ("slicing"); Eisemann & Decoret (GI 2008) for the parity fill.
//
// [SECTION] names  [SECTION] creation  [SECTION] layout and mesh  [SECTION] voxelize
#include "voxelizer.h"

#include "allocation.h"
#include "gpu_pass.h"
#include "voxel_passes.h"

#include "gl_debug.h"
#include "log.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"
#include "voxel_shared.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace dicer::voxel {

// [SECTION] names ------------------------------------------------------------------------------------------

const char* voxelModeName(VoxelMode mode) {
    return mode == VoxelMode::Shell ? "shell" : "solid";
}

const char* voxRuleName(VoxRule rule) {
    return rule == VoxRule::DominantAxis ? "dominant-axis" : "slice-axis";
}

std::optional<VoxelMode> parseVoxelMode(std::string_view name) {
    for (VoxelMode m : kVoxelModes)
        if (name == voxelModeName(m)) return m;
    return std::nullopt;
}

Result<void> checkMode(occupancy::VoxelOutput output, VoxelMode mode) {
    if (output == occupancy::VoxelOutput::Sparse && mode == VoxelMode::Solid)
        return makeError(
            "the sparse occupancy holds surfaces (the bricks a surface touches); solid mode fills "
            "volumes: use --voxels bits with --mode solid (up to 1024^3 on a 128 MiB storage block)");
    return {};
}

std::optional<VoxRule> parseVoxRule(std::string_view name) {
    for (VoxRule r : kVoxRules)
        if (name == voxRuleName(r)) return r;
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
    auto add = [&](gl::ProgramId& id, gl::ProgramDesc desc) { return shaders.addInto(id, std::move(desc)); };
    Result<void> r =
        add(v.m_setup, {"voxelize setup", {{GL_COMPUTE_SHADER, "voxelize_setup.comp.glsl"}}, {}});
    const char* crossingDefine[2] = {"VOX_PARITY_MARK", "VOX_PARITY_COLOR"};
    for (int pass = 0; pass < 2; ++pass)
        if (r)
            r = add(v.m_crossings[size_t(pass)],
                    {std::string("voxelize crossings ") + (pass ? "colour" : "markers"),
                     {{GL_VERTEX_SHADER, "voxelize_parity.vert.glsl"},
                      {GL_FRAGMENT_SHADER, "voxelize_parity.frag.glsl"}},
                     {{crossingDefine[pass], ""}}});
    if (r) r = add(v.m_fill, {"voxelize solid fill", {{GL_COMPUTE_SHADER, "voxelize_fill.comp.glsl"}}, {}});
    if (r)
        r = add(v.m_fillBits, {"voxelize solid fill bits",
                               {{GL_COMPUTE_SHADER, "voxelize_fill.comp.glsl"}},
                               {{"VOX_FILL_BITS", ""}}});
    if (r)
        r = add(v.m_fillBitWords, {"voxelize solid fill bit words",
                                   {{GL_COMPUTE_SHADER, "voxelize_fill_words.comp.glsl"}},
                                   {}});
    if (!r) return makeError(r.error());
    // Every available row now (the style of the HistoPyramid variants: build all at start-up, switch an
    // index): the programs compile once, a frame only picks one, and a broken shader fails here, not mid-run.
    for (const VoxMethodInfo& row : voxMethodTable()) {
        if (!row.isAvailable(info)) {
            v.m_methods.emplace_back();
            continue;
        }
        Result<std::unique_ptr<VoxMethod>> method = row.create(shaders, info);
        if (!method) return makeError(method.error());
        v.m_methods.push_back(std::move(method.value()));
    }
    Result<occupancy::SparseOccupancy> sparse = occupancy::SparseOccupancy::create(shaders, info);
    if (!sparse) return makeError(sparse.error());
    v.m_sparse.emplace(std::move(sparse.value()));
    v.m_vao = gl::createVertexArray("voxelizer (vertex pulling)");
    const GLintptr align = GLintptr(info.uniformBufferOffsetAlignment);
    v.m_paramsStride = (GLintptr(sizeof(shared::VoxParams)) + align - 1) / align * align;
    return v;
}

// [SECTION] layout and mesh --------------------------------------------------------------------------------

Result<void> Voxelizer::setLayout(const occupancy::VolumeLayout& layout, occupancy::VoxelOutput output) {
    if (Result<void> r = occupancy::checkLayout(layout, output, m_info); !r) return r;
    // The projected method and solid mode render one pixel per voxel column and write only images or
    // buffers: a framebuffer without attachments, as large as the largest projection (max(volume)^2).
    const int columns = std::max({layout.volume.x, layout.volume.y, layout.volume.z});
    const int maxColumns = std::min({m_info.maxViewportDims[0], m_info.maxViewportDims[1],
                                     m_info.maxFramebufferSize[0], m_info.maxFramebufferSize[1]});
    if (columns > maxColumns)
        return makeError("volume " + occupancy::volumeText(layout.volume) + " needs a " + std::to_string(columns) +
                         "^2 column viewport, but this driver renders at most " + std::to_string(maxColumns));
    const int parityLayers = (layout.volume.z + 31) / 32 + 2; // markers, lowest crossing, its colour
    if (parityLayers > m_info.maxArrayTextureLayers)
        return makeError("volume " + occupancy::volumeText(layout.volume) +
                         " has too many slices for the solid-mode parity image");
    if (m_storage.holds(layout, output)) return {};

    // Every allocation is checked (allocation.h): the first refusal returns with the previous outputs in place.
    Result<occupancy::VoxelStorage> storage = occupancy::VoxelStorage::allocate(layout, output, m_info, "voxel");
    if (!storage) return makeError(storage.error());
    gl::Framebuffer columnFbo = gl::createFramebuffer("voxel columns (no attachments)");
    glNamedFramebufferParameteri(columnFbo.id(), GL_FRAMEBUFFER_DEFAULT_WIDTH, columns);
    glNamedFramebufferParameteri(columnFbo.id(), GL_FRAMEBUFFER_DEFAULT_HEIGHT, columns);
    // Solid mode's crossings: x * y * (z/32 + 2) uints (2048^3: 1.1 GiB, 4096^3: 8.5 GiB), so not for the sparse
    // output, which holds surfaces only (checkMode refuses solid mode before any use).
    gl::Texture parity;
    if (output != occupancy::VoxelOutput::Sparse) {
        Result<gl::Texture> crossings =
            gl::allocateTexture3D(GL_TEXTURE_2D_ARRAY, layout.volume.x, layout.volume.y, parityLayers,
                                  GL_R32UI, "voxel crossings (solid mode)");
        if (!crossings) return makeError(crossings.error());
        parity = std::move(crossings.value());
        // Integer textures are incomplete with linear filtering, even for texelFetch.
        glTextureParameteri(parity.id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTextureParameteri(parity.id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    }
    gl::Texture ownerView;
    gl::Framebuffer atlasFbo;
    std::vector<GLuint> fbos = {columnFbo.id()};
    if (const GLuint atlas = storage->atlas()) {
        atlasFbo = gl::createFramebuffer(atlas, 0, "voxel slice atlas");
        fbos.push_back(atlasFbo.id());
        // The same texels as R32UI, for the projected method's atomics (a view shares the storage; it needs
        // a name from glGenTextures that was never bound, so no glCreateTextures here).
        GLuint viewId = 0;
        glGenTextures(1, &viewId);
        ownerView = gl::Texture(viewId);
        glTextureView(ownerView.id(), GL_TEXTURE_2D, atlas, GL_R32UI, 0, 1, 0, 1);
        ownerView.setLabel("voxel slice atlas (R32UI view)");
    }
    for (GLuint fbo : fbos)
        if (GLenum status = glCheckNamedFramebufferStatus(fbo, GL_DRAW_FRAMEBUFFER);
            status != GL_FRAMEBUFFER_COMPLETE)
            return makeError("voxelizer framebuffer incomplete (status " + std::to_string(status) + ")");
    // The methods' own buffers (the compute method's voxel list): all adopted, or none.
    Result<void> prepared;
    for (const std::unique_ptr<VoxMethod>& method : m_methods)
        if (method && prepared) prepared = method->prepareLayout({layout, output, m_voxelListLimit});
    // The sparse occupancy last: it keeps its previous structure on error, and nothing after it can fail.
    if (prepared && output == occupancy::VoxelOutput::Sparse) prepared = m_sparse->setLayout(layout.atlasSize);
    for (const std::unique_ptr<VoxMethod>& method : m_methods)
        if (method) method->adoptLayout(bool(prepared));
    if (!prepared) return prepared;
    if (output != occupancy::VoxelOutput::Sparse) m_sparse->release(); // its pool may be large: not kept unused
    m_storage = std::move(storage.value());
    m_ownerView = std::move(ownerView);
    m_atlasFbo = std::move(atlasFbo);
    m_columnFbo = std::move(columnFbo);
    m_parity = std::move(parity);
    return {};
}

Result<void> Voxelizer::limitVoxelList(std::int64_t entries) {
    m_voxelListLimit = entries;
    if (!hasLayout()) return {};
    const occupancy::VolumeLayout layout = m_storage.layout();
    const occupancy::VoxelOutput output = m_storage.output();
    m_storage = {}; // setLayout allocates again
    return setLayout(layout, output);
}

Result<void> Voxelizer::setMesh(const model::Mesh& mesh, std::int64_t maxChunkBytes) {
    Result<VoxelMeshGpu> gpu = uploadVoxelMesh(mesh, m_info, maxChunkBytes);
    if (!gpu) return makeError(gpu.error());
    // The parameters of every chunk, allocated here (not in voxelize(), which cannot fail): a refusal keeps
    // the previous mesh with its parameters.
    const size_t chunks = gpu->chunks.size();
    if (m_paramsCapacity < chunks) {
        Result<gl::Buffer> params =
            gl::allocateBuffer(GLsizeiptr(m_paramsStride) * GLsizeiptr(chunks), nullptr,
                               GL_DYNAMIC_STORAGE_BIT, "voxelizer parameters (per chunk)");
        if (!params) return makeError(params.error());
        m_params = std::move(params.value());
        m_paramsCapacity = chunks;
    }
    m_mesh = std::move(gpu.value());
    return {};
}

// [SECTION] voxelize ---------------------------------------------------------------------------------------

void Voxelizer::uploadParams(const VoxelizeParams& params) {
    const size_t chunks = m_mesh.chunks.size(); // setMesh sized m_params for them
    std::vector<std::uint8_t> blocks(size_t(m_paramsStride) * chunks);
    const int rule = params.rule == VoxRule::SliceAxis ? VOX_RULE_SLICE_AXIS : VOX_RULE_DOMINANT_AXIS;
    const int columns = std::max({m_storage.layout().volume.x, m_storage.layout().volume.y, m_storage.layout().volume.z});
    for (size_t c = 0; c < chunks; ++c) {
        shared::VoxParams p;
        p.model = params.model;
        p.volume = glm::ivec4(m_storage.layout().volume, m_storage.layout().tiles.x);
        p.atlas = glm::ivec4(m_storage.layout().atlasSize, int(m_mesh.chunks[c].triangleCount), rule, columns);
        p.chunk = glm::ivec4(int(m_mesh.chunks[c].firstTriangle), 0, 0, 0);
        std::memcpy(blocks.data() + size_t(m_paramsStride) * c, &p, sizeof(p));
    }
    glNamedBufferSubData(m_params.id(), 0, GLsizeiptr(blocks.size()), blocks.data());
}

VoxelPasses Voxelizer::passes() {
    return {.shaders = *m_shaders,
            .layout = m_storage.layout(),
            .output = m_storage.output(),
            .mesh = m_mesh,
            .params = m_params.id(),
            .paramsStride = m_paramsStride,
            .setup = m_setup,
            .atlasFramebuffer = m_atlasFbo.id(),
            .columnFramebuffer = m_columnFbo.id(),
            .owners = m_ownerView.id(),
            .bits = m_storage.bits(),
            .slotFile = m_slotFile,
            .sparse = m_storage.output() == occupancy::VoxelOutput::Sparse ? &*m_sparse : nullptr};
}

VoxMethod* Voxelizer::methodFor(VoxMethodId method) {
    Result<void> usable = checkOutput(method, m_storage.output());
    if (usable && !m_methods[size_t(method.row)])
        usable = makeError(std::string("the ") + voxMethodName(method) + " method is not available on " +
                           m_info.renderer);
    if (usable) return m_methods[size_t(method.row)].get();
    if (!m_reportedRefusal) log::error("voxelizer: %s", usable.error().c_str());
    m_reportedRefusal = true;
    return nullptr;
}

GLuint Voxelizer::argsBuffer(VoxMethodId method) const {
    const bool built = voxMethodInfo(method) && m_methods[size_t(method.row)];
    return built ? m_methods[size_t(method.row)]->drawArgs() : 0;
}

// Solid mode: crossing markers (and, for the atlas, the lowest crossing's colour), then the parity fill.
void Voxelizer::fillSolid(const VoxelPasses& passes) {
    gl::DebugGroup group("voxelize solid fill");
    glClearTexImage(m_parity.id(), 0, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m_columnFbo.id());
    glViewport(0, 0, m_storage.layout().volume.x, m_storage.layout().volume.y);
    glEnable(GL_DEPTH_CLAMP); // no near/far clipping: crossings below the volume must still count
    glBindImageTexture(VOX_IMAGE_PARITY, m_parity.id(), 0, GL_TRUE, 0, GL_READ_WRITE, GL_R32UI);
    glBindTextureUnit(VOX_UNIT_TEXTURES, m_mesh.textures->texture.id());
    const bool bits = m_storage.output() == occupancy::VoxelOutput::Bits;
    // Markers and lowest crossing, then that crossing's colour (not for the bits: they need no colour).
    for (int pass = 0; pass < (bits ? 1 : 2); ++pass) {
        passes.drawChunks(m_crossings[size_t(pass)], 3);
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT); // the markers: the next crossing pass, the fill
    }
    glDisable(GL_DEPTH_CLAMP);

    // The bits a word at a time where every slice's tile keeps the words' 8 x 4 columns together
    // (voxelize_fill_words.comp.glsl), else a column at a time with an atomic per inside voxel.
    const glm::ivec3 volume = m_storage.layout().volume;
    const bool words = bits && volume.x % 8 == 0 && volume.y % 4 == 0;
    passes.use(words ? m_fillBitWords : bits ? m_fillBits : m_fill);
    // The markers as an image, bound again: image bindings are transient (binding_ranges.h).
    glBindImageTexture(VOX_IMAGE_PARITY, m_parity.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_R32UI);
    if (bits)
        passes.bindBits();
    else
        passes.bindOwners();
    occupancy::dispatchItems(words ? volume.x / 8 * (volume.y / 4) : volume.x * volume.y,
                             VOX_FILL_LOCAL_SIZE); // one item per column or per word's 8 x 4 columns
    glMemoryBarrier(bits ? occupancy::kBitsWritten : occupancy::kAtlasWrittenByImage);
}

void Voxelizer::voxelize(const VoxelizeParams& params) {
    if (!hasLayout()) return;
    gl::DebugGroup group("voxelize");
    occupancy::StateGuard state;
    if (m_storage.output() == occupancy::VoxelOutput::Sparse) {
        voxelizeSparse(params);
        return;
    }
    if (m_storage.output() == occupancy::VoxelOutput::Bits) // N^3/8 bytes instead of 4 N^3
        glClearNamedBufferData(m_storage.bits(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    else
        glClearTexImage(m_storage.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr); // zeros, padding included
    if (!hasMesh()) return;
    VoxMethod* method = methodFor(params.method);
    if (!method) {
        if (m_storage.output() == occupancy::VoxelOutput::Bits) glMemoryBarrier(occupancy::kBitsWritten);
        return;
    }
    glBindVertexArray(m_vao.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_TEXTURES, m_mesh.textureSlots.id());
    uploadParams(params);
    const VoxelPasses p = passes();
    if (m_storage.output() == occupancy::VoxelOutput::Bits)
        method->markBits(p);
    else
        method->markAtlas(p);
    if (params.mode == VoxelMode::Solid) fillSolid(p);
}

// Sparse output: the structure's frame (begin: coarse map cleared; the method marks, allocates and writes;
// end: the status into its ring). Refused (no mesh, a method or mode it cannot take): an empty frame.
void Voxelizer::voxelizeSparse(const VoxelizeParams& params) {
    m_sparse->begin();
    VoxMethod* method = hasMesh() ? methodFor(params.method) : nullptr;
    if (method) {
        if (Result<void> mode = checkMode(m_storage.output(), params.mode); !mode) {
            if (!m_reportedRefusal) log::error("voxelizer: %s", mode.error().c_str());
            m_reportedRefusal = true;
            method = nullptr;
        }
    }
    if (method) {
        glBindVertexArray(m_vao.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_TEXTURES, m_mesh.textureSlots.id());
        uploadParams(params);
        method->markSparse(passes());
    } else {
        m_sparse->allocate(); // no bricks: an empty, complete frame
    }
    m_sparse->end();
}

} // namespace dicer::voxel
