#include "bench_plot.h"

#include "file_read.h"

#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace dicer::bench {

unsigned plotGlyph(char c) {
    // Drawn by hand on a 3x5 grid, five rows per glyph from the top ('#' = ink).
    static const struct {
        char c;
        const char* rows[5];
    } kGlyphs[] = {
        {'0', {"###", "#.#", "#.#", "#.#", "###"}}, {'1', {".#.", "##.", ".#.", ".#.", "###"}},
        {'2', {"###", "..#", "###", "#..", "###"}}, {'3', {"###", "..#", ".##", "..#", "###"}},
        {'4', {"#.#", "#.#", "###", "..#", "..#"}}, {'5', {"###", "#..", "###", "..#", "###"}},
        {'6', {"###", "#..", "###", "#.#", "###"}}, {'7', {"###", "..#", "..#", ".#.", ".#."}},
        {'8', {"###", "#.#", "###", "#.#", "###"}}, {'9', {"###", "#.#", "###", "..#", "###"}},
        {'a', {".#.", "#.#", "###", "#.#", "#.#"}}, {'b', {"##.", "#.#", "##.", "#.#", "##."}},
        {'c', {".##", "#..", "#..", "#..", ".##"}}, {'d', {"##.", "#.#", "#.#", "#.#", "##."}},
        {'e', {"###", "#..", "##.", "#..", "###"}}, {'f', {"###", "#..", "##.", "#..", "#.."}},
        {'g', {".##", "#..", "#.#", "#.#", ".##"}}, {'h', {"#.#", "#.#", "###", "#.#", "#.#"}},
        {'i', {"###", ".#.", ".#.", ".#.", "###"}}, {'j', {"..#", "..#", "..#", "#.#", ".#."}},
        {'k', {"#.#", "#.#", "##.", "#.#", "#.#"}}, {'l', {"#..", "#..", "#..", "#..", "###"}},
        {'m', {"#.#", "###", "###", "#.#", "#.#"}}, {'n', {"##.", "#.#", "#.#", "#.#", "#.#"}},
        {'o', {".#.", "#.#", "#.#", "#.#", ".#."}}, {'p', {"##.", "#.#", "##.", "#..", "#.."}},
        {'q', {".#.", "#.#", "#.#", "##.", ".##"}}, {'r', {"##.", "#.#", "##.", "#.#", "#.#"}},
        {'s', {".##", "#..", ".#.", "..#", "##."}}, {'t', {"###", ".#.", ".#.", ".#.", ".#."}},
        {'u', {"#.#", "#.#", "#.#", "#.#", "###"}}, {'v', {"#.#", "#.#", "#.#", "#.#", ".#."}},
        {'w', {"#.#", "#.#", "###", "###", "#.#"}}, {'x', {"#.#", "#.#", ".#.", "#.#", "#.#"}},
        {'y', {"#.#", "#.#", ".#.", ".#.", ".#."}}, {'z', {"###", "..#", ".#.", "#..", "###"}},
        {'_', {"...", "...", "...", "...", "###"}}, {'.', {"...", "...", "...", "...", ".#."}},
        {'-', {"...", "...", "###", "...", "..."}}, {'^', {".#.", "#.#", "...", "...", "..."}},
        {'/', {"..#", "..#", ".#.", "#..", "#.."}}, {'(', {".#.", "#..", "#..", "#..", ".#."}},
        {')', {".#.", "..#", "..#", "..#", ".#."}}, {'=', {"...", "###", "...", "###", "..."}},
        {'+', {"...", ".#.", "###", ".#.", "..."}}, {':', {"...", ".#.", "...", ".#.", "..."}},
        {',', {"...", "...", "...", ".#.", "#.."}},
    };
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    for (const auto& g : kGlyphs)
        if (g.c == c) {
            unsigned bits = 0;
            for (const char* row : g.rows)
                for (int i = 0; i < 3; ++i)
                    bits = (bits << 1) | (row[i] == '#' ? 1u : 0u);
            return bits;
        }
    return 0;
}

