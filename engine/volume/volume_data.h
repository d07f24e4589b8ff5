// The samples of a checked volume header, read from its resolved data files (volume_header.h) into a
// ScalarVolume: raw or zlib/gzip-inflated bytes, in file order, converted to the host's byte order, float64
// rounded to float32. The guards on the data itself live here, one message each, naming the data file:
// truncated data, data longer than the header says (raw: from the file's size, before reading; inflated:
// one byte past the bound ends the inflation), corrupt compressed streams. A compressed stream is inflated
// only up to the bound its header gives (sizes x type), whatever a size hint in the header says.
#pragma once

#include "result.h"
#include "scalar_volume.h"
#include "volume_header.h"

#include <filesystem>
#include <vector>

namespace dicer::volume {

// `files`: resolveDataFiles(header). The result has size, type, spacing, data and the notes (orientation,
// float64); its name is left to the caller.
Result<ScalarVolume> readVolumeData(const VolumeHeader& header,
                                    const std::vector<std::filesystem::path>& files);

} // namespace dicer::volume
