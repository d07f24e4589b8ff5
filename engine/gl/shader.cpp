#include "shader.h"

#include "file_read.h"
#include "log.h"
#include "shader_dump.h"

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

#ifndef DICER_SHADER_SOURCE_DIR
#define DICER_SHADER_SOURCE_DIR ""
#endif

namespace dicer::gl {
namespace fs = std::filesystem;

namespace {

Result<std::string> readText(const fs::path& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return makeError("shader file not found: " + path.string());
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    if (!in && !in.eof()) return makeError("cannot read shader file: " + path.string());
    return ss.str();
}

// The file a shader name refers to. Names are unique under the shader folder (a folder per wing), so a program
// or an #include names a file by its name alone, wherever its wing keeps it; a name with a '/' is a path inside
// the folder. The index is built on first use and again on a miss (a file added before a hot reload); a name
// found in two folders is an error naming both.
Result<fs::path> findShaderFile(const fs::path& dir, const std::string& name) {
    if (name.find('/') != std::string::npos) return dir / name;
    static fs::path indexed;
    static std::map<std::string, fs::path> index;
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (attempt == 1 || indexed != dir) {
            index.clear();
            indexed = dir;
            std::error_code ec;
            for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
                 it.increment(ec)) {
                if (!it->is_regular_file(ec)) continue;
                const std::string file = it->path().filename().string();
                auto [at, fresh] = index.emplace(file, it->path());
                if (!fresh)
                    return makeError("shader name " + file + " is in two folders: " + at->second.string() + " and " +
                                     it->path().string() + " (names are unique under " + dir.string() + ")");
            }
        }
        if (auto at = index.find(name); at != index.end()) return at->second;
    }
    return makeError("shader file not found: " + name + " (in no folder under " + dir.string() + ")");
}

Result<std::string> readShader(const fs::path& dir, const std::string& name) {
    Result<fs::path> path = findShaderFile(dir, name);
    if (!path) return makeError(path.error());
    return readText(*path);
}

// Returns the quoted name of an `#include "name"` line, or "" if the line is no include.
std::string includeTarget(const std::string& line) {
    size_t p = line.find_first_not_of(" \t");
    if (p == std::string::npos || line.compare(p, 8, "#include") != 0) return {};
    size_t open = line.find('"', p + 8), close = line.rfind('"');
    if (open == std::string::npos || close <= open) return {};
    return line.substr(open + 1, close - open - 1);
}

bool isPragmaOnce(const std::string& line) {
    size_t p = line.find_first_not_of(" \t");
    return p != std::string::npos && line.compare(p, 7, "#pragma") == 0 &&
           line.find("once") != std::string::npos;
}

struct Expander {
    fs::path dir;
    std::vector<std::string>* files;
    std::set<std::string> onceFiles;
    int depth = 0;

    int fileId(const std::string& name) {
        for (size_t i = 0; i < files->size(); ++i)
            if ((*files)[i] == name) return int(i);
        files->push_back(name);
        return int(files->size() - 1);
    }

    // Appends `name` expanded; `skipVersion` drops the file's #version line (the caller emitted it).
    Result<void> expand(const std::string& name, std::string& out, bool skipVersion) {
        if (++depth > 16) return makeError("#include nested deeper than 16 levels at " + name);
        Result<std::string> text = readShader(dir, name);
        if (!text) return makeError(text.error());
        if (onceFiles.count(name)) {
            --depth;
            return {};
        }
        int id = fileId(name);
        std::istringstream in(*text);
        std::string line;
        int lineNo = 0;
        while (std::getline(in, line)) {
            ++lineNo;
            if (skipVersion && line.rfind("#version", 0) == 0) {
                out += "\n"; // keep line numbers; #line below was emitted for the first line after it
                continue;
            }
            if (isPragmaOnce(line)) {
                onceFiles.insert(name);
                out += "\n";
                continue;
            }
            std::string target = includeTarget(line);
            if (!target.empty()) {
                out += "#line 1 " + std::to_string(fileId(target)) + "\n";
                if (Result<void> r = expand(target, out, false); !r)
                    return makeError(name + ":" + std::to_string(lineNo) + ": " + r.error());
                out += "#line " + std::to_string(lineNo + 1) + " " + std::to_string(id) + "\n";
                continue;
            }
            out += line;
            out += '\n';
        }
        --depth;
        return {};
    }
};

// Rewrites "<id>:<line>(<col>)" (Mesa) and "<id>(<line>)" (NVIDIA) prefixes into "<file>:<line>".
std::string nameFilesInLog(const std::string& log, const std::vector<std::string>& files) {
    std::istringstream in(log);
    std::string line, out;
    while (std::getline(in, line)) {
        size_t i = 0;
        while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])))
            ++i;
        if (i > 0 && i < line.size() && (line[i] == ':' || line[i] == '(')) {
            size_t id = std::strtoul(line.c_str(), nullptr, 10);
            if (id < files.size()) {
                std::string rest = line.substr(line[i] == '(' ? i + 1 : i);
                if (line[i] == '(') rest.insert(0, 1, ':');
                line = files[id];
                line += rest;
            }
        }
        out += line + "\n";
    }
    return out;
}

std::string infoLog(GLuint object, bool isProgram) {
    GLint len = 0;
    if (isProgram)
        glGetProgramiv(object, GL_INFO_LOG_LENGTH, &len);
    else
        glGetShaderiv(object, GL_INFO_LOG_LENGTH, &len);
    if (len <= 1) return {};
    std::string text(size_t(len), '\0');
    if (isProgram)
        glGetProgramInfoLog(object, len, nullptr, text.data());
    else
        glGetShaderInfoLog(object, len, nullptr, text.data());
    text.resize(std::strlen(text.c_str()));
    return text;
}

} // namespace

