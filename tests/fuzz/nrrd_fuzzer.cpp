// libFuzzer target for the NRRD reader (engine/volume/nrrd_header.h, volume_data.h): the input is a .nrrd
// file (header, attached data) and the data files it may name (volume_fuzz_input.h says how).
#include "volume_fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
    return dicer::fuzz::fuzzVolumeFile(data, size, "v.nrrd");
}
