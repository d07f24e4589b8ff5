// One frame of the pipeline, the same for the demo and the benchmark: voxel source -> voxelize -> build ->
// list -> (colours) -> (expand: the volume's surface, surface_stage.h), with the bookkeeping around them: one
// instance of every method row it may run (built once, so switching the method switches an index), the point buffer's capacity on the GPU-resident path
// (sized from a count read back once after a change, then grown from the late count), and the exact check of
// a frame's list against the CPU reference. `dicer` calls the stages from its frame loop, each inside its
// timer (frame_stages.h); `dicer-bench` times the same calls.
//
// Nothing here reads back from the GPU in the frame path except where the paper requires it (its PointList
// reads the count: ListPath::Readback) and once after a configuration change; the count ring (the count and the
// incomplete flag through gl::LateReadback) never waits. verify() and snapshot() read back on demand only.
#pragma once

#include "frame_settings.h"
#include "gl_info.h"
#include "hp_reference.h"
#include "late_readback.h"
#include "list_compare.h"
#include "occupancy_volume.h"
#include "particles.h"
#include "point_snapshot.h"
#include "reference_stream.h"
#include "surface_stage.h"
#include "volume_layout.h"
#include "voxel_source.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace dicer::frame {

class Frame {
public:
    // Which rows of the method table to build (default: every row the demo offers: all but the CPU paths).
    using RowFilter = std::function<bool(methods::MethodId method)>;
    static bool demoRows(methods::MethodId method);
    // Builds the voxel source, every available row the filter takes and every available mc method (the
    // expand stage); a row that is unavailable on this driver is logged and left out (methodAvailable), a
    // shader error is returned.
    static Result<std::unique_ptr<Frame>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                 const RowFilter& rows = demoRows);

    // Takes the settings for the next frame: a new layout (preset, output, test atlas) allocates the voxels; a
    // change of the voxels or of the list path reads the count once at the next GPU-resident list (another
    // method lists the same voxels: switching needs no readback). On error (a preset beyond the driver's
    // limits, a method the frame did not build or that does not read the output) nothing changes: settings()
    // are still the last good ones.
    Result<void> apply(const FrameSettings& settings);
    const FrameSettings& settings() const { return m_settings; }
    // The mesh the voxelizer voxelizes; on error the previous one stays.
    Result<void> setMesh(const model::Mesh& mesh);
    // The volume input: uploads the scalar volume once (a band change re-runs only the discriminator). While the
    // frame reads a volume, it takes the new one's layout at once and reads the count again. Errors: a volume
    // beyond the driver's limits for the current output (the message names its size and the limit), an
    // upload failure; on error the previous volume and layout stay. The expand stage borrows the uploaded
    // texture (no second upload) and sizes its vertex buffer again at its next run.
    Result<void> setVolume(const volume::ScalarVolume& volume);
    // The volume input: the volume's physical frame (x y z in the file's units, the corner of voxel (0,0,0) at the
    // origin) into the volume space [-1,1]^3: what the PLY export maps points through (point_snapshot.h).
    glm::mat4 physicalToVolume() const;
    // The next GPU-resident list reads the count once to size its buffer (after any change of the input).
    void resync();

    // Where the volume is drawn (volume_layout.h "Drawn to scale"): the box [-shape, shape] of world space, shape
    // the volume's physical extent normalised so its largest axis is 1 (a mesh's voxels are cubes: the volume's
    // size / its largest side; the test atlas: the cube). The particles, their sort keys, the splat size, the
    // mesh view and the PLY export all go through it; the explosion's physics (floor, gravity) stays in world.
    glm::vec3 shape() const { return m_source.shape(); }
    glm::mat4 volumeToWorld() const { return occupancy::volumeToWorld(shape()); } // diag(shape)
    glm::mat4 worldToVolume() const { return occupancy::worldToVolume(shape()); } // diag(1 / shape)
    // The physical size of a voxel per axis, for a volume whose voxels are not cubes (a scan's spacing; default
    // (1,1,1)): shape() follows. Errors on a component that is not finite and positive (nothing changes).
    Result<void> setVoxelSpacing(glm::vec3 spacing) { return m_source.mesh().setSpacing(spacing); }

    // The stages, in frame order (frame_stages.h: voxelize or discriminate, HP build, PointList, colours).
    // voxelize() runs the input's first stage: the voxelizer for a mesh, the discriminator for a volume.
    // `modelToWorld`: the mesh's matrix in world (rotation * its placement in the box, model::BoxFit::into
    // (shape())); the voxelizer gets worldToVolume() * modelToWorld (the identity factor for a cube).
    void voxelize(const glm::mat4& modelToWorld);
    Result<void> build();
    Result<void> list();
    // Bits or sparse output (occupancy::hasSlotColors), after the list: the model colour of every point
    // (pointColors()); nothing with the atlas.
    Result<void> colorPoints();
    // The expand stage: the surface of the frame's voxels by the settings' mc method (marching cubes, no
    // count read back; surface_stage.h), after the list. A volume: its values at the band (the discriminator's
    // texture, borrowed). A mesh: the surface of its occupancy, a voxel remesh: this frame's voxels (bits or
    // atlas at the list's threshold: exactly the points) as a 0/1 volume (voxel::OccupancyVolume) at the band
    // [1, 1]. Errors: one message, nothing to draw (surface().drawable() null); the points are not affected.
    Result<void> expand();
    // The surface the view draws: drawable() is null while there is none (an error, not yet run).
    const SurfaceStage& surface() const { return *m_surface; }
    SurfaceStage& surface() { return *m_surface; }
    // A mesh's voxels as the surface's input, as the last expand() wrote them (tests read it back).
    const surface::OccupancyVolume& occupancy() const { return *m_occupancy; }
    // The surface's vertex positions into the volume space [-1,1]^3 (draw with volumeToWorld() * this). A
    // volume: its physical frame (sample i at i * spacing) is physicalToVolume() shifted by half a voxel, since
    // the points' frame puts voxel i's centre at (i + 0.5) * spacing. A mesh: the occupancy's texels
    // (OccupancyVolume::sampleToVolume). Either way the surface and the points line up in world.
    glm::mat4 surfaceToVolume() const;

    bool methodAvailable(methods::MethodId method) const;
    bool mcMethodAvailable(surface::McMethodId method) const;
    hp::PointMethod* method() const;            // this frame's method; null if not built
    const VoxelSource& source() const { return m_source; }
    // Bits or sparse output: the model colour of point k at k (RGBA8), written by colorPoints(); 0 with the atlas.
    GLuint pointColors() const { return m_source.slotColors(); }
    // The list as the particles read it: the point and count buffers and how many entries are valid.
    particles::ParticleSource points() const;

    // Active cells: exact on the paper path, a few frames old on the GPU-resident one (countIsLate()).
    std::optional<std::uint32_t> activeCount() const { return m_count; }
    // The list may miss active cells (hp_sparse: the sparse occupancy's pool overflowed; it grows for a later
    // frame): as late as activeCount(), never waited for. Verify reads the frame's own flag.
    bool listIncomplete() const { return m_incomplete; }
    bool countIsLate() const { return m_countIsLate; }
    std::uint32_t residentCapacity() const { return m_capacity; }

    // Compares this frame's point list with the CPU reference over the voxels read back (stalls), holding at
    // most the verify budget at once (frame_verify.cpp, hp/reference_stream.h): a list of any length is
    // checked, never refused. A list the GPU-resident buffer cut at the driver's storage blocks is INCOMPLETE
    // (what it holds is compared), naming the limit in the report.
    hp::VerifyReport verify() const;
    // Where this frame's list and its output lie on the GPU (null: no method): what verify() reads in place and
    // a VerifySnapshot copies (verify_snapshot.h).
    std::optional<ListOnGpu> listOnGpu() const;
    // The bytes verify() may hold beyond what the frame holds (default hp::kVerifyBudgetBytes); tests inject a
    // small one to check the bound.
    void setVerifyBudget(std::size_t bytes) { m_verifyBudget = std::max<std::size_t>(bytes, 1024); }
    // This frame's point list and its colours read back, for the PLY export (stalls; only on request). The
    // model matrix into the volume is the caller's: worldToVolume() * its model matrix (point_snapshot.h).
    Result<PointSnapshot> snapshot() const;

