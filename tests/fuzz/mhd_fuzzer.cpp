// libFuzzer target for the MetaImage reader (engine/volume/metaimage_header.h, volume_data.h): the input is
// a .mha file (header, LOCAL data) and the data files it may name (volume_fuzz_input.h says how).
#include "volume_fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
    return dicer::fuzz::fuzzVolumeFile(data, size, "v.mha");
}
