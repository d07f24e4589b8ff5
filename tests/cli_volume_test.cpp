// CPU tests of dicer's command line for scalar volumes (app/demo/cli_volume.h): the
// rules that tie --volume, --band and --threshold to the mesh options (each error case twice, each one a usage
// error with its own message), the band a loaded volume starts with (resolveBand), and the PLY export of a
// volume in its physical units (frame::physicalToVolume through modelSpacePoints).
#include "band.h"
#include "cli.h"
#include "cli_volume.h"
#include "model_loader.h"
#include "point_snapshot.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

using namespace dicer;
using namespace dicer::app;

namespace {

// Parses `args` (after the program name); returns the result and, in `error`, the message of an error.
ParseResult parse(std::vector<const char*> args, CommandLine& out, std::string* error = nullptr) {
    args.insert(args.begin(), "dicer");
    testing::internal::CaptureStderr(); // the usage text of the error cases
    testing::internal::CaptureStdout();
    std::string message;
    ParseResult r = parseCommandLine(int(args.size()), args.data(), out, &message);
    testing::internal::GetCapturedStdout();
    testing::internal::GetCapturedStderr();
    if (error) *error = message;
    return r;
}

// Each command line is a usage error whose message contains `says`.
void expectUsageErrors(const std::vector<std::vector<const char*>>& cases, const std::string& says) {
    for (const std::vector<const char*>& args : cases) {
        CommandLine c;
        std::string error;
        std::string text;
        for (const char* a : args)
            text += std::string(a) + " ";
        EXPECT_EQ(parse(args, c, &error), ParseResult::Error) << text;
        EXPECT_NE(error.find(says), std::string::npos) << text << "-> " << error;
    }
}

// The band spec of `text` ("" : none asked), which must parse.
std::optional<volume::BandSpec> spec(const char* text) {
    if (std::string_view(text).empty()) return std::nullopt;
    Result<volume::BandSpec> parsed = volume::parseBandSpec(text);
    EXPECT_TRUE(parsed) << parsed.error();
    return parsed ? std::optional<volume::BandSpec>(*parsed) : std::nullopt;
}

// The band as the command line keeps it, as text ("300,max"); "" when none was given.
std::string bandOf(const CommandLine& c) {
    return c.band ? volume::bandSpecText(*c.band) : std::string();
}

} // namespace

TEST(VolumeCommandLine, VolumeIsTheInput) {
    CommandLine c;
    ASSERT_EQ(parse({"--volume", "metaballs:48"}, c), ParseResult::Run);
    EXPECT_EQ(c.settings.model, (ModelChoice{ModelKind::Volume, "metaballs:48"}));
    EXPECT_EQ(c.settings.frame.input, frame::kVolumeInput);
    EXPECT_FALSE(c.band); // the default band, resolved when the volume loads
    CommandLine mesh;
    ASSERT_EQ(parse({}, mesh), ParseResult::Run);
    EXPECT_EQ(mesh.settings.frame.input, frame::kMeshInput);
}

TEST(VolumeCommandLine, VolumeWithModelIsAUsageError) {
    expectUsageErrors({{"--volume", "metaballs:32", "--model", "teapot"},
                       {"--model", "heart", "--volume", "assets/volumes/head_mr/HeadMRVolume.mhd"}},
                      "--volume and --model");
}

TEST(VolumeCommandLine, BandWithAMeshIsAUsageError) {
    expectUsageErrors({{"--band", "1,2"}, {"--model", "heart", "--band", "min,max"}}, "--band");
    CommandLine c;
    std::string error;
    ASSERT_EQ(parse({"--band", "0,1"}, c, &error), ParseResult::Error);
    EXPECT_NE(error.find("needs --volume"), std::string::npos) << error;
}

TEST(VolumeCommandLine, BandsThatCanNeverHoldAreUsageErrors) {
    expectUsageErrors({{"--volume", "metaballs", "--band", "5,3"},
                       {"--volume", "noise:16", "--band", "nan,1"},
                       {"--volume", "metaballs", "--band", "5"},
                       {"--volume", "metaballs", "--band", "1,2,3"},
                       {"--volume", "metaballs", "--band", "max,min"}},
                      "--band");
    // Each one its own reason.
    CommandLine c;
    std::string reversed, one, nan;
    parse({"--volume", "metaballs", "--band", "5,3"}, c, &reversed);
    parse({"--volume", "metaballs", "--band", "5"}, c, &one);
    parse({"--volume", "metaballs", "--band", "nan,1"}, c, &nan);
    EXPECT_NE(reversed, one);
    EXPECT_NE(one, nan);
    EXPECT_NE(reversed, nan);
}