private:
    Frame(VoxelSource source, std::unique_ptr<SurfaceStage> surface)
        : m_source(std::move(source)), m_surface(std::move(surface)) {}
    hp::MethodInput input() const;
    bool resident() const { return m_settings.listPath == hp::ListPath::Resident; }
    // The count this frame listed exactly (paper path), or read now (stalls), and how many entries the point
    // buffer holds of it.
    std::pair<std::uint32_t, std::uint32_t> countAndHeld(const hp::PointMethod& m) const;
    // This frame's voxels (a mesh's: bits or atlas) into the occupancy volume, which becomes the surface's input.
    Result<void> occupancyAsSurfaceInput();
    std::uint32_t sizeFromCount(std::uint32_t count);
    void trackLateCount(GLuint counterBuffer);

    VoxelSource m_source;
    std::unique_ptr<SurfaceStage> m_surface; // never null
    // A mesh's voxels as the surface's input (expand); what the stage holds now, and the volume's input.
    std::optional<surface::OccupancyVolume> m_occupancy;
    // What the surface stage reads now: the input's value field (a volume's) or this frame's occupancy.
    enum class SurfaceFrom { None, Field, Occupancy } m_surfaceFrom = SurfaceFrom::None;
    SurfaceInput m_occupancyInput;
    // A mesh's voxels: a new version whenever voxelize() wrote other voxels than the last time (another model
    // matrix, mesh, or voxelization), the surface's input content (SurfaceStage::run).
    std::uint64_t m_voxelsVersion = 0;
    bool m_voxelsStale = true;
    glm::mat4 m_voxelizedWith{0.f};
    gl::GlInfo m_info;
    std::size_t m_verifyBudget = hp::kVerifyBudgetBytes;
    FrameSettings m_settings;
    bool m_configured = false;
    std::unique_ptr<gl::LateReadback> m_readback;            // the counters' [0] and [HP_COUNT_INCOMPLETE]
    std::vector<std::unique_ptr<hp::PointMethod>> m_methods; // [methodTable() row]; null: not built
    std::optional<std::uint32_t> m_count;
    bool m_countIsLate = false;
    bool m_incomplete = false;
    bool m_needsCount = true;
    std::uint32_t m_capacity = 0;
};

} // namespace dicer::frame
