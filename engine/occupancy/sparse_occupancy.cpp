// The sparse occupancy's GPU structure and its per-frame allocation (sparse_occupancy.h). The slots are the
// marked bricks' ranks: an exclusive scan after Blelloch (1990), in the two-level form of Harris, Sengupta and
// Owens (GPU Gems 3, ch. 39), over the coarse words' popcounts.
#include "sparse_occupancy.h"

#include "allocation.h"
#include "gpu_pass.h"

#include "gl_debug.h"
#include "hpc_shared.h"
#include "log.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>
#include <string>
#include <utility>

namespace dicer::occupancy {
namespace {

constexpr std::int64_t kSlotBytes = SPARSE_SLOT_UINTS * 4;

// After the allocation's or a writer's stores: visible to the next pass' storage reads, the indirect dispatch
// that reads the header, buffer copies (the ring) and read-backs.
constexpr GLbitfield kWritten =
    GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT;

std::uint32_t withHeadroom(std::uint32_t marked) {
    return std::uint32_t(std::min<std::uint64_t>(std::uint64_t(marked) + marked / 4 + 64, 0xffffffffu));
}

} // namespace

Result<SparseOccupancy> SparseOccupancy::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    SparseOccupancy s(shaders, info);
    auto add = [&](gl::ProgramId& id, const char* file, const char* define) -> Result<void> {
        Result<gl::ProgramId> program = shaders.add(
            {std::string("sparse occupancy ") + define, {{GL_COMPUTE_SHADER, file}}, {{define, ""}}});
        if (!program) return makeError(program.error());
        id = *program;
        return {};
    };
    Result<void> r = add(s.m_sums, "sparse_alloc.comp.glsl", "SPARSE_ALLOC_SUMS");
    if (r) r = add(s.m_scan, "sparse_alloc.comp.glsl", "SPARSE_ALLOC_SCAN");
    if (r) r = add(s.m_slots, "sparse_alloc.comp.glsl", "SPARSE_ALLOC_SLOTS");
    if (r) r = add(s.m_clear, "sparse_alloc.comp.glsl", "SPARSE_ALLOC_CLEAR");
    if (r) r = add(s.m_mark, "sparse_from_bits.comp.glsl", "SPARSE_FROM_BITS_MARK");
    if (r) r = add(s.m_copy, "sparse_from_bits.comp.glsl", "SPARSE_FROM_BITS_COPY");
    if (!r) return makeError(r.error());
    auto ring = gl::LateReadback::create(SPARSE_STATUS_UINTS, "sparse occupancy status ring");
    if (!ring) return makeError(ring.error());
    s.m_ring = std::move(ring.value());
    return s;
}

std::uint32_t SparseOccupancy::initialSlots(int side) {
    // 1/16 of the bricks, but never more than a surface's share: the atlas holds ~n^3 = side^2 voxels, whose
    // surfaces are ~n^2 = side^(4/3) voxels, ~30 to a marked brick, so side^(4/3) / 16 slots hold them with
    // room. Up to 1024^3 the two are equal; at 2048^3 the bricks' 1/16 (1 M slots, 138 MB: the whole storage
    // block on llvmpipe) was 7x the dense bits of the teapot's 156 K marked bricks, against the design's bound
    // of 4x; side^(4/3) / 16 is 416 K slots there (55 MB, 2.7x). A frame that needs more is flagged and grows.
    const std::int64_t grid = hp::hpSparseGrid(side);
    const auto surface = std::int64_t(std::llround(std::pow(double(side), 4.0 / 3.0) / 16.0));
    return std::uint32_t(std::max<std::int64_t>(64, std::min(grid * grid / 16, surface)));
}

std::uint32_t SparseOccupancy::maxSlots() const {
    return std::uint32_t(std::min<std::int64_t>(m_info.maxStorageBlockBytes / kSlotBytes, 0x7fffffff));
}

