// A strict pre-pass over OBJ text, run before tinyobjloader rc10 parses it (see obj_loader.h for why).
// It mirrors rc10's line and token rules (lines end at \n, \r or \r\n; tokens split at space/tab; a line's
// keyword is recognised after leading blanks) so that every number rc10 will read has been checked here:
//  - v/vn/vt values must be finite decimal numbers within float range (rc10 reads "nan"/"inf" as 0),
//  - every f/l/p index must be a non-zero 32-bit integer; a vertex (position) index must resolve inside its
//    array, negative (relative) indices against the count so far, exactly as rc10 resolves them,
//  - a texcoord or normal index that resolves nowhere (past the file's last vt/vn, or relative before its
//    first) is not an error: it is counted in ObjScan::dangling*, and the loader drops that attribute with
//    one warning (voxelizing needs positions only; Blender, MeshLab and trimesh load such files too),
//  - faces have at most 255 corners (rc10 stores the corner count in a byte),
//  - counts stay within LoadLimits, so parsing cannot allocate without bound.
// Errors read "<name>:<line>: <what>". MTL text gets a lighter pass (scanMtlText, below).
#pragma once

#include "obj_loader.h"
#include "result.h"

#include <cstddef>
#include <set>
#include <string>
#include <string_view>

namespace dicer::model {

// Texcoord or normal indices that point nowhere (e.g. `f 1/1/1 2/2/2 3/3/3` in a file without `vn` lines).
struct DanglingIndices {
    size_t lines = 0;     // f/l/p lines with at least one such index
    size_t firstLine = 0; // the first of them (1-based)
    std::string first;    // what is wrong there: "normal index 7 is out of range (the file has 0)"
};

struct ObjScan {
    size_t positions = 0, normals = 0, texcoords = 0; // v, vn, vt lines
    size_t faces = 0;                                 // f lines with 3 or more corners
    size_t triangles = 0;                             // upper bound after triangulation: sum of (corners - 2)
    size_t mtllibLines = 0;
    DanglingIndices danglingTexcoords, danglingNormals;
};

// One pass over the text; a second one only when a positive texcoord/normal index exceeds its final count
// (positive indices may point forward, so which lines dangle is known only once every vt/vn is counted).
Result<ObjScan> scanObjText(std::string_view text, std::string_view name, const LoadLimits& limits);

// What we need from MTL text before rc10's LoadMtl sees it: how many `newmtl` statements it has (plus one:
// LoadMtl always appends the material it is building at the end) and which materials have no `Kd` line.
// Lines end at \r or \n and blanks lead, as in LoadMtl, so the count cannot be lower than its own; names
// are the rest of the line after "newmtl" and one blank, as LoadMtl takes them.
struct MtlScan {
    size_t materials = 1;
    std::set<std::string> withoutKd;
};

MtlScan scanMtlText(std::string_view text);

} // namespace dicer::model
