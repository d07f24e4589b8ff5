// CPU tests of the shattered surface's pieces (shatter_pieces.h): the reference assignment is the rule (every
// triangle in exactly one piece, named by its lowest triangle, connected through shared grid edges, maximal,
// within one brick), checked by an independent search over the marching cubes' reference surfaces of a sphere, a
// noise field and both bundled scans at their default bands, where the piece count must lie in the hundreds to
// thousands (a recognisable object, not static); a bad list is one error.
#include "band.h"
#include "mc_test_util.h"
#include "shatter_pieces.h"
#include "shatter_pieces_util.h"
#include "test_volumes.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <set>

using namespace dicer;

namespace {

struct Pieces {
    std::vector<std::uint32_t> words, pieces;
    glm::uvec3 cells{0};
    std::size_t count = 0;
};

Pieces piecesOfSurface(const volume::ScalarVolume& volume, volume::Band band) {
    const surface::McSurface surface = surface::marchingCubesReference(volume, band);
    Pieces p;
    p.words = test::vertexWords(surface);
    p.cells = glm::uvec3(surface.cells);
    Result<std::vector<std::uint32_t>> pieces = particles::shatterPiecesReference(p.words, p.cells);
    EXPECT_TRUE(pieces) << pieces.error();
    if (pieces) p.pieces = std::move(pieces.value());
    p.count = test::piecesOf(p.pieces).size();
    return p;
}

void expectScanPieces(const std::optional<volume::ScalarVolume>& scan) {
    if (!scan) GTEST_SKIP() << test::kScanMissing;
    const volume::ValueRange range = *volume::valueRange(*scan);
    const volume::Band band = volume::defaultBand(*scan, range);
    const Pieces p = piecesOfSurface(*scan, band);
    EXPECT_EQ(test::checkPieces(p.words, p.cells, p.pieces), "");
    // Hundreds to thousands: the head stays a head early in the flight (one piece a triangle: tens of
    // thousands of specks).
    EXPECT_GE(p.count, 200u) << scan->name;
    EXPECT_LE(p.count, 5000u) << scan->name;
    std::printf("%s at [%g, %g]: %zu triangles, %zu pieces\n", scan->name.c_str(), band.lo, band.hi,
                p.pieces.size(), p.count);
}

} // namespace

// A sphere of radius 13 in a 32^3 grid: one surface cut by the 4^3 bricks into connected patches; every brick the
// sphere crosses holds at least one, and one sheet a brick here (it is large against a brick).
TEST(ShatterPieces, SphereBreaksIntoOnePatchABrick) {
    const Pieces p = piecesOfSurface(test::sphereVolume(32, 13.f), {-1e9, 0.0});
    ASSERT_GT(p.pieces.size(), 1000u);
    EXPECT_EQ(test::checkPieces(p.words, p.cells, p.pieces), "");
    std::set<std::uint64_t> bricks;
    for (std::uint32_t t = 0; t < p.pieces.size(); ++t) {
        const std::uint32_t cell = p.words[t * 12];
        const glm::uvec3 c{cell % p.cells.x, cell / p.cells.x % p.cells.y, cell / p.cells.x / p.cells.y};
        bricks.insert((c.z / 8u * 4u + c.y / 8u) * 4u + c.x / 8u);
    }
    EXPECT_GE(p.count, bricks.size());
    EXPECT_LE(p.count, bricks.size() + 8); // a sheet a brick, save a corner clipped apart here and there
}

// Noise: many small blobs, sets that touch only across a brick face stay apart, single triangles are pieces.
TEST(ShatterPieces, NoiseFieldObeysTheRule) {
    for (unsigned seed : {1u, 2u, 3u}) {
        const Pieces p = piecesOfSurface(test::randomByteVolume({19, 23, 17}, seed, 4), {2.0, 3.0});
        ASSERT_GT(p.pieces.size(), 100u);
        EXPECT_EQ(test::checkPieces(p.words, p.cells, p.pieces), "") << "seed " << seed;
        EXPECT_GT(p.count, 1u);
        EXPECT_LT(p.count, p.pieces.size());
    }
}

// The check can fail: a wrong assignment (two pieces merged, a piece split, a name not the lowest) is caught.
TEST(ShatterPieces, CheckCatchesWrongAssignments) {
    const Pieces p = piecesOfSurface(test::sphereVolume(24, 9.f), {-1e9, 0.0});
    ASSERT_EQ(test::checkPieces(p.words, p.cells, p.pieces), "");
    const auto groups = test::piecesOf(p.pieces);
    ASSERT_GE(groups.size(), 2u);
    auto merged = p.pieces;
    const std::uint32_t first = groups.begin()->first, second = std::next(groups.begin())->first;
    for (std::uint32_t& piece : merged)
        if (piece == second) piece = first;
    EXPECT_NE(test::checkPieces(p.words, p.cells, merged), "");
    auto split = p.pieces;
    split[groups.begin()->second.back()] = groups.begin()->second.back();
    EXPECT_NE(test::checkPieces(p.words, p.cells, split), "");
    auto renamed = p.pieces;
    for (std::uint32_t t : groups.begin()->second) renamed[t] = groups.begin()->second.back();
    EXPECT_NE(test::checkPieces(p.words, p.cells, renamed), "");
}

TEST(ShatterPieces, CtHeadBreaksIntoHundredsToThousands) {
    expectScanPieces(test::loadHeadsq());
}

TEST(ShatterPieces, MrHeadBreaksIntoHundredsToThousands) {
    expectScanPieces(test::loadHeadMr());
}

TEST(ShatterPieces, BadListIsOneError) {
    Pieces p = piecesOfSurface(test::sphereVolume(12, 4.f), {-1e9, 0.0});
    ASSERT_FALSE(p.words.empty());
    std::vector<std::uint32_t> words = p.words;
    words[0] = p.cells.x * p.cells.y * p.cells.z; // a cell past the grid
    Result<std::vector<std::uint32_t>> r = particles::shatterPiecesReference(words, p.cells);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("outside the grid of 11x11x11 cells"), std::string::npos) << r.error();
    words = p.words;
    words[1] = 12u << SHATTER_EDGE_SHIFT; // edge 12
    r = particles::shatterPiecesReference(words, p.cells);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("names edge 12"), std::string::npos) << r.error();
}