namespace {

struct Rgb {
    std::uint8_t r, g, b;
};

class Canvas {
public:
    Canvas(int w, int h) : m_w(w), m_h(h), m_rgb(size_t(w) * size_t(h) * 3, 255) {}
    void pixel(int x, int y, Rgb c) {
        if (x < 0 || y < 0 || x >= m_w || y >= m_h) return;
        std::uint8_t* p = &m_rgb[(size_t(y) * size_t(m_w) + size_t(x)) * 3];
        p[0] = c.r;
        p[1] = c.g;
        p[2] = c.b;
    }
    void rect(int x0, int y0, int x1, int y1, Rgb c) {
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x)
                pixel(x, y, c);
    }
    // Bresenham, `thick` pixels wide (a square brush).
    void line(int x0, int y0, int x1, int y1, Rgb c, int thick = 1) {
        int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
        int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
        for (;;) {
            rect(x0, y0, x0 + thick - 1, y0 + thick - 1, c);
            if (x0 == x1 && y0 == y1) break;
            int e2 = 2 * err;
            if (e2 >= dy) err += dy, x0 += sx;
            if (e2 <= dx) err += dx, y0 += sy;
        }
    }
    // Text with the 3x5 font scaled by `s`; returns the width drawn.
    int text(int x, int y, const std::string& str, Rgb c, int s = 2) {
        int cx = x;
        for (char ch : str) {
            unsigned bits = plotGlyph(ch);
            for (int i = 0; i < 15; ++i)
                if (bits & (1u << (14 - i)))
                    rect(cx + (i % 3) * s, y + (i / 3) * s, cx + (i % 3) * s + s - 1, y + (i / 3) * s + s - 1,
                         c);
            cx += 4 * s;
        }
        return cx - x;
    }
    // Encoded in memory: stbi_write_png(FILE) ignores write errors (a full disk gave a truncated plot).
    Result<void> writePng(const std::string& path) const {
        std::string png;
        const auto append = [](void* context, void* data, int size) {
            static_cast<std::string*>(context)->append(static_cast<const char*>(data), size_t(size));
        };
        if (!stbi_write_png_to_func(append, &png, m_w, m_h, 3, m_rgb.data(), m_w * 3))
            return makeError("cannot encode the plot " + path);
        return writeWholeFile(path, png, "plot");
    }

private:
    int m_w, m_h;
    std::vector<std::uint8_t> m_rgb;
};

std::string decadeLabel(int e) {
    if (e >= 0 && e <= 3) return std::to_string(int(std::lround(std::pow(10.0, e))));
    if (e == -1) return "0.1";
    if (e == -2) return "0.01";
    return "1e" + std::to_string(e);
}

} // namespace

Result<void> writeLogLogPlot(const std::string& path, const PlotLabels& labels,
                             const std::vector<PlotSeries>& series) {
    double minX = INFINITY, maxX = 0, minY = INFINITY, maxY = 0;
    for (const PlotSeries& s : series)
        for (auto [x, y] : s.points)
            if (x > 0 && y > 0) {
                minX = std::min(minX, x), maxX = std::max(maxX, x);
                minY = std::min(minY, y), maxY = std::max(maxY, y);
            }
    if (!(maxX > 0)) return makeError("plot " + path + ": no positive data");
    const int x0 = int(std::floor(std::log10(minX))), x1 = std::max(int(std::ceil(std::log10(maxX))), x0 + 1);
    const int y0 = int(std::floor(std::log10(minY))), y1 = std::max(int(std::ceil(std::log10(maxY))), y0 + 1);

    const int W = 900, H = 560, left = 80, right = 20, top = 50, bottom = 60;
    Canvas c(W, H);
    const Rgb ink{30, 30, 30}, grid{220, 220, 220};
    auto px = [&](double x) {
        return left + int(std::lround((std::log10(x) - x0) / (x1 - x0) * (W - left - right)));
    };
    auto py = [&](double y) {
        return H - bottom - int(std::lround((std::log10(y) - y0) / (y1 - y0) * (H - top - bottom)));
    };
    for (int e = x0; e <= x1; ++e) {
        int x = px(std::pow(10.0, e));
        c.line(x, top, x, H - bottom, grid);
        std::string l = "1e" + std::to_string(e);
        c.text(x - int(l.size()) * 4, H - bottom + 8, l, ink);
    }
    for (int e = y0; e <= y1; ++e) {
        int y = py(std::pow(10.0, e));
        c.line(left, y, W - right, y, grid);
        std::string l = decadeLabel(e);
        c.text(left - 8 - int(l.size()) * 8, y - 5, l, ink);
    }
    c.line(left, top, left, H - bottom, ink);
    c.line(left, H - bottom, W - right, H - bottom, ink);
    c.text(left, 15, labels.title, ink);
    c.text(W / 2 - int(labels.x.size()) * 4, H - 25, labels.x, ink);
    c.text(8, top - 20, labels.y, ink);

    static const Rgb kColors[] = {{214, 39, 40},   {31, 119, 180}, {44, 160, 44},   {255, 127, 14},
                                  {148, 103, 189}, {140, 86, 75},  {227, 119, 194}, {127, 127, 127},
                                  {188, 189, 34},  {23, 190, 207}};
    int legendY = top + 8;
    for (size_t i = 0; i < series.size(); ++i) {
        const Rgb col = kColors[i % std::size(kColors)];
        std::vector<std::pair<int, int>> pts;
        for (auto [x, y] : series[i].points)
            if (x > 0 && y > 0) pts.push_back({px(x), py(y)});
        for (size_t k = 0; k + 1 < pts.size(); ++k)
            c.line(pts[k].first, pts[k].second, pts[k + 1].first, pts[k + 1].second, col, 2);
        for (auto [x, y] : pts)
            c.rect(x - 3, y - 3, x + 3, y + 3, col);
        c.rect(left + 12, legendY + 2, left + 30, legendY + 6, col);
        c.text(left + 38, legendY, series[i].name, ink);
        legendY += 16;
    }
    if (Result<void> r = c.writePng(path); !r) return makeError("plot: " + r.error());
    return {};
}

} // namespace dicer::bench
