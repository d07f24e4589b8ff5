// Compute-shader HistoPyramid ("hp_compute"): the modern builder, measured against the paper's four variants;
// and the same pyramid over the occupancy bits ("hp_bits"): see PyramidSource.
//  - Build: six levels per dispatch. An 8x8 work group reduces a 64x64 block of its input: each invocation
//    reads 8x8 cells (16 textureGathers of the atlas's alpha) and reduces three levels in registers, the
//    group three more through shared memory. 4096^2 takes two dispatches instead of twelve passes. The
//    discriminator is fused into the first dispatch; the top's single invocation writes the count (and, with
//    a list capacity, the list's indirect arguments).
//  - Storage: levels 1-2 are not stored; level 3 is one 64-bit Morton-ordered mask per 8x8 base cells
//    (RG32UI); every higher texel holds its four children's sums in the smallest integer format that fits
//    (RGBA8UI, RGBA16UI, RGBA32UI). Levels of one format sit side by side in one texture (the traversal loads
//    them as images, one unit per format; the X-ray's tiles and the rank sample them, a fixed sampler per
//    format: Mesa 22.3 llvmpipe misreads sampler arrays in compute shaders). No power-of-two padding: level l
//    has ceil(size / 2^l) cells a side; missing children count 0.
//  - Traversal: GPU-resident (indirect dispatch from the count), one fetch per level (vec4 layout); the
//    level-3 mask resolves the last three levels with popcounts, without reading the atlas again. Entries
//    are in key-index order.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006); Dyken, Ziegler, Theobalt, Seidel,
// "High-speed Marching Cubes using HistoPyramids", Computer Graphics Forum 27(8) (2008).
#pragma once

#include "buffer_view.h"
#include "compactor.h"
#include "hpc_shared.h"
#include "xray_draw.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <memory>
#include <vector>

namespace dicer::hp {

// --- bookkeeping (pure CPU, tested without GL) -------------------------------------------------------------
int computeLevels(glm::ivec2 input);                      // L = ceil(log2(max side)), at least 1
glm::ivec2 computeLevelSize(glm::ivec2 input, int level); // ceil(input / 2^level)
GLenum computeLevelFormat(int level);                     // none below 3, RG32UI at 3, else RGBA8/16/32UI
const char* computeLevelFormatName(int level);            // the GLSL format qualifier of that format
int computeLevelTexture(int level);                       // 0: masks, 1: 8-bit, 2: 16-bit, 3: 32-bit sums
std::int64_t computePyramidBytes(glm::ivec2 input);       // storage of all levels
int computeDispatches(glm::ivec2 input);                  // build dispatches: ceil(L / 6)

// What the pyramid is built from. Both give the same levels from 3 up, the same traversal and the same
// entries in the same (key-index) order for the same active texels.
//  - Atlas ("hp_compute"): the RGBA8 atlas through the discriminator; the build makes the level-3 masks.
//  - Bits ("hp_bits"): the occupancy bits (occupancy_bits.h: 1 bit per texel of a virtual square atlas of
//    MethodInput::bitsSide texels, up to HP_BITS_MAX_ATLAS, beyond GL_MAX_TEXTURE_SIZE): they *are* the
//    level-3 masks, so the first dispatch starts at level 3 (an invocation popcounts 8x8 masks and reduces
//    levels 4-9, then 10-15, 16); the list and the rank read the masks in place, and level 4 from them too
//    (a cell's children's sums: the popcounts of its 2x2 masks; hpc_shared.h, HPB_FIRST_STORED_LEVEL).
//    Threshold and discriminator do not apply (a set bit is active; padding bits must be 0). Only levels 5 and
//    up are textures, and those must fit GL_MAX_TEXTURE_SIZE (1/32 of the virtual side at level 5).
enum class PyramidSource { Atlas, Bits };

class ComputeHistoPyramid final : public Compactor {
public:
    static Result<std::unique_ptr<ComputeHistoPyramid>>
    create(gl::ShaderLibrary& shaders, const gl::GlInfo& info, PyramidSource source = PyramidSource::Atlas);