StageNames stageNames(GLenum stage) {
    static constexpr struct {
        GLenum stage;
        StageNames names;
    } kStages[] = {
        {GL_VERTEX_SHADER, {"vertex", "vert"}},
        {GL_FRAGMENT_SHADER, {"fragment", "frag"}},
        {GL_COMPUTE_SHADER, {"compute", "comp"}},
        {GL_GEOMETRY_SHADER, {"geometry", "geom"}},
        {GL_TESS_CONTROL_SHADER, {"tess-control", "tesc"}},
        {GL_TESS_EVALUATION_SHADER, {"tess-evaluation", "tese"}},
    };
    for (const auto& s : kStages)
        if (s.stage == stage) return s.names;
    return {"unknown", ""};
}

fs::path shaderDirectory() {
    return runtimeDataDirectory("DICER_SHADER_DIR", "shaders", DICER_SHADER_SOURCE_DIR);
}

Result<std::string> preprocessShader(const std::string& file,
                                     const std::vector<std::pair<std::string, std::string>>& defines,
                                     std::vector<std::string>* files) {
    Expander ex{shaderDirectory(), files, {}, 0};
    Result<std::string> text = readShader(ex.dir, file);
    if (!text) return makeError(text.error());
    // #version must stay first; our defines go right after it, then #line restores the numbering.
    std::istringstream in(*text);
    std::string line;
    std::string version;
    while (std::getline(in, line)) {
        if (line.rfind("#version", 0) == 0) {
            version = line;
            break;
        }
    }
    if (version.empty()) return makeError(file + ": no #version line");
    std::string out = version + "\n";
    for (const auto& [name, value] : defines)
        out += "#define " + name + (value.empty() ? "" : " " + value) + "\n";
    out += "#line 1 " + std::to_string(ex.fileId(file)) + "\n";
    if (Result<void> r = ex.expand(file, out, /*skipVersion=*/true); !r) return makeError(r.error());
    return out;
}

ProgramBuild buildProgram(const ProgramDesc& desc) {
    ProgramBuild result;
    std::vector<Shader> shaders;
    bool ok = true;
    for (const ShaderStageFile& stage : desc.stages) {
        std::vector<std::string> files;
        Result<std::string> source = preprocessShader(stage.file, desc.defines, &files);
        if (!source) {
            result.log += desc.name + ": " + source.error() + "\n";
            ok = false;
            continue;
        }
        Shader shader(glCreateShader(stage.stage));
        const char* src = source->c_str();
        glShaderSource(shader.id(), 1, &src, nullptr);
        glCompileShader(shader.id());
        GLint compiled = GL_FALSE;
        glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &compiled);
        std::string log = nameFilesInLog(infoLog(shader.id(), false), files);
        if (!log.empty())
            result.log += desc.name + " (" + stageNames(stage.stage).text + ", " + stage.file + "):\n" + log;
        if (!compiled) {
            if (log.empty()) result.log += desc.name + ": " + stage.file + ": compilation failed (no log)\n";
            ok = false;
        }
        shaders.push_back(std::move(shader));
    }
    if (!ok) return result;

    Program program(glCreateProgram());
    for (const Shader& s : shaders)
        glAttachShader(program.id(), s.id());
    glLinkProgram(program.id());
    for (const Shader& s : shaders)
        glDetachShader(program.id(), s.id());
    GLint linked = GL_FALSE;
    glGetProgramiv(program.id(), GL_LINK_STATUS, &linked);
    std::string log = infoLog(program.id(), true);
    if (!log.empty()) result.log += desc.name + " (link):\n" + log;
    if (!linked) return result;
    program.setLabel(desc.name);
    result.program = std::move(program);
    return result;
}

ProgramDesc withDefine(ProgramDesc desc, std::string define, std::string_view variant) {
    desc.name += " (" + std::string(variant) + ")";
    desc.defines.push_back({std::move(define), ""});
    return desc;
}

Result<void> ShaderLibrary::addInto(ProgramId& id, ProgramDesc desc) {
    Result<ProgramId> program = add(std::move(desc));
    if (!program) return makeError(program.error());
    id = *program;
    return {};
}

Result<ProgramId> ShaderLibrary::add(ProgramDesc desc) {
    // Dumped first (--dump-shaders, shader_dump.h), so a program this driver rejects is in the dump too.
    if (Result<void> r = recordShaderProgram(desc); !r) return makeError(r.error());
    ProgramBuild build = buildProgram(desc);
    if (!build.ok()) return makeError("shader program '" + desc.name + "' failed:\n" + build.log);
    if (!build.log.empty()) log::info("%s", build.log.c_str());
    m_entries.push_back({std::move(desc), std::move(build)});
    return ProgramId{int(m_entries.size() - 1)};
}

ShaderLibrary::ReloadReport ShaderLibrary::reloadAll() {
    ReloadReport report;
    // A program deleted while current lives on only until something else is bound; anyone who saved its
    // name across the reload (a state guard, ImGui's backend) would then bind a dead name
    // (GL_INVALID_VALUE). So a replaced program is unbound first: the saved name is then 0.
    GLint current = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &current);
    for (Entry& e : m_entries) {
        ProgramBuild build = buildProgram(e.desc);
        if (build.ok()) {
            if (current != 0 && GLuint(current) == e.build.program.id()) glUseProgram(0);
            e.build = std::move(build);
            ++report.reloaded;
        } else {
            ++report.failed;
            report.log += build.log;
        }
    }
    return report;
}

} // namespace dicer::gl
