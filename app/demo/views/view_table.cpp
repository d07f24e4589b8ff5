#include "view_table.h"

namespace dicer::app {

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
