// A small PLY reader for the tests, written from the PLY 1.0 description (Greg Turk, "The PLY Polygon File
// Format") and independent of engine/model/ply_writer.cpp: it parses the header strictly (the magic line,
// one format line with version 1.0, comment/obj_info lines, elements and their scalar properties, end_header,
// LF line endings only) and reads a vertex element with float x y z and uchar red green blue from an ASCII or
// binary little-endian body. Anything else is an error string, never a guess.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ply_test {

struct Vertex {
    float x = 0, y = 0, z = 0;
    std::uint8_t r = 0, g = 0, b = 0;
};

struct Cloud {
    std::string format; // "ascii" or "binary_little_endian"
    std::vector<std::string> comments;
    std::vector<Vertex> vertices;
    std::string error; // empty: parsed
};

namespace detail {

inline std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

inline float floatLE(const unsigned char* p) {
    const std::uint32_t bits = std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
                               std::uint32_t(p[3]) << 24;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// A PLY file's header, a line at a time (without its '\n'); `pos`: where the next line, or the body, starts.
struct HeaderLines {
    const std::string& bytes;
    size_t pos = 0;
    bool next(std::string& line) {
        const size_t lf = bytes.find('\n', pos);
        if (lf == std::string::npos) return false;
        line = bytes.substr(pos, lf - pos);
        pos = lf + 1;
        return true;
    }
};

} // namespace detail

inline Cloud parse(const std::string& bytes) {
    Cloud cloud;
    auto fail = [&cloud](std::string why) {
        cloud.error = std::move(why);
        cloud.vertices.clear();
        return cloud;
    };
    detail::HeaderLines header{bytes};
    size_t& pos = header.pos;
    auto nextLine = [&](std::string& line) { return header.next(line); };
    std::string line;
    if (!nextLine(line) || line != "ply") return fail("first line is not 'ply'");
    if (!nextLine(line)) return fail("no format line");
    std::vector<std::string> w = detail::words(line);
    if (w.size() != 3 || w[0] != "format" || w[2] != "1.0") return fail("bad format line: " + line);
    if (w[1] != "ascii" && w[1] != "binary_little_endian") return fail("unsupported format " + w[1]);
    cloud.format = w[1];

    const std::array<std::string, 6> expected = {"float x",   "float y",     "float z",
                                                 "uchar red", "uchar green", "uchar blue"};
    long long count = -1;
    size_t properties = 0;
    bool inVertex = false;
    while (true) {
        if (!nextLine(line)) return fail("no end_header");
        if (line.find('\r') != std::string::npos) return fail("CR in the header");
        if (line == "end_header") break;
        w = detail::words(line);
        if (w.empty()) return fail("empty header line");
        if (w[0] == "comment" || w[0] == "obj_info") {
            if (w[0] == "comment") cloud.comments.push_back(line.size() > 8 ? line.substr(8) : "");
            continue;
        }
        if (w[0] == "element") {
            if (w.size() != 3) return fail("bad element line: " + line);
            if (count >= 0) return fail("more than one element");
            if (w[1] != "vertex") return fail("element is not vertex: " + w[1]);
            if (w[2].find_first_not_of("0123456789") != std::string::npos) return fail("bad count " + w[2]);
            count = std::stoll(w[2]);
            inVertex = true;
            continue;
        }
        if (w[0] == "property") {
            if (!inVertex) return fail("property before element");
            if (w.size() != 3) return fail("bad property line: " + line);
            if (properties >= expected.size() || w[1] + " " + w[2] != expected[properties])
                return fail("unexpected property: " + line);
            ++properties;
            continue;
        }
        return fail("unknown header keyword: " + w[0]);
    }
    if (count < 0) return fail("no vertex element");
    if (properties != expected.size()) return fail("missing properties");

    cloud.vertices.resize(size_t(count));
    if (cloud.format == "binary_little_endian") {
        const size_t stride = 15;
        if (bytes.size() - pos != size_t(count) * stride)
            return fail("body has " + std::to_string(bytes.size() - pos) + " bytes, expected " +
                        std::to_string(size_t(count) * stride));
        const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + pos);
        for (Vertex& v : cloud.vertices) {
            v = {detail::floatLE(p), detail::floatLE(p + 4), detail::floatLE(p + 8), p[12], p[13], p[14]};
            p += stride;
        }
        return cloud;
    }
    for (Vertex& v : cloud.vertices) {
        if (!nextLine(line)) return fail("body ends early");
        w = detail::words(line);
        if (w.size() != 6) return fail("bad vertex line: " + line);
        try {
            size_t used = 0;
            float xyz[3];
            for (int i = 0; i < 3; ++i) {
                xyz[i] = std::stof(w[size_t(i)], &used);
                if (used != w[size_t(i)].size()) return fail("bad float " + w[size_t(i)]);
            }
            int rgb[3];
            for (int i = 0; i < 3; ++i) {
                const std::string& s = w[size_t(3 + i)];
                if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
                    return fail("bad uchar " + s);
                rgb[i] = std::stoi(s);
                if (rgb[i] > 255) return fail("uchar out of range " + s);
            }
            v = {xyz[0], xyz[1], xyz[2], std::uint8_t(rgb[0]), std::uint8_t(rgb[1]), std::uint8_t(rgb[2])};
        } catch (const std::exception&) {
            return fail("bad vertex line: " + line);
        }
    }
    if (pos != bytes.size()) return fail("bytes after the last vertex");
    return cloud;
}

inline Cloud parseFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        Cloud c;
        c.error = "cannot open " + path;
        return c;
    }
    std::ostringstream s;
    s << in.rdbuf();
    return parse(s.str());
}

} // namespace ply_test
