// The 2D panels: the slice atlas (wheel zooms at the cursor, drag pans) and the point list in the paper's
// list-texture layout. Their images are rendered by ImageViews in drawViews(), this frame, before ImGui
// draws them.
#include "ui.h"

#include "app.h"
#include "ui_layout.h"

#include <imgui_internal.h> // a window's folded state and rectangle

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace dicer::app {
namespace {

ImTextureID textureId(GLuint texture) {
    return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture));
}

// Keeps the zoom window inside the atlas.
glm::vec2 clampCentre(glm::vec2 centre, float zoom) {
    float half = 0.5f / zoom;
    return glm::clamp(centre, glm::vec2(half), glm::vec2(1.f - half));
}

// A panel the user unfolds is moved up just enough to show it whole (the layout folds the point list at the
// column's bottom where the column is short, ui_layout.h).
void showWholeWhenUnfolded() {
    ImGuiWindow* w = ImGui::GetCurrentWindow();
    ImGuiStorage* storage = ImGui::GetStateStorage();
    const ImGuiID key = ImGui::GetID("##folded last frame");
    const bool wasFolded = storage->GetBool(key, false);
    storage->SetBool(key, w->Collapsed);
    if (!wasFolded || w->Collapsed) return;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float bottom = vp->WorkPos.y + vp->WorkSize.y;
    if (w->Pos.y + w->Size.y > bottom) ImGui::SetWindowPos(ImVec2(w->Pos.x, std::max(vp->WorkPos.y, bottom - w->Size.y)));
}

// ImGui::Begin with the view's switch as the window's close button.
bool beginViewWindow(App& app, const char* title, ViewId view) {
    bool open = true;
    const bool visible = ImGui::Begin(title, &open);
    showWholeWhenUnfolded();
    if (!open) app.settings.view.shown.set(view, false);
    if (!visible) ImGui::End();
    return visible;
}

// The X-ray's followed output (xray_follow.h), while its panel is open: a square around its texel when the zoom
// window shows it.
void markFollowedTexel(const App& app, ImVec2 origin, float side) {
    const glm::ivec2 texel = app.ui.xrayFollow.atlasTexel;
    if (!app.settings.view.shown.has(kXrayView) || texel.x < 0) return;
    const float atlas = float(std::max(app.gpu->frame->source().atlasSize(), 1));
    const glm::vec2 local = ((glm::vec2(texel) + 0.5f) / atlas - app.ui.atlasCentre) * app.ui.atlasZoom + 0.5f;
    if (glm::any(glm::lessThan(local, glm::vec2(0.f))) || glm::any(glm::greaterThan(local, glm::vec2(1.f)))) return;
    const ImVec2 at(origin.x + local.x * side, origin.y + (1.f - local.y) * side);
    const float r = std::max(4.f, 0.5f * side * app.ui.atlasZoom / atlas + 2.f);
    ImGui::GetWindowDrawList()->AddRect(ImVec2(at.x - r, at.y - r), ImVec2(at.x + r, at.y + r),
                                        IM_COL32(80, 230, 255, 255), 0.f, 0, 2.f);
}

