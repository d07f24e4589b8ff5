// HistoPyramid: the interface the four variants implement (dicer_single, dicer_vec4, dicer_rect, dicer_bil).
// Input: an RGBA8 GL_TEXTURE_2D (the slice atlas) and an alpha threshold; the discriminator
// "alpha >= threshold" is fused into the first reduction. Output: the pyramid on the GPU and its top
// (the number of active cells) copied into a small buffer by a count pass.
// Based on: Ziegler, Tevs, Theobalt, Seidel, "GPU Point List Generation through Histogram Pyramids",
// TR MPI-I-2006-4-002 (2006).
#pragma once

#include "atlas_tiling.h"
#include "gl_handle.h"
#include "gl_info.h"
#include "point_buffer.h"
#include "point_method.h"
#include "result.h"
#include "shader.h"
#include "xray_draw.h"

#include <glm/vec2.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace dicer::hp {

// Storage and BuildPath: point_method.h (the tests check both build paths give the same pyramid bit for bit).

using Defines = std::vector<std::pair<std::string, std::string>>;

class HistoPyramid {
public:
    virtual ~HistoPyramid() = default;
    HistoPyramid(const HistoPyramid&) = delete;
    HistoPyramid& operator=(const HistoPyramid&) = delete;

    virtual const char* name() const = 0;
    Storage storage() const { return m_storage; }
    BuildPath buildPath() const { return m_buildPath; }
    void setBuildPath(BuildPath path) { m_buildPath = path; } // takes effect at the next build()

    // Allocates for inputs up to width x height (padded to a square power of two). Errors name the limit.
    Result<void> reserve(int width, int height);
    // Reduces `atlas` (must be an RGBA8 GL_TEXTURE_2D) into the pyramid and writes the count on the GPU.
    // Texels outside the volume of `tiling` are inactive; the traversal uses the same tiling.
    // On error nothing changes (the previous pyramid stays valid).
    Result<void> build(GLuint atlas, float threshold, const AtlasTiling& tiling = {});

    std::uint32_t readCount() const { return m_counters.read(); } // waits for the GPU: the paper's readback
    const CountBuffer& counts() const { return m_counters; }      // uint[0] = count, written by build()
    GLuint counterBuffer() const { return m_counters.id(); }
    const gl::GlInfo& info() const { return m_info; }

    int baseSize() const { return m_baseSize; }
    int levels() const { return m_levels; }
    std::uint32_t thresholdByte() const { return m_thresholdByte; }
    GLuint inputTexture() const { return m_input; }
    const AtlasTiling& tiling() const { return m_tiling; }
    // Per-cell sums of stored level l (1..levels()), row-major, for tests and debug views (waits for the
    // GPU).
    std::vector<std::uint32_t> readLevel(int level) const;
    // The X-ray view (xray_levels.h): levels 0 .. levels() of the padded square base, as stored
    // (histopyramid_xray.cpp).
    std::vector<XrayLevel> xrayLevels() const;
    Result<void> drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas);
    // The path of output k (k below the count: the caller checks) by the list's own hpFind, recorded.
    Result<XrayPath> trace(std::uint32_t k);

    // --- used by the PointList builder ---------------------------------------------------------------------

    // Binds the input atlas and the pyramid on their units and sets the traversal uniforms of `program`
    // (the tiling included).
    void bindForTraversal(GLuint program) const;
    gl::ProgramId listFragmentProgram() const { return m_listFragment; }
    gl::ProgramId listComputeProgram() const { return m_listCompute; }
    gl::ShaderLibrary& shaders() const { return m_shaders; }

    // For the variants' factories (createMip, createRect): construct, compile every program, and hand out
    // only a working instance.
    template <class Variant, class... Args>
    static Result<std::unique_ptr<HistoPyramid>> make(const gl::GlInfo& info, Args&&... args) {
        std::unique_ptr<Variant> p(new Variant(std::forward<Args>(args)...));
        p->m_info = info;
        if (Result<void> r = p->init(); !r) return makeError(r.error());
        return std::unique_ptr<HistoPyramid>(std::move(p));
    }

protected:
    HistoPyramid(gl::ShaderLibrary& shaders, Storage storage) : m_shaders(shaders), m_storage(storage) {}
    // Registers the reduction programs (both paths) and the traversal programs with the variant's defines.
    Result<void> init();

    virtual Defines defines() const = 0; // storage layout of this variant (hp_storage.glsl)
    // The hp_storage.glsl defines: `layout` (HP_LAYOUT_*), `extra` (HP_VEC4, HP_BILINEAR or nullptr), the
    // storage, and the image format of each storage (the image type is `image` for float, u`image` for uint).
    Defines storageDefines(const char* layout, const char* extra, const char* uintFormat,
                           const char* floatFormat, const char* image) const;
    virtual int maxBaseSize(const gl::GlInfo& info) const = 0; // largest base this variant can store
    // (Re)creates the pyramid texture(s); on error (the driver refused the memory) the previous ones stay.
    virtual Result<void> allocate(int baseSize) = 0;
    // The programs of one build path: `first` makes level 1 from the atlas, `rest` every later level.
    struct ReducePrograms {
        GLuint first, rest;
    };
    // All reduction passes on m_buildPath (input bound, common uniforms set on both programs).
    virtual void reduce(const ReducePrograms& programs) = 0;
    virtual void bindPyramid() const = 0; // binds the pyramid on HP_UNIT_PYRAMID
    virtual std::vector<std::uint32_t> readLevelRaw(int level) const = 0;

    gl::ShaderLibrary& m_shaders;
    gl::GlInfo m_info; // the limits of the context it was created on
    Storage m_storage;
    BuildPath m_buildPath = BuildPath::Compute;
    gl::ProgramId m_reduce[2][2]; // [BuildPath][0: first level, 1: later levels]
    gl::ProgramId m_count, m_listFragment, m_listCompute;
    gl::ProgramId m_xrayLevels, m_xrayList; // the X-ray's tiles and traversal: compiled at the first use
    XrayRecord m_xrayRecord;
    gl::Sampler m_nearest;
    gl::VertexArray m_emptyVao; // core profile draws need a VAO, even for attribute-less triangles
    int m_baseSize = 0, m_levels = 0;
    glm::ivec2 m_inputSize{0};
    std::uint32_t m_thresholdByte = 0;
    GLuint m_input = 0;
    AtlasTiling m_tiling;

private:
    CountBuffer m_counters;
};

} // namespace dicer::hp
