// OBJ pre-validation and the MTL pre-count. Format: Wavefront "Object Files (.obj)" appendix B1 of the
// Advanced Visualizer manual (v/vn/vt/f statements, 1-based and negative relative indices). Token rules
// follow what tinyobjloader v2.0.0rc10 does with them, which this pass must cover (see obj_scan.h).
#include "obj_scan.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <system_error>

namespace dicer::model {
namespace {

// rc10 keeps up to 3 x 8192 values per `t` (subdivision tag) line; we do not use tags, so allow only a few.
constexpr size_t kMaxTagLines = 64;
// rc10 stores a face's corner count in an unsigned char.
constexpr size_t kMaxFaceCorners = 255;

bool isBlank(char c) {
    return c == ' ' || c == '\t';
}

// Splits off the next blank-separated token; empty when the line is used up.
std::string_view nextToken(std::string_view& rest) {
    size_t begin = 0;
    while (begin < rest.size() && isBlank(rest[begin]))
        ++begin;
    size_t end = begin;
    while (end < rest.size() && !isBlank(rest[end]))
        ++end;
    std::string_view token = rest.substr(begin, end - begin);
    rest.remove_prefix(end);
    return token;
}

enum class NumberError { None, Malformed, NonFinite, OutOfRange };

NumberError parseCoordinate(std::string_view token) {
    if (token.size() > 1 && token[0] == '+' && token[1] != '-' && token[1] != '+') token.remove_prefix(1);
    double value = 0.0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec == std::errc::result_out_of_range) return NumberError::OutOfRange;
    if (ec != std::errc() || end != token.data() + token.size()) return NumberError::Malformed;
    if (!std::isfinite(value)) return NumberError::NonFinite;
    // rc10 stores floats: a finite double beyond float range would become inf there.
    if (std::fabs(value) > double(std::numeric_limits<float>::max())) return NumberError::OutOfRange;
    return NumberError::None;
}

// A strict OBJ index: optional sign, decimal digits, within int32, non-zero.
bool parseIndex(std::string_view text, long long& value) {
    if (!text.empty() && text[0] == '+') text.remove_prefix(1);
    int parsed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || parsed == 0) return false;
    value = parsed;
    return true;
}

class Scanner {
public:
    // `totals`: the counts of a finished first pass, so that positive indices are judged line by line.
    Scanner(std::string_view name, const LoadLimits& limits, const ObjScan* totals = nullptr)
        : m_name(name), m_limits(limits), m_totals(totals) {}

    Result<ObjScan> run(std::string_view text) {
        if (std::memchr(text.data(), '\0', text.size()) != nullptr)
            return makeError(std::string(m_name) + ": contains NUL bytes; this is binary data, not OBJ text");
        size_t pos = 0;
        while (pos < text.size()) {
            size_t end = text.find_first_of("\r\n", pos);
            if (end == std::string_view::npos) end = text.size();
            ++m_line;
            if (Result<void> r = scanLine(text.substr(pos, end - pos)); !r) return makeError(r.error());
            // "\r\n" is one line end, a lone "\r" or "\n" another (rc10's safeGetline does the same).
            pos = end + (end + 1 < text.size() && text[end] == '\r' && text[end + 1] == '\n' ? 2 : 1);
        }
        // Positive indices may point forward, so they are checked against the final counts.
        if (m_maxPositive[kVertex] > (long long)count(kVertex))
            return fail(m_maxPositiveLine[kVertex],
                        outOfRange(kVertex, m_maxPositive[kVertex], count(kVertex)));
        // A dangling positive texcoord/normal index: scan again knowing the totals, to name its lines.
        if (!m_totals && (m_maxPositive[kTexcoord] > (long long)count(kTexcoord) ||
                          m_maxPositive[kNormal] > (long long)count(kNormal)))
            return Scanner(m_name, m_limits, &m_scan).run(text);
        return m_scan;
    }

private:
    // Slots of a corner (v/vt/vn), and of m_maxPositive.
    static constexpr int kVertex = 0, kTexcoord = 1, kNormal = 2;

