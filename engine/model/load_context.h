// What the two model loaders (obj_loader.h, gltf_loader.h) share below their interfaces, so that both read files
// and word their messages and warnings alike: one load's context and the read of a model file. Not an API for
// other code.
#pragma once

#include "load_limits.h"
#include "mesh.h"
#include "result.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::model {

// One load: where it reads from, its limits, and the warnings it collects (each also logged).
struct LoadContext {
    std::string source;            // file name for messages
    std::filesystem::path baseDir; // empty: no file access at all
    const LoadLimits& limits;
    std::vector<std::string>& warnings;

    // "<source>: <what>", the form of every warning and error of the loaders.
    void warn(const std::string& what) { report(source + ": " + what); }
    Error error(const std::string& what) const { return makeError(source + ": " + what); }
    // "<source>:<line>: <what>", for what a line of a text format causes.
    void warnAt(size_t line, const std::string& what) {
        report(source + ":" + std::to_string(line) + ": " + what);
    }

private:
    void report(std::string message);
};

// A loader's entry point for a file's bytes already in memory (loadObjFromMemory, loadGltfFromMemory).
using MemoryLoader = Result<Mesh>(std::string_view bytes, const std::filesystem::path& baseDir,
                                  const LoadLimits& limits, std::vector<std::string>* warnings,
                                  std::string_view sourceName);

// A model file through `fromMemory`: read whole (at most `maxBytes`; `what`, "OBJ file", names it in the
// read's errors), the files it names resolved in its folder, messages naming its path.
Result<Mesh> loadFromFile(const std::filesystem::path& path, std::uintmax_t maxBytes, const char* what,
                          const LoadLimits& limits, std::vector<std::string>* warnings,
                          MemoryLoader* fromMemory);

} // namespace dicer::model
