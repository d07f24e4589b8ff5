#include "xray_follow.h"

#include <algorithm>

namespace dicer::app {

XrayFollow followOutput(const XraySubject& subject, std::uint32_t k, std::uint32_t count,
                        const XrayFollow& last) {
    XrayFollow f;
    f.method = subject.method;
    f.of = subject.of;
    f.levels = int(subject.pyramid.levels.size());
    f.output = subject.output;
    f.count = count;
    f.k = count == 0 ? 0 : std::min(k, count - 1);
    // A new count alone (a rotating mesh changes it every frame) keeps the path: a trace waits for the GPU, and
    // would then every frame. The path is that of the frame it was traced in.
    if (f.method == last.method && f.of == last.of && f.levels == last.levels && f.k == last.k &&
        (count == 0) == (last.count == 0)) {
        XrayFollow kept = last;
        kept.count = count;
        return kept;
    }
    if (count == 0) {
        f.error = std::string(subject.method) + " has no " + subject.outputs + ": nothing to follow";
        return f;
    }
    if (!subject.trace) {
        f.error = "nothing to follow";
        return f;
    }
    static_cast<XrayFound&>(f) = subject.trace(f.k);
    return f;
}

} // namespace dicer::app
