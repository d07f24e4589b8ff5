#include "frame.h"

#include "bits_reference.h"
#include "hp_math.h"
#include "hp_shared.h"
#include "log.h"
#include "mc_reference.h"
#include "method_table.h"
#include "occupancy_sparse.h"
#include "sparse_reference.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <span>

namespace dicer::frame {
namespace {

// The resident list's capacity for `count` points: a quarter of headroom (a rotating model's changing count
// rarely outgrows it before the late readback notices), at most what the driver's storage blocks hold. Past that the list keeps its first maxEntries points (in the method's order) and the frame says
// INCOMPLETE (verify()), instead of refusing the list and showing nothing.
std::uint32_t withHeadroom(std::uint32_t count, std::uint32_t maxEntries) {
    const std::uint64_t wanted = std::max<std::uint64_t>(1024, std::uint64_t(count) + count / 4);
    return std::uint32_t(std::min<std::uint64_t>(wanted, maxEntries));
}

} // namespace

bool Frame::demoRows(methods::MethodId method) {
    return methods::methodInfo(method).inDemo();
}

Result<std::unique_ptr<Frame>> Frame::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                             const RowFilter& rows) {
    auto source = VoxelSource::create(shaders, info);
    if (!source) return makeError(source.error());
    auto surface = SurfaceStage::create(shaders, info);
    if (!surface) return makeError(surface.error());
    auto occupancy = surface::OccupancyVolume::create(shaders, info);
    if (!occupancy) return makeError(occupancy.error());
    auto readback = gl::LateReadback::create(2, "count readback ring");
    if (!readback) return makeError(readback.error());
    // Private constructor (a Frame exists only fully built): make_unique cannot reach it.
    std::unique_ptr<Frame> f(new Frame(std::move(source.value()), std::move(surface.value())));
    f->m_occupancy.emplace(std::move(occupancy.value()));
    f->m_readback = std::move(readback.value());
    f->m_info = info;
    auto table = methods::methodTable();
    f->m_methods.resize(table.size());
    for (size_t i = 0; i < table.size(); ++i) {
        if (!rows(methods::MethodId(int(i)))) continue;
        if (!table[i].isAvailable(info)) {
            log::warn("%s is not available on this driver", table[i].name);
            continue;
        }
        auto method = table[i].create(shaders, info, {});
        if (!method) return makeError(method.error());
        f->m_methods[i] = std::move(method.value());
    }
    return f;
}

Result<void> Frame::apply(const FrameSettings& s) {
    const methods::MethodInfo* row = gl::rowOf(methods::methodTable(), s.method);
    if (!row || !methodAvailable(s.method))
        return makeError(std::string("method ") + (row ? row->name : "?") + " is not available on " +
                         m_info.renderer);
    const occupancy::VoxelOutput output = s.testAtlas ? occupancy::VoxelOutput::Atlas : s.voxels;
    if (row->reads != output)
        return makeError(std::string("method ") + row->name + " reads the " + occupancy::voxelOutputName(row->reads) +
                         ", not the " + occupancy::voxelOutputName(output));
    if (Result<void> r = voxel::checkMode(output, s.voxelMode); !r && inputInfo(s.input).reads("mode")) return r;
    if (!mcMethodAvailable(s.mcMethod)) {
        const surface::McMethodInfo* mc = gl::rowOf(surface::mcMethodTable(), s.mcMethod);
        return makeError(std::string("mc method ") + (mc ? mc->name : "?") + " is not available on " +
                         m_info.renderer);
    }
    const FrameChanges changes = compareFrameSettings(s, m_settings);
    if (changes.layout || !m_configured)
        if (Result<void> r = m_source.configure(s, m_info); !r) return r;
    m_configured = true;
    // Another method (or its storage, build path) lists the same voxels: the count and the capacity sized
    // from it still hold, so only a change of the voxels or of the list path reads the count again.
    if (changes.layout || changes.voxelize || changes.listPath) resync();
    if (changes.layout || changes.voxelize || changes.band) m_voxelsStale = true; // a mesh's voxels change
    // Another mc method sizes its own vertex buffer once; the band needs nothing (the late total).
    if (changes.surface) m_surface->resync();
    m_settings = s;
    return {};
}

Result<void> Frame::setVolume(const volume::ScalarVolume& volume) {
    // While the frame reads a volume, the new one takes its layout in the same step: on error (a refused
    // upload or output) the previous volume is still the one listed, drawn and verified.
    const bool inUse = m_configured && m_settings.input == kVolumeInput;
    VolumeSource& source = m_source.volumeSource();
    if (Result<void> r = source.setVolume(volume, m_settings.voxels, m_info, inUse); !r) return r;
    if (m_surfaceFrom == SurfaceFrom::Field) m_surface->setInput(*source.valueField());
    if (inUse) resync();
    return {};
}

