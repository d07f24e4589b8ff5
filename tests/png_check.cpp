// Checks a screenshot of the dicer window test runs (stb_image from libstb):
//   png_check FILE [--size WxH] [--particles] [--differs OTHER] [--agrees OTHER LEVEL PERCENT]
//   --size       the PNG is exactly W x H
//   --particles  the central half of the image (25 %..75 % both ways) holds particles: at least 2 % of its
//                pixels are strongly coloured (max - min channel >= 48). Background, floor and panels are
//                grey or dark blue-grey, the particles' false colours are saturated.
//   --differs    at least 1 % of the pixels differ from OTHER by more than 16 in some channel
//   --agrees OTHER LEVEL PERCENT
//                same size as OTHER, and at most PERCENT % of the pixels differ from it by more than LEVEL
//                (0-255) in some channel; prints the measured fraction and the largest difference
// Exit 0 when every check passes; the reasons go to stderr.
#include <stb_image.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace {

struct Png {
    int width = 0, height = 0;
    std::unique_ptr<unsigned char, void (*)(void*)> pixels{nullptr, stbi_image_free};
    const unsigned char* at(int x, int y) const {
        return pixels.get() + (size_t(y) * size_t(width) + size_t(x)) * 3;
    }
};

bool load(const char* file, Png& png) {
    int channels = 0;
    png.pixels.reset(stbi_load(file, &png.width, &png.height, &channels, 3));
    if (!png.pixels) std::fprintf(stderr, "png_check: cannot read %s: %s\n", file, stbi_failure_reason());
    return bool(png.pixels);
}

bool colored(const unsigned char* p) {
    int hi = std::max({p[0], p[1], p[2]}), lo = std::min({p[0], p[1], p[2]});
    return hi - lo >= 48;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(
            stderr,
            "usage: png_check FILE [--size WxH] [--particles] [--differs OTHER] [--agrees OTHER LEVEL "
            "PERCENT]\n");
        return 2;
    }
    Png png;
    if (!load(argv[1], png)) return 1;
    bool ok = true;
    for (int i = 2; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--size" && i + 1 < argc) {
            int w = 0, h = 0;
            if (std::sscanf(argv[++i], "%dx%d", &w, &h) != 2) return 2;
            if (png.width != w || png.height != h) {
                std::fprintf(stderr, "png_check: %s is %dx%d, expected %dx%d\n", argv[1], png.width,
                             png.height, w, h);
                ok = false;
            }
        } else if (arg == "--particles") {
            int count = 0, total = 0;
            for (int y = png.height / 4; y < png.height * 3 / 4; ++y)
                for (int x = png.width / 4; x < png.width * 3 / 4; ++x, ++total)
                    count += colored(png.at(x, y));
            double fraction = total ? double(count) / total : 0.0;
            std::printf("png_check: %.1f %% coloured pixels in the centre of %s\n", 100.0 * fraction,
                        argv[1]);
            if (fraction < 0.02) {
                std::fprintf(stderr, "png_check: no particle cloud in the centre of %s\n", argv[1]);
                ok = false;
            }
        } else if (arg == "--differs" && i + 1 < argc) {
            Png other;
            if (!load(argv[++i], other)) return 1;
            if (other.width != png.width || other.height != png.height) continue; // sizes differ: different
            int differing = 0;
            for (int y = 0; y < png.height; ++y)
                for (int x = 0; x < png.width; ++x) {
                    const unsigned char *a = png.at(x, y), *b = other.at(x, y);
                    differing += std::abs(a[0] - b[0]) > 16 || std::abs(a[1] - b[1]) > 16 ||
                                 std::abs(a[2] - b[2]) > 16;
                }
            double fraction = double(differing) / (double(png.width) * png.height);
            std::printf("png_check: %.2f %% of the pixels differ from %s\n", 100.0 * fraction, argv[i]);
            if (fraction < 0.01) {
                std::fprintf(stderr, "png_check: %s and %s are (nearly) the same\n", argv[1], argv[i]);
                ok = false;
            }
        } else if (arg == "--agrees" && i + 3 < argc) {
            Png other;
            const char* otherName = argv[++i];
            const int level = std::atoi(argv[++i]);
            const double maxPercent = std::atof(argv[++i]);
            if (!load(otherName, other)) return 1;
            if (other.width != png.width || other.height != png.height) {
                std::fprintf(stderr, "png_check: %s is %dx%d, %s %dx%d\n", argv[1], png.width, png.height,
                             otherName, other.width, other.height);
                ok = false;
                continue;
            }
            long differing = 0;
            int largest = 0;
            for (int y = 0; y < png.height; ++y)
                for (int x = 0; x < png.width; ++x) {
                    const unsigned char *a = png.at(x, y), *b = other.at(x, y);
                    const int d =
                        std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
                    largest = std::max(largest, d);
                    differing += d > level;
                }
            const double percent = 100.0 * double(differing) / (double(png.width) * png.height);
            std::printf("png_check: %.3f %% of the pixels (%ld) differ from %s by more than %d (largest "
                        "difference %d)\n",
                        percent, differing, otherName, level, largest);
            if (percent > maxPercent) {
                std::fprintf(stderr, "png_check: %s and %s disagree: %.3f %% > %.3f %%\n", argv[1], otherName,
                             percent, maxPercent);
                ok = false;
            }
        } else {
            std::fprintf(stderr, "png_check: unknown argument %s\n", arg.c_str());
            return 2;
        }
    }
    return ok ? 0 : 1;
}
