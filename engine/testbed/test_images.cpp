#include "test_images.h"

#include "allocation.h"

#include <cmath>

namespace dicer::testbed {

namespace {
// Voxels within half a voxel of the sphere are opaque; rgb is the voxel's position (the paper's false
// colours).
void fillSphereShell(AtlasImage& img, float radius) {
    const int tile = img.volume.x;
    img.rgba.assign(size_t(img.width) * size_t(img.height) * 4, 0);
    const glm::vec3 voxel = 2.0f / glm::vec3(img.volume);
    const float halfVoxel = 0.5f * std::fmax(voxel.x, std::fmax(voxel.y, voxel.z));
    for (int z = 0; z < img.volume.z; ++z) {
        int ox = (z % img.tilesX) * tile, oy = (z / img.tilesX) * tile;
        float wz = -1.0f + (float(z) + 0.5f) * voxel.z;
        for (int y = 0; y < tile; ++y) {
            float wy = -1.0f + (float(y) + 0.5f) * voxel.y;
            for (int x = 0; x < tile; ++x) {
                float wx = -1.0f + (float(x) + 0.5f) * voxel.x;
                float d = std::sqrt(wx * wx + wy * wy + wz * wz);
                if (std::fabs(d - radius) > halfVoxel) continue;
                size_t i = (size_t(oy + y) * size_t(img.width) + size_t(ox + x)) * 4;
                img.rgba[i + 0] = std::uint8_t(255 * x / std::max(tile - 1, 1));
                img.rgba[i + 1] = std::uint8_t(255 * y / std::max(tile - 1, 1));
                img.rgba[i + 2] = std::uint8_t(255 * z / std::max(img.volume.z - 1, 1));
                img.rgba[i + 3] = 255;
            }
        }
    }
}
} // namespace

AtlasImage makeSphereShellAtlas(int atlasSize, float radius) {
    AtlasImage img;
    img.size = img.width = img.height = atlasSize;
    // 16 x 16 tiles of 256 slices when possible (the paper), otherwise fewer, smaller tiles.
    img.tilesX = atlasSize >= 1024 ? 16 : std::max(1, atlasSize / 64);
    int tile = atlasSize / img.tilesX;
    img.volume = {tile, tile, img.tilesX * img.tilesX};
    fillSphereShell(img, radius);
    return img;
}

int cubeTilesX(int side) {
    int tilesX = 1; // the power of two >= sqrt(side): the atlas is square or twice as wide as high
    while (tilesX * tilesX < side)
        tilesX *= 2;
    return tilesX;
}

glm::ivec2 cubeAtlasExtent(int side) {
    const int tilesX = cubeTilesX(side);
    return {tilesX * side, (side + tilesX - 1) / tilesX * side};
}

AtlasImage makeSphereShellVolume(int side, float radius) {
    AtlasImage img;
    img.tilesX = cubeTilesX(side);
    img.volume = {side, side, side};
    img.width = cubeAtlasExtent(side).x;
    img.height = cubeAtlasExtent(side).y;
    img.size = std::max(img.width, img.height);
    fillSphereShell(img, radius);
    return img;
}

Result<gl::Texture> uploadAtlas(const AtlasImage& image, std::string_view label) {
    Result<gl::Texture> t = gl::allocateTexture2D(image.width, image.height, GLenum(GL_RGBA8), 1, label);
    if (!t) return t;
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(t->id(), 0, 0, 0, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE,
                        image.rgba.data());
    return t;
}

} // namespace dicer::testbed
