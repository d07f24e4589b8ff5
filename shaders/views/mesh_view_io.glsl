// The mesh view program's interface, declared once for both stages: the uniforms mesh_view.cpp sets (each
// stage reads its own; the 3D views' shared ones are lit_view.glsl's; locations and the unit: view_shared.h) and the vertex -> fragment block, for
// which the includer defines MESH_VIEW_IO as `out` (vertex shader) or `in` (fragment shader).
#pragma once
#include "lit_view.glsl"

layout(location = MESH_LOC_TEXTURED) uniform int u_textured;
layout(location = MESH_LOC_SLOT) uniform vec4 u_slot;
// The voxelizer's array (one GL copy of the textures, voxel_mesh.h), sampled like voxelize_color.glsl does.
layout(binding = MESH_UNIT_TEXTURE) uniform sampler2DArray u_texture;

MESH_VIEW_IO MeshViewVaryings {
    vec3 normal;
    vec4 color;
    vec2 texcoord;
} v;
