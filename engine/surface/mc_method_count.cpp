// The count pass every descent and scan row shares (mc_method.h, "The count's columns"): the columns' key ranges,
// their classification against the band and the count over the listed columns (mc_count.comp.glsl,
// mc_column_range.comp.glsl).
#include "mc_method.h"

#include "allocation.h"
#include "dispatch.h"
#include "gl_debug.h"
#include "value_keys.h"

#include <algorithm>
#include <string>

namespace dicer::surface {

glm::u64vec3 McMethod::columnGrid(glm::ivec3 size) {
    if (size.x < 2 || size.y < 2 || size.z < 2) return glm::u64vec3(0);
    const glm::u64vec3 cells = glm::u64vec3(size - 1);
    return {(cells.x + MC_FAN_IN - 1) / MC_FAN_IN, (cells.y + MC_COUNT_ROWS - 1) / MC_COUNT_ROWS,
            (cells.z + MC_COUNT_SLICES - 1) / MC_COUNT_SLICES};
}

std::uint64_t McMethod::countColumns(glm::ivec3 size) {
    const glm::u64vec3 g = columnGrid(size);
    return g.x * g.y * g.z;
}

Result<McMethod::ColumnBuffers> McMethod::allocateColumnBuffers(std::uint64_t columns,
                                                                glm::ivec3 size) const {
    ColumnBuffers b;
    if (columns <= m_rangeColumns && m_ranges) return b; // big enough: kept
    // A uvec2 range and a uint list entry a column of up to 16 words: 1/8 and 1/16 of the cases' bytes where the
    // volume has 4 rows and slices or more (at worst, one row and one slice, twice the cases': far below a
    // storage block for such a volume).
    const auto n = GLsizeiptr(std::max<std::uint64_t>(columns, 1));
    Result<gl::Buffer> ranges = gl::allocateBuffer(n * 8, nullptr, 0, std::string(m_name) + " column ranges");
    Result<gl::Buffer> list = ranges ? gl::allocateBuffer((MC_COLUMNS_LIST + n) * 4, nullptr, 0,
                                                          std::string(m_name) + " listed columns")
                                     : makeError(std::string());
    if (!ranges || !list)
        return makeError("marching cubes: " + (ranges ? list.error() : ranges.error()) + " (volume " +
                         sizeText(size) + ")");
    b.ranges = std::move(ranges.value());
    b.list = std::move(list.value());
    return b;
}

void McMethod::dispatchColumns(glm::ivec3 size) {
    const glm::u64vec3 octets =
        (columnGrid(size) + std::uint64_t(1)) / std::uint64_t(2); // 2 x 2 x 2 columns each
    constexpr std::uint64_t kOctetsPerGroup = MC_LOCAL_SIZE / 8;  // along the rows (mc_volume.glsl, mcColumn)
    const glm::u64vec3 groups((octets.x + kOctetsPerGroup - 1) / kOctetsPerGroup, octets.y, octets.z);
    if (groups.x * groups.y * groups.z == 0) return;
    glDispatchCompute(GLuint(groups.x), GLuint(groups.y), GLuint(groups.z));
}

void McMethod::setContentVersion(std::uint64_t version) {
    if (version != m_contentVersion) {
        m_contentVersion = version;
        m_keptBand.reset();
        m_rangeState = Ranges::Unknown; // still changing, perhaps every frame: not worth a pass yet
    } else if (m_rangeState == Ranges::Unknown) {
        m_rangeState = Ranges::Pending; // the same contents twice: they may stay
    }
}

void McMethod::computeColumnRanges() {
    m_rangeState = Ranges::Pending; // the same contents (a change comes by setContentVersion): the words stay
    refreshRanges();
}

void McMethod::refreshRanges() {
    if (m_rangeState != Ranges::Pending || !hasCells()) return;
    gl::DebugGroup group("mc column ranges");
    useWordsProgram(m_rangePrograms);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_RANGES, m_ranges.id());
    dispatchColumns(m_size);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the classification reads them
    m_rangeState = Ranges::Exact;
}

void McMethod::classifyColumns() {
    gl::DebugGroup group("mc classify columns");
    // The count's indirect dispatch starts at 0 x 0 x 1 groups, none listed (mc_shared.h, MC_COLUMNS_*).
    const std::uint32_t empty[4] = {0u, 0u, 1u, 0u};
    static_assert(MC_COLUMNS_DISPATCH == 0 && MC_COLUMNS_COUNT == 3);
    glClearNamedBufferSubData(m_columns.id(), GL_RGBA32UI, 0, sizeof empty, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
                              empty);
    const GLuint program = useWordsProgram(m_classifyPrograms);
    // The words of the band counted last are still in the buffers (same contents, same buffers, a build that
    // left them): a column uniform under both bands the same way is not written again.
    glProgramUniform3ui(program, MC_LOC_KEPT_BAND, m_keptBand ? m_keptBand->x : 0u,
                        m_keptBand ? m_keptBand->y : 0u, m_keptBand ? 1u : 0u);
    glProgramUniform1ui(program, MC_LOC_ROW_GROUPS,
                        GLuint(std::clamp(m_info.maxComputeGroupCount[0], 1, MC_GROUPS_X)));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_RANGES, m_ranges.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_COLUMNS, m_columns.id());
    dispatchColumns(m_size);
    // The count reads the list as a storage block and its dispatch as a command.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
}

void McMethod::countWords(const discriminate::KindPrograms& count, const char* label,
                          CountsAfterBuild after) {
    refreshRanges();
    const bool listed = m_rangeState == Ranges::Exact;
    if (listed) classifyColumns();
    gl::DebugGroup group(label);
    const GLuint program = useWordsProgram(count);
    glProgramUniform1ui(program, MC_LOC_LISTED, listed ? 1u : 0u);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_COLUMNS, m_columns.id());
    if (listed) {
        gl::dispatchIndirect(m_columns.id(), MC_COLUMNS_DISPATCH * 4);
    } else {
        dispatchItems(countColumns(m_size)); // every column, one an invocation (mc_volume.glsl, mcColumnAt)
    }
    // The cases and counts are read as storage blocks and, by hp_mc's descent, through views (image loads).
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    glUseProgram(0); // never leave a program bound that a shader reload may delete
    m_keptBand.reset();
    if (after == CountsAfterBuild::Kept) { // every word now this band's: the classified ones or all of them

        const volume::KeyBand keys = volume::bandKeys(m_type, m_band);
        m_keptBand = glm::uvec2(keys.lo, keys.hi);
    }
}

} // namespace dicer::surface
