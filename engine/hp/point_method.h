// One interface for every method that turns a voxel output into points: the paper's four HistoPyramid
// variants (with the PointList builder), the compute HistoPyramids (hp_compute over the atlas, hp_bits over the
// occupancy bits, hp_sparse over the sparse occupancy), Horn's scan, atomic append and the CPU paths
// (engine/peers). Input (MethodInput, the output the row reads: MethodInfo::reads): an RGBA8 GL_TEXTURE_2D atlas
// with an alpha threshold and the atlas tiling (active = inside the volume and alpha8 >= the threshold byte), or
// the bits, or the sparse occupancy's index and pool. Output: the count on the GPU (counterBuffer(), uint[0])
// and the point buffer (points(), hp_point.h entries). Methods differ in the order of their entries, never in the
// set. The one table of them is engine/methods/method_table.h.
//
//  build(input): atlas -> count, on the GPU. One-pass methods (Horn's scan, atomic append, the CPU paths)
//                write their points here too.
//  list(input, path): count -> points.
//     ListPath::Readback: the paper's path. The count is read back to the CPU (a stall the 2006 design
//                         requires) and every entry is listed; listedCount() is then known.
//     ListPath::Resident: GPU-resident. min(count, input.capacity) entries, sized on the GPU from the count
//                         (indirect dispatch); the count never reaches the CPU.
#pragma once

#include "atlas_tiling.h"
#include "gl_handle.h"
#include "gl_info.h"
#include "point_buffer.h"
#include "voxel_output.h"
#include "result.h"
#include "xray.h"
#include "xray_levels.h"

#include <glm/vec2.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace dicer::hp {

// The order a method writes its entries in.
enum class EntryOrder {
    RowMajor, // line-wise: y, then x (Horn's scan, the CPU scans)
    KeyIndex, // the HistoPyramid's key-index order (hp_pick.h child order at every level)
    Unordered // whatever order the atomics resolved in (atomic append): differs from run to run
};
const char* entryOrderName(EntryOrder order);

enum class ListPath { Readback, Resident };
const char* listPathName(ListPath path); // "readback" / "resident"
inline constexpr std::array<ListPath, 2> kListPaths = {ListPath::Readback, ListPath::Resident};

// Integer storage is exact for any count; float storage is what the 2006 hardware had (exact below 2^24).
enum class Storage { Uint32, Float32 };
const char* storageName(Storage storage); // "uint32" / "float32"
inline constexpr std::array<Storage, 2> kStorages = {Storage::Uint32, Storage::Float32};

// How the paper variants' reduction passes run. Both produce the same pyramid bit for bit:
//  - Compute: one dispatch per level, imageStore (default; 2.5x cheaper per level on llvmpipe).
//  - Fragment: one full-screen pass per level rendering into the level, as the 2006 hardware had to.
enum class BuildPath { Compute, Fragment };
const char* buildPathName(BuildPath path); // "compute" / "fragment"
inline constexpr std::array<BuildPath, 2> kBuildPaths = {BuildPath::Compute, BuildPath::Fragment};

// What a method may be asked to vary (the paper variants: storage and build path; the others ignore both).
struct MethodOptions {
    Storage storage = Storage::Uint32;
    BuildPath buildPath = BuildPath::Compute;
};

// What a method reads (MethodInfo::input): the RGBA8 atlas (+ threshold), or the occupancy bits
// (occupancy_bits.h: one bit per texel of a virtual atlas, already thresholded).
// Or the sparse occupancy (occupancy_sparse.h: the bits of the touched 32x32 bricks only).

struct MethodInput {
    GLuint atlas = 0;                  // Atlas: RGBA8 GL_TEXTURE_2D
    float threshold = 0.5f;            // Atlas: alpha threshold (thresholdToByte)
    AtlasTiling tiling;                // zero tile size: the whole atlas is one slice, voxel = (x, y, 0)
    std::uint32_t capacity = 1u << 20; // Resident: entries the point buffer holds; later entries are dropped
    GLuint bits = 0;                   // Bits: buffer of the occupancy bits (occupancy_bits.h layout)
    int bitsSide = 0;       // Bits, Sparse: the virtual atlas side (1..HP_BITS_/HP_SPARSE_MAX_ATLAS)
    GLuint sparseIndex = 0; // Sparse: the index buffer (occupancy_sparse.h: header, coarse map, bases)
    GLuint sparsePool = 0;  // Sparse: the pool (SPARSE_SLOT_UINTS uints a slot)
};

// Checks what every method requires of its input and returns the atlas size: an RGBA8 GL_TEXTURE_2D no larger
// than `maxSide` texels a side, a finite threshold and a capacity of at least 1 that the point buffer can
// hold. Errors start with `who`.
Result<glm::ivec2> checkInput(const char* who, const MethodInput& input, int maxSide, const gl::GlInfo& info);

