// Pipeline panel: the frame's settings (frame_settings.h): the voxelizer output (atlas | bits | sparse; the preset's
// default until one is clicked: voxel/default_output.h), the method (every row the demo runs, by family: one
// that reads another output switches to it, switchMethod; all built at start-up: the combo switches an index),
// storage, build path, volume preset, voxelizer, discriminator threshold, list path, active voxel count. A
// control the current output ignores is disabled, and its tooltip says why.
#include "ui.h"

#include "app.h"
#include "input_table.h"
#include "method_table.h"
#include "report.h"
#include "volume_layout.h"

#include <imgui_stdlib.h>

#include <algorithm>
#include <string>
#include <vector>

namespace dicer::app {
namespace {

std::string volumeLabel(std::string_view preset) {
    const glm::ivec3 v = occupancy::presetVolume(preset).value_or(glm::ivec3(0));
    return std::to_string(v.x) + "x" + std::to_string(v.y) + "x" + std::to_string(v.z);
}

// The named presets, and the XxYxZ volume typed (--preset or the field below) as one more entry, so the combo can
// go back to it after a named one. The field takes a new XxYxZ on Enter; a bad form says why and changes nothing.
void presetControls(UiState& ui, frame::FrameSettings& s) {
    const std::vector<std::string_view> named = occupancy::presetNames();
    if (std::find(named.begin(), named.end(), s.preset) == named.end()) ui.typedPreset = s.preset;
    if (ImGui::BeginCombo(optionLabel("preset"), s.preset.c_str())) {
        for (std::string_view name : named) {
            const std::string label = std::string(name) + "  (" + volumeLabel(name) + ")";
            if (ImGui::Selectable(label.c_str(), s.preset == name)) s.preset = std::string(name);
        }
        if (!ui.typedPreset.empty() &&
            ImGui::Selectable((ui.typedPreset + "  (typed)").c_str(), s.preset == ui.typedPreset))
            s.preset = ui.typedPreset;
        ImGui::EndCombo();
    }
    optionTooltip("preset");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.f);
    if (ImGui::InputTextWithHint("##typedPreset", "XxYxZ", &ui.presetInput,
                                 ImGuiInputTextFlags_EnterReturnsTrue)) {
        ui.presetError.clear();
        if (occupancy::boxVolume(ui.presetInput))
            s.preset = ui.typedPreset = ui.presetInput;
        else
            ui.presetError =
                "'" + ui.presetInput + "' is not XxYxZ (three voxel counts >= 1, e.g. 64x32x128)";
    }
    optionTooltip("preset");
    if (!ui.presetError.empty()) ImGui::TextColored({1.f, 0.45f, 0.4f, 1.f}, "%s", ui.presetError.c_str());
}

// The mesh voxelizer's settings: its method (the slab methods cannot write the bits), shell or solid, the rule.
void voxelizerControls(frame::FrameSettings& s) {
    ImGui::BeginDisabled(s.testAtlas); // the test atlas replaces the voxelizer
    if (ImGui::BeginCombo(optionLabel("vox-method"), voxel::voxMethodName(s.voxMethod))) {
        for (voxel::VoxMethodId m : voxel::voxMethods()) {
            const Result<void> writes = voxel::checkOutput(m, s.voxels);
            if (ImGui::Selectable(voxel::voxMethodName(m), s.voxMethod == m,
                                  writes ? 0 : ImGuiSelectableFlags_Disabled))
                s.voxMethod = m;
            if (!writes && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
                tooltip("%s", writes.error().c_str());
        }
        ImGui::EndCombo();
    }
    optionTooltip("vox-method");
    int mode = int(s.voxelMode);
    ImGui::RadioButton("shell", &mode, int(voxel::VoxelMode::Shell));
    ImGui::SameLine();
    ImGui::RadioButton(optionLabel("mode"), &mode, int(voxel::VoxelMode::Solid));
    optionTooltip("mode");
    s.voxelMode = voxel::VoxelMode(mode);
    sameLineIfFits(optionLabel("rule"));
    bool sliceAxis = s.rule == voxel::VoxRule::SliceAxis;
    ImGui::Checkbox(optionLabel("rule"), &sliceAxis);
    s.rule = sliceAxis ? voxel::VoxRule::SliceAxis : voxel::VoxRule::DominantAxis;
    optionTooltip("rule");
    ImGui::EndDisabled();
}

} // namespace

void uiPipelineSection(App& app) {
    frame::FrameSettings& s = app.settings.frame;
    const frame::Frame& frame = *app.gpu->frame;
    auto table = methods::methodTable();
    int output = int(s.voxels);
    bool first = true;
    for (occupancy::VoxelOutput o : occupancy::kVoxelOutputs) {
        if (!frame::inputInfo(s.input).writes(o)) continue; // a volume's discriminator writes no sparse occupancy
        if (!first) ImGui::SameLine();
        first = false;
        ImGui::RadioButton(occupancy::voxelOutputName(o), &output, int(o));
        optionTooltip("voxels");
    }
    ImGui::SameLine();
    // Until the user picks one, the output follows the preset and mode (the fastest that holds them).
    hint(app.outputChosen || !frame::inputInfo(s.input).reads("preset") ? "voxels" : "voxels (the preset's default)");
    if (output != int(s.voxels)) { // keeps the settings consistent: a method that reads it, ...
        s.voxels = occupancy::VoxelOutput(output);
        frame::suitOutput(s);
        app.outputChosen = true;
    }
    const methods::MethodInfo& current = methods::methodInfo(s.method);

    if (ImGui::BeginCombo(optionLabel("method"), current.name)) {
        // Every row the demo runs, by family, whatever the output: a row that reads another output switches to
        // it (the 2006 variants read the atlas), and says so below.
        const methods::MethodInfo* previous = nullptr; // the last row listed: a family heading where it changes
        for (methods::MethodId id : gl::rowIds(table)) {
            const methods::MethodInfo& row = methods::methodInfo(id);
            if (!row.inDemo()) continue;
            if (!previous || row.family != previous->family) {
                if (previous) ImGui::Separator();
                hint("%ss", methods::familyName(row.family));
            }
            previous = &row;
            const bool written = frame::inputInfo(s.input).writes(row.reads);
            const bool available = frame.methodAvailable(id) && written;
            std::string label = row.name; // a row of another output names it: choosing it switches
            if (row.reads != s.voxels) label += std::string("  (") + occupancy::voxelOutputName(row.reads) + ")";
            if (ImGui::Selectable(label.c_str(), s.method == id, available ? 0 : ImGuiSelectableFlags_Disabled) &&
                s.method != id) {
                app.ui.methodNote = switchMethod(s, id);
                if (!app.ui.methodNote.empty()) app.outputChosen = true;
            }
            if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) continue;
            const frame::InputInfo& input = frame::inputInfo(s.input);
            if (!written)
                tooltip("A %s writes %s, not the %s this row reads.", input.name, input.outputNames().c_str(),
                        occupancy::voxelOutputName(row.reads));
            else if (!frame.methodAvailable(id))
                tooltip("Not available on this driver.");
            else
                tooltip("%s (%s order)", row.summary, hp::entryOrderName(row.order));
        }
        ImGui::EndCombo();
    }
    if (!app.ui.methodNote.empty()) hint("%s", app.ui.methodNote.c_str());
    if (!current.storages.empty()) {
        // Shows the storage in use; the setting keeps the user's choice for the methods that have both.
        const int effective = int(current.storageFor(s.storage));
        int storage = effective;
        ImGui::BeginDisabled(!current.offersStorage(hp::Storage::Uint32));
        ImGui::RadioButton("uint32", &storage, int(hp::Storage::Uint32));
        optionTooltip("storage");
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::RadioButton("float32 (2006)", &storage, int(hp::Storage::Float32));
        optionTooltip("storage");
        if (storage != effective) s.storage = hp::Storage(storage);
        if (!current.offersStorage(hp::Storage::Uint32))
            hint("%s filters: float32 storage only", current.name);
    }
    if (!current.buildPaths.empty()) {
        int path = int(s.buildPath);
        ImGui::RadioButton("compute", &path, int(hp::BuildPath::Compute));
        optionTooltip("build-path");
        ImGui::SameLine();
        ImGui::RadioButton("fragment (2006)", &path, int(hp::BuildPath::Fragment));
        optionTooltip("build-path");
        s.buildPath = hp::BuildPath(path);
    } else {
        ImGui::TextWrapped("A %s: %s (%s order)%s.", methods::familyName(current.family),
                           current.listStage ? "build and list" : "atlas -> point buffer in one pass",
                           hp::entryOrderName(current.order),
                           current.order == hp::EntryOrder::Unordered
                               ? "; particles change voxels from frame to frame"
                               : "");
    }

