#include "auto_verify.h"

#include "log.h"

#include <algorithm>

namespace dicer::frame {

const char* autoVerifyStateName(AutoVerify::State state) {
    constexpr const char* kNames[] = {"pending", "on request", "done", "failed"};
    return kNames[int(state)];
}

AutoVerify::AutoVerify(AutoVerifyLimits limits) : m_limits(limits) {}

AutoVerify::~AutoVerify() {
    cancel();
    m_retiring.clear(); // each job's worker stops at its next chunk and joins, then its snapshot goes
}

void AutoVerify::cancel() {
    if (!m_job) return;
    if (m_job->worker.joinable()) {
        m_job->worker.request_stop();
        if (!m_job->done.load()) ++m_cancelled;
        m_retiring.push_back(std::move(m_job)); // its snapshot stays mapped until its worker has stopped
    }
    m_job.reset(); // copies not yet landed: nothing reads them, the buffer and fence go now
}

void AutoVerify::reap() {
    std::erase_if(m_retiring, [](const std::unique_ptr<Job>& job) { return job->done.load(); });
}

void AutoVerify::changed(double nowMs) {
    cancel();
    m_state = State::Pending;
    m_why.clear();
    m_changedMs = nowMs;
    m_framesSinceChange = 0;
}

void AutoVerify::settle(State state) {
    cancel();
    m_state = state;
}

std::optional<hp::VerifyReport> AutoVerify::poll(const Frame& frame, double nowMs) {
    reap();
    if (m_state != State::Pending) return std::nullopt;
    ++m_framesSinceChange;
    if (!m_job) {
        if (nowMs - m_changedMs < m_limits.debounceMs || m_framesSinceChange <= m_limits.debounceFrames)
            return std::nullopt;
        const std::optional<ListOnGpu> gpu = frame.listOnGpu();
        const std::optional<std::uint32_t> count = frame.activeCount();
        if (!gpu || !count) return std::nullopt; // no method, or its count not back yet: wait
        const std::size_t bytes = VerifySnapshot::bytesFor(*gpu);
        if (*count > m_limits.maxPoints || bytes > m_limits.maxBytes) {
            m_state = State::OnRequest;
            m_why = std::to_string(*count) + " points, a " + std::to_string(bytes >> 20) +
                    " MiB snapshot: above " + std::to_string(m_limits.maxPoints >> 20) + " M points or " +
                    std::to_string(m_limits.maxBytes >> 20) + " MiB, verified on request";
            return std::nullopt;
        }
        Result<std::unique_ptr<VerifySnapshot>> snap = VerifySnapshot::capture(*gpu);
        if (!snap) {
            m_state = State::Failed;
            m_why = snap.error();
            log::warn("verify: %s", m_why.c_str());
            return std::nullopt;
        }
        m_job = std::make_unique<Job>();
        m_job->snapshot = std::move(snap.value());
        m_job->startMs = nowMs;
        return std::nullopt;
    }
    if (!m_job->worker.joinable()) { // copied, not compared yet
        if (!m_job->snapshot->landed()) return std::nullopt;
        Job* job = m_job.get();
        job->worker = std::jthread([job, budget = m_limits.budget, hook = m_limits.beforeCompare](std::stop_token stop) {
            if (hook) hook(stop);
            job->report = job->snapshot->compare(budget, stop);
            job->done.store(true);
        });
        return std::nullopt;
    }
    if (!m_job->done.load()) return std::nullopt;
    m_job->worker.join();
    hp::VerifyReport report = std::move(m_job->report);
    m_lastMs = nowMs - m_job->startMs;
    m_job.reset();
    m_state = State::Done;
    return report;
}

} // namespace dicer::frame