std::string describeSparse(std::uint32_t capacity, std::int64_t bytes,
                           const std::optional<SparseStatus>& late, bool incomplete,
                           const std::string& growthError) {
    char held[32];
    std::snprintf(held, sizeof held, "%.1f MiB", double(bytes) / double(1 << 20));
    std::string text = "pool " + std::to_string(capacity) + " bricks (" + held + " held); ";
    text += late ? "last frame read back: " + std::to_string(late->marked) + " bricks marked, "
                 : std::string("no frame read back yet, ");
    if (!incomplete && !(late && late->overflowed)) return text + "complete";
    text += "INCOMPLETE (the pool overflowed: the list misses the dropped bricks' voxels; ";
    return text +
           (growthError.empty() ? "it grows for the next frame)" : "it cannot grow: " + growthError + ")");
}

std::int64_t SparseOccupancy::bytes() const {
    return m_side == 0
               ? 0
               : std::int64_t(hp::hpSparseIndexUints(m_side)) * 4 + std::int64_t(m_capacity) * kSlotBytes;
}

Result<void> SparseOccupancy::setLayout(int side, std::uint32_t slots) {
    if (side < 1 || side > HP_SPARSE_MAX_ATLAS)
        return makeError("sparse occupancy: virtual atlas side " + std::to_string(side) + " is outside 1.." +
                         std::to_string(HP_SPARSE_MAX_ATLAS) + " (HP_SPARSE_MAX_ATLAS)");
    const std::int64_t indexBytes = std::int64_t(hp::hpSparseIndexUints(side)) * 4;
    if (indexBytes > m_info.maxStorageBlockBytes)
        return makeError("sparse occupancy: the index of a " + std::to_string(side) + "^2 virtual atlas (" +
                         std::to_string(indexBytes) + " bytes) is beyond GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                         std::to_string(m_info.maxStorageBlockBytes));
    if (slots == 0) slots = std::min(initialSlots(side), maxSlots());
    Result<gl::Buffer> index =
        gl::allocateBuffer(GLsizeiptr(indexBytes), nullptr, 0, "sparse occupancy index");
    if (!index) return makeError(index.error());
    glClearNamedBufferData(index->id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr); // status 0
    const int previousSide = m_side;
    gl::Buffer previousIndex = std::move(m_index);
    m_index = std::move(index.value());
    m_side = side;
    if (Result<void> r = setCapacity(slots); !r) { // the previous structure stays
        m_index = std::move(previousIndex);
        m_side = previousSide;
        return r;
    }
    m_ring->clear(); // statuses of the old layout
    m_late.reset();
    m_growthError.clear();
    return {};
}

Result<void> SparseOccupancy::setCapacity(std::uint32_t slots) {
    if (slots < 1 || slots > maxSlots())
        return makeError("sparse occupancy: a pool of " + std::to_string(slots) + " slots (" +
                         std::to_string(std::int64_t(slots) * kSlotBytes) +
                         " bytes) is beyond this driver's " + std::to_string(m_info.maxStorageBlockBytes) +
                         " (GL_MAX_SHADER_STORAGE_BLOCK_SIZE): at most " + std::to_string(maxSlots()) +
                         " slots");
    Result<gl::Buffer> pool =
        gl::allocateBuffer(GLsizeiptr(std::int64_t(slots) * kSlotBytes), nullptr, 0, "sparse occupancy pool");
    if (!pool) return makeError(pool.error() + " (" + std::to_string(slots) + " slots)");
    m_pool = std::move(pool.value());
    m_capacity = slots;
    return {};
}

void SparseOccupancy::release() {
    m_index = {};
    m_pool = {};
    m_side = 0;
    m_capacity = 0;
    m_ring->clear();
    m_late.reset();
    m_growthError.clear();
}

void SparseOccupancy::bind() const {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SPARSE_BIND_INDEX, m_index.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SPARSE_BIND_POOL, m_pool.id());
}

