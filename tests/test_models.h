// The test models: the committed ones under assets/models (Spot, the Cornell box; always there, so tests that
// use them never skip) and the optional extras in ../shared/models beside the repository (the research-only
// bunny, a teapot OBJ; tests that use them skip, saying so, when it is absent). Both folders come from
// tests/CMakeLists.txt.
#pragma once

#include <filesystem>
#include <string_view>

namespace dicer::test {

inline std::filesystem::path assetModelPath(std::string_view relative) {
    return std::filesystem::path(DICER_ASSET_MODELS_DIR) / relative;
}
inline std::filesystem::path sharedModelPath(std::string_view relative) {
    return std::filesystem::path(DICER_SHARED_MODELS_DIR) / relative;
}
// The skip message of a test whose model is one of the optional extras.
inline constexpr const char* kSharedModelMissing =
    "optional model absent (../shared/models beside the repository is not part of it): ";

} // namespace dicer::test
