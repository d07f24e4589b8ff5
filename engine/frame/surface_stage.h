// The frame's expand stage: the iso-surface of the frame's volume at its band as a triangle
// list, by one row of the GPU marching-cubes table (surface/mc_method_table.h), with no count read back in the
// frame. Frame (frame.h) owns it and runs it as Frame::expand(); the demo's surface view draws its vertex
// buffer with the header's indirect draw arguments, and the surface export reads it back (on request only).
//
// ONE INSTANCE PER ROW, built once (like the point methods): switching the mc method switches an index.
// The rows BORROW the input's 3D texture (the VolumeDiscriminator's volumeTexture(): no second upload); a row
// takes a new input the next time it runs (so a row never selected allocates nothing for it).
//
// THE VERTEX BUFFER is sized once after a change (a new input, another row: the total read back once, like
// the point buffer's resync) and then grown from the late total: each run copies the header's total into a
// count ring (gl::LateReadback, never waits) and takes the newest total that has arrived; when it no longer
// fits, growing() says so (the expansion wrote, and the draw draws, at most the capacity: the header's draw
// count is clamped on the GPU) and the next run grows the buffer before it expands. A band change is no change
// here: the late total follows it without a stall, as a rotating mesh's count does for the points.
//
// ERRORS are one message each and leave the rest of the frame working: an input beyond the row's limits (its
// cells' storage blocks) makes drawable() null until the next input; a surface beyond the vertex buffer's
// limit (McMethod::maxVertices: ENTRY_BLOCKS storage blocks of GL_MAX_SHADER_STORAGE_BLOCK_SIZE; llvmpipe 5.6 M
// triangles), or a buffer the driver cannot allocate, is drawn up to the buffer it has and limitMessage() says so.
#pragma once

#include "gl_info.h"
#include "grid_edge_weld.h"
#include "late_readback.h"
#include "mc_method_table.h"
#include "result.h"
#include "shader.h"

#include "band.h"
#include "scalar_volume.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dicer::frame {

// What a surface is extracted from: a 3D texture someone else owns, of the type's own format, and its shape.
// A scalar volume: the discriminator's texture, binaryField = surface::isBinaryField(volume). (A mesh's
// occupancy volume, an R8UI 0/1 texture with band [1, 1] and binaryField true: Frame::expand.)
struct SurfaceInput {
    GLuint texture = 0;
    glm::ivec3 size{0};
    volume::ScalarType type = volume::ScalarType::Uint8;
    glm::vec3 spacing{1.f}; // physical units per sample step: the vertices' positions are index * spacing
    bool binaryField = false;
    // The texture is rewritten in place between runs (a mesh's occupancy: every frame it may change, also when a
    // sparse pool grows with no new voxels version): the count keeps no column ranges (McMethod::setContentVersion).
    bool rewritten = false;
};

class SurfaceStage {
public:
    // Builds every row of the table that is available on this driver (an unavailable one is logged and left
    // out); a shader error is returned.
    static Result<std::unique_ptr<SurfaceStage>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);
    SurfaceStage(const SurfaceStage&) = delete;
    SurfaceStage& operator=(const SurfaceStage&) = delete;

    bool methodAvailable(surface::McMethodId method) const;

    // A new input (or none): every row takes it at its next run, which reads the total once. The texture must
    // outlive the runs (the caller calls setInput again or clearInput when it replaces it).
    void setInput(const SurfaceInput& input);
    void clearInput();
    bool hasInput() const { return m_hasInput; }
    // The next run reads the total once to size the vertex buffer (after another row was selected).
    void resync();
    // Nothing to draw until the next run (the frame's input has no surface this frame).
    void hide() { m_ok = false; }

    // Runs `row` over the input at `band`: grows the vertex buffer first if the late total outgrew it, then
    // count + build + expand, and takes the newest late total (after a change: the total read back once). Errors (nothing to draw): the row
    // is not available, no input, the input beyond the row's limits (the same error again, without retrying,
    // until the next input).
    // `content`: another value whenever the texture's content changed since the last run (a mesh's occupancy,
    // voxelized again); 0 for an input whose content changes only with setInput.
    Result<void> run(surface::McMethodId method, volume::Band band, std::uint64_t content = 0);

    // The method whose vertex buffer and header hold the last good run; null when there is nothing to draw.
    const surface::McMethod* drawable() const;
    surface::McMethod* drawable();
    // Vertices of the last runs: exact after a change, then a few frames late (countIsLate).
    std::optional<std::uint32_t> vertexCount() const { return m_total; }
    bool countIsLate() const { return m_countIsLate; }
    std::uint32_t capacity() const; // vertices the drawable row's buffer holds (0: none)
    bool
    growing() const; // the late total exceeds the capacity: this frame's draw is clamped, the next run grows
    // The last run's whole triangle list, read back (stalls: for exports and tests, never the frame): when the
    // total has outgrown the buffer, it grows first and the run is repeated. Errors: nothing to draw, a surface
    // beyond the vertex buffer's limit (the message names it).
    Result<std::vector<surface::McGpuVertex>> readVertices();
    // The last run's surface welded (surface_mesh.h: what the export writes), the list made whole first as
    // readVertices does. Step 1 on the GPU where the row's list is in the reference's order (grid_edge_weld.h:
    // the indices and the welded vertices read back, not the list); on the CPU from the list otherwise, or where
    // the GPU's weld is refused (its buffers beyond a storage block: logged). Errors: readVertices', the weld's.
    Result<surface::SurfaceMesh> weldSurface();
    // Another value whenever the triangle list may differ from the last run's (another input, its content, row or
    // band, a grown buffer): what the shattered surface finds its pieces again for.
    std::uint64_t version() const { return m_version; }
    // Non-empty while the surface exceeds the vertex buffer's largest size on this driver.
    const std::string& limitMessage() const { return m_limitMessage; }

private:
    explicit SurfaceStage(const gl::GlInfo& info) : m_info(info) {}
    Result<void> attach(surface::McMethodId method);
    Result<surface::McMethod*> wholeList(); // the drawable row, its list whole (grown and run again if cut)
    std::uint32_t maxVertices() const; // the vertex buffer's largest size: one storage block
    void grow(surface::McMethod& method, std::uint32_t vertices); // as far as it can; else limitMessage()
    Result<void> makeWeld();                                      // m_weld, made once (weldSurface)

    gl::GlInfo m_info;
    std::vector<std::unique_ptr<surface::McMethod>> m_methods; // [mcMethodTable() row]; null: unavailable
    gl::ShaderLibrary* m_shaders = nullptr;                    // create()'s: outlives the stage
    std::unique_ptr<surface::GridEdgeWeld> m_weld;
    // Per row: the input generation it holds, and the one it refused (with the error, not retried).
    std::vector<std::uint64_t> m_attached, m_refused;
    std::vector<std::string> m_refusal;
    SurfaceInput m_input;
    std::uint64_t m_rewrites = 0; // runs over a rewritten input: each its own content version
    std::uint64_t m_generation = 1;
    std::uint64_t m_version = 0, m_versionGeneration = 0; // version(); the input generation it counted
    std::uint64_t m_content = 0;                          // the last run's input content
    bool m_hasInput = false;
    surface::McMethodId m_row; // the row of the last run (none yet)
    volume::Band m_band{}; // and its band
    bool m_ok = false;     // the last run succeeded: its buffers are drawn
    std::unique_ptr<gl::LateReadback> m_readback; // the total of the vertices
    std::optional<std::uint32_t> m_total;
    bool m_countIsLate = false;
    bool m_needsTotal = true;
    std::string m_limitMessage;
};

} // namespace dicer::frame
