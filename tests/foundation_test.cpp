// CPU-only tests of the foundation: Result, the timing window, timer source choice, handle semantics, the
// binding map of the C++/GLSL shared headers, whole-file writes.
#include "dicer_shared.h"
#include "file_read.h"
#include "gl_handle.h"
#include "process_memory.h"
#include "result.h"
#include "test_files.h"
#include "timer.h"

#include <gtest/gtest.h>

#include <memory>
#include <span>
#include <type_traits>

using namespace dicer;

TEST(Result, CarriesValueOrError) {
    Result<int> ok = 3;
    ASSERT_TRUE(ok);
    EXPECT_EQ(*ok, 3);
    Result<int> bad = makeError("boom");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error(), "boom");
    Result<void> v;
    EXPECT_TRUE(v);
    Result<void> vbad = makeError("x");
    EXPECT_FALSE(vbad);
    EXPECT_EQ(vbad.error(), "x");
}

TEST(GlHandle, IsMoveOnlyAndNothrowMovable) {
    static_assert(!std::is_copy_constructible_v<gl::Texture>);
    static_assert(!std::is_copy_assignable_v<gl::Texture>);
    static_assert(std::is_nothrow_move_constructible_v<gl::Texture>);
    static_assert(std::is_nothrow_move_assignable_v<gl::Buffer>);
    static_assert(std::is_nothrow_move_constructible_v<gl::Program>);
    gl::Texture none; // the no-create state needs no context
    EXPECT_EQ(none.id(), 0u);
    EXPECT_FALSE(none);
    gl::Texture moved = std::move(none);
    EXPECT_EQ(moved.id(), 0u);
}

TEST(SampleWindow, AveragesMinMaxOverABoundedWindow) {
    gl::SampleWindow w(3);
    EXPECT_EQ(w.stats("x").samples, 0);
    w.add(1);
    w.add(2);
    w.add(6);
    gl::StageStats s = w.stats("x");
    EXPECT_EQ(s.samples, 3);
    EXPECT_DOUBLE_EQ(s.avgMs, 3.0);
    EXPECT_DOUBLE_EQ(s.minMs, 1.0);
    EXPECT_DOUBLE_EQ(s.maxMs, 6.0);
    w.add(9); // pushes out the oldest (1)
    s = w.stats("x");
    EXPECT_EQ(s.samples, 3);
    EXPECT_DOUBLE_EQ(s.minMs, 2.0);
    EXPECT_DOUBLE_EQ(s.lastMs, 9.0);
    EXPECT_DOUBLE_EQ(s.avgMs, 17.0 / 3.0);
    w.clear();
    EXPECT_EQ(w.stats("x").samples, 0);
}

TEST(TimerSource, SoftwareOrForcedMeansFencedCpu) {
    EXPECT_EQ(gl::chooseTimerSource(true, false), gl::TimerSource::GpuTimestamp);
    EXPECT_EQ(gl::chooseTimerSource(false, false), gl::TimerSource::CpuFenced);
    EXPECT_EQ(gl::chooseTimerSource(true, true), gl::TimerSource::CpuFenced);
    EXPECT_STREQ(gl::timerSourceName(gl::TimerSource::CpuFenced), "cpu-fenced");
    EXPECT_STREQ(gl::timerSourceName(gl::TimerSource::GpuTimestamp), "gpu-timer");
}

TEST(Summary, MedianMinMax) {
    gl::Summary s = gl::summarize({5, 1, 3});
    EXPECT_DOUBLE_EQ(s.median, 3);
    EXPECT_DOUBLE_EQ(s.min, 1);
    EXPECT_DOUBLE_EQ(s.max, 5);
    EXPECT_DOUBLE_EQ(gl::summarize({1, 2, 3, 10}).median, 2.5);
    EXPECT_EQ(gl::summarize({}).samples, 0);
}

