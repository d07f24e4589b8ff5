#include "voxelizer_gl_util.h"
