// What the current GL context is and whether Dicer can run on it.
#pragma once

#include "result.h"

#include <string>

namespace dicer::gl {

struct GlInfo {
    std::string vendor, renderer, version, glslVersion;
    int major = 0, minor = 0;
    bool coreProfile = false;
    bool debugContext = false;
    int maxTextureSize = 0;
    int maxRectangleTextureSize = 0;
    int maxComputeInvocations = 0;
    int timestampBits = 0;         // GL_QUERY_COUNTER_BITS of GL_TIMESTAMP; 0 = no usable timer
    bool softwareRenderer = false; // llvmpipe / softpipe / SwiftShader: timer queries are not trustworthy
    bool hasViewportLayerArray = false;

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
