// The X-ray's tiles as runs of work groups (hp_xray.h): one dispatch covers every tile with exactly its own
// groups of HP_XRAY_LOCAL_SIZE^2 pixels (a 1x1 top takes one group, not as many as the largest tile), the tile
// of a group found from the tiles' first groups (u_xrayTile[t].w, rising; HP_XRAY_NO_TILE past the last). The
// including shader declares u_xrayTile and u_xrayPixels at HP_LOC_XRAY_TILE and HP_LOC_XRAY_PIXELS.

struct XrayGroup {
    int tile;     // -1: past the last tile's groups
    ivec2 pixel;  // this invocation's pixel in the tile (may lie past its edge: the caller checks)
};

XrayGroup xrayGroup() {
    int g = int(gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x);
    int tile = 0;
    while (tile + 1 < HP_XRAY_MAX_TILES && u_xrayTile[tile + 1].w <= g) ++tile;
    ivec2 pixels = u_xrayPixels[tile].xy;
    int groupsX = (pixels.x + HP_XRAY_LOCAL_SIZE - 1) / HP_XRAY_LOCAL_SIZE;
    int groupsY = (pixels.y + HP_XRAY_LOCAL_SIZE - 1) / HP_XRAY_LOCAL_SIZE;
    int local = g - u_xrayTile[tile].w;
    if (local >= groupsX * groupsY) return XrayGroup(-1, ivec2(0));
    ivec2 group = ivec2(local % groupsX, local / groupsX);
    return XrayGroup(tile, group * HP_XRAY_LOCAL_SIZE + ivec2(gl_LocalInvocationID.xy));
}
