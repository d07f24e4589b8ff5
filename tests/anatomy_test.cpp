// Scans upright (volume/anatomy.h): a marker voxel at the anatomical superior-anterior corner lands at the top
// (displayed +y) and toward the camera (displayed +z) for every one of the 24 turns, for each header convention
// (NRRD RAS and LPS spaces with space directions, their long names, a space without directions; MetaImage's
// TransformMatrix and AnatomicalOrientation), and for the bundled scans' table; --up's choice and the keys'
// 90-degree turns keep up and front on different axes.
#include "anatomy.h"
#include "bundled_volumes.h"
#include "test_files.h"
#include "volume_file.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace dicer;
using namespace dicer::volume;

namespace {

constexpr glm::ivec3 kSize{4, 5, 6};

// A uint8 volume of kSize, 0 everywhere but 255 at `marker` (index coordinates).
std::string samples(glm::ivec3 marker) {
    std::string bytes(size_t(kSize.x * kSize.y * kSize.z), '\0');
    bytes[size_t((marker.z * kSize.y + marker.y) * kSize.x + marker.x)] = char(255);
    return bytes;
}

// The index of the voxel at the end of `a` (its last index when positive, its first when negative).
int endOf(SignedAxis a) { return a.negative ? 0 : kSize[a.axis] - 1; }

// The marker at the superior and anterior end of `a`'s axes (the third axis at 1).
glm::ivec3 markerAt(const Anatomy& a) {
    glm::ivec3 m(1);
    m[a.up.axis] = endOf(a.up);
    m[a.front.axis] = endOf(a.front);
    return m;
}

// Where the 255 lies in a volume.
glm::ivec3 findMarker(const ScalarVolume& v) {
    for (std::int64_t i = 0; i < v.voxelCount(); ++i)
        if (v.value(i) == 255)
            return {int(i % v.size.x), int(i / v.size.x % v.size.y), int(i / (std::int64_t(v.size.x) * v.size.y))};
    return glm::ivec3(-1);
}

void expectUpright(const ScalarVolume& loaded, const std::string& what) {
    ASSERT_TRUE(loaded.anatomy) << what << ": the header's anatomy was not read";
    const ScalarVolume v = turned(loaded, *loaded.anatomy);
    const glm::ivec3 m = findMarker(v);
    EXPECT_EQ(m.y, v.size.y - 1) << what << " (" << anatomyText(*loaded.anatomy) << "): not at the top";
    EXPECT_EQ(m.z, v.size.z - 1) << what << " (" << anatomyText(*loaded.anatomy) << "): not toward the camera";
}

std::vector<Anatomy> everyTurn() {
    std::vector<Anatomy> all;
    for (int up = 0; up < 6; ++up)
        for (int front = 0; front < 6; ++front)
            if (up / 2 != front / 2) all.push_back({{up / 2, up % 2 == 1}, {front / 2, front % 2 == 1}});
    return all;
}

std::string vec(glm::ivec3 v) {
    std::string text = "(";
    for (int i = 0; i < 3; ++i)
        text.append(std::to_string(v[i])).append(i < 2 ? "," : ")");
    return text;
}

} // namespace

TEST(Anatomy, SignedAxesReadAndWrite) {
    EXPECT_EQ(parseSignedAxis("-z"), std::optional<SignedAxis>(SignedAxis{2, true}));
    EXPECT_EQ(parseSignedAxis("y"), std::optional<SignedAxis>(SignedAxis{1, false}));
    EXPECT_EQ(parseSignedAxis("+X"), std::optional<SignedAxis>(SignedAxis{0, false}));
    for (const char* bad : {"", "w", "+", "xy", "--x"})
        EXPECT_EQ(parseSignedAxis(bad), std::nullopt) << bad;
    EXPECT_EQ(signedAxisText({2, true}), "-z");
}

TEST(Anatomy, EveryTurnPutsSuperiorUpAndAnteriorFront) {
    ASSERT_EQ(everyTurn().size(), 24u);
    for (const Anatomy& a : everyTurn()) {
        ScalarVolume v;
        v.size = kSize;
        v.spacing = {1.f, 2.f, 3.f};
        const std::string bytes = samples(markerAt(a));
        v.data.resize(bytes.size());
        std::memcpy(v.data.data(), bytes.data(), bytes.size());
        v.anatomy = a;
        expectUpright(v, anatomyText(a));
        const ScalarVolume t = turned(v, a);
        EXPECT_EQ(t.size[1], kSize[a.up.axis]);
        EXPECT_EQ(t.spacing[2], v.spacing[a.front.axis]);
        // The marker's centre in the file's physical frame maps onto its centre in the turned one.
        const glm::vec3 fileCentre = (glm::vec3(markerAt(a)) + 0.5f) * v.spacing;
        const glm::vec3 turnedCentre = (glm::vec3(findMarker(t)) + 0.5f) * t.spacing;
        const glm::vec4 mapped = fileToTurned(a, glm::vec3(t.size) * t.spacing) * glm::vec4(fileCentre, 1.f);
        EXPECT_EQ(glm::vec3(mapped), turnedCentre) << anatomyText(a);
    }
}

