#include "bench_source.h"

#include "allocation.h"
#include "model_catalog.h"
#include "test_images.h"
#include "volume_layout.h"

namespace dicer::bench {
namespace {

BenchAtlas fromImage(testbed::AtlasImage image, std::string label) {
    BenchAtlas a;
    a.label = std::move(label);
    a.size = {image.width, image.height};
    a.volume = image.volume;
    a.tiling = {{image.volume.x, image.volume.y}, image.tilesX, image.volume.z};
    a.rgba = std::move(image.rgba);
    return a;
}

class SphereSource final : public AtlasSource {
public:
    std::string describe() const override {
        return "sphere (built-in sphere shell, radius 0.6 of [-1,1]^3, one voxel thick; made on the CPU)";
    }
    Result<BenchAtlas> paperAtlas(int atlasSize) override {
        return fromImage(testbed::makeSphereShellAtlas(atlasSize), std::to_string(atlasSize) + "²");
    }
    Result<BenchAtlas> cubeAtlas(int side) override {
        return fromImage(testbed::makeSphereShellVolume(side), std::to_string(side) + "³");
    }
};

// A mesh voxelized on the GPU into the voxelizer's atlas, which is read back once for the reference.
class ModelSource final : public AtlasSource {
public:
    ModelSource(model::PlacedModel model, voxel::Voxelizer voxelizer, VoxelizeSettings settings)
        : m_model(std::move(model)), m_voxelizer(std::move(voxelizer)), m_settings(settings) {}

    std::string describe() const override {
        return m_model.name + " (" + std::to_string(m_voxelizer.triangleCount()) +
               " triangles, voxelized: " + voxel::voxelModeName(m_settings.mode) + ", " +
               voxel::voxRuleName(m_settings.rule) + " rule)";
    }
    Result<BenchAtlas> paperAtlas(int atlasSize) override {
        auto volume = paperVolume(atlasSize);
        if (!volume) return makeError(volume.error());
        return make(*volume, std::to_string(atlasSize) + "²");
    }
    Result<BenchAtlas> cubeAtlas(int side) override {
        return make(glm::ivec3(side), std::to_string(side) + "³");
    }
    bool canVoxelize() const override { return true; }
    // The model in the cube [-1,1]^3 as it is: a side^3 atlas is the cube (its box is the cube), and the paper's
    // atlases reproduce the paper's setup, the cube sliced onto 256 slices of (size/16)^2 (voxels finer along z
    // than across below 4096^2), which the published counts and timings are of. (The presets' box of cubic
    // voxels is the demo's and --voxelizer's: model::BoxFit.)
    void voxelize(voxel::VoxMethodId method) override {
        m_voxelizer.voxelize({m_model.placement, m_settings.mode, method, m_settings.rule});
    }

private:
    Result<BenchAtlas> make(glm::ivec3 volume, std::string label) {
        auto layout = occupancy::VolumeLayout::make(volume, m_voxelizer.info().maxTextureSize);
        if (!layout) return makeError(layout.error());
        if (Result<void> r = m_voxelizer.setLayout(*layout); !r) return makeError(r.error());
        voxelize(voxel::VoxMethodId::Projected);
        BenchAtlas a;
        a.label = std::move(label);
        a.size = glm::ivec2(layout->atlasSize);
        a.volume = layout->volume;
        a.tiling = {{volume.x, volume.y}, layout->tiles.x, volume.z};
        a.rgba.resize(size_t(layout->atlasTexelCount()) * 4);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glGetTextureImage(m_voxelizer.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(a.rgba.size()),
                          a.rgba.data());
        a.texture = m_voxelizer.atlas();
        return a;
    }

    model::PlacedModel m_model;
    voxel::Voxelizer m_voxelizer;
    VoxelizeSettings m_settings;
};

} // namespace

std::vector<std::uint8_t> BenchAtlas::alpha() const {
    std::vector<std::uint8_t> a(static_cast<size_t>(texels()));
    for (size_t i = 0; i < a.size(); ++i)
        a[i] = rgba[i * 4 + 3];
    return a;
}

Result<GLuint> atlasTexture(const BenchAtlas& atlas, gl::Texture& holder, const char* label) {
    if (atlas.texture) return atlas.texture;
    Result<gl::Texture> texture =
        gl::allocateTexture2D(atlas.size.x, atlas.size.y, GLenum(GL_RGBA8), 1, label);
    if (!texture) return makeError(texture.error());
    holder = std::move(texture.value());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(holder.id(), 0, 0, 0, atlas.size.x, atlas.size.y, GL_RGBA, GL_UNSIGNED_BYTE,
                        atlas.rgba.data());
    return holder.id();
}

Result<glm::ivec3> paperVolume(int atlasSize) {
    if (atlasSize < 16 || (atlasSize & (atlasSize - 1)))
        return makeError(
            "a paper-layout atlas (256 slices as 16 x 16 tiles) needs a power-of-two size >= 16, "
            "not " +
            std::to_string(atlasSize));
    return glm::ivec3(atlasSize / 16, atlasSize / 16, 256);
}

Result<model::PlacedModel> loadSourceModel(const std::string& nameOrFile, const char* table) {
    if (nameOrFile == "sphere")
        return makeError(std::string(table) + " needs a model (--model), not the CPU-made sphere");
    return model::isBuiltinModel(nameOrFile) ? model::loadBuiltinModel(nameOrFile) : model::loadModelFile(nameOrFile);
}

Result<std::unique_ptr<AtlasSource>> createAtlasSource(const std::string& nameOrFile,
                                                       const VoxelizeSettings& settings,
                                                       gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    if (nameOrFile == "sphere") return std::unique_ptr<AtlasSource>(new SphereSource);
    Result<model::PlacedModel> model = loadSourceModel(nameOrFile, "");
    if (!model) return makeError(model.error());
    auto voxelizer = voxel::Voxelizer::create(shaders, info);
    if (!voxelizer) return makeError(voxelizer.error());
    if (Result<void> r = voxelizer->setMesh(model->mesh); !r) return makeError(nameOrFile + ": " + r.error());
    // The voxelizer has its own copy now; the bench needs only the name and placement. (The mesh holds no
    // decoded textures: setMesh decoded, uploaded and freed them one at a time, voxel_mesh.h.)
    model->mesh = model::Mesh{};
    return std::unique_ptr<AtlasSource>(
        new ModelSource(std::move(model.value()), std::move(voxelizer.value()), settings));
}

} // namespace dicer::bench
