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

std::uint32_t ShownViews::defaultBits() {
    std::uint32_t bits = 0;
    for (ViewId id : viewIds())
        if (viewRow(id).shownByDefault) bits |= 1u << id.row;
    return bits;
}

} // namespace dicer::app