    // PointMethod: build() writes the list arguments for input.capacity, so list(Resident) is one dispatch;
    // list(Readback) reads the count and lists every entry. The Atlas source reads input.atlas, threshold and
    // tiling; the Bits source input.bits, input.bitsSide and tiling.
    Result<void> build(const MethodInput& input) override;
    Result<void> list(const MethodInput& input, ListPath path) override;

    // Builds the pyramid of `atlas` and writes the count to counterBuffer() (on the GPU). With a list
    // capacity the top invocation also writes the list's indirect arguments, so list(listCapacity) skips its
    // argument pass (run() does this: a frame is two build dispatches and one list dispatch). Texels outside
    // the volume of `tiling` are inactive; list() writes its entries with the same tiling.
    Result<void> build(GLuint atlas, float threshold, std::uint32_t listCapacity = 0,
                       const AtlasTiling& tiling = {});
    // Bits source: the pyramid of the occupancy bits `bits` (a buffer of at least hpBitsBytes(side) bytes, which
    // must outlive the list and rank passes of this build: they read it in place).
    Result<void> buildFromBits(GLuint bits, int side, std::uint32_t listCapacity = 0,
                               const AtlasTiling& tiling = {});
    // Writes the first min(count, capacity) entries to pointBuffer(); the count never reaches the CPU.
    Result<void> list(std::uint32_t capacity);

    // Bits source, after a build: binds this pyramid for hpb_rank.glsl in a foreign `program` (its rank
    // uniforms, the level textures on HPC_UNIT_SUMS*, the bits at HPB_BIND_BITS). The bindings hold until
    // another pass rebinds those units; call it right before the dispatch or draw that ranks.
    Result<void> bindForRank(GLuint program) const override;
    // The list pass compiled with HP_XRAY (hp_xray.h), one invocation following k (hp_compute_xray.cpp).
    Result<XrayPath> trace(std::uint32_t k) override;
    // Levels 0 .. levels(): the base (the atlas' texels or the virtual atlas' bits), then ceil(size / 2^l).
    std::vector<XrayLevel> xrayLevels() const override;
    Result<void> drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas) override;

    PyramidSource source() const { return m_source; }
    int maxInputSide() const; // Atlas: GL_MAX_TEXTURE_SIZE, at most 2^HPC_MAX_LEVELS; Bits: HP_BITS_MAX_ATLAS
    int levels() const { return m_levelCount; }
    // Per-cell sums of level l (1..levels()), row-major, for tests (waits for the GPU).
    std::vector<std::uint32_t> readLevel(int level) const;

private:
    ComputeHistoPyramid(gl::ShaderLibrary& shaders, const gl::GlInfo& info, PyramidSource source)
        : Compactor(shaders, info, source == PyramidSource::Atlas ? "hp_compute" : "hp_bits",
                    EntryOrder::KeyIndex),
          m_source(source) {}
    // Level textures for `input` (checkLevelTextures() first: an error when one exceeds GL_MAX_TEXTURE_SIZE).
    static constexpr int kTextures = 4;
    void layoutLevels(glm::ivec2 input, glm::ivec2 (&extent)[kTextures],
                      int (&offsets)[HPC_MAX_LEVELS + 1]) const;
    Result<void> checkLevelTextures(glm::ivec2 input) const;
    // The level textures for `input`; on error (the driver refused the memory) the previous ones stay.
    Result<void> allocate(glm::ivec2 input);
    bool storesLevel(int level) const; // the Bits source stores neither level 3 (the masks) nor level 4
    int xrayTexture(int level) const;  // the texture of a level's X-ray tile program (0: from the masks)
    // The level the first build dispatch starts from: 0 (the atlas) or 3 (the bits are the level-3 masks, so
    // its invocations read 8x8 masks and reduce levels 4-9).
    int firstStart() const { return m_source == PyramidSource::Bits ? HPC_MASK_LEVEL : 0; }
    int levelsFor(glm::ivec2 input) const; // computeLevels(), at least 4 over bits
    // Over bits with an even count of blocks a side every block row starts 16 bytes aligned: the build's first
    // dispatch and the list read the masks two blocks a load (m_buildPairs, m_listPairs).
    bool readsBlockPairs() const;
    // The dispatches of one build; the source is bound (atlas + discriminator uniforms, or the bits).
    void dispatchBuild(std::uint32_t listCapacity, const AtlasTiling& tiling);
    // The first dispatch's rows of work groups that hold the tile grid's rows of `tiling` (above them no texel is
    // a voxel: an atlas' test says so, the bits there are 0).
    int usedGroupRows(const AtlasTiling& tiling) const;
    std::vector<glm::uvec2> readMasks() const; // level 3, row-major (waits for the GPU)

