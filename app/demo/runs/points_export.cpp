#include "points_export.h"

#include "band.h"
#include "method_table.h"
#include "passes.h"
#include "ply_writer.h"
#include "point_snapshot.h"

namespace dicer::app {

Result<std::string> writePointsExport(App& app, const std::filesystem::path& file) {
    if (!app.gpu) return makeError("the pipeline is not built");
    const Settings& s = app.settings;
    Result<frame::PointSnapshot> snapshot = app.gpu->frame->snapshot();
    if (!snapshot) return makeError(snapshot.error());
    // The test atlas has no model: its points stay in volume coordinates. A scalar volume's "model" is its
    // physical frame: x y z in the file's units (voxel (i, j, k)'s centre at (i + 0.5, j + 0.5, k + 0.5) *
    // spacing), colours from the colour map (the discriminator's atlas rgb or point colours). A mesh's matrix
    // is in world (the box the volume is drawn as): the frame's worldToVolume takes it into the voxels, so its
    // inverse gives model space whatever the box.
    const bool volume = frame::inputInfo(s.frame.input).physical && !s.frame.testAtlas;
    snapshot->modelToVolume = exportFrameToVolume(app);
    Result<std::vector<model::PlyPoint>> points = modelSpacePoints(*snapshot);
    if (!points) return makeError(points.error());
    const model::PlyFormat format =
        s.plyAscii ? model::PlyFormat::Ascii : model::PlyFormat::BinaryLittleEndian;
    const std::string source = s.frame.testAtlas ? "test atlas (volume coordinates)" : s.model.label();
    const std::string comment =
        "Dicer point cloud: " + source + ", " + methods::methodInfo(s.frame.method).name +
        (volume ? ", band " + volume::bandText(s.frame.band) +
                      ", voxel centres in the volume's physical units, colour map"
                : ", preset " + s.frame.preset + ", voxel centres in model space, model colours");
    if (Result<void> r = model::writePly(file, *points, format, comment); !r)
        return makeError("" + r.error());
    std::string message = "saved " + std::to_string(points->size()) + " points to " + file.string() + " (" +
                          model::plyFormatName(format) + " PLY)";
    if (snapshot->droppedEntries > 0)
        message += "; " + std::to_string(snapshot->droppedEntries) +
                   " more active voxels did not fit the point buffer this frame";
    return message;
}

} // namespace dicer::app
