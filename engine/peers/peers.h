// The peers: the stream-compaction methods the HistoPyramid is measured against (Horn's scan, atomic append,
// the CPU paths), each an hp::Compactor (compactor.h). Their factories, one per implementation file; the
// table that lists them with the HistoPyramids is engine/methods/method_table.h.
#pragma once

#include "compactor.h"
#include "gl_info.h"
#include "point_method.h"
#include "result.h"
#include "shader.h"

#include <memory>

namespace dicer::peers {

using hp::Compactor;
using hp::EntryOrder;
using hp::MethodInput;

Result<std::unique_ptr<hp::PointMethod>> createHornScan(gl::ShaderLibrary& shaders, const gl::GlInfo& info);
Result<std::unique_ptr<hp::PointMethod>> createAtomicAppend(gl::ShaderLibrary& shaders,
                                                            const gl::GlInfo& info);
Result<std::unique_ptr<hp::PointMethod>> createCpuLinewise(gl::ShaderLibrary& shaders,
                                                           const gl::GlInfo& info);
Result<std::unique_ptr<hp::PointMethod>> createCpuThreaded(gl::ShaderLibrary& shaders,
                                                           const gl::GlInfo& info);

} // namespace dicer::peers
