// zlib for the tests that write deflated PNG data (image_loader_test, voxelizer_texture_memory_gltest; both
// link ZLIB::ZLIB): test_files.h's stored blocks would make multi-MiB test files, and some inputs must be
// real compressed streams (bombs, bit depths).
#pragma once

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>
#include <string_view>

namespace dicer::test {

// `raw` as a zlib stream at compression `level` (1 fast .. 9 small); a failure fails the test.
inline std::string zlibCompress(std::string_view raw, int level) {
    uLongf size = compressBound(uLong(raw.size()));
    std::string out(size, '\0');
    EXPECT_EQ(compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                        reinterpret_cast<const Bytef*>(raw.data()), uLong(raw.size()), level),
              Z_OK);
    out.resize(size);
    return out;
}

} // namespace dicer::test
