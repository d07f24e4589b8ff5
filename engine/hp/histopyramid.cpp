#include "histopyramid.h"

#include "hp_shared.h"
#include "gl_debug.h"
#include "hp_math.h"

#include <cmath>

namespace dicer::hp {

std::uint32_t thresholdToByte(float threshold) {
    if (!(threshold > 0.0f)) return 0; // also catches NaN; build() rejects NaN before getting here
    if (threshold > 1.0f) return 256;
    // k/255 in float may land a hair above k: the tolerance keeps "threshold exactly at alpha" inclusive.
    return std::uint32_t(std::ceil(double(threshold) * 255.0 - 1e-3));
}

Defines HistoPyramid::storageDefines(const char* layout, const char* extra, const char* uintFormat,
                                     const char* floatFormat, const char* image) const {
    const bool isFloat = m_storage == Storage::Float32;
    Defines d{{layout, ""}};
    if (extra) d.push_back({extra, ""});
    if (isFloat) d.push_back({"HP_STORAGE_FLOAT", ""});
    d.push_back({"HP_IMAGE_FORMAT", isFloat ? floatFormat : uintFormat});
    d.push_back({"HP_IMAGE_TYPE", std::string(isFloat ? "" : "u") + image});
    return d;
}

Result<void> HistoPyramid::init() {
    Defines defs = defines();
    auto add = [&](std::string suffix, std::vector<gl::ShaderStageFile> stages,
                   const Defines& extra = {}) -> Result<gl::ProgramId> {
        Defines all = defs;
        all.insert(all.end(), extra.begin(), extra.end());
        return m_shaders.add(
            {std::string(name()) + "/" + storageName(m_storage) + "/" + suffix, stages, all});
    };
    for (BuildPath path : {BuildPath::Compute, BuildPath::Fragment}) {
        std::vector<gl::ShaderStageFile> stages{{GL_COMPUTE_SHADER, "hp_reduce.comp.glsl"}};
        if (path == BuildPath::Fragment)
            stages = {{GL_VERTEX_SHADER, "fullscreen.vert.glsl"},
                      {GL_FRAGMENT_SHADER, "hp_reduce.frag.glsl"}};
        for (int rest = 0; rest < 2; ++rest) {
            auto program = add(std::string("reduce-") + buildPathName(path) + (rest ? "" : "-first"), stages,
                               rest ? Defines{} : Defines{{"HP_FIRST_LEVEL", ""}});
            if (!program) return makeError(program.error());
            m_reduce[int(path)][rest] = *program;
        }
    }
    auto count = add("count", {{GL_COMPUTE_SHADER, "hp_count.comp.glsl"}});
    if (!count) return makeError(count.error());
    auto listFrag =
        add("list", {{GL_VERTEX_SHADER, "fullscreen.vert.glsl"}, {GL_FRAGMENT_SHADER, "hp_list.frag.glsl"}});
    if (!listFrag) return makeError(listFrag.error());
    auto listComp = add("list-indirect", {{GL_COMPUTE_SHADER, "hp_list.comp.glsl"}});
    if (!listComp) return makeError(listComp.error());
    m_count = *count;
    m_listFragment = *listFrag;
    m_listCompute = *listComp;

    // Also bound with integer pyramid textures, which a linear filter would make incomplete.
    m_nearest = createAtlasSampler("hp nearest");
    m_emptyVao = gl::createVertexArray("hp fullscreen");
    Result<CountBuffer> counters = CountBuffer::create("hp counters");
    if (!counters) return makeError(counters.error());
    m_counters = std::move(counters.value());
    return {};
}

Result<void> HistoPyramid::reserve(int width, int height) {
    if (width < 1 || height < 1)
        return makeError(std::string(name()) + ": input size " + std::to_string(width) + "x" +
                         std::to_string(height) + " is empty");
    const int maxTexture = m_info.maxTextureSize;
    int base = paddedBaseSize(width, height);
    int limit = maxBaseSize(m_info);
    if (width > maxTexture || height > maxTexture || base > limit)
        return makeError(std::string(name()) + ": input " + std::to_string(width) + "x" +
                         std::to_string(height) + " needs a " + std::to_string(base) +
                         "^2 pyramid, beyond this driver's limit of " + std::to_string(limit) +
                         " (GL_MAX_TEXTURE_SIZE " + std::to_string(maxTexture) + ")");
    if (base != m_baseSize) {
        if (Result<void> r = allocate(base); !r) return r;
        m_baseSize = base;
        m_levels = storedLevels(base);
    }
    m_inputSize = {width, height};
    return {};
}

Result<void> HistoPyramid::build(GLuint atlas, float threshold, const AtlasTiling& tiling) {
    // Any side passes the input check: reserve() names the pyramid's own limit.
    auto size = checkInput(name(), {atlas, threshold, tiling, 1}, INT32_MAX, m_info);
    if (!size) return makeError(size.error());
    const int width = size->x, height = size->y;
    if (Result<void> r = reserve(width, height); !r) return r;

    gl::DebugGroup group(name());
    m_input = atlas;
    m_thresholdByte = thresholdToByte(threshold);
    m_tiling = tiling;
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glBindTextureUnit(HP_UNIT_INPUT, atlas);
    glBindSampler(HP_UNIT_INPUT, m_nearest.id());

    const ReducePrograms programs{m_shaders.get(m_reduce[int(m_buildPath)][0]),
                                  m_shaders.get(m_reduce[int(m_buildPath)][1])};
    for (GLuint program : {programs.first, programs.rest}) {
        glProgramUniform2i(program, HP_LOC_INPUT_SIZE, width, height);
        glProgramUniform1ui(program, HP_LOC_THRESHOLD, m_thresholdByte);
        glProgramUniform1i(program, HP_LOC_BASE_SIZE, m_baseSize);
        glProgramUniform1i(program, HP_LOC_LEVELS, m_levels);
    }
    setTilingUniforms(programs.first, tiling, m_inputSize);
    glBindVertexArray(m_emptyVao.id());
    reduce(programs);

    // Count pass: the top of the pyramid into the counter buffer (stays on the GPU until someone asks).
    GLuint countProgram = m_shaders.get(m_count);
    glProgramUniform1i(countProgram, HP_LOC_LEVELS, m_levels);
    glProgramUniform1i(countProgram, HP_LOC_BASE_SIZE, m_baseSize);
    glUseProgram(countProgram);
    bindPyramid();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_COUNTERS, m_counters.id());
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
                    GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT |
                    GL_UNIFORM_BARRIER_BIT);
    return {};
}

std::vector<std::uint32_t> HistoPyramid::readLevel(int level) const {
    if (level < 1 || level > m_levels) return {};
    return readLevelRaw(level);
}

void HistoPyramid::bindForTraversal(GLuint program) const {
    glBindTextureUnit(HP_UNIT_INPUT, m_input);
    glBindSampler(HP_UNIT_INPUT, m_nearest.id());
    bindPyramid();
    glProgramUniform2i(program, HP_LOC_INPUT_SIZE, m_inputSize.x, m_inputSize.y);
    glProgramUniform1ui(program, HP_LOC_THRESHOLD, m_thresholdByte);
    glProgramUniform1i(program, HP_LOC_LEVELS, m_levels);
    glProgramUniform1i(program, HP_LOC_BASE_SIZE, m_baseSize);
    setTilingUniforms(program, m_tiling, m_inputSize);
}

} // namespace dicer::hp