// binding_ranges.h static_asserts the same; this names the offending pair when a range is edited. Every
// wing header's constants are also checked against its own ranges at compile time (this file includes all).
TEST(BindingRanges, SubsystemsOwnDisjointNonEmptyRanges) {
    auto check = [](const char* kind, std::span<const bindings::Range> ranges) {
        for (size_t i = 0; i < ranges.size(); ++i) {
            EXPECT_LT(ranges[i].first, ranges[i].end) << kind << " range " << i << " is empty";
            EXPECT_GE(ranges[i].first, 0) << kind;
            for (size_t j = i + 1; j < ranges.size(); ++j)
                EXPECT_TRUE(bindings::disjoint(ranges[i], ranges[j]))
                    << kind << " ranges " << i << " and " << j;
        }
    };
    check("texture unit", bindings::kTextureUnits);
    check("image unit", bindings::kImageUnits);
    check("storage buffer", bindings::kStorageBuffers);
    check("uniform buffer", bindings::kUniformBuffers);
    // A few constants that moved when the ranges were introduced: each inside its owner's range.
    EXPECT_TRUE(bindings::inside(PS_UNIT_ATLAS, {PS_UNITS_FIRST, PS_UNITS_END}));
    EXPECT_TRUE(bindings::inside(VOX_BIND_ARGS, {VOX_BUFFERS_FIRST, VOX_BUFFERS_END}));
    EXPECT_TRUE(bindings::inside(MESH_UNIT_TEXTURE, {VIEW_UNITS_FIRST, VIEW_UNITS_END}));
    EXPECT_NE(PS_BIND_PARAMS, VOX_UBO_PARAMS);
}

// Write errors were once ignored (stbi_write_png's fwrite/fclose, an unflushed std::ofstream), so a
// full disk gave a truncated file reported as saved.
TEST(WriteWholeFile, FullDeviceIsAnErrorWithTheReason) {
    Result<void> r = writeWholeFile("/dev/full", std::string(100000, 'x'), "screenshot");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("cannot write screenshot '/dev/full'"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("No space left on device"), std::string::npos) << r.error();
    // Small enough for any stdio buffer: the error shows only when the data reaches the device.
    r = writeWholeFile("/dev/full", "a,b\n", "CSV");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("No space left on device"), std::string::npos) << r.error();
}

TEST(WriteWholeFile, ReplacesRegularFilesWholeAndLeavesNoTemporaryFile) {
    dicer::test::TempDir dir;
    const std::filesystem::path file = dir.path() / "out.csv";
    ASSERT_TRUE(writeWholeFile(file, "first version, longer than the second\n", "CSV"));
    ASSERT_TRUE(writeWholeFile(file, "second\n", "CSV"));
    Result<std::string> back = readRegularFile(file, 1000, "CSV");
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(*back, "second\n");
    ASSERT_TRUE(writeWholeFile(dir.path() / "empty", "", "CSV"));
    EXPECT_EQ(std::filesystem::file_size(dir.path() / "empty"), 0u);
    size_t entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path()))
        ++entries;
    EXPECT_EQ(entries, 2u); // out.csv and empty, no leftover temporary files
}

TEST(WriteWholeFile, UnwritableTargetsAreErrorsNamingThem) {
    dicer::test::TempDir dir;
    Result<void> missing = writeWholeFile(dir.path() / "no-such-folder" / "x.png", "x", "screenshot");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("no-such-folder/x.png"), std::string::npos) << missing.error();
    EXPECT_NE(missing.error().find("No such file or directory"), std::string::npos) << missing.error();
    Result<void> folder = writeWholeFile(dir.path(), "x", "JSON");
    ASSERT_FALSE(folder);
    EXPECT_NE(folder.error().find("Is a directory"), std::string::npos) << folder.error();
}

// residentBytes() is what `dicer --soak` bounds: touching 64 MiB of fresh memory must show in it.
TEST(ProcessMemory, ResidentBytesGrowWithTouchedMemory) {
    const std::optional<std::uint64_t> before = residentBytes();
    ASSERT_TRUE(before);
    EXPECT_GT(*before, 0u);
    constexpr size_t kBytes = size_t(64) << 20;
    std::unique_ptr<char[]> block(new char[kBytes]);
    for (size_t i = 0; i < kBytes; i += 4096)
        block[i] = char(i); // every page touched: resident now
    const std::optional<std::uint64_t> after = residentBytes();
    ASSERT_TRUE(after);
    EXPECT_GE(*after, *before + kBytes / 2) << "64 MiB touched, RSS " << *before << " -> " << *after;
    EXPECT_NE(block[4096], 1); // keep the writes
}
