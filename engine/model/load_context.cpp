// The model loaders' shared context and file read (load_context.h).
#include "load_context.h"

#include "file_read.h"
#include "log.h"

namespace dicer::model {
namespace fs = std::filesystem;

void LoadContext::report(std::string message) {
    warnings.push_back(std::move(message));
    log::warn("%s", warnings.back().c_str());
}

Result<Mesh> loadFromFile(const fs::path& path, std::uintmax_t maxBytes, const char* what,
                          const LoadLimits& limits, std::vector<std::string>* warnings,
                          MemoryLoader* fromMemory) {
    Result<std::string> bytes = readRegularFile(path, maxBytes, what);
    if (!bytes) return makeError(bytes.error());
    const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
    return fromMemory(*bytes, folder, limits, warnings, path.string());
}

} // namespace dicer::model
