// The demo's exports, written after the frame is drawn (while the point buffer and the surface still hold it):
// each row of the export table (export_table.h) when its button was pressed, into the screenshot folder, or
// after the last frame of a --frames run, into its FILE (whose folder must exist: a typo in it is an error, not a
// new folder). Each row's writer is its hook here; the panels' buttons are exportControls (panels/ui.h).
#pragma once

#include "app.h"
#include "result.h"

#include <filesystem>
#include <string>

namespace dicer::app {

// Writes the row's file; returns the line for its panel and the log ("saved N points to FILE"), or why not.
using WriteExport = Result<std::string> (*)(App& app, const std::filesystem::path& file);

bool exportDue(const App& app, ExportId id);        // this frame: its button, or the scripted run's last frame
bool exportsRun(const App& app, frame::Stage stage); // a row due this frame needs `stage` (its stages)
// Every row due this frame: its writer, its status line ("NAME export: ..." on error), the log; a failed
// scripted export fails the run.
void writeExportsIfDue(App& app);

} // namespace dicer::app
