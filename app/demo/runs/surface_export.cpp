#include "surface_export.h"

#include "passes.h"
#include "surface_mesh.h"

namespace dicer::app {

Result<std::string> writeSurfaceExport(App& app, const std::filesystem::path& file) {
    if (!app.gpu) return makeError("the pipeline is not built");
    frame::SurfaceStage& stage = app.gpu->frame->surface();
    if (!stage.drawable())
        return makeError("no surface" +
                         (app.ui.surfaceError.empty() ? std::string() : " (" + app.ui.surfaceError + ")"));
    Result<surface::SurfaceMesh> mesh = stage.weldSurface();
    if (!mesh) return makeError("" + mesh.error());
    // Into the points' export frame, so both files line up: a volume's surface moves by half a voxel (its
    // samples are at i * spacing, the points' voxel centres at (i + 0.5) * spacing); a mesh's occupancy surface
    // goes from its texels into model space.
    const glm::mat4 toExport = glm::inverse(exportFrameToVolume(app)) * app.gpu->frame->surfaceToVolume();
    const glm::mat3 normalMatrix = glm::transpose(glm::inverse(glm::mat3(toExport)));
    for (glm::vec3& p : mesh->positions)
        p = glm::vec3(toExport * glm::vec4(p, 1.f));
    for (glm::vec3& n : mesh->normals)
        n = glm::normalize(normalMatrix * n);
    if (Result<void> r = surface::writeSurfacePly(file, *mesh); !r)
        return makeError("" + r.error());
    return "saved the surface, " + std::to_string(mesh->triangles.size()) + " triangles and " +
           std::to_string(mesh->positions.size()) + " vertices (welded by grid edge, " +
           (frame::inputInfo(app.settings.frame.input).physical ? "physical units" : "model space") + "), to " +
           file.string() + " (binary PLY)";
}

} // namespace dicer::app
