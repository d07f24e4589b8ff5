#include "surface_stage.h"

#include "log.h"
#include "storage_blocks.h"

#include <algorithm>
#include <span>

namespace dicer::frame {
namespace {

// The smallest vertex buffer a row starts with (count() needs one): 1024 triangles.
constexpr std::uint32_t kMinVertices = 3 * 1024;

// What the vertex buffer's limit is, for messages.
std::string limitText(std::uint32_t maxVertices) {
    return "beyond this driver's vertex buffer of " + std::to_string(maxVertices / 3) + " (" +
           std::to_string(gl::kEntryBlocks) + " blocks of GL_MAX_SHADER_STORAGE_BLOCK_SIZE)";
}

// Vertex-buffer size for a total: a quarter of headroom (a band dragged a little rarely outgrows it before
// the late total notices), never past the driver's limit.
std::uint32_t withHeadroom(std::uint32_t total, std::uint32_t maxVertices) {
    const std::uint64_t wanted = std::max<std::uint64_t>(kMinVertices, std::uint64_t(total) + total / 4);
    return std::uint32_t(std::min<std::uint64_t>(wanted, maxVertices));
}

} // namespace

Result<std::unique_ptr<SurfaceStage>> SurfaceStage::create(gl::ShaderLibrary& shaders,
                                                           const gl::GlInfo& info) {
    // Private constructor: make_unique cannot reach it.
    std::unique_ptr<SurfaceStage> s(new SurfaceStage(info));
    auto readback = gl::LateReadback::create(1, "surface total readback ring");
    if (!readback) return makeError(readback.error());
    s->m_readback = std::move(readback.value());
    const auto table = surface::mcMethodTable();
    s->m_methods.resize(table.size());
    s->m_attached.assign(table.size(), 0);
    s->m_refused.assign(table.size(), 0);
    s->m_refusal.resize(table.size());
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (!table[i].isAvailable(info)) {
            log::warn("mc method %s is not available on this driver", table[i].name);
            continue;
        }
        auto method = table[i].create(shaders, info);
        if (!method) return makeError(method.error());
        s->m_methods[i] = std::move(method.value());
    }
    s->m_shaders = &shaders; // the weld's programs are made on the first weldSurface()
    return s;
}

bool SurfaceStage::methodAvailable(surface::McMethodId method) const {
    const int row = method.row;
    return row >= 0 && std::size_t(row) < m_methods.size() && m_methods[std::size_t(row)];
}

void SurfaceStage::setInput(const SurfaceInput& input) {
    m_input = input;
    m_hasInput = true;
    ++m_generation; // every row takes it at its next run
    m_ok = false;
    resync();
}

void SurfaceStage::clearInput() {
    m_hasInput = false;
    ++m_generation;
    m_ok = false;
    resync();
}

void SurfaceStage::resync() {
    m_needsTotal = true;
    m_readback->clear();
    m_limitMessage.clear();
}

const surface::McMethod* SurfaceStage::drawable() const {
    return m_ok && methodAvailable(m_row) ? m_methods[std::size_t(m_row.row)].get() : nullptr;
}

surface::McMethod* SurfaceStage::drawable() {
    return m_ok && methodAvailable(m_row) ? m_methods[std::size_t(m_row.row)].get() : nullptr;
}

std::uint32_t SurfaceStage::maxVertices() const {
    return surface::McMethod::maxVertices(m_info);
}

std::uint32_t SurfaceStage::capacity() const {
    const surface::McMethod* m = drawable();
    return m ? m->capacity() : 0;
}

bool SurfaceStage::growing() const {
    return drawable() && m_total && *m_total > capacity() && m_limitMessage.empty();
}

Result<void> SurfaceStage::attach(surface::McMethodId method) {
    const auto r = std::size_t(method.row);
    if (m_attached[r] == m_generation) return {};
    // A refusal stands for this input: retrying every frame would repeat the message (and an allocation
    // failure's GL error).
    if (m_refused[r] == m_generation) return makeError(m_refusal[r]);
    surface::McMethod& m = *m_methods[r];
    Result<void> attached =
        m.useVolumeTexture(m_input.texture, m_input.size, m_input.type, m_input.spacing, m_input.binaryField);
    if (attached && m.capacity() == 0) attached = m.reserve(std::min(kMinVertices, maxVertices()));
    if (!attached) {
        m_refused[r] = m_generation;
        m_refusal[r] = "surface view: " + attached.error();
        return makeError(m_refusal[r]);
    }
    m_attached[r] = m_generation;
    return {};
}

