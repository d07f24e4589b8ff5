// Built-in analytic volumes: scalar fields generated in code as uint16, of any size, so
// tests, benchmarks and a first run need no file: `NAME[:N]` is N^3 voxels (default kDefaultBuiltinSide),
// `NAME:XxYxZ` any box. The field is sampled at the voxel centres of a box whose longest side is 1, so a
// band selects about the same fraction of the voxels at every size, and a non-cubic box is a window onto the
// same field. Deterministic: the same name and size give the same bytes on every machine.
//  - "metaballs": six smooth blobs (Wyvill's kernel (1 - r^2/R^2)^3, summed): 0 outside every blob,
//    32768 where the field is 1 (the blobs' iso-surface), up to 65535 where they overlap.
//  - "noise": value noise, 4 octaves (lattices of 4, 8, 16 and 32 cells per side, amplitudes halving,
//    smoothstep interpolation between hashed lattice values), spread over 0..65535 around 32768.
// Generation: separable per axis (metaballs: squared distances per axis; noise: lattice rows, then planes,
// then one interpolation per voxel and octave), 512^3 in well under 3 s on one core (docs/VOLUMES.md).
//
// THE BENCH BAND (the target: a built-in 256^3 volume with 100-300 k active voxels): "metaballs:256"
// with the band kMetaballsShellBand, the blobs' iso-surface shell (tests/volume_test.cpp checks the count).
#pragma once

#include "band.h"
#include "result.h"
#include "scalar_volume.h"

#include <glm/vec3.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace dicer::volume {

inline constexpr int kDefaultBuiltinSide = 128;
// metaballs:256 has 193 537 voxels in it (tests/volume_test.cpp checks 100-300 k), the field in [1, 1.047).
inline constexpr Band kMetaballsShellBand = {32768, 34303};

std::vector<std::string_view> builtinVolumeNames(); // "metaballs", "noise"
// Whether `text` names a built-in ("NAME" or "NAME:..."), so a caller can tell it from a file path.
bool isBuiltinVolume(std::string_view text);

struct BuiltinVolumeRequest {
    std::string name; // one of builtinVolumeNames()
    glm::ivec3 size{kDefaultBuiltinSide};
};
// "NAME", "NAME:N" or "NAME:XxYxZ". Errors (one line naming the text): an unknown name (listing the known
// ones), a size that is not N or XxYxZ with every side >= 1, a volume over kMaxVolumeBytes.
Result<BuiltinVolumeRequest> parseBuiltinVolume(std::string_view text);

// Generates the field (uint16, spacing 1, name "NAME:N" or "NAME:XxYxZ", a note saying it is built in).
Result<ScalarVolume> makeBuiltinVolume(const BuiltinVolumeRequest& request);
// parseBuiltinVolume, then makeBuiltinVolume.
Result<ScalarVolume> loadBuiltinVolume(std::string_view text);

} // namespace dicer::volume