glm::mat4 Frame::physicalToVolume() const {
    return frame::physicalToVolume(m_source.volume(), m_source.spacing());
}

void Frame::resync() {
    m_needsCount = true;
    m_readback->clear();
}

glm::mat4 Frame::surfaceToVolume() const {
    if (m_surfaceFrom == SurfaceFrom::Occupancy) return m_occupancy->sampleToVolume();
    return glm::translate(physicalToVolume(), 0.5f * m_source.spacing());
}

bool Frame::mcMethodAvailable(surface::McMethodId method) const {
    return m_surface->methodAvailable(method);
}

bool Frame::methodAvailable(methods::MethodId method) const {
    return method.row >= 0 && size_t(method.row) < m_methods.size() && m_methods[size_t(method.row)];
}

hp::PointMethod* Frame::method() const {
    return methodAvailable(m_settings.method) ? m_methods[size_t(m_settings.method.row)].get() : nullptr;
}

hp::MethodInput Frame::input() const {
    hp::MethodInput in{m_source.atlas(), listThreshold(m_settings), m_source.tiling(),
                       std::max(m_capacity, 1024u)};
    if (m_source.output() == occupancy::VoxelOutput::Bits) {
        in.bits = m_source.bits();
        in.bitsSide = m_source.atlasSize(); // the virtual atlas
    }
    if (const occupancy::SparseOccupancy* sparse = m_source.sparse()) {
        in.sparseIndex = sparse->index();
        in.sparsePool = sparse->pool(); // the pool this frame's voxelize wrote (it grows only in voxelize)
        in.bitsSide = m_source.atlasSize();
    }
    return in;
}

void Frame::voxelize(const glm::mat4& modelToWorld) {
    if (!m_configured) return;
    m_source.produce(worldToVolume() * modelToWorld, m_settings);
    if (m_voxelsStale || modelToWorld != m_voxelizedWith) ++m_voxelsVersion; // other voxels than last time
    m_voxelsStale = false;
    m_voxelizedWith = modelToWorld;
}

Result<void> Frame::setMesh(const model::Mesh& mesh) {
    Result<void> r = m_source.mesh().setMesh(mesh);
    if (r) m_voxelsStale = true;
    return r;
}

Result<void> Frame::build() {
    hp::PointMethod* m = method();
    if (!m || !m_configured) return makeError("the frame's method is not available");
    m->setOptions({m_settings.storage, m_settings.buildPath});
    return m->build(input());
}

std::uint32_t Frame::sizeFromCount(std::uint32_t count) {
    m_count = count;
    m_capacity = withHeadroom(count, hp::PointBuffer::maxEntries(m_info));
    if (count > m_capacity) // once per change: the list keeps the first m_capacity points
        log::error("%u points are beyond the %u this driver's storage blocks hold "
                   "(GL_MAX_SHADER_STORAGE_BLOCK_SIZE): "
                   "the first %u are listed, the frame is INCOMPLETE",
                   count, m_capacity, m_capacity);
    m_needsCount = false;
    return m_capacity;
}

void Frame::trackLateCount(GLuint counterBuffer) {
    m_readback->push(counterBuffer);
    if (const std::span<const std::uint32_t> late = m_readback->poll(); !late.empty()) {
        m_count = late[0];
        m_incomplete = late[HP_COUNT_INCOMPLETE] != 0;
        if (*m_count > m_capacity) // overflowed for a frame or two: grow
            m_capacity = withHeadroom(*m_count, hp::PointBuffer::maxEntries(m_info));
    }
    m_countIsLate = true;
}

Result<void> Frame::list() {
    hp::PointMethod* m = method();
    if (!m || !m_configured) return makeError("the frame's method is not available");
    hp::MethodInput in = input();
    if (!resident()) {
        Result<void> r = m->list(in, hp::ListPath::Readback); // the paper's path: reads the count (stalls)
        m_count = m->listedCount();
        m_countIsLate = false;
        m_incomplete = m->readIncomplete(); // a stall already paid: the flag of this very frame
        return r;
    }
    if (m_needsCount) {
        // One stall after a change. A one-pass method wrote its points in build() with the old capacity:
        // build again with the new one (the same for every method, so no method is special-cased).
        const hp::CountBuffer::Words counts = m->counts().readBoth();
        in.capacity = sizeFromCount(counts.count);
        // A count of an incomplete frame (the sparse pool overflowed and dropped bricks: the first frame on a
        // new preset, before the pool grew) is too low to size the points by: size again from the next frame's.
        if (counts.incomplete) m_needsCount = true;
        if (Result<void> r = m->build(in); !r) return r;
    }
    Result<void> r = m->list(in, hp::ListPath::Resident);
    trackLateCount(m->counterBuffer());
    return r;
}

