// The mesh view program's interface, declared once for both stages: the uniforms mesh_view.cpp sets (each
// stage reads its own; the locations and the unit are view_shared.h's) and the vertex -> fragment block, for
// which the includer defines MESH_VIEW_IO as `out` (vertex shader) or `in` (fragment shader).
#pragma once
#include "view_shared.h"

layout(location = MESH_LOC_VIEW_PROJ) uniform mat4 u_viewProj;
layout(location = MESH_LOC_MODEL) uniform mat4 u_model;
layout(location = MESH_LOC_LIGHT_DIR) uniform vec3 u_lightDir;
layout(location = MESH_LOC_TEXTURED) uniform int u_textured;
layout(location = MESH_LOC_SLOT) uniform vec4 u_slot;
// The voxelizer's array (one GL copy of the textures, voxel_mesh.h), sampled like voxelize_color.glsl does.
layout(binding = MESH_UNIT_TEXTURE) uniform sampler2DArray u_texture;

MESH_VIEW_IO MeshViewVaryings {
    vec3 normal;
    vec4 color;
    vec2 texcoord;
} v;
