// The one include for GL in the engine: glad's generated GL 4.5 core loader (never the system GL headers).
#pragma once

#include <glad/gl.h>
