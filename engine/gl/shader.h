// Run-time GLSL loading: files under shaders/, a small #include expander that emits `#line <n> <file-id>`
// so compiler messages name the real file and line, and #defines injected right after #version.
// Modelled on nvpro's ShaderFileManager (the #line/prepend idea); our own code.
//
// Where shaders are found (first hit wins): $DICER_SHADER_DIR, <directory of the executable>/shaders
// (the build copies them there), then the source tree's shaders/ recorded at build time.
#pragma once

#include "gl_handle.h"
#include "result.h"

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace dicer::gl {

// The names of a shader stage, from one table: in messages ("vertex") and as glslangValidator's stage
// ("vert", its file extension: shader_dump.h). {"unknown", ""} for a stage other than GL 4.5's six.
struct StageNames {
    const char* text;
    const char* glslang;
};
StageNames stageNames(GLenum stage);

struct ShaderStageFile {
    GLenum stage;     // GL_VERTEX_SHADER, GL_FRAGMENT_SHADER, GL_COMPUTE_SHADER, ...
    std::string file; // relative to the shader directory, e.g. "hp_reduce.frag.glsl"
};

struct ProgramDesc {
    std::string name; // shown in logs and the UI
    std::vector<ShaderStageFile> stages;
    std::vector<std::pair<std::string, std::string>> defines; // NAME, value ("" for a bare #define)
};
// A variant of `desc`: the same stages with the bare #define `define` added, named "<name> (<variant>)".
ProgramDesc withDefine(ProgramDesc desc, std::string define, std::string_view variant);

std::filesystem::path shaderDirectory();

// Source after include expansion; `files` receives the file names indexed by the #line file id.
Result<std::string> preprocessShader(const std::string& file,
                                     const std::vector<std::pair<std::string, std::string>>& defines,
                                     std::vector<std::string>* files);

struct ProgramBuild {
    Program program; // 0 on failure
    std::string log; // compile + link messages (warnings too), file ids replaced by file names
    bool ok() const { return bool(program); }
};

// Compiles and links; never throws, never aborts. Warnings of a successful build are in `log`.
ProgramBuild buildProgram(const ProgramDesc& desc);

// Programs referred to by id so that a hot reload swaps every user's program at once.
struct ProgramId {
    int index = -1;
    bool valid() const { return index >= 0; }
};

class ShaderLibrary {
public:
    // Builds the program now; the error carries the full log. With a shader dump on (shader_dump.h) the
    // program's expanded sources are written first.
    Result<ProgramId> add(ProgramDesc desc);
    // The same into `id` (left as it was on error): for a create() that builds its programs one after another.
    Result<void> addInto(ProgramId& id, ProgramDesc desc);
    GLuint get(ProgramId id) const { return m_entries.at(size_t(id.index)).build.program.id(); }
    const ProgramDesc& desc(ProgramId id) const { return m_entries.at(size_t(id.index)).desc; }

    struct ReloadReport {
        int reloaded = 0;
        int failed = 0;
        std::string log; // messages of the failed programs
    };
    // Rebuilds every program; one that fails keeps its last good version.
    ReloadReport reloadAll();
    size_t size() const { return m_entries.size(); }

private:
    struct Entry {
        ProgramDesc desc;
        ProgramBuild build;
    };
    std::vector<Entry> m_entries;
};

} // namespace dicer::gl
