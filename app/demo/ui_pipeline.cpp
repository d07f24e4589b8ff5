// Pipeline panel: the method (a row of the method table; all built at start-up: the combo switches an index),
// storage, build path, volume preset, atlas source, discriminator threshold, list path, active voxel count.
#include "ui.h"

#include "app.h"
#include "method_table.h"
#include "volume_layout.h"

namespace dicer::app {

void uiPipelineSection(App& app) {
    PipelineSettings& s = app.settings.pipeline;
    const Pipeline& pipeline = *app.gpu->pipeline;
    auto table = methods::methodTable();
    const methods::MethodInfo& current = table[size_t(s.variant)];

    if (ImGui::BeginCombo("variant", current.name)) {
        for (size_t i = 0; i < table.size(); ++i) {
            if (!table[i].inDemo()) continue;
            if (i > 0 && table[i].family != table[i - 1].family) {
                ImGui::Separator();
                ImGui::TextDisabled("%ss", methods::familyName(table[i].family));
            }
            bool available = pipeline.methodAvailable(int(i));
            std::string label = std::string(table[i].name) + (available ? "" : " (unavailable)");
            ImGuiSelectableFlags flags = available ? 0 : ImGuiSelectableFlags_Disabled;
            if (ImGui::Selectable(label.c_str(), s.variant == int(i), flags)) s.variant = int(i);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s (%s order)", table[i].summary, hp::entryOrderName(table[i].order));
        }
        ImGui::EndCombo();
    }
    if (!current.storages.empty()) {
        // Shows the storage in use; the setting keeps the user's choice for the methods that have both.
        const int effective = int(current.storageFor(s.storage));
        int storage = effective;
        ImGui::BeginDisabled(!current.offersStorage(hp::Storage::Uint32));
        ImGui::RadioButton("uint32", &storage, int(hp::Storage::Uint32));
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::RadioButton("float32 (2006)", &storage, int(hp::Storage::Float32));
        if (storage != effective) s.storage = hp::Storage(storage);
        if (!current.offersStorage(hp::Storage::Uint32))
            ImGui::TextDisabled("%s filters: float32 storage only", current.name);
    }
    if (!current.buildPaths.empty()) {
        int path = int(s.buildPath);
        ImGui::RadioButton("compute", &path, int(hp::BuildPath::Compute));
        ImGui::SameLine();
        ImGui::RadioButton("fragment (2006)", &path, int(hp::BuildPath::Fragment));
        s.buildPath = hp::BuildPath(path);
    } else {
        ImGui::TextWrapped("A %s: %s (%s order)%s.", methods::familyName(current.family),
                           current.listStage ? "build and list" : "atlas -> point buffer in one pass",
                           hp::entryOrderName(current.order),
                           current.order == hp::EntryOrder::Unordered
                               ? "; particles change voxels from frame to frame"
                               : "");
    }

    if (ImGui::BeginCombo("volume", s.preset.c_str())) {
        for (std::string_view name : presetNames()) {
            auto volume = presetVolume(name);
            std::string label = std::string(name) + "  (" + std::to_string(volume->x) + "x" +
                                std::to_string(volume->y) + "x" + std::to_string(volume->z) + ")";
            if (ImGui::Selectable(label.c_str(), s.preset == name)) s.preset = std::string(name);
        }
        ImGui::EndCombo();
    }
    ImGui::BeginDisabled(s.testAtlas);
    if (ImGui::BeginCombo("voxelizer", voxelMethodName(s.voxelMethod))) {
        for (VoxelMethod m : kVoxelMethods)
            if (ImGui::Selectable(voxelMethodName(m), s.voxelMethod == m)) s.voxelMethod = m;
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("All methods produce the same atlas, byte for byte");
    int mode = int(s.voxelMode);
    ImGui::RadioButton("shell", &mode, int(VoxelMode::Shell));
    ImGui::SameLine();
    ImGui::RadioButton("solid", &mode, int(VoxelMode::Solid));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Fills the inside: meaningful for closed meshes only");
    s.voxelMode = VoxelMode(mode);
    ImGui::SameLine();
    ImGui::Checkbox("2006 rule", &s.sliceAxisRule);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Every triangle sampled along z, as the 2006 slicing (the paper's counts;\n"
                          "steep walls get holes). Off: each triangle along its dominant axis.");
    ImGui::EndDisabled();
    ImGui::Checkbox("test atlas (sphere shell)", &s.testAtlas);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The built-in sphere-shell atlas instead of the model: an exact input for the HP stages");
    ImGui::SliderFloat("threshold", &s.threshold, 0.f, 1.f, "alpha >= %.3f");
    ImGui::Checkbox("GPU-resident point list", &s.gpuResident);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("On: indirect dispatch/draw, the count never leaves the GPU.\n"
                          "Off: the paper's PointList, which reads the count back every frame (a stall).");

    ImGui::Separator();
    ImGui::TextWrapped("%s", pipeline.source().description().c_str());
    if (auto count = pipeline.activeCount())
        ImGui::TextWrapped("active voxels: %u%s", *count,
                           pipeline.countIsLate() ? "  (read back a few frames late)" : "");
    if (s.gpuResident) ImGui::TextDisabled("point buffer capacity: %u", pipeline.residentCapacity());
    if (!app.ui.pipelineError.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kBad);
        ImGui::TextWrapped("%s", app.ui.pipelineError.c_str());
        ImGui::PopStyleColor();
    }
}

} // namespace dicer::app
