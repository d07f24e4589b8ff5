#include "cli_codecs.h"

#include "anatomy.h"

#include "method_table.h"
#include "vocabulary.h"
#include "xray_pyramids.h"

#include <algorithm>
#include <deque>
#include <utility>

namespace dicer::app {
options::Codec<methods::MethodId> demoMethodCodec() {
    options::Codec<methods::MethodId> c =
        options::methodCodec([](const methods::MethodInfo& m) { return m.inDemo(); });
    // A vox method's name here was once --method's meaning (now --vox-method's): that one usage error says so.
    c.explain = [](std::string_view name) -> std::string {
        if (voxel::parseVoxMethod(name)) return "renamed: use --vox-method " + std::string(name) + " for a vox method";
        return {};
    };
    return c;
}

options::Codec<glm::ivec2> windowSizeCodec() {
    const options::Codec<int> side = options::intCodec(1, 16384);
    options::Codec<glm::ivec2> c;
    c.metavar = "WxH";
    c.expects = "WxH with sides in [1, 16384], e.g. 640x480";
    c.parse = [side](std::string_view s) -> std::optional<glm::ivec2> {
        const size_t x = s.find('x');
        if (x == std::string_view::npos) return std::nullopt;
        std::optional<int> w = side.parse(s.substr(0, x)), h = side.parse(s.substr(x + 1));
        if (!w || !h) return std::nullopt;
        return glm::ivec2(*w, *h);
    };
    c.format = [](const glm::ivec2& v) { return std::to_string(v.x) + "x" + std::to_string(v.y); };
    return c;
}

options::Codec<std::optional<volume::SignedAxis>> upAxisCodec() {
    options::Codec<std::optional<volume::SignedAxis>> c;
    c.metavar = "+x|-x|+y|-y|+z|-z";
    c.expects = "an index axis with its sign, e.g. -z";
    c.parse = [](std::string_view s) -> std::optional<std::optional<volume::SignedAxis>> {
        if (const std::optional<volume::SignedAxis> a = volume::parseSignedAxis(s)) return a;
        return std::nullopt;
    };
    c.format = [](const std::optional<volume::SignedAxis>& a) { return a ? volume::signedAxisText(*a) : ""; };
    return c;
}

// --particles: the rows of the particle render table (particles.h).
options::Codec<particles::ParticleRender> renderCodec() {
    std::vector<std::pair<std::string, particles::ParticleRender>> names;
    for (const particles::ParticleRenderInfo& r : particles::particleRenderModes())
        names.emplace_back(r.name, r.mode);
    return options::namesCodec<particles::ParticleRender>(std::move(names));
}

// --view LIST: exactly the views named are shown (view_table.h); "none" shows none.
options::Codec<std::vector<ViewId>> viewsCodec() {
    std::vector<std::pair<std::string, ViewId>> names;
    for (ViewId id : viewIds())
        names.emplace_back(viewRow(id).name, id);
    return options::listCodec(options::namesCodec<ViewId>(std::move(names)), "all", viewIds(), "none");
}

options::Codec<int> xrayPyramidCodec() {
    std::vector<std::pair<std::string, int>> names{{"auto", -1}};
    for (std::size_t i = 0; i < std::size(kXrayPyramids); ++i)
        names.emplace_back(kXrayPyramids[i].name, int(i));
    return options::namesCodec<int>(std::move(names));
}

// --show-NAME: the view table's row as an option (its name, its checkbox label, its summary).
options::OptionText showOptionText(ViewId id) {
    static std::deque<std::string> names; // the rows' text views point into it (a deque never moves them)
    const ViewRow& view = viewRow(id);
    names.push_back("show-" + std::string(view.name));
    return {names.back(), view.label, view.summary};
}

// --export-...: the export table's row as an option, written after the last frame.
options::OptionText exportOptionText(ExportId id) {
    static std::deque<std::string> helps; // the rows' text views point into it (a deque never moves them)
    const ExportRow& row = exportRow(id);
    helps.push_back(std::string(row.summary) + ", written after the last frame (needs --frames)");
    return {row.option, "", helps.back()};
}

// --view: its help names the rows, the 3D view's and the panels'.
options::OptionText viewsOptionText() {
    static const std::string help = [] {
        std::vector<std::string> scene, panels;
        for (const ViewRow& row : viewTable())
            (row.place == ViewPlace::Scene ? scene : panels).emplace_back(row.name);
        return "exactly these views shown (" + gl::joinNames(scene, ", ") + ": the 3D view; " +
               gl::joinNames(panels, ", ") + ": the panels)";
    }();
    return {"view", "", help};
}

} // namespace dicer::app
