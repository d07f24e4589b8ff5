// The common start of the C++/GLSL HistoPyramid headers (hp_pick.h, hp_point.h): in C++ the GLSL type names
// are glm's, inside dicer::hp, and functions are inline; in GLSL this is empty. Each including header closes
// it itself at its end: "#ifdef __cplusplus } #endif", then "#undef HP_FN".
#ifdef __cplusplus
#include <glm/glm.hpp>

#include <cstdint>
#define HP_FN inline
namespace dicer::hp {
using glm::bitCount;
using glm::ivec2;
using glm::uvec3;
using glm::uvec4;
using uint = std::uint32_t;
#else
#define HP_FN
#endif