void SparseOccupancy::poll() {
    const std::span<const std::uint32_t> w = m_ring->poll(); // SPARSE_STATUS_UINTS words, or none yet
    if (w.empty()) return;
    m_late = SparseStatus{w[0], w[1], w[2], w[3] != 0};
    // Only a status of this pool's size says it is too small (an older, smaller pool's may still come back).
    if (!m_late->overflowed || m_late->marked <= m_capacity) return;
    const std::uint32_t wanted = std::min(withHeadroom(m_late->marked), maxSlots());
    if (m_late->marked > maxSlots()) {
        if (m_growthError.empty()) {
            m_growthError = "sparse occupancy: a frame marked " + std::to_string(m_late->marked) +
                            " bricks, beyond the " + std::to_string(maxSlots()) +
                            " slots one storage block holds (GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                            std::to_string(m_info.maxStorageBlockBytes) + "): its list stays incomplete";
            log::error("%s", m_growthError.c_str());
        }
        if (m_capacity == maxSlots()) return;
    }
    if (Result<void> r = setCapacity(wanted); !r && m_growthError.empty()) {
        m_growthError = r.error();
        log::error("%s", m_growthError.c_str());
    }
}

void SparseOccupancy::begin() {
    if (m_side == 0) return;
    poll();
    gl::DebugGroup group("sparse occupancy: clear the coarse map");
    glClearNamedBufferSubData(m_index.id(), GL_R32UI, SPARSE_HEADER * 4,
                              GLsizeiptr(hp::hpSparseCoarseWords(m_side)) * 4, GL_RED_INTEGER,
                              GL_UNSIGNED_INT, nullptr);
    glMemoryBarrier(kWritten);
}

void SparseOccupancy::dispatchScan() {
    bind();
    const GLuint groups = GLuint(hp::hpSparseScanGroups(m_side));
    const std::pair<gl::ProgramId, GLuint> passes[] = {{m_sums, groups}, {m_scan, 1}, {m_slots, groups}};
    for (const auto& [id, count] : passes) {
        const GLuint program = m_shaders->get(id);
        glProgramUniform1i(program, SPARSE_LOC_SIDE, m_side);
        glProgramUniform1ui(program, SPARSE_LOC_CAPACITY, m_capacity);
        glUseProgram(program);
        glDispatchCompute(count, 1, 1);
        glMemoryBarrier(kWritten);
    }
}

void SparseOccupancy::allocate() {
    if (m_side == 0) return;
    gl::DebugGroup group("sparse occupancy: allocate");
    dispatchScan();
    const GLuint program = m_shaders->get(m_clear);
    glUseProgram(program);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_index.id());
    glDispatchComputeIndirect(SPARSE_CLEAR_ARGS * 4);
    glMemoryBarrier(kWritten);
}

void SparseOccupancy::end() {
    if (m_side != 0) m_ring->push(m_index.id(), SPARSE_STATUS_FIRST * 4);
}

Result<void> SparseOccupancy::fromBits(GLuint bits, int side) {
    if (side != m_side)
        if (Result<void> r = setLayout(side); !r) return r;
    occupancy::StateGuard state; // the indirect dispatch binding, the program
    begin();
    gl::DebugGroup group("sparse occupancy from bits");
    bind();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HPB_BIND_BITS, bits);
    GLuint program = m_shaders->get(m_mark);
    glProgramUniform1i(program, SPARSE_LOC_SIDE, m_side);
    glUseProgram(program);
    glDispatchCompute(GLuint((hp::hpSparseCoarseWords(m_side) + 63) / 64), 1, 1);
    glMemoryBarrier(kWritten);
    dispatchScan(); // no clear: the copy writes every used word
    program = m_shaders->get(m_copy);
    glProgramUniform1i(program, SPARSE_LOC_SIDE, m_side);
    glProgramUniform1ui(program, SPARSE_LOC_CAPACITY, m_capacity);
    glUseProgram(program);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_index.id());
    glDispatchComputeIndirect(SPARSE_CLEAR_ARGS * 4);
    glMemoryBarrier(kWritten);
    end();
    return {};
}

SparseStatus SparseOccupancy::readStatus() const {
    if (m_side == 0) return {};
    std::uint32_t w[SPARSE_STATUS_UINTS] = {};
    glGetNamedBufferSubData(m_index.id(), SPARSE_STATUS_FIRST * 4, sizeof w, w);
    return {w[0], w[1], w[2], w[3] != 0};
}

} // namespace dicer::occupancy
