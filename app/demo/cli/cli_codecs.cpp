#include "cli_codecs.h"

#include "method_table.h"
#include "vocabulary.h"

#include <algorithm>
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

// --particles: the rows of the particle render table (particles.h).
options::Codec<particles::ParticleRender> renderCodec() {
    std::vector<std::pair<std::string, particles::ParticleRender>> names;
    for (const particles::ParticleRenderInfo& r : particles::particleRenderModes())
        names.emplace_back(r.name, r.mode);
    return options::namesCodec<particles::ParticleRender>(std::move(names));
}

// --view LIST: exactly the views named are shown (settings.h View); "none" shows none.
options::Codec<std::vector<View>> viewsCodec() {
    std::vector<std::pair<std::string, View>> names;
    std::vector<View> all;
    for (View v : kViews) {
        names.emplace_back(viewName(v), v);
        all.push_back(v);
    }
    return options::listCodec(options::namesCodec<View>(std::move(names)), "all", all, "none");
}

std::vector<View> shownViews(const ViewSettings& s) {
    std::vector<View> views;
    for (View v : kViews)
        if (s.*viewField(v)) views.push_back(v);
    return views;
}

void showViews(ViewSettings& s, const std::vector<View>& views) {
    for (View v : kViews)
        s.*viewField(v) = std::find(views.begin(), views.end(), v) != views.end();
}

} // namespace dicer::app
