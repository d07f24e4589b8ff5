#include "anatomy.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

namespace dicer::volume {
namespace {

glm::ivec3 unit(SignedAxis a) {
    glm::ivec3 v(0);
    v[a.axis] = a.negative ? -1 : 1;
    return v;
}

SignedAxis axisOf(glm::ivec3 v) {
    for (int i = 0; i < 3; ++i)
        if (v[i] != 0) return {i, v[i] < 0};
    return {};
}

// The index axes displayed as x, y, z: right = up x front, up and front.
std::array<SignedAxis, 3> shownAxes(const Anatomy& a) {
    const glm::ivec3 right = glm::ivec3(glm::cross(glm::vec3(unit(a.up)), glm::vec3(unit(a.front))));
    return {axisOf(right), a.up, a.front};
}

// The index axis most along `direction` (the largest |component| of the direction in index terms).
std::optional<SignedAxis> mostAlong(const std::array<glm::dvec3, 3>& directions, glm::dvec3 direction) {
    std::optional<SignedAxis> best;
    double bestDot = 0;
    for (int i = 0; i < 3; ++i) {
        const double length = glm::length(directions[size_t(i)]);
        if (!(length > 0)) continue;
        const double d = glm::dot(directions[size_t(i)] / length, direction);
        if (std::abs(d) > bestDot + 1e-9) {
            bestDot = std::abs(d);
            best = SignedAxis{i, d < 0};
        }
    }
    return best;
}

// A patient space's superior and anterior directions from its three letters ("RAS": +x right, +y anterior,
// +z superior); nullopt for another name.
std::optional<std::array<glm::dvec3, 2>> spaceDirections(std::string_view letters) {
    if (letters.size() != 3) return std::nullopt;
    glm::dvec3 superior(0), anterior(0);
    for (int i = 0; i < 3; ++i) {
        switch (std::toupper(static_cast<unsigned char>(letters[size_t(i)]))) {
        case 'S': superior[i] = 1; break;
        case 'I': superior[i] = -1; break;
        case 'A': anterior[i] = 1; break;
        case 'P': anterior[i] = -1; break;
        case 'L': case 'R': break;
        default: return std::nullopt;
        }
    }
    if (glm::length(superior) != 1 || glm::length(anterior) != 1) return std::nullopt;
    return std::array<glm::dvec3, 2>{superior, anterior};
}

} // namespace

std::optional<SignedAxis> parseSignedAxis(std::string_view text) {
    bool negative = false;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    if (text.size() != 1) return std::nullopt;
    const char c = char(std::tolower(static_cast<unsigned char>(text.front())));
    if (c < 'x' || c > 'z') return std::nullopt;
    return SignedAxis{c - 'x', negative};
}

std::string signedAxisText(SignedAxis a) {
    return std::string(a.negative ? "-" : "+") + char('x' + a.axis);
}

std::string anatomyText(const Anatomy& a) {
    return "up " + signedAxisText(a.up) + ", front " + signedAxisText(a.front);
}

std::optional<Anatomy> anatomyFromDirections(const std::array<glm::dvec3, 3>& directions, glm::dvec3 superior,
                                             glm::dvec3 anterior) {
    const std::optional<SignedAxis> up = mostAlong(directions, superior), front = mostAlong(directions, anterior);
    if (!up || !front || up->axis == front->axis) return std::nullopt;
    return Anatomy{*up, *front};
}

std::optional<Anatomy> nrrdAnatomy(std::string_view space, const std::optional<std::array<glm::dvec3, 3>>& directions) {
    // The long forms are the three words' first letters ("left-posterior-superior": LPS).
    std::string letters;
    if (space.find('-') != std::string_view::npos) {
        for (size_t start = 0; start <= space.size();) {
            const size_t dash = std::min(space.find('-', start), space.size());
            if (dash > start) letters += space[start];
            start = dash + 1;
        }
    } else {
        letters = space;
    }
    const std::optional<std::array<glm::dvec3, 2>> sa = spaceDirections(letters);
    if (!sa) return std::nullopt;
    const std::array<glm::dvec3, 3> axes =
        directions.value_or(std::array<glm::dvec3, 3>{glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0), glm::dvec3(0, 0, 1)});
    return anatomyFromDirections(axes, (*sa)[0], (*sa)[1]);
}

