// The X-ray panel: every level of the shown pyramid as tiles (base first), each drawn this frame from the GPU
// structure the method built (xray_view.h), through the log colour map and its legend; the level's size, its
// block (nodes a pixel sums) and total in the captions; wheel zooms and drag pans all levels together. Below, the
// output k followed down the pyramid by the method's own traversal (xray_follow.h): its node marked on every tile
// and the descent printed a line a level.
#include "ui.h"

#include "app.h"
#include "hp_compute.h"
#include "ui_layout.h"
#include "view_shared.h"
#include "xray_steps.h"
#include "xray_subject.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace dicer::app {
namespace {

ImTextureID textureId(GLuint texture) {
    return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture));
}

ImU32 rgb(glm::vec3 c) {
    return IM_COL32(int(c.r * 255.f + 0.5f), int(c.g * 255.f + 0.5f), int(c.b * 255.f + 0.5f), 255);
}

// "301 234": thousands apart, as the captions and the legend print counts.
std::string grouped(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ' ';
        out += digits[i];
    }
    return out;
}

// The colour map's bar from 0 to the count, ticks at the powers of ten, and the swatch of an empty pixel.
void legend(std::uint32_t count) {
    const glm::vec3 stops[5] = {glm::vec3(XRAY_RAMP_0), glm::vec3(XRAY_RAMP_1), glm::vec3(XRAY_RAMP_2),
                                glm::vec3(XRAY_RAMP_3), glm::vec3(XRAY_RAMP_4)};
    const float scale = ImGui::GetIO().FontGlobalScale, height = 12.f * scale, swatch = 3.f * height;
    const float width = std::max(32.f, ImGui::GetContentRegionAvail().x - swatch - 8.f * scale);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + swatch, origin.y + height), rgb(glm::vec3(XRAY_EMPTY)));
    const float x0 = origin.x + swatch + 8.f * scale;
    for (int i = 0; i < 4; ++i) {
        const float a = x0 + width * float(i) / 4.f, b = x0 + width * float(i + 1) / 4.f;
        draw->AddRectFilledMultiColor(ImVec2(a, origin.y), ImVec2(b + 1.f, origin.y + height), rgb(stops[i]),
                                      rgb(stops[i + 1]), rgb(stops[i + 1]), rgb(stops[i]));
    }
    const float top = std::log2(1.f + float(std::max(count, 1u)));
    const float textY = origin.y + height + 2.f * scale;
    draw->AddText(ImVec2(origin.x, textY), ImGui::GetColorU32(ImGuiCol_TextDisabled), "0");
    float lastEnd = x0 - 4.f * scale;
    for (std::uint64_t v = 1; v <= count; v *= 10) { // log ticks: 1, 10, 100, ... as far as the count
        const float x = x0 + width * std::log2(1.f + float(v)) / top;
        const std::string label = grouped(v);
        if (x < lastEnd + 4.f * scale || x + ImGui::CalcTextSize(label.c_str()).x > x0 + width) continue;
        draw->AddLine(ImVec2(x, origin.y + height), ImVec2(x, origin.y + height + 3.f * scale), IM_COL32_WHITE);
        draw->AddText(ImVec2(x, textY), ImGui::GetColorU32(ImGuiCol_TextDisabled), label.c_str());
        lastEnd = x + ImGui::CalcTextSize(label.c_str()).x;
    }
    ImGui::Dummy(ImVec2(width + swatch, height + ImGui::GetTextLineHeight() + 4.f * scale));
}

// The tiles' grid in the panel: slot-wide columns, each row as tall as its tallest tile (square pixels, a tile's
// longer side fills the slot: a Z-ordered level is twice as wide as tall) and its captions.
struct TileGrid {
    float slot = 1.f, caption = 0.f;
    std::vector<float> rowTop, rowImage; // per row: its top below the origin, its tiles' image height
    float height() const { return rowTop.empty() ? 0.f : rowTop.back() + rowImage.back() + caption; }
};

