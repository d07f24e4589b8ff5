// tinygltf 2.7.0 (Syoyo Fujita, MIT; Debian's libtinygltf-dev header), compiled here with its implementation so
// that its file access and image decoding are left out at compile time (TINYGLTF_NO_FS, TINYGLTF_NO_STB_IMAGE,
// TINYGLTF_NO_EXTERNAL_IMAGE, set for the whole wing in CMakeLists.txt so every file sees the same classes) and
// the fuzzer's instrumentation covers its parser. Debian's libtinygltf.so has both compiled in.
// The only file access left is ours (FsCallbacks below); images are kept encoded, never decoded here.
#include <fstream> // tinygltf 2.7.0's writers use std::ofstream without including <fstream> under TINYGLTF_NO_FS

#define TINYGLTF_IMPLEMENTATION
#include "gltf_detail.h"

#include "file_read.h"

#include <new>
#include <sstream>

namespace dicer::model::gltf_detail {
namespace {

// What the file callbacks share during one parse: tinygltf reports a refused file only as "File not found",
// so the real reason is kept here and becomes the error.
struct FileAccess {
    GltfContext& ctx;
    std::uintmax_t bufferBytes = 0; // read so far, against limits.maxGltfBufferBytes
    std::string refusal;            // the first refused or failed read

    void refuse(const std::string& why) {
        if (refusal.empty()) refusal = why;
    }
};

std::string expandNothing(const std::string& path, void*) {
    return path; // no '~' or environment expansion: names are taken as they are
}

// tinygltf asks for the buffer's URI (percent-decoded) joined to the base folder we gave it, which is empty, and
// then "./" + URI: both resolve inside the model's folder only.
bool fileExists(const std::string& name, void* user) {
    FileAccess& access = *static_cast<FileAccess*>(user);
    if (access.ctx.baseDir.empty()) {
        access.refuse("buffer file " + dicer::quoted(name) + " not read: no model folder to read it from");
        return false;
    }
    Result<std::filesystem::path> path = resolveInsideFolder(access.ctx.baseDir, name);
    if (!path) access.refuse("buffer file not read: " + path.error());
    return bool(path);
}

bool readWholeFile(std::vector<unsigned char>* out, std::string* err, const std::string& name, void* user) {
    FileAccess& access = *static_cast<FileAccess*>(user);
    Result<std::filesystem::path> path = resolveInsideFolder(access.ctx.baseDir, name);
    if (!path) {
        access.refuse("buffer file not read: " + path.error());
        return false;
    }
    const std::uintmax_t cap = access.ctx.limits.maxGltfBufferBytes;
    const std::uintmax_t left = cap - std::min(access.bufferBytes, cap);
    Result<std::string> bytes = readRegularFile(*path, left, "buffer file");
    if (!bytes) {
        access.refuse(bytes.error() + (left < cap ? " (" + std::to_string(left) + " bytes left of the " +
                                                        std::to_string(cap) + " all buffers may take)"
                                                  : ""));
        if (err) *err = bytes.error();
        return false;
    }
    access.bufferBytes += bytes->size();
    out->assign(bytes->begin(), bytes->end());
    return true;
}

bool writeNothing(std::string* err, const std::string&, const std::vector<unsigned char>&, void*) {
    if (err) *err = "the loader writes no files";
    return false;
}

// tinygltf calls this for an image in a data URI (with its decoded bytes) and for one in a buffer view (with
// a pointer it computed without checking the view against its buffer: never read here; gltf_materials.cpp
// takes those bytes itself after checking). Nothing is decoded: the bytes are kept as they are.
bool keepImageBytes(tinygltf::Image* image, const int, std::string*, std::string*, int, int,
                    const unsigned char* bytes, int size, void*) {
    if (image->bufferView != -1) return true;
    if (bytes != nullptr && size > 0) image->image.assign(bytes, bytes + size);
    image->as_is = true;
    return true;
}

// tinygltf's messages are lines ending in '\n': one line of "; "-separated text. A line may quote a whole
// data URI ("Failed to decode 'uri' : data:...", megabytes): each is cut after kMaxMessageLine characters.
constexpr size_t kMaxMessageLine = 200;
std::string oneLine(const std::string& text) {
    std::istringstream lines(text);
    std::string out;
    for (std::string line; std::getline(lines, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (line.empty()) continue;
        if (line.size() > kMaxMessageLine) line = line.substr(0, kMaxMessageLine) + "...";
        if (!out.empty()) out += "; ";
        out += line;
    }
    return out;
}

Result<tinygltf::Model> parse(std::string_view bytes, bool binary, GltfContext& ctx) {
    FileAccess access{ctx, 0, {}};
    tinygltf::TinyGLTF parser;
    parser.SetFsCallbacks({&fileExists, &expandNothing, &readWholeFile, &writeNothing, &access});
    parser.SetImageLoader(&keepImageBytes, nullptr);
    tinygltf::Model model;
    std::string err, warn;
    // The sizes were capped before (limits.maxGltfBytes <= 4 GiB): they fit tinygltf's unsigned int.
    const auto size = static_cast<unsigned int>(bytes.size());
    const bool ok =
        binary ? parser.LoadBinaryFromMemory(&model, &err, &warn,
                                             reinterpret_cast<const unsigned char*>(bytes.data()), size, "")
               : parser.LoadASCIIFromString(&model, &err, &warn, bytes.data(), size, "");
    if (!ok) {
        const std::string why = !access.refusal.empty() ? access.refusal : oneLine(err);
        return ctx.error(why.empty() ? "tinygltf could not parse it" : why);
    }
    // With ok == true, `err` holds what tinygltf skipped (a primitive without attributes, ...): warnings.
    if (const std::string skipped = oneLine(err); !skipped.empty()) ctx.warn("skipped: " + skipped);
    if (const std::string notes = oneLine(warn); !notes.empty()) ctx.warn(notes);
    std::uintmax_t bufferBytes = 0;
    for (const tinygltf::Buffer& buffer : model.buffers)
        bufferBytes += buffer.data.size();
    if (bufferBytes > ctx.limits.maxGltfBufferBytes)
        return ctx.error("its buffers hold " + std::to_string(bufferBytes) + " bytes, over the limit of " +
                         std::to_string(ctx.limits.maxGltfBufferBytes));
    return model;
}

} // namespace

Result<tinygltf::Model> parseGltfDocument(std::string_view bytes, bool binary, GltfContext& ctx) {
    // nlohmann::json and tinygltf allocate freely (and throw on absurd input); no exception leaves the loader.
    try {
        return parse(bytes, binary, ctx);
    } catch (const std::bad_alloc&) {
        return ctx.error("out of memory while parsing");
    } catch (const std::exception& e) {
        return ctx.error(std::string("parsing failed: ") + e.what());
    }
}

} // namespace dicer::model::gltf_detail