TEST(VolumeCommandLine, GoodBandsAreKeptAsGiven) {
    const std::vector<std::pair<const char*, const char*>> bands = {
        {"300,max", "300,max"},         {"min,max", "min,max"}, {"-1000,-10", "-1000,-10"},
        {"32768,34303", "32768,34303"}, {" 1 , 2 ", "1,2"},     {"-inf,inf", "-inf,inf"}};
    for (const auto& [band, text] : bands) {
        CommandLine c;
        ASSERT_EQ(parse({"--volume", "metaballs:16", "--band", band}, c), ParseResult::Run) << band;
        ASSERT_TRUE(c.band) << band;
        EXPECT_EQ(c.band, spec(band)) << band; // parsed once, as given
        EXPECT_EQ(bandOf(c), text) << band;
        EXPECT_TRUE(c.gave("band"));
    }
    const volume::BandSpec tMax = *spec("300,max");
    EXPECT_EQ(tMax.lo, (volume::BandEnd{volume::BandEnd::Kind::Value, 300}));
    EXPECT_EQ(tMax.hi.kind, volume::BandEnd::Kind::Max);
    CommandLine none;
    ASSERT_EQ(parse({"--volume", "metaballs:16"}, none), ParseResult::Run);
    EXPECT_FALSE(none.gave("band"));
}

TEST(VolumeCommandLine, PresetWithAVolumeIsAUsageError) {
    expectUsageErrors({{"--volume", "metaballs:32", "--preset", "64"},
                       {"--volume", "assets/volumes/head_mr/HeadMRVolume.mhd", "--preset", "64x32x128"}},
                      "--preset");
}

TEST(VolumeCommandLine, TestAtlasWithAVolumeIsAUsageError) {
    expectUsageErrors({{"--volume", "metaballs:32", "--test-atlas"}}, "--test-atlas");
}

// The settings only a mesh's voxelizer reads (input_table.h) would be silently ignored by a volume: usage errors,
// before any GL work, in either order.
TEST(VolumeCommandLine, MeshOnlySettingsWithAVolumeAreUsageErrors) {
    expectUsageErrors({{"--volume", "metaballs:32", "--mode", "solid"}, {"--mode", "shell", "--volume", "metaballs:32"}},
                      "--mode is a mesh's setting (its voxelize stage)");
    expectUsageErrors({{"--volume", "metaballs:32", "--vox-method", "binned"}},
                      "--vox-method is a mesh's setting");
    expectUsageErrors({{"--volume", "metaballs:32", "--rule", "slice-axis"}}, "--rule is a mesh's setting");
}

// A volume's discriminator writes the atlas or the bits: the sparse occupancy (the voxelizer's) is not offered,
// neither as --voxels nor through a method that reads it.
TEST(VolumeCommandLine, TheSparseOutputWithAVolumeIsAUsageError) {
    expectUsageErrors({{"--volume", "metaballs:32", "--voxels", "sparse"}},
                      "--voxels sparse: a volume's discriminate stage writes bits or atlas");
    expectUsageErrors({{"--volume", "metaballs:32", "--method", "hp_sparse"}},
                      "--method hp_sparse reads the sparse output, which a volume's discriminate stage does not "
                      "write");
    CommandLine ok;
    EXPECT_EQ(parse({"--volume", "metaballs:32", "--voxels", "atlas"}, ok), ParseResult::Run);
}

