// The demo's views (app/demo: image_views.h, mesh_view.h, surface_view.h): units, locations and attributes shared by C++ and
// GLSL. The list view reads the HistoPyramid's point buffer (hp_shared.h). Valid C++ and GLSL.
#pragma once
#include "binding_ranges.h"
#include "hp_shared.h"

// --- the 2D image panels -----------------------------------------------------------------------------------
#define VIEW_UNIT_ATLAS 10    // atlas view: the slice atlas
#define VIEW_IMAGE_DST 5      // list view: the RGBA8 display image it writes
#define VIEW_LOC_WINDOW 0     // vec4: atlas view, shown texel window (x0, y0, x1, y1) in texels
#define VIEW_LOC_DST_SIZE 1   // ivec2: display image size in pixels
#define VIEW_LOC_VOLUME 2     // ivec3: list view, voxels per axis (false colours)
#define VIEW_LOC_CAPACITY 3   // uint: list view, entries the point buffer holds; sparse atlas view, pool slots
#define VIEW_LOC_TILE_SIZE 4  // ivec2: atlas view, slice tile size in texels (grid lines between slices)
#define VIEW_LOCAL_SIZE 8     // list view: 8x8 pixels per work group
#define VIEW_LOC_ATLAS_SIDE 5 // int: atlas view of the occupancy bits, the virtual atlas' side (no texture)

// --- the X-ray panel (xray_view.h): its canvas of level tiles (hp_xray.h) coloured into the display image ------
#define XRAY_LOC_TOP_SLOT 6       // int: the top's tile slot: its total (the count) is the colour map's top
// The log colour map: log2(1 + sum) / log2(1 + count) through five stops (dark violet to pale yellow, as the
// perceptual maps of matplotlib's "inferno" run); a sum of 0 has its own colour.
#define XRAY_RAMP_0 0.06, 0.03, 0.20
#define XRAY_RAMP_1 0.36, 0.08, 0.50
#define XRAY_RAMP_2 0.76, 0.22, 0.36
#define XRAY_RAMP_3 0.98, 0.56, 0.10
#define XRAY_RAMP_4 0.99, 0.98, 0.66
#define XRAY_EMPTY 0.17, 0.19, 0.23 // a pixel whose nodes sum to 0

// --- the 3D views' shared uniforms (lit_view.glsl: the mesh and the surface) --------------------------------
#define LIT_LOC_VIEW_PROJ 0 // mat4
#define LIT_LOC_MODEL 1     // mat4: model -> world (rigid or a shift, and a uniform scale: it also turns normals)
#define LIT_LOC_LIGHT_DIR 2 // vec3: towards the light, world space

// --- the shaded mesh ---------------------------------------------------------------------------------------
#define MESH_ATTR_POSITION 0
#define MESH_ATTR_NORMAL 1
#define MESH_ATTR_COLOR 2
#define MESH_ATTR_TEXCOORD 3
#define MESH_LOC_TEXTURED 3  // int: 1 = multiply by the material's texture
#define MESH_LOC_SLOT 4      // vec4: the material's texture in the array (u scale, v scale, layer, 0)
#define MESH_UNIT_TEXTURE 11 // the mesh's map_Kd textures: the voxelizer's 2D array (voxel_mesh.h)

// --- the surface view: the marching cubes' vertex buffer as an attribute (mc_vertex.h: 16 bytes a vertex) -----
#define SURF_ATTR_VERTEX 0  // uvec4: cell, ids, t, normal (mc_vertex.h)
#define SURF_LOC_COLOR_LO 3 // vec3: vertices where the surface crosses the band's lo (and a binary field's)
#define SURF_LOC_COLOR_HI 4 // vec3: vertices where it crosses the band's hi
#define SURF_LOC_CELLS                                                                                       \
    5 // ivec3: the volume's cells per axis (its size - 1): a vertex's cell index counts them
#define SURF_LOC_SPACING 6 // vec3: physical units per cell step

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(allInside({VIEW_UNITS_FIRST, VIEW_UNITS_END}, VIEW_UNIT_ATLAS, MESH_UNIT_TEXTURE));
static_assert(inside(VIEW_IMAGE_DST, {VIEW_IMAGES_FIRST, VIEW_IMAGES_END}));
} // namespace dicer::bindings
#endif