void atlasWindow(App& app) {
    placeNextWindow(app, app.ui.layout.atlas);
    if (!beginViewWindow(app, "Slice atlas", kAtlasView)) return;
    const frame::VoxelSource& source = app.gpu->frame->source();
    UiState& ui = app.ui;
    if (source.sparse()) // the same view of the virtual atlas, over the bricks the frame marked
        ImGui::TextWrapped("sparse occupancy: %d^2 virtual atlas, %d slices, zoom %.0fx", source.atlasSize(),
                           source.volume().z, double(ui.atlasZoom));
    else if (!source.atlas()) // the bits: the same view of the virtual atlas, one bit per texel (white = set)
        ImGui::TextWrapped("occupancy bits: %d^2 virtual atlas, %d slices, zoom %.0fx", source.atlasSize(),
                    source.volume().z, double(ui.atlasZoom));
    else
        ImGui::TextWrapped("%d^2, %d slices, zoom %.0fx", source.atlasSize(), source.volume().z,
                    double(ui.atlasZoom));
    if (source.sparse())
        hint("white: a set voxel; blue: the rest of a used 32x32 brick; dark: empty bricks (no bits held)");
    ImVec2 avail = ImGui::GetContentRegionAvail();
    float side = std::max(16.f, std::min(avail.x, avail.y));
    ui.atlasPanelSize = glm::ivec2(int(side));
    GLuint image = app.gpu->views->atlasImage();
    ImVec2 origin = ImGui::GetCursorScreenPos();
    // An invisible button owns the mouse over the image, so dragging pans instead of moving the window.
    ImGui::InvisibleButton("##atlas", ImVec2(side, side));
    if (image) // GL rows are bottom-up: flip v
        ImGui::GetWindowDrawList()->AddImage(
            textureId(image), origin, ImVec2(origin.x + side, origin.y + side), ImVec2(0, 1), ImVec2(1, 0));
    markFollowedTexel(app, origin, side);
    if (ImGui::IsItemHovered() || ImGui::IsItemActive()) {
        const ImGuiIO& io = ImGui::GetIO();
        // Cursor position in atlas uv (y up), so the texel under it stays put while zooming.
        glm::vec2 local((io.MousePos.x - origin.x) / side, 1.f - (io.MousePos.y - origin.y) / side);
        glm::vec2 uv = ui.atlasCentre + (local - 0.5f) / ui.atlasZoom;
        if (io.MouseWheel != 0.f) {
            float zoom = std::clamp(ui.atlasZoom * std::pow(1.25f, io.MouseWheel), 1.f, 256.f);
            ui.atlasCentre = uv - (local - 0.5f) / zoom;
            ui.atlasZoom = zoom;
        }
        if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.f))
            ui.atlasCentre -= glm::vec2(io.MouseDelta.x, -io.MouseDelta.y) / (side * ui.atlasZoom);
        tooltip("wheel: zoom, drag: pan, double-click: whole atlas");
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
            ui.atlasZoom = 1.f;
            ui.atlasCentre = glm::vec2(0.5f);
        }
    }
    ui.atlasCentre = clampCentre(ui.atlasCentre, ui.atlasZoom);
    ImGui::End();
}

void listWindow(App& app) {
    placeNextWindow(app, app.ui.layout.list, app.ui.layout.listFolded);
    if (!beginViewWindow(app, "Point list", kListView)) return;
    const frame::Frame& frame = *app.gpu->frame;
    if (auto count = frame.activeCount()) {
        glm::ivec2 list = hp::listSizeFor(*count);
        ImGui::TextWrapped("%u entries: %d x %d list%s", *count, list.x, list.y,
                    frame.countIsLate() ? " (late count)" : "");
    }
    // What a texel is, in the panel itself (the paper's list texture: one entry per texel, row by row).
    hint("texel k = entry k, the k-th active voxel; colour = its position (x red, y green, z blue); grey = past "
         "the count");
    ImVec2 avail = ImGui::GetContentRegionAvail();
    float side = std::max(16.f, std::min(avail.x, avail.y));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Image(textureId(app.gpu->views->listImage()), ImVec2(side, side), ImVec2(0, 1), ImVec2(1, 0));
    if (ImGui::IsItemHovered()) {
        // The entry under the cursor (the list view's layout: list_view.comp.glsl), which the X-ray can follow.
        std::optional<std::uint32_t> k;
        if (auto count = frame.activeCount(); count && *count > 0) {
            const glm::ivec2 list = hp::listSizeFor(*count);
            const ImVec2 mouse = ImGui::GetIO().MousePos;
            const glm::ivec2 entry(int((mouse.x - origin.x) / side * float(list.x)),
                                   int((origin.y + side - mouse.y) / side * float(list.x)));
            const std::uint64_t index = std::uint64_t(entry.y) * std::uint64_t(list.x) + std::uint64_t(entry.x);
            if (entry.x >= 0 && entry.y >= 0 && entry.x < list.x && index < *count) k = std::uint32_t(index);
        }
        const bool xray = app.settings.view.shown.has(kXrayView);
        if (k && xray && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) app.ui.xrayK = int(*k);
        tooltip("entry k = y * width + x, row 0 at the bottom; colour = the voxel's position;\n"
                "grey = empty entries (k >= count) of the last row%s%s",
                k ? ("\nunder the cursor: entry " + std::to_string(*k)).c_str() : "",
                k ? (xray ? " (click: the X-ray follows it)" : " (the X-ray panel can follow it)") : "");
    }
    ImGui::End();
}

} // namespace

void uiImageWindows(App& app) {
    if (app.settings.view.shown.has(kAtlasView)) atlasWindow(app);
    if (app.settings.view.shown.has(kListView)) listWindow(app);
}

} // namespace dicer::app