TEST(Anatomy, HeaderConventionsPutTheMarkerUpAndFront) {
    test::TempDir dir;
    const std::string head = "NRRD0004\ntype: uint8\ndimension: 3\nsizes: 4 5 6\nencoding: raw\n";
    struct Case {
        std::string what, fields;
        glm::ivec3 marker; // superior and anterior end, in index coordinates
    };
    const Case nrrd[] = {
        // RAS: +z superior, +y anterior; identity directions.
        {"RAS", "space: RAS\nspace directions: (1,0,0) (0,1,0) (0,0,1)\n", {1, 4, 5}},
        // LPS: +y is posterior, so anterior is index y's first end.
        {"left-posterior-superior", "space: left-posterior-superior\nspace directions: (2,0,0) (0,2,0) (0,0,2)\n",
         {1, 0, 5}},
        // Axes permuted and reversed: index x runs inferior, index z anterior.
        {"RAS permuted", "space: right-anterior-superior\nspace directions: (0,0,-1) (1,0,0) (0,1,0)\n", {0, 1, 5}},
        {"LPS, no directions", "space: LPS\nspacings: 1 2 3\n", {1, 0, 5}},
    };
    for (const Case& c : nrrd) {
        Result<ScalarVolume> v =
            loadVolumeFile(dir.write("m.nrrd", head + c.fields + "\n" + samples(c.marker)));
        ASSERT_TRUE(v) << c.what << ": " << v.error();
        expectUpright(v.value(), c.what + " marker " + vec(c.marker));
    }
    const std::string meta = "ObjectType = Image\nNDims = 3\nDimSize = 4 5 6\nElementType = MET_UCHAR\n";
    const Case metaImage[] = {
        // ITK: the rows are the axes' directions in LPS: superior +z, anterior -y.
        {"TransformMatrix identity", "TransformMatrix = 1 0 0 0 1 0 0 0 1\n", {1, 0, 5}},
        // Index x runs superior, y left, z anterior (-y in LPS).
        {"TransformMatrix turned", "TransformMatrix = 0 0 1 1 0 0 0 -1 0\n", {3, 1, 5}},
        // RAI: the axes start at right, anterior, inferior: toward L, P, S (the identity in LPS).
        {"AnatomicalOrientation RAI", "AnatomicalOrientation = RAI\n", {1, 0, 5}},
        {"AnatomicalOrientation SPL", "AnatomicalOrientation = SPL\n", {0, 4, 1}},
    };
    for (const Case& c : metaImage) {
        Result<ScalarVolume> v =
            loadVolumeFile(dir.write("m.mha", meta + c.fields + "ElementDataFile = LOCAL\n" + samples(c.marker)));
        ASSERT_TRUE(v) << c.what << ": " << v.error();
        expectUpright(v.value(), c.what + " marker " + vec(c.marker));
    }
    // A space with spacings (no directions): both read (the CT head's header is such).
    Result<ScalarVolume> spaced =
        loadVolumeFile(dir.write("s.nrrd", head + "space: 3D-left-handed\nspacings: 3.2 3.2 1.5\n\n" + samples({0, 0, 0})));
    ASSERT_TRUE(spaced) << spaced.error();
    EXPECT_EQ(spaced->spacing, glm::vec3(3.2f, 3.2f, 1.5f));
    // Spaces that say nothing about anatomy, and no orientation at all: the index axes as they are.
    for (const std::string& fields : {std::string("space: 3D-left-handed\n"), std::string("")}) {
        Result<ScalarVolume> v = loadVolumeFile(dir.write("n.nrrd", head + fields + "\n" + samples({0, 0, 0})));
        ASSERT_TRUE(v) << v.error();
        EXPECT_FALSE(v->anatomy) << fields;
    }
}

TEST(Anatomy, BundledScansHaveTheirTableRows) {
    for (const BundledAnatomy& row : bundledAnatomies()) {
        const std::filesystem::path file = bundledVolumePath(row.name);
        ASSERT_FALSE(file.empty()) << row.name;
        EXPECT_EQ(bundledAnatomy(file), std::optional<Anatomy>(row.anatomy)) << row.name;
        EXPECT_NE(row.anatomy.up.axis, row.anatomy.front.axis);
        EXPECT_FALSE(row.why.empty());
    }
    EXPECT_EQ(bundledAnatomy("/nonexistent/quarter.nhdr"), std::nullopt);
}

TEST(Anatomy, TurnsKeepUpAndFrontApart) {
    for (const Anatomy& a : everyTurn()) {
        const Anatomy f = turnedForward(a), s = turnedSideways(a);
        EXPECT_NE(f.up.axis, f.front.axis);
        EXPECT_NE(s.up.axis, s.front.axis);
        EXPECT_EQ(f.front, a.up) << "forward: the top tilts toward the camera";
        EXPECT_EQ(turnedForward(turnedForward(turnedForward(f))), a) << "four turns are none";
        EXPECT_EQ(turnedSideways(turnedSideways(turnedSideways(s))), a);
        for (int u = 0; u < 6; ++u) {
            const Anatomy w = withUp(a, {u / 2, u % 2 == 1});
            EXPECT_EQ(w.up, (SignedAxis{u / 2, u % 2 == 1}));
            EXPECT_NE(w.up.axis, w.front.axis);
        }
    }
}