// Bytes of the occupancy bits of a virtual atlas of `side` texels a side (occupancy_bits.h).
std::int64_t hpBitsBytes(int side);
// The same for a bits input: the side in 1..HP_BITS_MAX_ATLAS, a buffer of at least hpBitsBytes(side) bytes
// that fits one storage block (GL_MAX_SHADER_STORAGE_BLOCK_SIZE), a capacity as checkInput(). Returns the side.
Result<int> checkBitsInput(const char* who, const MethodInput& input, const gl::GlInfo& info);

// The same for a sparse input: the side in 1..HP_SPARSE_MAX_ATLAS, an index buffer of hpSparseIndexUints(side) uints, a pool of
// whole slots (at least one) that fits one storage block, a capacity as checkInput(). Returns the pool's slots.
Result<std::uint32_t> checkSparseInput(const char* who, const MethodInput& input, const gl::GlInfo& info);

// The sampler every method reads the atlas through: nearest (texelFetch ignores filtering, but a one-level
// texture with a mipmapped filter is incomplete and reads 0) and clamped (gathers at the atlas' edge; the
// discriminator masks the cells beyond it).
gl::Sampler createAtlasSampler(const std::string& label);

class PointMethod {
public:
    virtual ~PointMethod() = default;
    PointMethod(const PointMethod&) = delete;
    PointMethod& operator=(const PointMethod&) = delete;

    const char* name() const { return m_name; }
    EntryOrder order() const { return m_order; }
    // Takes effect at the next build(). Methods without storage or build-path choices ignore it.
    virtual void setOptions(const MethodOptions&) {}

    // On error nothing is written and the previous output stays.
    virtual Result<void> build(const MethodInput& input) = 0;
    virtual Result<void> list(const MethodInput& input, ListPath path) = 0;
    Result<void> run(const MethodInput& input, ListPath path = ListPath::Resident) {
        if (Result<void> r = build(input); !r) return r;
        return list(input, path);
    }

    virtual const CountBuffer& counts() const = 0;
    virtual const PointBuffer& points() const = 0;
    GLuint counterBuffer() const { return counts().id(); }
    std::uint32_t readCount() const { return counts().read(); } // waits for the GPU
    // Whether the last build's list may miss active cells: hp_sparse over a frame whose pool overflowed (the
    // flag is on the GPU, counts()[HP_COUNT_INCOMPLETE]; frame::Frame reads it late, never waiting). Waits.
    bool readIncomplete() const { return counts().readIncomplete(); }
    // After list(Readback): the count the CPU read (every entry is listed). Otherwise nullopt.
    std::optional<std::uint32_t> listedCount() const { return m_listed; }
    // After a build over a ranked occupancy: binds what its rank shader needs in a foreign `program` (the rank of
    // an active texel = its index in the list): hp_bits' hpb_rank.glsl, hp_sparse's hps_rank.glsl. Only those
    // two pyramids can; the others say so.
    virtual Result<void> bindForRank(GLuint /*program*/) const {
        return makeError(std::string(m_name) + ": no rank (only a pyramid built from bits has one)");
    }
    // The X-ray (xray.h): after a build, output k followed down this method's pyramid by its own traversal on the
    // GPU, recorded level by level (reads back a few hundred bytes: a tool, never the frame). Errors: nothing
    // built, k not below the count, a method whose traversal records no path.
    virtual Result<XrayPath> trace(std::uint32_t /*k*/) {
        return makeError(std::string(m_name) + ": records no X-ray path (hp_compute, hp_bits, hp_sparse and the paper's four variants do)");
    }
    // The X-ray view (xray_levels.h): the levels of the pyramid the last build made, base first; empty when the
    // method builds none (its row's summary says what it does instead).
    virtual std::vector<XrayLevel> xrayLevels() const { return {}; }
    // Draws `tiles` of those levels into `canvas` from the GPU structures themselves, summed per pixel, and adds
    // each tile's total into its slot of canvas.totals (no readback: nothing waits). Errors: nothing built, a
    // method without levels.
    virtual Result<void> drawXray(std::span<const XrayTile> /*tiles*/, const XrayCanvas& /*canvas*/) {
        return makeError(std::string(m_name) + ": builds no pyramid to draw");
    }

protected:
    // A trace's key check: k below this build's count (read back: a trace waits anyway), else the one error.
    Result<void> checkTraceKey(std::uint32_t k) const {
        const std::uint32_t count = readCount();
        if (k < count) return {};
        return makeError(std::string(m_name) + ": output " + std::to_string(k) + " is beyond the " +
                         std::to_string(count) + " outputs");
    }
    PointMethod(const char* name, EntryOrder order) : m_name(name), m_order(order) {}
    std::optional<std::uint32_t> m_listed;

private:
    const char* m_name;
    EntryOrder m_order;
};

} // namespace dicer::hp
