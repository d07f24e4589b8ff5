#include "xray_follow.h"

#include "mc_xray.h"

#include <algorithm>

namespace dicer::app {
namespace {

void followPoint(hp::PointMethod& m, XrayFollow& f) {
    Result<hp::XrayPath> path = m.trace(f.k);
    if (!path) {
        f.error = path.error();
        return;
    }
    f.lines = hp::describeXray(*path);
    int lowest = path->steps.empty() ? 1 : path->steps.back().level;
    for (const hp::XrayStep& s : path->steps) f.marks.push_back({s.level, s.cell});
    // Below the last step (the compute pyramids' masks, the paper's level 1) the path is in the cell found: its
    // ancestors down to the cell itself.
    for (int level = lowest - 1; level >= 0; --level) f.marks.push_back({level, path->cell >> level});
    f.atlasTexel = path->cell;
}

void followVertex(surface::McMethod& m, XrayFollow& f) {
    Result<surface::McXrayPath> path = m.trace(f.k);
    if (!path) {
        f.error = path.error();
        return;
    }
    f.lines = surface::describeMcXray(*path, m.cells());
    f.surfaceCell = std::int64_t(path->cell);
    f.cells = m.cells();
    for (const hp::XrayStep& s : path->steps) f.marks.push_back({s.level, hp::zOrderNode(std::uint64_t(s.cell.x))});
    // Level 0: the cell within the base word (the last step's child), in the cells' Z order.
    if (!path->steps.empty()) {
        const hp::XrayStep& word = path->steps.back();
        f.marks.push_back({0, hp::zOrderNode(std::uint64_t(word.cell.x) * 4u + word.child)});
    }
}

} // namespace

XrayFollow followOutput(const XraySubject& subject, std::uint32_t k, std::uint32_t count, const XrayFollow& last) {
    XrayFollow f;
    f.method = subject.method;
    f.surface = subject.surface;
    f.count = count;
    f.k = count == 0 ? 0 : std::min(k, count - 1);
    // A new count alone (a rotating mesh changes it every frame) keeps the path: a trace waits for the GPU, and
    // would then every frame. The path is that of the frame it was traced in.
    if (f.method == last.method && f.surface == last.surface && f.k == last.k && (count == 0) == (last.count == 0)) {
        XrayFollow kept = last;
        kept.count = count;
        return kept;
    }
    if (count == 0) {
        f.error = std::string(subject.method) + (subject.surface ? " has no vertices" : " listed no outputs") +
                  ": nothing to follow";
        return f;
    }
    if (subject.surface && subject.mc)
        followVertex(*subject.mc, f);
    else if (!subject.surface && subject.points)
        followPoint(*subject.points, f);
    else
        f.error = "nothing to follow";
    return f;
}

} // namespace dicer::app
