// dicer's own value codecs (the ones dicer-bench does not share, which are app/common/vocabulary.h's): --method
// (a row of the method table the demo runs), --window WxH, --particles (the particle render table), --view LIST
// (exactly the views named), --xray-pyramid (the X-ray's pyramid table); and the option texts the view and export
// tables give. Split from cli.cpp, which builds the rows.
#pragma once

#include "cli.h"
#include "options.h"

#include <glm/vec2.hpp>

#include <string>
#include <vector>

namespace dicer::app {

// --method: a row of the method table the demo runs (not the CPU paths).
options::Codec<methods::MethodId> demoMethodCodec();
options::Codec<glm::ivec2> windowSizeCodec();
options::Codec<std::optional<volume::SignedAxis>> upAxisCodec(); // +x|-x|+y|-y|+z|-z (x = +x)
options::Codec<particles::ParticleRender> renderCodec();
options::Codec<std::vector<ViewId>> viewsCodec(); // the view table's names; "all", "none"
options::Codec<int> xrayPyramidCodec();           // auto (-1) or a row of xrayPyramidTable()

// The option texts the tables give: --show-NAME per view, --view (its help names the views), --export-... per
// export (view_table.h, export_table.h).
options::OptionText showOptionText(ViewId id);
options::OptionText viewsOptionText();
options::OptionText exportOptionText(ExportId id);

} // namespace dicer::app