// --threshold T on a volume is the band "T,max" in the data's units: not an alpha (no [0, 1] range), and it
// selects no output (a mesh's --threshold selects the atlas: the bits ignore it).
TEST(VolumeCommandLine, ThresholdOnAVolumeIsTheBandFromTToMax) {
    CommandLine plain, c;
    ASSERT_EQ(parse({"--volume", "metaballs:32"}, plain), ParseResult::Run);
    ASSERT_EQ(parse({"--volume", "metaballs:32", "--threshold", "300"}, c), ParseResult::Run);
    EXPECT_EQ(bandOf(c), "300,max");
    EXPECT_EQ(c.band, spec("300,max"));
    EXPECT_EQ(c.settings.frame.voxels, plain.settings.frame.voxels); // no atlas selection
    EXPECT_EQ(c.settings.frame.method, plain.settings.frame.method);
    EXPECT_EQ(c.settings.frame.threshold, frame::FrameSettings{}.threshold); // the alpha is untouched
    CommandLine fraction;
    ASSERT_EQ(parse({"--volume", "metaballs:32", "--threshold", "0.25"}, fraction), ParseResult::Run);
    EXPECT_EQ(bandOf(fraction), "0.25,max");
    // Both spellings at once: one concept, so one of them.
    expectUsageErrors({{"--volume", "metaballs:32", "--threshold", "300", "--band", "1,2"}}, "give one");
}

TEST(VolumeCommandLine, ThresholdBeyondTheAlphaRangeOnAMeshIsAUsageError) {
    expectUsageErrors(
        {{"--threshold", "2"}, {"--model", "heart", "--threshold", "-0.5", "--voxels", "atlas"}}, "[0, 1]");
    CommandLine c; // in range: the atlas' alpha, and the atlas output
    ASSERT_EQ(parse({"--threshold", "0.5"}, c), ParseResult::Run);
    EXPECT_EQ(c.settings.frame.voxels, occupancy::VoxelOutput::Atlas);
    EXPECT_FLOAT_EQ(c.settings.frame.threshold, 0.5f);
}

TEST(VolumeCommandLine, UnknownBuiltinIsAUsageError) {
    expectUsageErrors({{"--volume", "blobs:64"}, {"--volume", "blobs"}}, "blobs");
    CommandLine c;
    std::string error;
    ASSERT_EQ(parse({"--volume", "blobs:64"}, c, &error), ParseResult::Error);
    EXPECT_NE(error.find("metaballs"), std::string::npos) << error; // names the known ones
    expectUsageErrors({{"--volume", "metaballs:0"}, {"--volume", "noise:4x0x4"}}, "--volume");
    // Neither a built-in nor a volume file's extension.
    expectUsageErrors({{"--volume", "head.raw"}}, "--volume");
}

TEST(VolumeCommandLine, VolumeFileAsThePositionalModelIsAVolume) {
    for (const char* file : {"assets/volumes/head_mr/HeadMRVolume.mhd", "assets/volumes/headsq/quarter.nhdr",
                             "x.nrrd", "x.mha"}) {
        CommandLine c;
        ASSERT_EQ(parse({file}, c), ParseResult::Run) << file;
        EXPECT_EQ(c.settings.model, (ModelChoice{ModelKind::Volume, file}));
        EXPECT_EQ(c.settings.frame.input, frame::kVolumeInput);
    }
    CommandLine mesh;
    ASSERT_EQ(parse({"x.obj"}, mesh), ParseResult::Run);
    EXPECT_EQ(mesh.settings.model.kind, ModelKind::File);
    EXPECT_EQ(mesh.settings.frame.input, frame::kMeshInput);
    // A positional volume file is the volume: --band applies, --preset does not.
    CommandLine banded;
    ASSERT_EQ(parse({"x.mhd", "--band", "10,max"}, banded), ParseResult::Run);
    EXPECT_EQ(bandOf(banded), "10,max");
    expectUsageErrors({{"x.mhd", "--preset", "64"}}, "--preset");
}

