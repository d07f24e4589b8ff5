// What the current GL context is, every limit the engine needs (queried once, here), and whether Dicer can
// run on it. Methods get a GlInfo in isAvailable() and create(), so tests can hand them a fake one.
#pragma once

#include "result.h"

#include <cstdint>
#include <string>

namespace dicer::gl {

struct GlInfo {
    std::string vendor, renderer, version, glslVersion;
    int major = 0, minor = 0;
    bool coreProfile = false;
    bool debugContext = false;
    int maxTextureSize = 0;
    int max3DTextureSize = 0; // GL_MAX_3D_TEXTURE_SIZE: a scalar volume's side (volume_discriminator.h)
    int maxRectangleTextureSize = 0;
    int maxComputeInvocations = 0;
    int maxComputeGroupCount[3] = {0, 0, 0}; // GL_MAX_COMPUTE_WORK_GROUP_COUNT per axis
    std::int64_t maxStorageBlockBytes = 0;   // GL_MAX_SHADER_STORAGE_BLOCK_SIZE: the largest bound SSBO
    std::int64_t maxBufferViewTexels = 0;    // GL_MAX_TEXTURE_BUFFER_SIZE: the texels a BufferView shows
    int storageBufferOffsetAlignment = 256;  // GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT
    int uniformBufferOffsetAlignment = 256;  // GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT
    int maxVertexStorageBlocks = 0;          // GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS
    int maxFragmentStorageBlocks = 0;        // GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS
    int maxViewportDims[2] = {0, 0};         // GL_MAX_VIEWPORT_DIMS
    int maxFramebufferSize[2] = {0, 0};      // GL_MAX_FRAMEBUFFER_WIDTH / HEIGHT
    int maxArrayTextureLayers = 0;           // GL_MAX_ARRAY_TEXTURE_LAYERS
    int timestampBits = 0;                   // GL_QUERY_COUNTER_BITS of GL_TIMESTAMP; 0 = no usable timer
    bool softwareRenderer = false; // llvmpipe / softpipe / SwiftShader: timer queries are not trustworthy
    bool hasViewportLayerArray = false;
    bool hasShaderBallot = false; // GL_ARB_shader_ballot and the 64-bit integers its ballots return
    // Tests only (0 = maxStorageBlockBytes): a smaller block for the per-point arrays bound as several blocks
    // (storage_blocks.h), so that a small list spans them all.
    std::int64_t maxEntryBlockBytes = 0;

    // Timer queries exist *and* measure something meaningful. On llvmpipe the first GL_TIME_ELAPSED
    // returns ~system uptime and later ones ~0.04 ms for a 60 ms pass, so software renderers are excluded.
    bool timerQueriesReliable() const { return timestampBits > 0 && !softwareRenderer; }
    std::string summary() const; // "NVIDIA H100 … | 4.5.0 NVIDIA … | core"
};

// Requires a current context with a loaded glad.
GlInfo queryGlInfo();

// GL 4.5 core and the features Dicer uses; the error names everything that is missing.
Result<void> checkRequirements(const GlInfo& info);

} // namespace dicer::gl
