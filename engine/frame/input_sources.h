// Makes the source of a row of the input table (input_table.h) for this driver: its first stage's programs
// and objects, built once; a shader error is returned.
#pragma once

#include "input_source.h"
#include "input_table.h"
#include "shader.h"

#include <memory>

namespace dicer::frame {

Result<std::unique_ptr<InputSource>> createInputSource(InputId input, gl::ShaderLibrary& shaders,
                                                       const gl::GlInfo& info);

} // namespace dicer::frame