void SurfaceStage::grow(surface::McMethod& m, std::uint32_t vertices) {
    if (!m_limitMessage.empty()) return; // said once; the next change (resync) tries again
    ++m_version;                          // the clamped list grows into the larger buffer
    const std::uint32_t most = maxVertices();
    const std::uint32_t wanted = withHeadroom(vertices, most);
    Result<void> grown = wanted > m.capacity() ? m.reserve(wanted) : Result<void>{};
    // Either way the run goes on with the buffer it has (the draw clamped to it), and one line says why.
    if (m_limitMessage.empty() && (vertices > most || !grown)) {
        m_limitMessage = grown ? "surface view: " + std::to_string(vertices / 3) + " triangles, " +
                                     limitText(most) + ": the rest is not drawn"
                               : "surface view: " + grown.error() + ": the rest is not drawn";
        log::warn("%s", m_limitMessage.c_str());
    }
}

Result<void> SurfaceStage::run(surface::McMethodId method, volume::Band band, std::uint64_t content) {
    m_ok = false;
    if (!methodAvailable(method)) {
        const surface::McMethodInfo* row = gl::rowOf(surface::mcMethodTable(), method);
        return makeError(std::string("mc method ") + (row ? row->name : "?") + " is not available on " +
                         m_info.renderer);
    }
    if (!m_hasInput) return makeError("surface view: no volume");
    if (method != m_row) resync(); // another row: its own buffer, sized from its own total
    if (method != m_row || band != m_band || m_versionGeneration != m_generation || content != m_content)
        ++m_version;
    m_versionGeneration = m_generation;
    m_content = content;
    m_row = method;
    m_band = band;
    if (Result<void> r = attach(method); !r) return r;
    surface::McMethod& m = *m_methods[std::size_t(method.row)];
    // A texture rewritten in place is new contents every run (its column ranges never kept); a value field
    // changes only with setInput (a new texture or shape: the ranges computed again).
    m.setContentVersion(m_input.rewritten ? ++m_rewrites : 0);

    if (!m_needsTotal) {
        // The late total of an earlier run said the buffer was short (growing()): grow before this run
        // expands into it. Then run, and copy this run's total into the ring (read a few frames later).
        if (m_total && *m_total > m.capacity()) grow(m, *m_total);
        if (Result<void> r = m.run(band); !r) return r;
        m_readback->push(m.headerBuffer(), surface::McMethod::totalOffset());
        if (const std::span<const std::uint32_t> late = m_readback->poll(); !late.empty())
            m_total = late.front();
        m_countIsLate = true;
        m_ok = true;
        return {};
    }
    // After a change: one stall for the exact total, and the run again if it did not fit.
    if (Result<void> r = m.run(band); !r) return r;
    const std::uint32_t total = m.readTotal();
    m_total = total;
    m_countIsLate = false;
    m_needsTotal = false;
    if (total > m.capacity()) {
        grow(m, total);
        if (Result<void> r = m.run(band); !r) return r;
    }
    m_ok = true;
    return {};
}

Result<surface::McMethod*> SurfaceStage::wholeList() {
    surface::McMethod* m = drawable();
    if (!m) return makeError("no surface to read");
    const std::uint32_t total = m->readTotal();
    if (total > m->capacity()) { // the late total has not caught up yet: this run was clamped
        if (total > maxVertices())
            return makeError(std::to_string(total / 3) + " triangles, " + limitText(maxVertices()));
        if (Result<void> r = m->reserve(total); !r) return makeError(r.error());
        if (Result<void> r = m->run(m_band); !r) return makeError(r.error());
    }
    m_total = total;
    return m;
}

Result<std::vector<surface::McGpuVertex>> SurfaceStage::readVertices() {
    Result<surface::McMethod*> m = wholeList();
    if (!m) return makeError(m.error());
    return (*m)->readVertices((*m)->readTotal());
}

Result<void> SurfaceStage::makeWeld() {
    if (m_weld) return {};
    // On the first export, not at start-up: most runs never weld, and its four programs compile in the meantime.
    auto weld = surface::GridEdgeWeld::create(*m_shaders, m_info);
    if (!weld) return makeError(weld.error());
    m_weld = std::move(weld.value());
    return {};
}

Result<surface::SurfaceMesh> SurfaceStage::weldSurface() {
    Result<surface::McMethod*> m = wholeList();
    if (!m) return makeError(m.error());
    if ((*m)->order() == surface::McOrder::Cells) {
        Result<void> made = makeWeld();
        if (!made) {
            log::warn("%s; welding the list on the CPU instead", made.error().c_str());
        } else {
            Result<surface::GridEdgeMesh> gpu = m_weld->run(**m);
            if (gpu) return surface::weldSurface(*gpu);
            log::warn("%s; welding the list on the CPU instead", gpu.error().c_str());
        }
    }
    return surface::weldSurface((*m)->readVertices((*m)->readTotal()), (*m)->volumeSize());
}

} // namespace dicer::frame