TileGrid tileGrid(const std::vector<hp::XrayTile>& tiles, float slot, float caption) {
    TileGrid g;
    g.slot = slot;
    g.caption = caption;
    for (const hp::XrayTile& t : tiles) {
        const std::size_t row = std::size_t(t.slot / XrayView::kColumns);
        if (g.rowImage.size() <= row) g.rowImage.resize(row + 1, 0.f);
        g.rowImage[row] = std::max(g.rowImage[row], slot * float(t.pixels.y) / float(std::max(t.pixels.x, t.pixels.y)));
    }
    float top = 0.f;
    for (float image : g.rowImage) {
        g.rowTop.push_back(top);
        top += image + caption + 6.f;
    }
    return g;
}

// Where a tile shows: its corner, a pixel's size in screen pixels, and where its caption starts.
struct TilePlace {
    ImVec2 corner;
    float pixel = 1.f, captionY = 0.f;
};

TilePlace placeTile(const hp::XrayTile& t, ImVec2 origin, const TileGrid& g) {
    const int column = t.slot % XrayView::kColumns;
    const std::size_t row = std::size_t(t.slot / XrayView::kColumns);
    TilePlace p;
    p.corner = ImVec2(origin.x + float(column) * (g.slot + 6.f), origin.y + g.rowTop[row]);
    p.pixel = g.slot / float(std::max(t.pixels.x, t.pixels.y));
    p.captionY = p.corner.y + g.rowImage[row];
    return p;
}

// Wheel: zoom about the node under the cursor, drag: pan, double-click: whole levels (every tile the same window).
void zoomAndPan(UiState& ui, const hp::XrayTile& t, glm::vec2 localPixels) {
    const ImGuiIO& io = ImGui::GetIO();
    const glm::vec2 nodes(t.nodes);
    const glm::vec2 at = (glm::vec2(t.origin) + localPixels * float(t.block)) / nodes; // fraction of the level
    if (io.MouseWheel != 0.f) {
        const float zoom = std::clamp(ui.xrayZoom * std::pow(1.25f, io.MouseWheel), 1.f, 4096.f);
        ui.xrayCentre = at - (at - ui.xrayCentre) * (ui.xrayZoom / zoom);
        ui.xrayZoom = zoom;
    }
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        ui.xrayZoom = 1.f;
        ui.xrayCentre = glm::vec2(0.5f);
    }
    const float half = 0.5f / ui.xrayZoom;
    ui.xrayCentre = glm::clamp(ui.xrayCentre, glm::vec2(half), glm::vec2(1.f - half));
}

const hp::XrayLevel* levelOf(const XrayView& view, int level) {
    for (const hp::XrayLevel& l : view.levels())
        if (l.level == level) return &l;
    return nullptr;
}

const char* levelUnit(const XrayView& view, int level) {
    const hp::XrayLevel* l = levelOf(view, level);
    return l ? l->unit : "nodes";
}

