#include "timer.h"

#include "gl_debug.h"

#include <algorithm>
#include <chrono>
#include <string>

namespace dicer::gl {

double steadyNowMs() {
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

Summary summarize(std::vector<double> values) {
    Summary s;
    s.samples = int(values.size());
    if (values.empty()) return s;
    std::sort(values.begin(), values.end());
    size_t n = values.size();
    s.median = n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
    s.min = values.front();
    s.max = values.back();
    return s;
}

std::vector<Summary> measureInterleaved(TimerSource source, int warmup, int reps,
                                        const std::vector<std::function<void()>>& configs) {
    Warmup warm(warmup);
    std::vector<std::vector<double>> samples(configs.size());
    for (int measured = 0; measured < reps;) {
        for (size_t c = 0; c < configs.size(); ++c) {
            const double ms = measureOnceMs(source, configs[c]);
            if (warm.done()) samples[c].push_back(ms);
        }
        if (warm.done())
            ++measured;
        else
            warm.tick();
    }
    std::vector<Summary> out;
    for (std::vector<double>& s : samples)
        out.push_back(summarize(std::move(s)));
    return out;
}

const char* timerSourceName(TimerSource source) {
    return source == TimerSource::GpuTimestamp ? "gpu-timer" : "cpu-fenced";
}

TimerSource chooseTimerSource(bool timerQueriesReliable, bool forceCpu) {
    return (timerQueriesReliable && !forceCpu) ? TimerSource::GpuTimestamp : TimerSource::CpuFenced;
}

void SampleWindow::add(double ms) {
    m_last = ms;
    if (int(m_values.size()) < m_capacity) {
        m_values.push_back(ms);
        m_next = int(m_values.size()) % m_capacity;
        return;
    }
    m_values[size_t(m_next)] = ms;
    m_next = (m_next + 1) % m_capacity;
}

StageStats SampleWindow::stats(std::string name) const {
    StageStats s;
    s.name = std::move(name);
    s.samples = int(m_values.size());
    if (m_values.empty()) return s;
    s.lastMs = m_last;
    s.minMs = *std::min_element(m_values.begin(), m_values.end());
    s.maxMs = *std::max_element(m_values.begin(), m_values.end());
    double sum = 0;
    for (double v : m_values)
        sum += v;
    s.avgMs = sum / double(m_values.size());
    return s;
}

StageTimers::StageTimers(TimerSource source, int warmupFrames) : m_source(source), m_warmup(warmupFrames) {
    if (m_source != TimerSource::GpuTimestamp) return;
    for (int s = 0; s < kRingFrames; ++s)
        for (int i = 0; i < kMaxStages; ++i) {
            m_ring[s].start[i] = gl::createQuery(GL_TIMESTAMP);
            m_ring[s].stop[i] = gl::createQuery(GL_TIMESTAMP);
        }
}

int StageTimers::stageIndex(std::string_view name) {
    for (size_t i = 0; i < m_names.size(); ++i)
        if (m_names[i] == name) return int(i);
    m_names.emplace_back(name);
    m_windows.emplace_back();
    return int(m_names.size() - 1);
}

void StageTimers::record(int stage, double ms, int frame) {
    if (m_sink) m_sink(frame, m_names[size_t(stage)], ms);
    if (!m_warmup.done()) return;
    m_windows[size_t(stage)].add(ms);
}

void StageTimers::read(const Slot& slot) {
    for (int i = 0; i < slot.used; ++i) {
        GLuint64 t0 = 0, t1 = 0;
        glGetQueryObjectui64v(slot.start[i].id(), GL_QUERY_RESULT, &t0);
        glGetQueryObjectui64v(slot.stop[i].id(), GL_QUERY_RESULT, &t1);
        if (t1 >= t0) record(slot.stageIndex[i], double(t1 - t0) * 1e-6, slot.frame);
    }
}

bool StageTimers::slotAvailable(int s) const {
    // The stop queries are written in order, so the last one being available means the whole slot is.
    const Slot& slot = m_ring[s];
    GLint done = GL_FALSE;
    glGetQueryObjectiv(slot.stop[slot.used - 1].id(), GL_QUERY_RESULT_AVAILABLE, &done);
    return done == GL_TRUE;
}

void StageTimers::beginFrame() {
    ++m_frame;
    if (m_source != TimerSource::GpuTimestamp) return;
    m_ring.harvest([&](int s) { return slotAvailable(s); }, [&](int s) { read(m_ring[s]); });
    Slot& slot = m_ring.begin(); // a slot still busy from kRingFrames ago is dropped, not waited for
    slot.used = 0;
    slot.frame = m_frame;
}

void StageTimers::finish() {
    if (m_source != TimerSource::GpuTimestamp) return; // CPU samples are recorded as they are taken
    glFinish();
    m_ring.harvest([&](int s) { return slotAvailable(s); }, [&](int s) { read(m_ring[s]); });
}

void StageTimers::begin(std::string_view stage) {
    int index = stageIndex(stage);
    m_open = index;
    if (glPushDebugGroup)
        glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, GLsizei(stage.size()), stage.data());
    if (m_source == TimerSource::CpuFenced) {
        glFinish();
        m_cpuStart = steadyNowMs();
        return;
    }
    Slot& slot = m_ring.current();
    if (slot.used >= kMaxStages) return;
    slot.stageIndex[slot.used] = index;
    glQueryCounter(slot.start[slot.used].id(), GL_TIMESTAMP);
}

void StageTimers::end() {
    if (m_open < 0) return;
    if (m_source == TimerSource::CpuFenced) {
        glFinish();
        record(m_open, steadyNowMs() - m_cpuStart, m_frame);
    } else {
        Slot& slot = m_ring.current();
        if (slot.used < kMaxStages) {
            glQueryCounter(slot.stop[slot.used].id(), GL_TIMESTAMP);
            ++slot.used;
            m_ring.submit();
        }
    }
    if (glPopDebugGroup) glPopDebugGroup();
    m_open = -1;
}

void StageTimers::endFrame() {
    // A swap flushes the queries to the GPU; a headless loop has no swap, and NVIDIA never makes an unflushed
    // query available. The flush is cheap and does not wait.
    if (m_source == TimerSource::GpuTimestamp) glFlush();
    m_warmup.tick();
}

void StageTimers::reset() {
    for (SampleWindow& w : m_windows)
        w.clear();
    m_warmup.restart();
}

std::vector<StageStats> StageTimers::stats() const {
    std::vector<StageStats> out;
    for (size_t i = 0; i < m_names.size(); ++i)
        out.push_back(m_windows[i].stats(m_names[i]));
    return out;
}

const SampleWindow* StageTimers::history(std::string_view stage) const {
    for (size_t i = 0; i < m_names.size(); ++i)
        if (m_names[i] == stage) return &m_windows[i];
    return nullptr;
}

double measureOnceMs(TimerSource source, const std::function<void()>& work) {
    if (source == TimerSource::CpuFenced) {
        glFinish();
        double t0 = steadyNowMs();
        work();
        glFinish();
        return steadyNowMs() - t0;
    }
    gl::Query q0 = gl::createQuery(GL_TIMESTAMP), q1 = gl::createQuery(GL_TIMESTAMP);
    glQueryCounter(q0.id(), GL_TIMESTAMP);
    work();
    glQueryCounter(q1.id(), GL_TIMESTAMP);
    GLuint64 t0 = 0, t1 = 0;
    glGetQueryObjectui64v(q0.id(), GL_QUERY_RESULT, &t0); // waits: benchmarks only
    glGetQueryObjectui64v(q1.id(), GL_QUERY_RESULT, &t1);
    return double(t1 - t0) * 1e-6;
}

} // namespace dicer::gl