    // One build program per start level (atlas: 0, 6, 12; bits: 3, 9, 15): each has its own image formats.
    static constexpr int kPrograms = (HPC_MAX_LEVELS + HPC_LEVELS_PER_DISPATCH - 1) / HPC_LEVELS_PER_DISPATCH;
    gl::ProgramId m_build[kPrograms], m_list;
    gl::ProgramId m_listPairs;  // over bits with an even block count: level 4 and 3 from two 16-byte loads
    gl::ProgramId m_buildPairs; // Bits: the first dispatch, 16-byte loads of two blocks (an even block count)
    gl::Texture m_textures[kTextures];      // by format: masks, 8-, 16-, 32-bit child sums
    int m_offsets[HPC_MAX_LEVELS + 1] = {}; // x of level l in its texture
    gl::Sampler m_atlasSampler;
    PyramidSource m_source;
    GLuint m_bits = 0; // Bits source: the buffer of the last build (not owned)
    // Bits source: the views the build, the list and the X-ray read the bits through (hpc_masks.glsl): a block a
    // texel, or two (the programs that read block pairs).
    gl::BufferView m_blocksView, m_pairsView;
    void bindBitsView(GLuint bits, bool pairs) const; // at HPB_IMAGE_BITS, the virtual atlas' bytes of `bits`
    glm::ivec2 m_inputSize{0};
    AtlasTiling m_tiling;
    int m_levelCount = 0;
    std::uint32_t m_argsCapacity = 0; // the capacity the build wrote list arguments for (0: none)
    // Rows of the first dispatch's work groups whose levels may hold sums: the rows above are 0 (cleared when the
    // textures are made), so a build over fewer rows dispatches these too, once, and they read 0.
    int m_writtenGroupRows = 0;
    gl::ProgramId m_xray;             // the list with HP_XRAY: compiled at the first trace
    XrayRecord m_xrayRecord;
    // The X-ray's tiles (hpc_xray_levels.comp.glsl), one program per level texture: compiled at the first draw.
    gl::ProgramId m_xrayLevels[kTextures];
    // The level textures; with `sums` their offsets, with `masks` over bits the masks (the bits and the input
    // size): a program sets only the uniforms it uses (setting an unused one's location is an error).
    void bindLevels(GLuint program, bool sums = true, bool masks = true) const;
    void bindLevelImages() const; // the level textures as the list pass reads them (HPC_IMAGE_LEVELS)
};

// The method table's factories: "hp_compute" (over the atlas) and "hp_bits" (over the occupancy bits).
Result<std::unique_ptr<PointMethod>> createComputeHistoPyramid(gl::ShaderLibrary& shaders,
                                                               const gl::GlInfo& info);
Result<std::unique_ptr<PointMethod>> createBitsHistoPyramid(gl::ShaderLibrary& shaders,
                                                            const gl::GlInfo& info);

} // namespace dicer::hp
