// The peers: stream-compaction methods the HistoPyramid is measured against. Each one takes the same input as
// the HistoPyramid (an RGBA8 GL_TEXTURE_2D slice atlas and an alpha threshold; active = alpha8 >= the
// threshold byte of hp::thresholdToByte) and produces the same output: a point buffer of uvec4 entries
// (voxel.x, voxel.y, voxel.z, atlas.x | atlas.y << 16) under an hp::AtlasTiling, plus the count in a GPU
// buffer (uint[0]). The methods differ in the order of their entries, never in the set (the tests compare
// sorted, exactly).
//
// One small interface plus an explicit table ({name, isAvailable, create}), like the HistoPyramid variants.
#pragma once

#include "gl_info.h"
#include "hp_reference.h"
#include "indirect_args.h"
#include "point_list.h"
#include "result.h"
#include "shader.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace dicer::peers {

// The order a method writes its entries in.
enum class EntryOrder {
    RowMajor, // line-wise: y, then x (Horn's scan, the CPU scans)
    KeyIndex, // the HistoPyramid's key-index order (child order (0,0),(1,0),(0,1),(1,1) at every level)
    Unordered // whatever order the atomics resolved in (atomic append): differs from run to run
};
const char* entryOrderName(EntryOrder order);

struct CompactionInput {
    GLuint atlas = 0;                  // RGBA8 GL_TEXTURE_2D
    float threshold = 0.5f;            // alpha threshold, as HistoPyramid::build
    hp::AtlasTiling tiling;            // zero tile size: the whole atlas is one slice, voxel = (x, y, 0)
    std::uint32_t capacity = 1u << 20; // entries the point buffer must hold; later entries are dropped
};

class Compactor {
public:
    virtual ~Compactor() = default;
    Compactor(const Compactor&) = delete;
    Compactor& operator=(const Compactor&) = delete;

    virtual const char* name() const = 0;
    virtual EntryOrder order() const = 0;

    // Compacts the atlas. The count (which may exceed the capacity) is written to counterBuffer() on the GPU;
    // min(count, capacity) entries are written to pointBuffer(). On error nothing is written.
    virtual Result<void> run(const CompactionInput& input) = 0;

    GLuint pointBuffer() const { return m_points.id(); }
    GLuint counterBuffer() const { return m_counters.id(); }
    std::uint32_t pointCapacity() const { return m_pointCapacity; }
    std::uint32_t readCount() const;                           // waits for the GPU
    std::vector<glm::uvec4> readPoints(std::uint32_t n) const; // the first min(n, capacity) entries

protected:
    explicit Compactor(gl::ShaderLibrary& shaders);
    void ensurePointCapacity(std::uint32_t entries, const char* label);
    void bindPointOutput(GLuint program, const CompactionInput& input, glm::ivec2 atlasSize) const;
    // The GPU-resident methods size their output pass from the count without a readback: a one-thread pass
    // (hp_list_args.comp.glsl) turns counterBuffer() into indirect dispatch arguments clamped to `capacity`.
    Result<void> initDispatchArgs(gl::ShaderLibrary& shaders);
    // Leaves the arguments on GL_DISPATCH_INDIRECT_BUFFER.
    void writeDispatchArgs(std::uint32_t capacity) { m_args.write(m_counters.id(), capacity); }
    GLuint argsBuffer() const { return m_args.buffer(); } // HP_ARGS_* layout (dicer_shared.h)

    gl::ShaderLibrary* m_shaders = nullptr;
    gl::Buffer m_points, m_counters;
    hp::IndirectArgs m_args;
    std::uint32_t m_pointCapacity = 0;
};

// Checks what every method requires of its input and returns the atlas size: an RGBA8 GL_TEXTURE_2D no larger
// than `maxSide` texels a side, a finite threshold and a capacity of at least 1. Errors start with `who`.
Result<glm::ivec2> checkInput(const char* who, const CompactionInput& input, int maxSide);

// Size in bytes of the largest shader storage block / buffer range a shader may bind on this context.
std::int64_t maxStorageBlockBytes();

struct PeerInfo {
    const char* name;
    const char* summary;
    bool (*isAvailable)(const gl::GlInfo& info);
    Result<std::unique_ptr<Compactor>> (*create)(gl::ShaderLibrary& shaders);
};

std::span<const PeerInfo> peerTable();
const PeerInfo* findPeer(std::string_view name);
Result<std::unique_ptr<Compactor>> createPeer(std::string_view name, gl::ShaderLibrary& shaders,
                                              const gl::GlInfo& info);

// Factories, one per implementation file.
Result<std::unique_ptr<Compactor>> createHornScan(gl::ShaderLibrary& shaders);
Result<std::unique_ptr<Compactor>> createAtomicAppend(gl::ShaderLibrary& shaders);
Result<std::unique_ptr<Compactor>> createComputeHistoPyramidPeer(gl::ShaderLibrary& shaders);
Result<std::unique_ptr<Compactor>> createCpuLinewise(gl::ShaderLibrary& shaders);
Result<std::unique_ptr<Compactor>> createCpuThreaded(gl::ShaderLibrary& shaders);

// The comparison helpers (tests and dicer-bench) are the CPU reference's (hp_reference.h).
using hp::pointEntry;
using hp::referenceEntries;
using hp::sortedEntries;

} // namespace dicer::peers
