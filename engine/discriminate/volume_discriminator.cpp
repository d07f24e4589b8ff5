// The scalar-volume discriminator on the GPU (volume_discriminator.h): the upload, the outputs, the band pass
// (shaders/discriminate.comp.glsl) and the colours per point (shaders/discriminate_colors.comp.glsl). Based on:
// Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), the discriminator before the HistoPyramid.
//
// [SECTION] creation  [SECTION] volume  [SECTION] layout  [SECTION] passes
#include "volume_discriminator.h"

#include "allocation.h"
#include "dispatch.h"
#include "storage_blocks.h"
#include "volume_texture.h"

#include "gpu_pass.h"

#include "discriminate_shared.h"
#include "gl_debug.h"
#include "occupancy_bits.h"

#include "value_keys.h"
#include "volume_reference.h"

#include <algorithm>
#include <string>

namespace dicer::discriminate {

namespace {

static_assert(DISC_EDGES == volume::kColorEdges, "one edge between each two of the colour map's bins");

bool isBuffer(GLuint id) {
    return id != 0 && glIsBuffer(id) == GL_TRUE;
}

} // namespace

// [SECTION] creation ---------------------------------------------------------------------------------------

Result<VolumeDiscriminator> VolumeDiscriminator::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    VolumeDiscriminator d(shaders, info);
    Result<void> r;
    for (size_t k = 0; k < discriminate::kValueKinds.size() && r; ++k) {
        KindPrograms& p = d.m_programs[k];
        r = shaders.addInto(p.bits, withValueKind({"discriminate bits",
                                                   {{GL_COMPUTE_SHADER, "discriminate.comp.glsl"}},
                                                   {{"DISC_OUT_BITS", ""}}},
                                                  k));
        if (r)
            r = shaders.addInto(
                p.atlas, withValueKind(
                             {"discriminate atlas", {{GL_COMPUTE_SHADER, "discriminate.comp.glsl"}}, {}}, k));
        if (r)
            r = shaders.addInto(p.colors,
                                withValueKind({"discriminate point colours",
                                               {{GL_COMPUTE_SHADER, "discriminate_colors.comp.glsl"}},
                                               {}},
                                              k));
    }
    if (r)
        r = shaders.addInto(d.m_colorCount, {"discriminate point colours: count",
                                             {{GL_COMPUTE_SHADER, "discriminate_colors.comp.glsl"}},
                                             {{"DISC_COLOR_ARGS", ""}}});
    if (!r) return makeError(r.error());
    Result<gl::Buffer> colorArgs =
        gl::allocateBuffer(DISC_COLOR_HEADER * 4, nullptr, 0, "discriminator colour arguments");
    if (!colorArgs) return makeError(colorArgs.error());
    d.m_colorArgs = std::move(colorArgs.value());
    return d;
}

Result<occupancy::VolumeLayout> VolumeDiscriminator::layoutFor(glm::ivec3 size, occupancy::VoxelOutput output,
                                                    const gl::GlInfo& info) {
    const occupancy::AtlasLimit limit = occupancy::atlasLimit(output, info);
    return occupancy::VolumeLayout::make(size, limit.side, limit.what);
}

// [SECTION] volume -----------------------------------------------------------------------------------------

Result<void> VolumeDiscriminator::setVolume(const volume::ScalarVolume& v) {
    auto texture = uploadVolumeTexture(v, m_info, "scalar volume '" + v.name + "'");
    if (!texture) return makeError(texture.error());
    adoptVolume(v, std::move(texture.value()));
    return {};
}

