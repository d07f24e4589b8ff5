// The shader dump (--dump-shaders DIR of dicer and dicer-bench): every program a ShaderLibrary of this process
// builds, written as the text each shader object gets from glShaderSource (defines injected, #includes
// expanded, `#line <n> <file-id>` markers kept), with one manifest line per object. Only llvmpipe compiles
// the shaders at run time; the dump is what tests/shader_programs.sh hands to a stricter compiler, Khronos'
// reference glslangValidator, so GLSL that llvmpipe accepts but the spec forbids fails a test.
//
// DIR/programs.tsv, one line per shader object, tab-separated (lines starting with '#' are comments):
//   program   p<N>, shared by the objects that link into one program (N counts from 0 in build order)
//   name      the program's name (ProgramDesc::name)
//   object    the dumped source, p<N>.<k>.<stem>.<stage>.glsl (glslangValidator takes the stage from it)
//   stage     vert, frag, comp, geom, tesc or tese
//   file      the object's shader file under shaders/
//   defines   NAME or NAME=value, space-separated; "-" for none
//   sources   the file of each #line file id, comma-separated in id order (id 0 is `file`)
// A program is written once per process however often it is built (stages and defines compared).
// Process-wide, like the logger: the dump records what the process builds, through every library it makes
// (the demo makes a new one whenever it rebuilds its GPU state).
#pragma once

#include "gl.h"
#include "result.h"

#include <filesystem>
#include <string>

namespace dicer::gl {

struct ProgramDesc;

// From now on every program ShaderLibrary::add builds is written to `dir`, a new folder (created) or an empty
// one; a folder that holds anything (another dump, or any file) is an error: the dump would mix with it or
// overwrite it. An empty path stops.
Result<void> dumpShadersTo(const std::filesystem::path& dir);

// Writes `desc` unless dumping is off or an identical program was written; the error names the file.
Result<void> recordShaderProgram(const ProgramDesc& desc);

// glslangValidator's name of a stage ("vert", "frag", "comp", ...); "" for a stage it has no name for.
std::string glslangStageName(GLenum stage);

} // namespace dicer::gl
