// A strict pre-pass over OBJ text, run before tinyobjloader rc10 parses it (see obj_loader.h for why).
// It mirrors rc10's line and token rules (lines end at \n, \r or \r\n; tokens split at space/tab; a line's
// keyword is recognised after leading blanks) so that every number rc10 will read has been checked here:
//  - v/vn/vt values must be finite decimal numbers within float range (rc10 reads "nan"/"inf" as 0),
//  - every f/l/p index must be a non-zero 32-bit integer that resolves inside its array, negative
//    (relative) indices against the count so far, exactly as rc10 resolves them,
//  - faces have at most 255 corners (rc10 stores the corner count in a byte),
//  - counts stay within LoadLimits, so parsing cannot allocate without bound.
// Errors read "<name>:<line>: <what>".
#pragma once

#include "obj_loader.h"
#include "result.h"

#include <cstddef>
#include <string_view>

namespace dicer {

struct ObjScan {
    size_t positions = 0, normals = 0, texcoords = 0; // v, vn, vt lines
    size_t faces = 0;                                 // f lines with 3 or more corners
    size_t triangles = 0;                             // upper bound after triangulation: sum of (corners - 2)
    size_t mtllibLines = 0;
};

Result<ObjScan> scanObjText(std::string_view text, std::string_view name, const LoadLimits& limits);

} // namespace dicer