void tiles(App& app, const XrayView& view, const XrayFollow& follow, const XrayStepView& step) {
    UiState& ui = app.ui;
    const float scale = ImGui::GetIO().FontGlobalScale;
    const float avail = ImGui::GetContentRegionAvail().x;
    const float slot = std::floor((avail - 6.f * float(XrayView::kColumns - 1)) / float(XrayView::kColumns));
    ui.xraySide = std::clamp(int(slot), 32, 256); // the next frame's tiles
    const float captionHeight = 2.f * ImGui::GetTextLineHeight() + 2.f * scale;
    const std::vector<hp::XrayTile>& all = view.tiles();
    if (all.empty()) return;
    const TileGrid grid = tileGrid(all, slot, captionHeight);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##xray tiles", ImVec2(avail, std::max(grid.height(), 1.f)));
    const bool hovered = ImGui::IsItemHovered() || ImGui::IsItemActive();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const glm::vec2 size(view.imageSize());
    const bool zoomed = ui.xrayZoom > 1.f;
    // The images first, then the marks and captions: two draw commands instead of two a tile (llvmpipe pays
    // per command).
    for (const hp::XrayTile& t : all) {
        const TilePlace p = placeTile(t, origin, grid);
        const ImVec2 end(p.corner.x + float(t.pixels.x) * p.pixel, p.corner.y + float(t.pixels.y) * p.pixel);
        // Row 0 of a level at the bottom, as the atlas (GL textures are bottom-up).
        draw->AddImage(textureId(view.image()), p.corner, end, ImVec2(float(t.at.x) / size.x, float(t.at.y + t.pixels.y) / size.y),
                       ImVec2(float(t.at.x + t.pixels.x) / size.x, float(t.at.y) / size.y));
    }
    for (const hp::XrayTile& t : all) {
        const TilePlace p = placeTile(t, origin, grid);
        const ImVec2 end(p.corner.x + float(t.pixels.x) * p.pixel, p.corner.y + float(t.pixels.y) * p.pixel);
        const hp::XrayLevel* level = levelOf(view, t.level);
        const char* name = level ? level->name : nullptr;
        // The step mode: not built yet (a tile beside the levels comes with the top).
        if (name ? step.builtLevels < hp::xrayPyramidLevels(view.levels()) - 1 : t.level > step.builtLevels) {
            draw->AddRectFilled(p.corner, end, IM_COL32(16, 18, 22, 235));
            continue;
        }
        for (std::size_t i = 0; i < std::min(step.marks, follow.marks.size()); ++i) { // the output's node here
            const XrayMark& m = follow.marks[i];
            if (m.level != t.level) continue;
            const glm::ivec2 px = (m.node - t.origin) / t.block;
            if (glm::any(glm::lessThan(m.node, t.origin)) || px.x >= t.pixels.x || px.y >= t.pixels.y) continue;
            const float pad = 2.f * scale;
            const ImVec2 a(p.corner.x + float(px.x) * p.pixel - pad, end.y - float(px.y + 1) * p.pixel - pad);
            draw->AddRect(a, ImVec2(a.x + p.pixel + 2.f * pad, a.y + p.pixel + 2.f * pad), IM_COL32(80, 230, 255, 255),
                          0.f, 0, 2.f);
        }
        const std::size_t slotIndex = std::size_t(t.slot);
        const std::string total = slotIndex < view.totals().size() ? grouped(view.totals()[slotIndex]) : "...";
        char dims[48], sum[48];
        if (name)
            std::snprintf(dims, sizeof dims, "%s %dx%d", name, t.nodes.x, t.nodes.y);
        else
            std::snprintf(dims, sizeof dims, "L%d %dx%d", t.level, t.nodes.x, t.nodes.y);
        std::snprintf(sum, sizeof sum, "%s%s", zoomed ? "in view " : "sum ", total.c_str());
        draw->AddText(ImVec2(p.corner.x, p.captionY + 1.f * scale), ImGui::GetColorU32(ImGuiCol_Text), dims);
        draw->AddText(ImVec2(p.corner.x, p.captionY + 1.f * scale + ImGui::GetTextLineHeight()),
                      ImGui::GetColorU32(ImGuiCol_TextDisabled), sum);
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        if (hovered && mouse.x >= p.corner.x && mouse.x < end.x && mouse.y >= p.corner.y && mouse.y < end.y) {
            const glm::vec2 local((mouse.x - p.corner.x) / p.pixel, (end.y - mouse.y) / p.pixel);
            const glm::ivec2 node = t.origin + glm::ivec2(local) * t.block;
            tooltip("level %d: %d x %d %s%s\n%s\nnodes (%d, %d) .. (%d, %d) under the cursor\n"
                    "wheel: zoom, drag: pan, double-click: whole levels",
                    t.level, t.nodes.x, t.nodes.y, levelUnit(view, t.level),
                    t.block > 1 ? (", a pixel sums " + std::to_string(t.block) + " x " + std::to_string(t.block)).c_str()
                                : ", a pixel a node",
                    (std::string(zoomed ? "in view: " : "total: ") + total + " (a few frames late)").c_str(), node.x,
                    node.y, std::min(node.x + t.block, t.nodes.x) - 1, std::min(node.y + t.block, t.nodes.y) - 1);
            zoomAndPan(ui, t, local);
            if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.f)) {
                const ImVec2 d = ImGui::GetIO().MouseDelta;
                ui.xrayCentre -= glm::vec2(d.x, -d.y) / p.pixel * float(t.block) / glm::vec2(t.nodes);
                const float half = 0.5f / ui.xrayZoom;
                ui.xrayCentre = glm::clamp(ui.xrayCentre, glm::vec2(half), glm::vec2(1.f - half));
            }
        }
    }
}

