#include "exports.h"

#include "log.h"
#include "points_export.h"
#include "screenshot.h"
#include "surface_export.h"
#include "timer.h"

#include <system_error>

namespace dicer::app {
namespace {

// The writers in export table order (export_table.h).
constexpr WriteExport kWriters[] = {writePointsExport, writeSurfaceExport};
static_assert(std::size(kWriters) == kExportCount, "one writer per row of the export table");

bool scriptedExport(const App& app, ExportId id) {
    return !app.run.exports[size_t(id.row)].empty() && app.run.frames > 0 && app.frame == app.run.frames - 1;
}

} // namespace

bool exportDue(const App& app, ExportId id) {
    return app.exportsRequested.has(id) || scriptedExport(app, id);
}

// Asked every frame: walks the rows in place (exportIds() would allocate).
bool exportsRun(const App& app, frame::Stage stage) {
    for (size_t row = 0; row < kExportCount; ++row)
        for (frame::Stage s : kExportRows[row].stages)
            if (s == stage && exportDue(app, ExportId(int(row)))) return true;
    return false;
}

void writeExportsIfDue(App& app) { // every frame: the rows walked in place, nothing allocated unless one is due
    for (size_t index = 0; index < kExportCount; ++index) {
        const ExportId id{int(index)};
        if (!exportDue(app, id)) continue;
        const ExportRow& row = exportRow(id);
        const bool scripted = scriptedExport(app, id);
        app.exportsRequested.set(id, false);
        std::error_code ec;
        if (!scripted) std::filesystem::create_directories(app.settings.screenshotDir, ec);
        Result<std::string> r =
            ec ? Result<std::string>(
                     makeError("cannot create folder " + app.settings.screenshotDir + ": " + ec.message()))
            : !app.gpu
                ? Result<std::string>(makeError("the pipeline is not built"))
                : kWriters[id.row](app, scripted ? std::filesystem::path(app.run.exports[size_t(id.row)])
                                                 : nextScreenshotPath(app.settings.screenshotDir, row.suffix));
        UiState::ExportStatus& status = app.ui.exports[size_t(id.row)];
        status.failed = !r;
        status.message = r ? *r : std::string(row.name) + " export: " + r.error();
        app.ui.notice = {status.message, !r, gl::steadyNowMs()};
        if (r)
            log::info("%s", status.message.c_str());
        else
            log::error("%s", status.message.c_str());
        if (!r && scripted) app.scriptFailed = true;
    }
}

} // namespace dicer::app
