#include "ui_layout.h"

#include <glm/common.hpp>

#include <cstdlib>

namespace dicer::app {
namespace {

constexpr float kMargin = 8.f;
// Unscaled sizes. The Timings height holds the timer source, the table (header, the most stages one frame
// times: nine of frame_stages.h's ten, since a frame voxelizes or discriminates; and the frame), the fps line,
// the folded history and the reset button.
constexpr float kXrayWidth = 600.f; // the X-ray panel: five tiles of ~110 px with their captions
constexpr float kSidebarWidth = 360.f, kColumnWidth = 360.f, kTimingsHeight = 300.f;
constexpr float kStatusHeight = 26.f; // one line of text and the window's padding
constexpr float kTitleHeight = 19.f;  // a title bar: a line of text and the frame padding
// Beside its square image, an image panel holds its title bar, its padding and up to four lines of text (the
// atlas: what it shows and the sparse legend; the list: its size and what a texel is).
constexpr float kImageTextHeight = kTitleHeight + 2.f * 8.f + 4.f * 17.f + 2.f * 4.f;

} // namespace

bool WindowRect::inside(glm::vec2 areaPos, glm::vec2 areaSize) const {
    return pos.x >= areaPos.x && pos.y >= areaPos.y && pos.x + size.x <= areaPos.x + areaSize.x &&
           pos.y + size.y <= areaPos.y + areaSize.y;
}

bool WindowRect::overlaps(const WindowRect& o) const {
    return pos.x < o.pos.x + o.size.x && o.pos.x < pos.x + size.x && pos.y < o.pos.y + o.size.y &&
           o.pos.y < pos.y + size.y;
}

PanelLayout defaultPanelLayout(glm::vec2 workPos, glm::vec2 workSize, float scale) {
    if (!(scale > 0.f)) scale = 1.f;
    const glm::vec2 all = glm::max(workSize - 2.f * kMargin, glm::vec2(1.f)); // room inside the margins
    const glm::vec2 origin = workPos + kMargin;
    PanelLayout l;
    // The status line along the bottom (at most half the height), the panels above it.
    const float status = glm::min(kStatusHeight * scale, 0.5f * all.y);
    l.status = {{origin.x, origin.y + all.y - status}, {all.x, status}};
    const glm::vec2 inner{all.x, glm::max(all.y - status - kMargin, 1.f)};
    l.sidebar = {origin, {glm::min(kSidebarWidth * scale, inner.x), inner.y}};

    const float width = glm::min(kColumnWidth * scale, inner.x);
    const float x = origin.x + inner.x - width;
    const float freeX = l.sidebar.pos.x + l.sidebar.size.x + kMargin, freeRight = x - kMargin;
    l.free = freeRight - freeX >= 0.25f * all.x ? WindowRect{{freeX, origin.y}, {freeRight - freeX, inner.y}}
                                                : WindowRect{origin, inner};
    const float timings = glm::min(kTimingsHeight * scale, inner.y);
    l.timings = {{x, origin.y}, {width, timings}};
    // The X-ray (shown on request): over the lower part of the free area, at its right, as wide as five tiles
    // with readable captions need.
    const glm::vec2 xraySize = glm::min(glm::vec2(kXrayWidth * scale, 0.62f * l.free.size.y), l.free.size);
    l.xray = {l.free.pos + l.free.size - xraySize, xraySize};
    // The two image panels below the Timings, each as tall as its image at the column's width needs (inside
    // the viewport: at least a sliver each). Where both do not fit, the atlas takes the room and the list folds.
    l.titleHeight = kTitleHeight * scale;
    const float below = glm::max(inner.y - timings - 2.f * kMargin, 2.f);
    const float need = width - 2.f * 8.f * scale + kImageTextHeight * scale;
    l.listFolded = 2.f * need + kMargin > below && l.titleHeight + kMargin < below;
    const float atlasY = glm::min(origin.y + timings + kMargin, origin.y + inner.y - below);
    const float bottom = origin.y + inner.y;
    if (l.listFolded) {
        l.atlas = {{x, atlasY}, {width, glm::min(need, below - l.titleHeight - kMargin)}};
        l.list = {{x, bottom - l.titleHeight}, {width, need}};
        return l;
    }
    const float each = glm::min(need, 0.5f * below);
    l.atlas = {{x, atlasY}, {width, each}};
    l.list = {{x, glm::min(atlasY + each + kMargin, bottom - each)}, {width, each}};
    return l;
}

NdcArea freeAreaNdc(const PanelLayout& layout, glm::vec2 displaySize, bool panelsShown) {
    if (!panelsShown || !(displaySize.x > 0.f) || !(displaySize.y > 0.f) || !(layout.free.size.x > 0.f) ||
        !(layout.free.size.y > 0.f))
        return {};
    const glm::vec2 centre = layout.free.pos + 0.5f * layout.free.size;
    return {{2.f * centre.x / displaySize.x - 1.f, 1.f - 2.f * centre.y / displaySize.y},
            layout.free.size / displaySize};
}

ConfigEnv ConfigEnv::fromProcess() {
    return {std::getenv("DICER_CONFIG_DIR"), std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME")};
}

std::optional<std::filesystem::path> layoutIniPath(const ConfigEnv& env, bool scriptedRun) {
    const std::filesystem::path file = "imgui.ini";
    if (env.dicerConfigDir) {
        if (*env.dicerConfigDir == '\0') return std::nullopt; // set but empty: explicitly none
        return std::filesystem::path(env.dicerConfigDir) / file;
    }
    if (scriptedRun) return std::nullopt;
    if (env.xdgConfigHome && std::filesystem::path(env.xdgConfigHome).is_absolute())
        return std::filesystem::path(env.xdgConfigHome) / "dicer" / file;
    if (env.home && *env.home != '\0') return std::filesystem::path(env.home) / ".config" / "dicer" / file;
    return std::nullopt;
}

} // namespace dicer::app
