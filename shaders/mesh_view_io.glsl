// The mesh view's vertex -> fragment interface, declared once: the includer defines MESH_VIEW_IO as `out`
// (vertex shader) or `in` (fragment shader).
#pragma once

MESH_VIEW_IO MeshViewVaryings {
    vec3 normal;
    vec4 color;
    vec2 texcoord;
} v;