Result<void> VolumeDiscriminator::setVolume(const volume::ScalarVolume& v, const occupancy::VolumeLayout& layout,
                                            occupancy::VoxelOutput output) {
    if (Result<void> r = checkLayout(layout, output, v.size); !r) return r;
    auto texture = uploadVolumeTexture(v, m_info, "scalar volume '" + v.name + "'");
    if (!texture) return makeError(texture.error());
    // The storage before anything is replaced: a refusal keeps the previous volume with its layout.
    Result<occupancy::VoxelStorage> storage = storageFor(layout, output);
    if (!storage) return makeError(storage.error());
    adoptVolume(v, std::move(texture.value()));
    m_storage = std::move(storage.value());
    return {};
}

void VolumeDiscriminator::adoptVolume(const volume::ScalarVolume& v, gl::Texture texture) {
    m_texture = std::move(texture);
    m_size = v.size;
    m_type = v.type;
    m_kind = discriminate::valueKindOf(v.type);
    m_range = volume::valueRange(v);
    const std::array<double, volume::kColorEdges> edges = volume::colorEdges(m_range);
    for (size_t i = 0; i < edges.size(); ++i)
        m_edgeKeys[i] = volume::edgeKey(m_type, edges[i]);
}

// [SECTION] layout -----------------------------------------------------------------------------------------

Result<void> VolumeDiscriminator::checkLayout(const occupancy::VolumeLayout& layout, occupancy::VoxelOutput output,
                                              glm::ivec3 volumeSize) const {
    if (output == occupancy::VoxelOutput::Sparse) // a band fills whole bricks of a scan: the dense bits are as small
        return makeError(
            "discriminator: a volume's band is written to the slice atlas or the occupancy bits, "
            "not the sparse occupancy: use --voxels bits");
    if (layout.volume != volumeSize)
        return makeError("discriminator: the layout is for " + occupancy::volumeText(layout.volume) +
                         " voxels, the volume has " + occupancy::volumeText(volumeSize) +
                         " (a volume is laid out at its own size, never resampled)");
    return occupancy::checkLayout(layout, output, m_info, "discriminator: ");
}

Result<occupancy::VoxelStorage> VolumeDiscriminator::storageFor(const occupancy::VolumeLayout& layout,
                                                                occupancy::VoxelOutput output) {
    // The same layout and output: the storage there is serves (nothing to allocate).
    if (m_storage.holds(layout, output)) return std::move(m_storage);
    return occupancy::VoxelStorage::allocate(layout, output, m_info, "volume");
}

Result<void> VolumeDiscriminator::setLayout(const occupancy::VolumeLayout& layout, occupancy::VoxelOutput output) {
    if (output != occupancy::VoxelOutput::Sparse && !hasVolume()) // the sparse output's own message first
        return makeError("discriminator: no volume to lay out (setVolume first)");
    if (Result<void> r = checkLayout(layout, output, m_size); !r) return r;
    // A refusal keeps the previous storage and layout.
    Result<occupancy::VoxelStorage> storage = storageFor(layout, output);
    if (!storage) return makeError(storage.error());
    m_storage = std::move(storage.value());
    return {};
}

// [SECTION] passes -----------------------------------------------------------------------------------------

void VolumeDiscriminator::bindVolume(GLuint program) const {
    bindVolumeImage(program, m_texture.id(), m_type);
    glProgramUniform3i(program, DISC_LOC_VOLUME, m_size.x, m_size.y, m_size.z);
    glProgramUniform1uiv(program, DISC_LOC_EDGES, DISC_EDGES, m_edgeKeys.data());
}

