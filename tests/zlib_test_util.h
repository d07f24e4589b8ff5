// zlib for the tests that write deflated PNG data (image_loader_test, voxelizer_texture_memory_gltest) and
// compressed volume data (volume_file_test; all link ZLIB::ZLIB): test_files.h's stored blocks would make
// multi-MiB test files, and some inputs must be real compressed streams (bombs, bit depths).
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

// `raw` as a gzip stream (RFC 1952: NRRD's "gzip" encoding), as teem writes it; a failure fails the test.
inline std::string gzipCompress(std::string_view raw, int level = 6) {
    z_stream z{};
    EXPECT_EQ(deflateInit2(&z, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK); // 16: gzip wrapper
    std::string out(deflateBound(&z, uLong(raw.size())) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(raw.data()));
    z.avail_in = uInt(raw.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = uInt(out.size());
    EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

} // namespace dicer::test
