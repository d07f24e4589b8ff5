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

// --view LIST: exactly the views named are shown (view_table.h); "none" shows none.
options::Codec<std::vector<ViewId>> viewsCodec() {
    std::vector<std::pair<std::string, ViewId>> names;
    for (ViewId id : viewIds())
        names.emplace_back(viewRow(id).name, id);
    return options::listCodec(options::namesCodec<ViewId>(std::move(names)), "all", viewIds(), "none");
}

} // namespace dicer::app