Result<void> VolumeDiscriminator::discriminate(volume::Band band) {
    if (!hasVolume()) return makeError("discriminator: no volume (setVolume first)");
    if (!hasLayout()) return makeError("discriminator: no output (setLayout first)");
    if (m_storage.layout().volume != m_size)
        return makeError("discriminator: the output is laid out for " + occupancy::volumeText(m_storage.layout().volume) +
                         " voxels, the volume has " + occupancy::volumeText(m_size) + " (setLayout for the new volume)");
    gl::DebugGroup group("discriminate");
    const volume::KeyBand keys = volume::bandKeys(m_type, band);
    const KindPrograms& programs = m_programs[size_t(m_kind)];
    const bool bitsOut = m_storage.output() == occupancy::VoxelOutput::Bits;
    const GLuint program = m_shaders->get(bitsOut ? programs.bits : programs.atlas);
    glUseProgram(program);
    bindVolume(program);
    glProgramUniform2i(program, DISC_LOC_ATLAS, m_storage.layout().tiles.x, m_storage.layout().atlasSize);
    glProgramUniform2ui(program, DISC_LOC_BAND, keys.lo, keys.hi);
    // Bits: one invocation per 8x8 block; atlas: one per texel. Either way at most 65536 / 8 groups a side.
    const int items = bitsOut ? hp::hpBitsBlocksX(m_storage.layout().atlasSize) : m_storage.layout().atlasSize;
    const auto groups = GLuint((items + DISC_LOCAL_SIZE - 1) / DISC_LOCAL_SIZE);
    if (bitsOut)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, DISC_BIND_BITS, m_storage.bits());
    else
        glBindImageTexture(DISC_IMAGE_ATLAS, m_storage.atlas(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    glDispatchCompute(groups, groups, 1);
    glMemoryBarrier(bitsOut ? occupancy::kBitsWritten : occupancy::kAtlasWrittenByImage);
    glUseProgram(0); // never leave a program bound that a shader reload may delete (voxelizer_state.h)
    return {};
}

Result<void> VolumeDiscriminator::colorPoints(GLuint points, GLuint countBuffer, std::uint32_t capacity,
                                              GLintptr countOffset) {
    if (!hasVolume()) return makeError("discriminator colours: no volume (setVolume first)");
    const std::int64_t bytes = std::int64_t(capacity) * 4;
    if (Result<void> r = gl::checkOneBlock("discriminator colours", capacity, "points", bytes, "colours", m_info); !r)
        return r;
    if (!isBuffer(points) || !isBuffer(countBuffer))
        return makeError("discriminator colours: the points (" + std::to_string(points) +
                         ") and the count (" + std::to_string(countBuffer) + ") must be buffers");
    if (capacity > m_colorCapacity) {
        Result<gl::Buffer> colors = gl::allocateBuffer(GLsizeiptr(bytes), nullptr, 0, "volume point colours");
        if (!colors) return makeError(colors.error() + " (" + std::to_string(capacity) + " points)");
        m_colors = std::move(colors.value());
        m_colorCapacity = capacity;
    }
    gl::DebugGroup group("discriminate point colours");
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, DISC_BIND_COLOR_ARGS, m_colorArgs.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, DISC_BIND_POINTS, points);
    // The range the caller asked for, so the pass clamps the count to `capacity` even in a larger buffer.
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, DISC_BIND_COLORS, m_colors.id(), 0, GLsizeiptr(bytes));
    // The count on the GPU (no readback): copied into the header, clamped, turned into the dispatch.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); // the count may just have been written by a shader
    glCopyNamedBufferSubData(countBuffer, m_colorArgs.id(), countOffset, 12, 4);
    GLint64 pointBytes = 0; // a state query, no wait for the GPU
    glGetNamedBufferParameteri64v(points, GL_BUFFER_SIZE, &pointBytes);
    const GLuint countProgram = m_shaders->get(m_colorCount);
    glProgramUniform1ui(countProgram, DISC_LOC_COLOR_LIMIT,
                        GLuint(std::min<std::int64_t>(capacity, pointBytes / 16)));
    glUseProgram(countProgram);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    const GLuint program = m_shaders->get(m_programs[size_t(m_kind)].colors);
    glUseProgram(program);
    bindVolume(program);
    gl::dispatchIndirect(m_colorArgs.id(), 0);
    glMemoryBarrier(
        occupancy::kBitsWritten); // the particles read the colours as storage; tests read them back
    glUseProgram(0);
    return {};
}

} // namespace dicer::discriminate