std::optional<Anatomy> metaImageAnatomy(const std::optional<std::array<glm::dvec3, 3>>& matrix,
                                        std::string_view code) {
    const glm::dvec3 superior(0, 0, 1), anterior(0, -1, 0); // ITK's physical space is LPS
    if (matrix) return anatomyFromDirections(*matrix, superior, anterior);
    if (code.size() != 3) return std::nullopt;
    // Each letter is the side its axis starts from: the axis runs toward the opposite side.
    std::array<glm::dvec3, 3> axes{};
    for (int i = 0; i < 3; ++i) {
        switch (std::toupper(static_cast<unsigned char>(code[size_t(i)]))) {
        case 'R': axes[size_t(i)] = {1, 0, 0}; break; // toward L: +x in LPS
        case 'L': axes[size_t(i)] = {-1, 0, 0}; break;
        case 'A': axes[size_t(i)] = {0, 1, 0}; break; // toward P: +y
        case 'P': axes[size_t(i)] = {0, -1, 0}; break;
        case 'I': axes[size_t(i)] = {0, 0, 1}; break; // toward S: +z
        case 'S': axes[size_t(i)] = {0, 0, -1}; break;
        default: return std::nullopt;
        }
    }
    return anatomyFromDirections(axes, superior, anterior);
}

Anatomy turnedForward(const Anatomy& a) {
    return {{a.front.axis, !a.front.negative}, a.up};
}

Anatomy turnedSideways(const Anatomy& a) {
    return {shownAxes(a)[0], a.front};
}

Anatomy withUp(const Anatomy& a, SignedAxis up) {
    if (a.front.axis != up.axis) return {up, a.front};
    if (a.up.axis != up.axis) return {up, {a.up.axis, !a.up.negative}};
    return {up, {(up.axis + 1) % 3, false}};
}

glm::mat4 fileToTurned(const Anatomy& a, glm::vec3 turnedExtent) {
    const std::array<SignedAxis, 3> shown = shownAxes(a);
    glm::mat4 m(0.f);
    m[3][3] = 1.f;
    for (int d = 0; d < 3; ++d) { // p'_d = p_axis, or the extent less it where the axis runs against d
        m[shown[size_t(d)].axis][d] = shown[size_t(d)].negative ? -1.f : 1.f;
        m[3][d] = shown[size_t(d)].negative ? turnedExtent[d] : 0.f;
    }
    return m;
}

ScalarVolume turned(const ScalarVolume& volume, const Anatomy& a) {
    const std::array<SignedAxis, 3> shown = shownAxes(a);
    ScalarVolume out;
    out.type = volume.type;
    out.name = volume.name;
    out.notes = volume.notes;
    out.warnings = volume.warnings;
    out.anatomy = Anatomy{}; // upright now
    for (int d = 0; d < 3; ++d) {
        out.size[d] = volume.size[shown[size_t(d)].axis];
        out.spacing[d] = volume.spacing[shown[size_t(d)].axis];
    }
    const int bytes = bytesPerValue(volume.type);
    out.data.resize(volume.data.size());
    // Index coordinate i[axis] = n[d] or size - 1 - n[d]: the source step per displayed step, and its start.
    glm::i64vec3 step(0);
    std::int64_t start = 0;
    const glm::i64vec3 stride{1, volume.size.x, std::int64_t(volume.size.x) * volume.size.y};
    for (int d = 0; d < 3; ++d) {
        const SignedAxis s = shown[size_t(d)];
        step[d] = s.negative ? -stride[s.axis] : stride[s.axis];
        if (s.negative) start += (volume.size[s.axis] - 1) * stride[s.axis];
    }
    std::byte* dst = out.data.data();
    const std::byte* src = volume.data.data();
    for (int z = 0; z < out.size.z; ++z)
        for (int y = 0; y < out.size.y; ++y) {
            std::int64_t i = start + z * step.z + y * step.y;
            for (int x = 0; x < out.size.x; ++x, i += step.x, dst += bytes)
                std::memcpy(dst, src + i * bytes, size_t(bytes));
        }
    return out;
}

} // namespace dicer::volume
