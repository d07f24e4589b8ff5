#include "view_table.h"

namespace dicer::app {

// Asked every frame: walks the rows in place (ids() would allocate).
bool ShownViews::run(frame::Stage stage) const {
    for (size_t i = 0; i < std::size(kViewRows); ++i)
        if (has(ViewId(int(i))))
            for (frame::Stage s : kViewRows[i].stages)
                if (s == stage) return true;
    return false;
}

std::optional<ViewId> ShownViews::show(ViewId id, bool on, const std::function<bool(ViewId)>& keep) {
    const bool was = has(id);
    set(id, on);
    if (was == on || !viewRow(id).hides) return std::nullopt;
    for (ViewId other : viewIds()) {
        if (std::string_view(viewRow(other).name) != viewRow(id).hides) continue;
        if (on && has(other) && !(keep && keep(other))) {
            set(other, false);
            return other;
        }
        // Turned off, leaving the 3D view empty: the view it hid comes back.
        bool sceneShown = false;
        for (ViewId v : ids())
            sceneShown |= viewRow(v).place == ViewPlace::Scene;
        if (!on && !sceneShown) set(other, true);
    }
    return std::nullopt;
}

std::string ShownViews::drawn() const {
    std::string text;
    for (ViewId id : ids())
        text += (text.empty() ? "" : ", ") + std::string(viewRow(id).name);
    return text.empty() ? "nothing" : text;
}

std::uint32_t ShownViews::defaultBits() {
    std::uint32_t bits = 0;
    for (ViewId id : viewIds())
        if (viewRow(id).shownByDefault) bits |= 1u << id.row;
    return bits;
}

} // namespace dicer::app
