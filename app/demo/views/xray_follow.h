// The output the X-ray panel follows down the pyramid it shows: its path as the method's own traversal recorded
// it on the GPU (XraySubject::trace: PointMethod::trace, McMethod::trace, Sorter::trace), the lines the panel
// prints and, per level, the node the descent visited (the marks on the tiles). Traced only when what it was
// traced for changes (k, the method, the pyramid shown or its number of levels, whether there are outputs): a
// trace reads a few hundred bytes back and waits for the GPU, so never every frame, even of a rotating mesh whose
// count changes every frame.
#pragma once

#include "xray_subject.h"

#include <cstdint>
#include <string>

namespace dicer::app {

struct XrayFollow : XrayFound {
    // What it was traced for.
    std::string method;
    int of = -1;                   // the pyramid's row (xrayPyramidTable)
    int levels = 0;                // its levels (a sparse pool that grew: a new shape, traced again)
    std::string output = "output"; // what one output is ("output", "vertex", "slot")
    std::uint32_t k = 0, count = 0;
    bool operator==(const XrayFollow&) const = default;
};

// Follows output `k` (clamped to count - 1) down `subject`'s pyramid when `last` was traced for something else;
// otherwise returns `last`. A count of 0: nothing to follow (one line says so).
XrayFollow followOutput(const XraySubject& subject, std::uint32_t k, std::uint32_t count,
                        const XrayFollow& last);

} // namespace dicer::app
