#include "shader_dump.h"

#include "file_read.h"
#include "shader.h"

#include <memory>
#include <set>
#include <utility>
#include <vector>

namespace dicer::gl {
namespace fs = std::filesystem;

namespace {

constexpr const char* kManifest = "programs.tsv";

// "voxelize_project.frag.glsl" -> "voxelize_project", "hpb_rank.glsl" -> "hpb_rank": the dumped object's
// name then carries the stage the program compiles it as (a slot function file names none).
std::string stem(const std::string& file) {
    std::string name = fs::path(file).filename().string();
    for (const char* suffix : {".glsl", ".vert", ".frag", ".comp", ".geom", ".tesc", ".tese"})
        if (name.size() > std::string(suffix).size() && name.ends_with(suffix))
            name.resize(name.size() - std::string(suffix).size());
    return name;
}

std::string definesText(const std::vector<std::pair<std::string, std::string>>& defines) {
    std::string out;
    for (const auto& [name, value] : defines)
        out += (out.empty() ? "" : " ") + name + (value.empty() ? "" : "=" + value);
    return out.empty() ? "-" : out;
}

// What makes two programs the same text: the stages in order and the defines (not the name).
using ProgramKey =
    std::pair<std::vector<std::pair<GLenum, std::string>>, std::vector<std::pair<std::string, std::string>>>;

ProgramKey keyOf(const ProgramDesc& desc) {
    ProgramKey key;
    for (const ShaderStageFile& s : desc.stages)
        key.first.emplace_back(s.stage, s.file);
    key.second = desc.defines;
    return key;
}

struct ShaderDump {
    fs::path dir;
    std::string manifest; // the whole programs.tsv, rewritten after every program (never left half-written)
    std::set<ProgramKey> written;
    int programs = 0;
};

std::unique_ptr<ShaderDump>& activeDump() {
    static std::unique_ptr<ShaderDump> dump; // GL programs are built on one thread: no lock
    return dump;
}

} // namespace

std::string glslangStageName(GLenum stage) {
    return stageNames(stage).glslang;
}

Result<void> dumpShadersTo(const fs::path& dir) {
    activeDump().reset();
    if (dir.empty()) return {};
    std::error_code ec;
    // Only a new or empty folder: a dump into a folder that holds anything would mix with it or overwrite it
    // (as root, --dump-shaders /etc would write 194 files there).
    if (fs::is_directory(dir, ec) && !fs::is_empty(dir, ec))
        return makeError("shader dump: " + dicer::quoted(dir.string()) + " is not empty" +
                         (fs::exists(dir / kManifest, ec) ? std::string(" (it holds a dump, ") + kManifest + ")" : "") +
                         "; give an empty or new folder");
    fs::create_directories(dir, ec);
    if (ec)
        return makeError("shader dump: cannot create folder " + dicer::quoted(dir.string()) + ": " +
                         ec.message());
    if (!fs::is_directory(dir, ec))
        return makeError("shader dump: " + dicer::quoted(dir.string()) + " is not a folder");
    auto dump = std::make_unique<ShaderDump>();
    dump->dir = dir;
    dump->manifest = "# program\tname\tobject\tstage\tfile\tdefines\tsources (the file of each #line id)\n";
    if (Result<void> r = writeWholeFile(dir / kManifest, dump->manifest, "shader dump manifest"); !r)
        return r;
    activeDump() = std::move(dump);
    return {};
}

Result<void> recordShaderProgram(const ProgramDesc& desc) {
    ShaderDump* dump = activeDump().get();
    if (!dump) return {};
    ProgramKey key = keyOf(desc);
    if (dump->written.count(key)) return {};
    const std::string program = "p" + std::to_string(dump->programs);
    std::string lines;
    for (size_t k = 0; k < desc.stages.size(); ++k) {
        const ShaderStageFile& stage = desc.stages[k];
        const std::string stageName = glslangStageName(stage.stage);
        if (stageName.empty())
            return makeError("shader dump: " + desc.name + ": a stage glslang cannot name");
        // The same expansion buildProgram compiles, so the dumped text is the compiled text.
        std::vector<std::string> files;
        Result<std::string> source = preprocessShader(stage.file, desc.defines, &files);
        if (!source) return makeError("shader dump: " + desc.name + ": " + source.error());
        const std::string object =
            program + "." + std::to_string(k) + "." + stem(stage.file) + "." + stageName + ".glsl";
        if (Result<void> r = writeWholeFile(dump->dir / object, *source, "shader dump source"); !r) return r;
        std::string sources;
        for (const std::string& f : files)
            sources += (sources.empty() ? "" : ",") + f;
        lines += program + "\t" + desc.name + "\t" + object + "\t" + stageName + "\t" + stage.file + "\t" +
                 definesText(desc.defines) + "\t" + sources + "\n";
    }
    std::string manifest = dump->manifest + lines;
    if (Result<void> r = writeWholeFile(dump->dir / kManifest, manifest, "shader dump manifest"); !r)
        return r;
    dump->manifest = std::move(manifest);
    dump->written.insert(std::move(key));
    ++dump->programs;
    return {};
}

} // namespace dicer::gl