    std::string_view m_name;
    const LoadLimits& m_limits;
    const ObjScan* m_totals; // null on the first pass
    ObjScan m_scan;
    size_t m_line = 0;
    size_t m_tagLines = 0;
    size_t m_elementCorners = 0; // corners of l/p elements, which rc10 stores too
    long long m_maxPositive[3] = {0, 0, 0};
    size_t m_maxPositiveLine[3] = {0, 0, 0};
    bool m_lineDangles[3] = {false, false, false}; // this line already counted in dangling(k)

    static const char* kindName(int k) {
        return k == kVertex ? "vertex" : k == kTexcoord ? "texcoord" : "normal";
    }
    size_t count(int k) const {
        return k == kVertex ? m_scan.positions : k == kTexcoord ? m_scan.texcoords : m_scan.normals;
    }
    DanglingIndices& dangling(int k) {
        return k == kTexcoord ? m_scan.danglingTexcoords : m_scan.danglingNormals;
    }

    static std::string outOfRange(int k, long long index, size_t available) {
        return std::string(kindName(k)) + " index " + std::to_string(index) +
               " is out of range (the file has " + std::to_string(available) + ")";
    }
    std::string beforeFirst(int k, long long index) const {
        return "relative " + std::string(kindName(k)) + " index " + std::to_string(index) +
               " reaches before the first " + kindName(k) + " (only " + std::to_string(count(k)) + " so far)";
    }

    // A texcoord/normal index that points nowhere: counted once per line; the first one is described.
    template <class Describe> void addDangling(int k, Describe describe) {
        if (m_lineDangles[k]) return;
        m_lineDangles[k] = true;
        DanglingIndices& d = dangling(k);
        if (d.lines++ == 0) {
            d.firstLine = m_line;
            d.first = describe();
        }
    }

    Error fail(size_t line, const std::string& what) const {
        return makeError(std::string(m_name) + ":" + std::to_string(line) + ": " + what);
    }

    Result<void> scanLine(std::string_view line) {
        size_t p = 0;
        while (p < line.size() && isBlank(line[p]))
            ++p;
        line.remove_prefix(p);
        if (line.size() < 2 || line[0] == '#') return {};
        auto keyword = [&](std::string_view word) {
            return line.size() > word.size() && line.substr(0, word.size()) == word &&
                   isBlank(line[word.size()]);
        };
        if (keyword("v")) return scanNumbers(line.substr(2), 3, "vertex", "vertices", m_scan.positions);
        if (keyword("vn")) return scanNumbers(line.substr(3), 3, "normal", "normals", m_scan.normals);
        if (keyword("vt")) return scanNumbers(line.substr(3), 1, "texcoord", "texcoords", m_scan.texcoords);
        if (keyword("f")) return scanIndices(line.substr(2), /* face= */ true);
        if (keyword("l") || keyword("p")) return scanIndices(line.substr(2), /* face= */ false);
        if (keyword("mtllib")) ++m_scan.mtllibLines;
        if (keyword("t") && ++m_tagLines > kMaxTagLines)
            return fail(m_line, "more than " + std::to_string(kMaxTagLines) + " subdivision tag (t) lines");
        return {};
    }

    Result<void> scanNumbers(std::string_view rest, int minimum, const char* what, const char* plural,
                             size_t& counter) {
        if (++counter > m_limits.maxVertices)
            return fail(m_line, std::string("more ") + plural + " than the limit of " +
                                    std::to_string(m_limits.maxVertices));
        int found = 0;
        for (std::string_view token = nextToken(rest); !token.empty() && token[0] != '#';
             token = nextToken(rest)) {
            switch (parseCoordinate(token)) {
            case NumberError::None:
                break;
            case NumberError::NonFinite:
                return fail(m_line,
                            std::string("non-finite ") + what + " value '" + std::string(token) + "'");
            case NumberError::OutOfRange:
                return fail(m_line,
                            std::string(what) + " value '" + std::string(token) + "' is out of float range");
            case NumberError::Malformed:
                return fail(m_line, std::string("malformed ") + what + " value '" + std::string(token) + "'");
            }
            ++found;
        }
        if (found < minimum)
            return fail(m_line, std::string(what) + " line has " + std::to_string(found) + " values, needs " +
                                    std::to_string(minimum));
        return {};
    }