// A click on the 3D view (input.cpp) picks the point drawn nearest it (within 12 pixels) for the X-ray to follow.
void pickClicked(App& app, const XraySubject& subject) {
    if (!app.ui.xrayPickAt) return;
    const glm::vec2 pixel = *app.ui.xrayPickAt;
    app.ui.xrayPickAt.reset();
    GpuState& gpu = *app.gpu;
    if (!subject.pickPoints || !gpu.particles || !app.settings.view.shown.has(kPointsView)) return;
    if (!gpu.pointPick) {
        Result<particles::PointPick> made = particles::PointPick::create(gpu.shaders, app.surface.info());
        if (!made) {
            app.ui.xrayError = made.error();
            return;
        }
        gpu.pointPick.emplace(std::move(made.value()));
    }
    const glm::vec2 display(ImGui::GetIO().DisplaySize.x, ImGui::GetIO().DisplaySize.y);
    const glm::mat4 viewProj = app.camera.projection(display.x / std::max(display.y, 1.f)) * app.camera.view();
    const particles::ParticleSystem& ps = *gpu.particles;
    if (auto k = gpu.pointPick->pick({ps.positionBuffer(), ps.controlBuffer(), ps.capacity()}, viewProj, pixel,
                                     display, 12.f * ImGui::GetIO().FontGlobalScale))
        app.ui.xrayK = int(*k);
}

// The followed output's cell in the 3D view: a ring at its voxel's home (a point; it may be flying), at its
// cell's centre (a surface vertex) or where the particle was when followed (a slot of the depth order), drawn under
// the panels.
void markInScene(App& app, const XrayFollow& follow) {
    const frame::Frame& frame = *app.gpu->frame;
    glm::vec4 volumePoint;
    if (follow.atlasTexel.x >= 0) {
        const frame::VoxelSource& source = frame.source();
        const glm::uvec4 entry = hp::pointEntry(follow.atlasTexel, source.tiling(), glm::ivec2(source.atlasSize()));
        const glm::vec3 volume(glm::max(source.volume(), glm::ivec3(1)));
        volumePoint = glm::vec4((glm::vec3(glm::uvec3(entry)) + 0.5f) / volume * 2.f - 1.f, 1.f);
    } else if (follow.surfaceCell >= 0 && glm::all(glm::greaterThan(follow.cells, glm::ivec3(0)))) {
        const std::int64_t i = follow.surfaceCell, cx = follow.cells.x, cy = follow.cells.y;
        const glm::vec3 cell(float(i % cx), float((i / cx) % cy), float(i / (cx * cy)));
        const surface::McMethod* mc = frame.surface().drawable();
        if (!mc) return;
        volumePoint = frame.surfaceToVolume() * glm::vec4((cell + 0.5f) * mc->spacing(), 1.f);
    } else if (!follow.worldPoint) {
        return;
    }
    const glm::vec2 display(ImGui::GetIO().DisplaySize.x, ImGui::GetIO().DisplaySize.y);
    const glm::mat4 viewProj = app.camera.projection(display.x / std::max(display.y, 1.f)) * app.camera.view();
    const glm::vec4 clip = follow.worldPoint ? viewProj * glm::vec4(*follow.worldPoint, 1.f)
                                             : viewProj * frame.volumeToWorld() * volumePoint;
    if (clip.w <= 0.f) return;
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    const ImVec2 at((ndc.x * 0.5f + 0.5f) * display.x, (0.5f - ndc.y * 0.5f) * display.y);
    const float r = 7.f * ImGui::GetIO().FontGlobalScale;
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    draw->AddCircle(at, r, IM_COL32(80, 230, 255, 255), 0, 2.f);
    const std::string label = follow.output + " " + std::to_string(follow.k);
    draw->AddText(ImVec2(at.x + r + 3.f, at.y - r), IM_COL32(80, 230, 255, 255), label.c_str());
}

// The pyramids offered this frame (xray_subject.h), a radio button each when more than one is.
void pyramidChoice(App& app, const XraySubject& subject) {
    const std::span<const XrayPyramidRow> rows = xrayPyramidTable();
    int offered = 0;
    for (const XrayPyramidRow& row : rows) offered += row.offered(app) ? 1 : 0;
    if (offered < 2) return;
    bool first = true;
    for (int i = 0; i < int(rows.size()); ++i) {
        if (!rows[std::size_t(i)].offered(app)) continue;
        const XrayPyramidInfo& info = kXrayPyramids[std::size_t(i)];
        if (!first) sameLineIfFits(info.label);
        first = false;
        if (ImGui::RadioButton(info.label, subject.of == i)) app.ui.xrayOf = i;
        if (ImGui::IsItemHovered()) tooltip(info.tooltip);
    }
}

} // namespace

