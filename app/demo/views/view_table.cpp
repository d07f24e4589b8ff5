#include "view_table.h"

namespace dicer::app {

std::span<const ViewRow> viewTable() {
    return kViewRows;
}

const ViewRow& viewRow(ViewId id) {
    const ViewRow* row = gl::rowOf(viewTable(), id);
    return row ? *row : kViewRows[0];
}

std::vector<ViewId> viewIds() {
    return gl::rowIds(viewTable());
}

void ShownViews::set(ViewId id, bool on) {
    if (!gl::rowOf(viewTable(), id)) return;
    const std::uint32_t bit = 1u << id.row;
    bits = on ? bits | bit : bits & ~bit;
}

std::vector<ViewId> ShownViews::ids() const {
    std::vector<ViewId> shown;
    for (ViewId id : viewIds())
        if (has(id)) shown.push_back(id);
    return shown;
}

bool ShownViews::run(frame::Stage stage) const {
    for (ViewId id : ids())
        for (frame::Stage s : viewRow(id).stages)
            if (s == stage) return true;
    return false;
}

std::uint32_t ShownViews::defaultBits() {
    std::uint32_t bits = 0;
    for (ViewId id : viewIds())
        if (viewRow(id).shownByDefault) bits |= 1u << id.row;
    return bits;
}

} // namespace dicer::app
