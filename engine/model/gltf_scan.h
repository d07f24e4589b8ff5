// Checks of a glTF 2.0 file made before tinygltf (Debian 12: 2.7.0) sees a byte, for what it gets wrong on
// hostile input (measured in its source):
//  - the GLB container: 2.7.0 checks the BIN chunk's length without its 8-byte header, so a BIN chunk whose
//    length reaches the file's end is read 8 bytes past it; the container is checked here, whole;
//  - nesting: tinygltf copies `extras` and `extensions` into its own tree recursively, so `[[[[...]]]]`
//    nested 100 000 deep exhausts the stack; refused beyond kMaxGltfJsonDepth;
//  - integers: tinygltf reads every index as a 64-bit integer cast to int, so 4294967297 becomes index 1;
//    refused outside the 32-bit range.
// And the URI text rules (RFC 3986 percent-encoding) the loader needs for the names it resolves itself.
#pragma once

#include "load_limits.h"
#include "result.h"

#include <string>
#include <string_view>

namespace dicer::model {

// Real glTF JSON nests 6-8 levels; extras written by tools rarely more than a few beyond.
inline constexpr int kMaxGltfJsonDepth = 64;

// True when the bytes start with the GLB magic "glTF" (a .glb, whatever its file name says).
bool isGlb(std::string_view bytes);

// The chunks of a checked GLB: header magic and version 2, the length field equal to the file's size, a
// JSON chunk first (at most limits.maxGltfJsonBytes), then optionally a BIN chunk lying wholly inside the
// file, its length a multiple of 4. Errors read "<source>: <what>".
struct GlbChunks {
    std::string_view json;
    std::string_view bin; // empty when the file has no BIN chunk
};
Result<GlbChunks> splitGlb(std::string_view bytes, std::string_view source, const LoadLimits& limits);

// The JSON text's nesting depth (<= kMaxGltfJsonDepth) and integers (within the 32-bit signed range), with
// the byte offset of the first offence. Strings are skipped (with their escapes); everything else about the
// JSON is left to the parser.
Result<void> scanGltfJson(std::string_view json, std::string_view source);

// A URI reference's percent-encoding undone ("My%20Texture.png" -> "My Texture.png"). Errors: a '%' not
// followed by two hex digits, an encoded NUL.
Result<std::string> percentDecode(std::string_view uri);

} // namespace dicer::model
