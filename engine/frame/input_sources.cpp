// What each row of the input table runs: its source's hook, in the table's order (input_table.h).
#include "input_sources.h"

#include "mesh_source.h"
#include "volume_source.h"

#include <iterator>

namespace dicer::frame {
namespace {

using CreateSource = Result<std::unique_ptr<InputSource>> (*)(gl::ShaderLibrary&, const gl::GlInfo&);
constexpr CreateSource kCreate[] = {
    MeshSource::create,   // mesh
    VolumeSource::create, // volume
};
static_assert(std::size(kCreate) == std::size(kInputRows), "one source hook per row of the input table");

} // namespace

Result<std::unique_ptr<InputSource>> createInputSource(InputId input, gl::ShaderLibrary& shaders,
                                                       const gl::GlInfo& info) {
    return kCreate[size_t(input.row)](shaders, info);
}

} // namespace dicer::frame