    // One corner: v, v/vt, v//vn or v/vt/vn. A vertex index must resolve (an error otherwise); a texcoord or
    // normal index that does not is counted in dangling(k) (the loader drops the attribute there).
    Result<void> scanCorner(std::string_view token) {
        std::string_view parts[3];
        int partCount = 0;
        for (;;) {
            const size_t slash = token.find('/');
            if (partCount == 2 && slash != std::string_view::npos)
                return fail(m_line, "malformed face corner (more than three '/'-separated parts)");
            parts[partCount++] = token.substr(0, slash);
            if (slash == std::string_view::npos) break;
            token.remove_prefix(slash + 1);
        }
        // "v/" and "v//" are malformed: rc10 would read the next corner's number in their place.
        const bool emptyAllowed[3] = {false, partCount == 3, false};
        for (int k = 0; k < partCount; ++k) {
            if (parts[k].empty() && emptyAllowed[k]) continue;
            long long index = 0;
            if (!parseIndex(parts[k], index))
                return fail(m_line, std::string("malformed ") + kindName(k) + " index '" +
                                        std::string(parts[k]) + "' (OBJ indices are non-zero integers)");
            if (index < 0 && -index > (long long)count(k)) {
                if (k == kVertex) return fail(m_line, beforeFirst(k, index));
                addDangling(k, [&] { return beforeFirst(k, index); });
                continue;
            }
            if (k != kVertex && m_totals &&
                index > (long long)(k == kTexcoord ? m_totals->texcoords : m_totals->normals)) {
                addDangling(k, [&] {
                    return outOfRange(k, index, k == kTexcoord ? m_totals->texcoords : m_totals->normals);
                });
                continue;
            }
            if (index > m_maxPositive[k]) {
                m_maxPositive[k] = index;
                m_maxPositiveLine[k] = m_line;
            }
        }
        return {};
    }

    Result<void> scanIndices(std::string_view rest, bool face) {
        m_lineDangles[kTexcoord] = m_lineDangles[kNormal] = false;
        size_t corners = 0;
        for (std::string_view token = nextToken(rest); !token.empty(); token = nextToken(rest)) {
            if (Result<void> r = scanCorner(token); !r) return r;
            ++corners;
        }
        if (corners > kMaxFaceCorners)
            return fail(m_line, "element with " + std::to_string(corners) + " corners (at most " +
                                    std::to_string(kMaxFaceCorners) + " are supported)");
        if (!face) {
            m_elementCorners += corners;
            if (m_elementCorners > 3 * m_limits.maxTriangles)
                return fail(m_line, "too many line/point elements for the limits");
            return {};
        }
        if (corners < 3) return {}; // rc10 skips these with a warning
        ++m_scan.faces;
        m_scan.triangles += corners - 2;
        if (m_scan.triangles > m_limits.maxTriangles)
            return fail(m_line, "more triangles than the limit of " + std::to_string(m_limits.maxTriangles));
        return {};
    }
};

} // namespace

Result<ObjScan> scanObjText(std::string_view text, std::string_view name, const LoadLimits& limits) {
    return Scanner(name, limits).run(text);
}

MtlScan scanMtlText(std::string_view text) {
    MtlScan summary;
    auto keyword = [](std::string_view line, std::string_view word) {
        return line.substr(0, word.size()) == word && line.size() > word.size() &&
               (line[word.size()] == ' ' || line[word.size()] == '\t');
    };
    std::string current;
    bool hasKd = true;
    auto close = [&] {
        if (!hasKd) summary.withoutKd.insert(current);
    };
    for (size_t p = 0; p < text.size();) {
        size_t end = text.find_first_of("\r\n", p);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(p, end - p);
        line.remove_prefix(std::min(line.size(), line.find_first_not_of(" \t")));
        if (keyword(line, "newmtl")) {
            close();
            ++summary.materials;
            current = std::string(line.substr(7));
            hasKd = false;
        } else if (keyword(line, "Kd")) {
            hasKd = true;
        }
        p = end + 1;
    }
    close();
    return summary;
}

} // namespace dicer::model