    // A control the input does not read is not shown (input_table.h): a volume brings its own voxels, no
    // preset, no voxelizer, no test atlas, no alpha threshold (the Volume panel has its band).
    const frame::InputInfo& input = frame::inputInfo(s.input);
    if (input.reads("preset"))
        presetControls(app.ui, s);
    else
        hint("%s %s: its own size (no preset); %s", input.name, occupancy::volumeText(frame.source().volume()).c_str(),
             input.hasValues() ? "the band decides its voxels (Volume panel)" : input.summary);
    if (input.reads("vox-method")) voxelizerControls(s);
    const bool occupancy = s.voxels != occupancy::VoxelOutput::Atlas; // bits or sparse
    if (input.reads("test-atlas")) {
        ImGui::BeginDisabled(occupancy); // the test sphere is an atlas
        ImGui::Checkbox(optionLabel("test-atlas"), &s.testAtlas);
        ImGui::EndDisabled();
        if (occupancy && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            tooltip("The test atlas is an RGBA8 slice atlas: it needs voxels: atlas.");
        else
            optionTooltip("test-atlas");
    }
    // The bits are the voxelizer's active set already: the threshold has nothing to decide there. An input with
    // values: its atlas holds 1..255 in the band, its methods list at 1/255, the band decides (Volume panel).
    if (!input.hasValues()) {
        const bool thresholdIgnored = !frame::honoursThreshold(s.testAtlas ? occupancy::VoxelOutput::Atlas : s.voxels);
        ImGui::BeginDisabled(thresholdIgnored);
        ImGui::SliderFloat(optionLabel("threshold"), &s.threshold, 0.f, 1.f, "alpha >= %.3f");
        ImGui::EndDisabled();
        if (thresholdIgnored && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            tooltip("The occupancy bits are already the active set: the threshold decides over the atlas' alpha "
                    "only (voxels: atlas).");
        else
            optionTooltip("threshold");
    }
    // Every method has both list paths (point_method.h).
    int listPath = int(s.listPath);
    for (hp::ListPath path : hp::kListPaths) {
        if (path != hp::kListPaths.front()) ImGui::SameLine();
        ImGui::RadioButton(hp::listPathName(path), &listPath, int(path));
        optionTooltip("list-path");
    }
    ImGui::SameLine();
    ImGui::TextUnformatted(optionLabel("list-path"));
    s.listPath = hp::ListPath(listPath);

    ImGui::Separator();
    ImGui::TextWrapped("%s", frame.source().description().c_str());
    if (auto count = frame.activeCount())
        ImGui::TextWrapped("active voxels: %u%s", *count,
                           frame.countIsLate() ? "  (read back a few frames late)" : "");
    if (s.listPath == hp::ListPath::Resident) {
        if (const std::uint32_t capacity = frame.residentCapacity())
            hint("point buffer capacity: %u", capacity);
        else // the first frames: the count that sizes it is on its way back
            hint("point buffer capacity: - (sized from the first count)");
    }
    if (const std::string sparse = sparseLine(frame); !sparse.empty()) {
        // Red while the list misses voxels (the pool overflowed): never a wrong list presented as right.
        const bool incomplete = frame.listIncomplete();
        if (incomplete) ImGui::PushStyleColor(ImGuiCol_Text, kBad);
        ImGui::TextWrapped("sparse occupancy: %s", sparse.c_str());
        if (incomplete) ImGui::PopStyleColor();
    }
    if (!app.ui.pipelineError.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kBad);
        ImGui::TextWrapped("%s", app.ui.pipelineError.c_str());
        ImGui::PopStyleColor();
    }
}

} // namespace dicer::app