void uiXrayWindow(App& app) {
    if (!app.settings.view.shown.has(kXrayView) || !app.gpu) return;
    placeNextWindow(app, app.ui.layout.xray);
    bool open = true;
    const bool visible = ImGui::Begin("HistoPyramid X-ray", &open);
    if (!open) app.settings.view.shown.set(kXrayView, false);
    if (!visible) {
        ImGui::End();
        return;
    }
    UiState& ui = app.ui;
    const XraySubject subject = xraySubject(app);
    pyramidChoice(app, subject);
    if (subject.pyramid.levels.empty()) {
        ImGui::TextWrapped("%s builds no pyramid: %s.", subject.method, subject.summary);
        ImGui::End();
        return;
    }
    pickClicked(app, subject);
    const std::optional<std::uint32_t> count = subject.count;
    const hp::XrayLevel& base = subject.pyramid.levels.front();
    ImGui::TextWrapped("%s: %d levels; level 0 is %d x %d %s%s; the top's one node holds %s %s", subject.method,
                       hp::xrayPyramidLevels(subject.pyramid.levels), base.nodes.x, base.nodes.y, base.unit,
                       base.zOrder ? " (a 1D pyramid drawn in Z order)" : "", count ? grouped(*count).c_str() : "...",
                       subject.outputs);
    if (!ui.xrayError.empty()) ImGui::TextColored(kBad, "%s", ui.xrayError.c_str());
    legend(count.value_or(1u));
    // The step mode: the build, then the descent, a step at a time (a scripted run shows the final state).
    ImGui::Checkbox("step mode", &ui.xrayStepMode);
    if (ImGui::IsItemHovered())
        tooltip("the build reduction by reduction, then the followed output's descent level by level, a caption a "
                "step");
    XrayStepView step{int(subject.pyramid.levels.size()), ui.xrayFollow.marks.size(), ""};
    if (ui.xrayStepMode) {
        const int steps = xrayStepCount(subject.pyramid.levels, ui.xrayFollow);
        ui.xrayStepClock = app.run.frames > 0 ? float(steps) : ui.xrayStepClock + app.dt * ui.xrayStepSpeed;
        sameLineIfButtonFits("restart");
        if (ImGui::Button("restart")) ui.xrayStepClock = 0.f;
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
        ImGui::SliderFloat("steps/s", &ui.xrayStepSpeed, 0.25f, 8.f, "%.2f");
        step = xrayStepAt(int(ui.xrayStepClock), subject.pyramid.levels, ui.xrayFollow);
        ImGui::TextWrapped("step %d of %d: %s", std::min(int(ui.xrayStepClock), steps - 1) + 1, steps,
                           step.caption.c_str());
    }
    if (app.gpu->xray) tiles(app, *app.gpu->xray, ui.xrayFollow, step);
    // Follow one output.
    if (count && *count > 0) {
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
        ImGui::SliderInt((std::string(subject.output) + " k").c_str(), &ui.xrayK, 0, int(*count - 1));
        if (ImGui::IsItemHovered())
            tooltip("the output followed down the pyramid by the method's own traversal on the GPU (a few hundred "
                    "bytes read back when k or the method change); a click on a point in the 3D view or "
                    "on an entry of the point list picks it");
        ui.xrayFollow = followOutput(subject, std::uint32_t(std::max(ui.xrayK, 0)), *count, ui.xrayFollow);
        if (!ui.xrayFollow.error.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, kWarn);
            ImGui::TextWrapped("%s", ui.xrayFollow.error.c_str());
            ImGui::PopStyleColor();
        }
        else if (ImGui::CollapsingHeader("descent", ImGuiTreeNodeFlags_DefaultOpen)) {
            const float lines = float(ui.xrayFollow.lines.size()) + 1.5f;
            ImGui::BeginChild("##descent", ImVec2(0.f, lines * ImGui::GetTextLineHeightWithSpacing()), false,
                              ImGuiWindowFlags_HorizontalScrollbar);
            for (const std::string& line : ui.xrayFollow.lines) ImGui::TextUnformatted(line.c_str());
            ImGui::EndChild();
        }
        markInScene(app, ui.xrayFollow);
    }
    ImGui::End();
}

} // namespace dicer::app
