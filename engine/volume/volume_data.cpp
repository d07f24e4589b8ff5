#include "volume_data.h"

#include "file_read.h"
#include "input_file.h"

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <memory>
#include <new>

namespace dicer::volume {

namespace {

constexpr size_t kRawPieceBytes = size_t(1) << 20;
constexpr size_t kInflateInBytes = size_t(64) << 10;
constexpr size_t kInflateOutBytes = size_t(256) << 10;

// Receives the data's bytes in file order, in pieces of any length, and stores the samples in the stored
// type and the host's byte order. The readers never hand it more bytes than the volume holds.
class SampleWriter {
public:
    SampleWriter(FileType type, bool bigEndian, std::vector<std::byte>& out)
        : m_type(type), m_swap(bigEndian != (std::endian::native == std::endian::big)), m_out(out) {}

    void write(const std::byte* bytes, size_t count) {
        if (m_type != FileType::Float64) {
            std::memcpy(m_out.data() + m_pos, bytes, count);
            m_pos += count;
            return;
        }
        // float64: whole samples only; a sample split between two pieces waits in m_carry.
        while (count > 0) {
            const size_t n = std::min(count, sizeof m_carry - m_carried);
            std::memcpy(m_carry + m_carried, bytes, n);
            m_carried += n;
            bytes += n;
            count -= n;
            if (m_carried == sizeof m_carry) {
                writeFloat64();
                m_carried = 0;
            }
        }
    }

    // Same-size samples are copied as they come and swapped here, in one pass.
    void finish() {
        const int width = fileTypeBytes(m_type);
        if (!m_swap || width == 1 || m_type == FileType::Float64) return;
        for (size_t i = 0; i + size_t(width) <= m_pos; i += size_t(width))
            std::reverse(m_out.data() + i, m_out.data() + i + width);
    }

    std::int64_t roundedToInfinity() const { return m_infinities; }

private:
    void writeFloat64() {
        if (m_swap) std::reverse(m_carry, m_carry + sizeof m_carry);
        double d;
        std::memcpy(&d, m_carry, sizeof d);
        // Round to nearest like the FPU, without the undefined behaviour of narrowing a value beyond float's
        // range: from FLT_MAX + half an ulp (2^103) on, the rounded value is infinity.
        float f;
        if (std::isnan(d) || std::fabs(d) <= double(FLT_MAX)) {
            f = static_cast<float>(d);
        } else if (std::fabs(d) < double(FLT_MAX) + std::ldexp(1.0, 103)) {
            f = std::copysign(FLT_MAX, float(d > 0 ? 1 : -1));
        } else {
            f = d > 0 ? HUGE_VALF : -HUGE_VALF;
            if (!std::isinf(d)) ++m_infinities;
        }
        std::memcpy(m_out.data() + m_pos, &f, sizeof f);
        m_pos += sizeof f;
    }