Result<void> Frame::colorPoints() {
    hp::PointMethod* m = method();
    if (!m || !occupancy::hasSlotColors(m_source.output())) return {};
    // As many slots as the point buffer holds entries (the paper path lists exactly the count).
    const std::uint32_t capacity = resident() ? input().capacity : std::max(m_count.value_or(0), 1u);
    return m_source.colorPoints(*m, capacity);
}

Result<void> Frame::expand() {
    if (!m_configured) return makeError("surface view: the frame is not configured");
    const surface::McMethodId row = m_settings.mcMethod;
    if (const SurfaceInput* field = m_source.current().valueField()) {
        if (m_surfaceFrom != SurfaceFrom::Field) { // after a mesh: the stage sizes its buffer again, once
            m_surface->setInput(*field);
            m_surfaceFrom = SurfaceFrom::Field;
        }
        return m_surface->run(row, m_settings.band);
    }
    if (Result<void> r = occupancyAsSurfaceInput(); !r) {
        m_surface->hide(); // no surface of this frame's voxels
        return r;
    }
    return m_surface->run(row, surface::OccupancyVolume::kOccupiedBand, m_voxelsVersion);
}

Result<void> Frame::occupancyAsSurfaceInput() {
    // The voxels' layout: the voxelizer's (the test atlas' own tiling, which OccupancyVolume checks).
    const glm::ivec3 v = m_source.volume();
    const int tilesX = m_source.tiling().tilesX;
    const occupancy::VolumeLayout layout{v, {tilesX, (v.z + tilesX - 1) / tilesX}, m_source.atlasSize()};
    surface::OccupancyVolume& occ = *m_occupancy;
    const occupancy::SparseOccupancy* sparse = m_source.sparse();
    Result<void> r = sparse ? occ.fromSparse(sparse->index(), sparse->pool(), layout)
                     : m_source.output() == occupancy::VoxelOutput::Bits
                         ? occ.fromBits(m_source.bits(), layout)
                         : occ.fromAtlas(m_source.atlas(), layout, listThreshold(m_settings));
    if (!r) return makeError("surface view: " + r.error());
    const SurfaceInput in{occ.texture(), occ.size(), surface::OccupancyVolume::kScalarType,
                          surface::OccupancyVolume::kSpacing, surface::OccupancyVolume::kBinaryField,
                          /*rewritten=*/true};
    // The same texture every frame (it is reallocated only for another size): no resync while a model turns.
    if (m_surfaceFrom != SurfaceFrom::Occupancy || in.texture != m_occupancyInput.texture ||
        in.size != m_occupancyInput.size) {
        m_surface->setInput(in);
        m_surfaceFrom = SurfaceFrom::Occupancy;
        m_occupancyInput = in;
    }
    return {};
}

particles::ParticleSource Frame::points() const {
    hp::PointMethod* m = method();
    if (!m) return {};
    // The GPU-resident list holds at most m_capacity valid entries (its buffer may be larger).
    const std::uint32_t valid = resident() ? m_capacity : m->listedCount().value_or(0);
    return {m->points().id(), m->counterBuffer(), std::min(valid, m->points().capacity()), m_source.volume(),
            shape()};
}

std::pair<std::uint32_t, std::uint32_t> Frame::countAndHeld(const hp::PointMethod& m) const {
    // The exact count of this frame (the late one may be a few frames old); entries past the capacity of the
    // GPU-resident list were dropped on purpose: only what the buffer holds is compared or exported.
    const std::uint32_t count = m.listedCount().value_or(m.readCount());
    const std::uint32_t held = resident() ? std::min(count, m_capacity) : count;
    return {count, std::min(held, m.points().capacity())};
}

Result<PointSnapshot> Frame::snapshot() const {
    hp::PointMethod* m = method();
    if (!m) return makeError("PLY export: the method is not available");
    PointSnapshot snap;
    snap.atlasSize = m_source.atlasSize();
    snap.volume = m_source.volume();
    // The atlas output's colours are in its texels; a ranked output's (bits, sparse) per point, in the slots.
    const bool perPoint = occupancy::hasSlotColors(m_source.output());
    if (!perPoint) {
        snap.rgba.resize(size_t(snap.atlasSize) * size_t(snap.atlasSize) * 4);
        glGetTextureImage(m_source.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(snap.rgba.size()),
                          snap.rgba.data());
    }
    const auto [count, held] = countAndHeld(*m);
    snap.entries = m->points().read(held);
    snap.droppedEntries = count - std::uint32_t(snap.entries.size());
    if (perPoint) { // the colour of point k at k (the slots hold as many points as the point buffer)
        snap.pointColors.resize(snap.entries.size());
        if (!snap.pointColors.empty())
            glGetNamedBufferSubData(m_source.slotColors(), 0, GLsizeiptr(snap.pointColors.size() * 4),
                                    snap.pointColors.data());
    }
    return snap;
}

} // namespace dicer::frame