TEST(ResolveBand, DefaultMinMaxAndAllNaN) {
    LoadedModel loaded;
    loaded.choice = {ModelKind::Volume, "metaballs:8"};
    loaded.valueRange = volume::ValueRange{10, 30};
    Result<volume::Band> def = resolveBand(spec(""), loaded);
    ASSERT_TRUE(def) << def.error();
    EXPECT_EQ(*def, (volume::Band{20, 30})); // no samples to split: midway between min and max, max
    Result<volume::Band> full = resolveBand(spec("min,max"), loaded);
    ASSERT_TRUE(full) << full.error();
    EXPECT_EQ(*full, (volume::Band{10, 30}));
    Result<volume::Band> low = resolveBand(spec("min,15"), loaded);
    ASSERT_TRUE(low) << low.error();
    EXPECT_EQ(*low, (volume::Band{10, 15}));
    Result<volume::Band> t = resolveBand(spec("300,max"), loaded); // beyond the data: holds nothing, no error
    ASSERT_TRUE(t) << t.error();
    EXPECT_EQ(*t, (volume::Band{300, 30}));
    // lo > hi between numbers is refused by the parser, before any data (a usage error of --band); one that
    // turns lo > hi only against the data is the empty band, as "300,max" is.
    EXPECT_FALSE(volume::parseBandSpec("40,20"));
    EXPECT_FALSE(volume::parseBandSpec("40,min")); // lo > hi for every data
    Result<volume::Band> below = resolveBand(spec("min,5"), loaded);
    ASSERT_TRUE(below) << below.error();
    EXPECT_EQ(*below, (volume::Band{10, 5}));
    EXPECT_FALSE(volume::inBand(5.0, *below));

    LoadedModel nan; // every sample NaN: no range
    nan.choice = {ModelKind::Volume, "nan.nrrd"};
    Result<volume::Band> empty = resolveBand(spec(""), nan);
    ASSERT_TRUE(empty) << empty.error();
    EXPECT_GT(empty->lo, empty->hi); // the empty band: 0 points
    EXPECT_FALSE(volume::inBand(0.0, *empty));
    Result<volume::Band> asked = resolveBand(spec("min,max"), nan);
    ASSERT_FALSE(asked);
    EXPECT_EQ(asked.error().rfind("--band: ", 0), 0u) << asked.error();
    EXPECT_NE(asked.error().find("NaN"), std::string::npos) << asked.error();
    EXPECT_TRUE(resolveBand(spec("1,2"), nan)); // numbers need no range (NaN is in no band: 0 points)
    EXPECT_FALSE(resolveBand(spec("1,max"), nan));
}

// A volume's PLY: voxel (i, j, k)'s centre at ((i, j, k) + 0.5) * spacing, its colour the atlas rgb (the colour
// map the discriminator wrote), through the same modelSpacePoints as a mesh's cloud.
TEST(PointExport, VolumePointsComeOutInPhysicalUnits) {
    frame::PointSnapshot s;
    s.volume = {4, 2, 3}; // non-cubic, anisotropic: the CT head's spacing
    const glm::vec3 spacing(3.2f, 3.2f, 1.5f);
    s.atlasSize = 8;
    s.rgba.assign(8 * 8 * 4, 0);
    s.rgba[0] = 68, s.rgba[1] = 1, s.rgba[2] = 84; // a colour-map entry
    s.entries = {{0, 0, 0, 0u}, {3, 1, 2, 5u | 3u << 16}, {2, 0, 1, 6u}};
    s.modelToVolume = frame::physicalToVolume(s.volume, spacing);
    Result<std::vector<model::PlyPoint>> points = modelSpacePoints(s);
    ASSERT_TRUE(points) << points.error();
    ASSERT_EQ(points->size(), 3u);
    const glm::vec3 want[] = {glm::vec3(0.5f) * spacing, glm::vec3(3.5f, 1.5f, 2.5f) * spacing,
                              glm::vec3(2.5f, 0.5f, 1.5f) * spacing};
    for (size_t i = 0; i < 3; ++i)
        for (int a = 0; a < 3; ++a)
            EXPECT_NEAR((*points)[i].position[a], want[i][a], 1e-5f * 16) << "point " << i << " axis " << a;
    EXPECT_EQ((*points)[0].color, glm::u8vec3(68, 1, 84));
    // The matrix maps the physical box [0, size * spacing] onto [-1, 1]^3.
    const glm::mat4 m = frame::physicalToVolume(s.volume, spacing);
    const glm::vec4 corner = m * glm::vec4(glm::vec3(s.volume) * spacing, 1.f);
    EXPECT_NEAR(corner.x, 1.f, 1e-6f);
    EXPECT_NEAR(corner.y, 1.f, 1e-6f);
    EXPECT_NEAR(corner.z, 1.f, 1e-6f);
    const glm::vec4 origin = m * glm::vec4(0.f, 0.f, 0.f, 1.f);
    EXPECT_EQ(glm::vec3(origin), glm::vec3(-1.f));
}