    FileType m_type;
    bool m_swap;
    std::vector<std::byte>& m_out;
    size_t m_pos = 0;
    std::byte m_carry[8]{};
    size_t m_carried = 0;
    std::int64_t m_infinities = 0;
};

// Messages about one data file: "<header>: data file 'q.7' is truncated: ...".
struct Blame {
    const VolumeHeader& header;
    std::string who; // "data file 'q.7'" or "the data after the header"
    Error operator()(const std::string& what) const { return makeError(headerError(header, 0, who + what)); }
};

std::string bytesWhereNeeded(std::int64_t have, std::int64_t need) {
    return std::to_string(have) + " bytes of data where the header needs " + std::to_string(need);
}

// Raw samples: the file's size says whether they are all there, and no more, before anything is read.
Result<void> readRawChunk(InputFile& file, std::int64_t bytes, std::int64_t byteSkip, SampleWriter& out,
                          const Blame& blame) {
    const std::int64_t start = file.position();
    const std::int64_t available = file.size() - start;
    std::int64_t skip = byteSkip;
    if (byteSkip == -1) { // the data are the file's last bytes
        if (available < bytes) return blame(" is truncated: " + bytesWhereNeeded(available, bytes));
        skip = available - bytes;
    } else if (available - skip < bytes) {
        return blame(" is truncated: " +
                     bytesWhereNeeded(std::max<std::int64_t>(0, available - skip), bytes));
    } else if (available - skip > bytes) {
        return blame(" is longer than the header says: " + bytesWhereNeeded(available - skip, bytes));
    }
    if (Result<void> moved = file.seek(start + skip); !moved) return blame(": " + moved.error());
    std::vector<std::byte> piece(size_t(std::min<std::int64_t>(bytes, std::int64_t(kRawPieceBytes))));
    for (std::int64_t done = 0; done < bytes;) {
        const size_t want = size_t(std::min<std::int64_t>(bytes - done, std::int64_t(piece.size())));
        Result<size_t> got = file.read(piece.data(), want);
        if (!got) return blame(": " + got.error());
        out.write(piece.data(), *got);
        done += std::int64_t(*got);
        if (*got < want) return blame(" is truncated: " + bytesWhereNeeded(done, bytes) + " (it shrank)");
    }
    std::byte extra;
    Result<size_t> more = file.read(&extra, 1);
    if (!more) return blame(": " + more.error());
    if (*more > 0) return blame(" is longer than the header says: it grew while being read");
    return {};
}

// One zlib or gzip stream (several gzip members in a row are one stream, as zlib's gzread reads them),
// inflated into at most the bytes the header needs plus one: that one byte proves the data longer. Bytes
// after the stream's end are ignored, as gzread and MetaIO ignore them, and counted: the caller warns (a
// file with trailing bytes may have been concatenated or written by a buggy tool). Returns that count.
Result<std::int64_t> inflateChunk(InputFile& file, std::int64_t bytes, std::int64_t byteSkip, SampleWriter& out,
                                  const Blame& blame) {
    z_stream z{};
    if (inflateInit2(&z, 15 + 32) != Z_OK) return blame(": zlib's inflateInit2 failed"); // 32: zlib or gzip
    struct End {
        z_stream& z;
        ~End() { inflateEnd(&z); }
    } end{z};
    auto in = std::make_unique<Bytef[]>(kInflateInBytes);
    auto outBuffer = std::make_unique<Bytef[]>(kInflateOutBytes);
    std::int64_t toSkip = byteSkip, toWrite = bytes;
    bool eof = false;
    // Keeps the unread input and reads more until `want` bytes are there or the file ends.
    auto refill = [&](size_t want) -> Result<void> {
        if (z.avail_in >= want || eof) return {};
        if (z.avail_in > 0) std::memmove(in.get(), z.next_in, z.avail_in);
        z.next_in = in.get();
        while (z.avail_in < want && !eof) {
            Result<size_t> got =
                file.read(reinterpret_cast<std::byte*>(in.get()) + z.avail_in, kInflateInBytes - z.avail_in);
            if (!got) return makeError(got.error());
            eof = *got == 0;
            z.avail_in += uInt(*got);
        }
        return {};
    };
    const std::int64_t total = byteSkip + bytes;
    auto inflated = [&] { return std::to_string(total - toSkip - toWrite); };
    for (;;) {
        if (Result<void> r = refill(1); !r) return blame(": " + r.error());
        const uInt room = uInt(std::min<std::int64_t>(std::int64_t(kInflateOutBytes), toSkip + toWrite + 1));
        z.next_out = outBuffer.get();
        z.avail_out = room;
        const int status = inflate(&z, Z_NO_FLUSH);
        const size_t produced = room - z.avail_out;
        const size_t skipped = size_t(std::min<std::int64_t>(toSkip, std::int64_t(produced)));
        const size_t kept = size_t(std::min<std::int64_t>(toWrite, std::int64_t(produced - skipped)));
        toSkip -= std::int64_t(skipped);
        toWrite -= std::int64_t(kept);
        out.write(reinterpret_cast<const std::byte*>(outBuffer.get()) + skipped, kept);
        if (skipped + kept < produced)
            return blame(" is longer than the header says: its compressed data inflate past the " +
                         std::to_string(total) + " bytes the header needs");
        if (status == Z_STREAM_END) {
            if (Result<void> r = refill(2); !r) return blame(": " + r.error());
            if (z.avail_in >= 2 && z.next_in[0] == 0x1f && z.next_in[1] == 0x8b) { // another gzip member
                inflateReset(&z);
                continue;
            }
            if (toSkip + toWrite > 0)
                return blame(" is truncated: its compressed data inflate to " + inflated() +
                             " bytes where the header needs " + std::to_string(total));
            return std::int64_t(z.avail_in) + (file.size() - file.position());
        }
        if (status == Z_BUF_ERROR && z.avail_in == 0 && eof)
            return blame(" is truncated: its compressed stream ends early, after " + inflated() + " of " +
                         std::to_string(total) + " bytes");
        if (status != Z_OK && status != Z_BUF_ERROR)
            return blame(" has corrupt compressed data (zlib: " + std::string(z.msg ? z.msg : "error") + ")");
    }
}

} // namespace

Result<ScalarVolume> readVolumeData(const VolumeHeader& header,
                                    const std::vector<std::filesystem::path>& files) {
    ScalarVolume volume;
    volume.size = glm::ivec3(header.size);
    volume.type = storedType(header.type);
    volume.spacing = glm::vec3(header.spacing);
    volume.anatomy = header.anatomy;
    try {
        volume.data.resize(size_t(volume.byteCount()));
    } catch (const std::bad_alloc&) {
        return makeError(headerError(
            header, 0, "cannot allocate " + std::to_string(volume.byteCount()) + " bytes for the samples"));
    }
    SampleWriter writer(header.type, header.bigEndian, volume.data);
    const std::int64_t perFile =
        header.voxelCount() / std::int64_t(files.size()) * std::int64_t(fileTypeBytes(header.type));
    for (size_t i = 0; i < files.size(); ++i) {
        const bool attached = header.dataFiles.empty();
        const Blame blame{header, attached ? "the data after the header"
                                           : "data file " + dicer::quoted(header.dataFiles[i])};
        Result<InputFile> file = InputFile::open(files[i]);
        if (!file) return blame(": " + file.error());
        if (attached) {
            if (Result<void> moved = file->seek(header.dataOffset); !moved)
                return blame(": " + moved.error());
        }
        if (header.lineSkip > 0) {
            Result<bool> skipped = file->skipLines(header.lineSkip);
            if (!skipped) return blame(": " + skipped.error());
            if (!*skipped)
                return blame(" is truncated: it ends within the " + std::to_string(header.lineSkip) +
                             " lines the header skips");
        }
        if (header.encoding == Encoding::Raw) {
            if (Result<void> chunk = readRawChunk(*file, perFile, header.byteSkip, writer, blame); !chunk)
                return makeError(chunk.error());
            continue;
        }
        Result<std::int64_t> trailing = inflateChunk(*file, perFile, header.byteSkip, writer, blame);
        if (!trailing) return makeError(trailing.error());
        if (*trailing > 0)
            volume.warnings.push_back(headerError(header, 0, blame.who + ": " + std::to_string(*trailing) +
                                                                 " bytes after the end of its compressed stream "
                                                                 "were ignored"));
    }
    writer.finish();

    if (std::string note = orientationNote(header); !note.empty()) volume.notes.push_back(note);
    if (header.type == FileType::Float64) {
        std::string note = "float64 samples stored as float32 (rounded to nearest)";
        if (const std::int64_t n = writer.roundedToInfinity(); n > 0)
            note += "; " + std::to_string(n) + " beyond float32's range became infinite";
        volume.notes.push_back(note);
    }
    return volume;
}

} // namespace dicer::volume
