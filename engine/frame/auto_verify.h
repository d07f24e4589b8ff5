// Verify by itself after each change, off the frame thread. A change (of the input, the method, the output, the
// band: whatever the caller calls one) makes it pending and restarts a short wait (debounce: a dragged slider
// is one change); then a snapshot of the list and its output (verify_snapshot.h: GPU copies and a fence, no
// wait); once the fence has signalled, the comparison with the CPU reference on a worker thread. The next change
// cancels a comparison under way: its worker stops at its next chunk and its snapshot is deleted on the frame
// thread once it has. A list above the size limits (points, or the bytes its snapshot copies) is verified only
// on request (Frame::verify: in place, bounded, stalling); the state says so.
#pragma once

#include "frame.h"
#include "hp_reference.h"
#include "verify_snapshot.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace dicer::frame {

// Above 4 M points (64 MiB of entries, as many again for the reference's chunks) a comparison takes seconds on
// two cores and its snapshot a large buffer: such lists are verified on request only.
inline constexpr std::uint32_t kAutoVerifyMaxPoints = 4u << 20;

struct AutoVerifyLimits {
    double debounceMs = 300;   // quiet time after the last change
    int debounceFrames = 3;    // and frames rendered after it (the sparse pool and the resident list settle)
    std::uint32_t maxPoints = kAutoVerifyMaxPoints;
    std::size_t maxBytes = hp::kVerifyBudgetBytes; // of a snapshot
    std::size_t budget = hp::kVerifyBudgetBytes;   // of the comparison (list_compare.h)
    // Tests: runs on the worker before each comparison (a test holds a comparison there to cancel it under way).
    std::function<void(const std::stop_token&)> beforeCompare;
};

class AutoVerify {
public:
    enum class State {
        Pending,   // a change is waiting, being copied or compared
        OnRequest, // the list is above the limits (why()): it is verified only on request
        Done,      // the last comparison finished (its report is the caller's)
        Failed,    // the snapshot could not be made (why())
    };

    explicit AutoVerify(AutoVerifyLimits limits = {});
    ~AutoVerify(); // frame thread: stops the workers, waits for them, deletes their snapshots
    AutoVerify(const AutoVerify&) = delete;
    AutoVerify& operator=(const AutoVerify&) = delete;

    // Something the list depends on changed: pending again; a comparison under way is cancelled.
    void changed(double nowMs);
    // Pending, and nothing under way: the result of the last comparison stands (a verify on request took it).
    void settle(State state = State::Done);
    // Frame thread, once a frame after the list: advances (the wait, the snapshot, the fence, the worker).
    // Returns the report of a comparison that finished this call.
    std::optional<hp::VerifyReport> poll(const Frame& frame, double nowMs);

    State state() const { return m_state; }
    const std::string& why() const { return m_why; } // OnRequest, Failed: in words
    bool busy() const { return m_job != nullptr; }   // a snapshot or a comparison under way
    double lastMs() const { return m_lastMs; }        // the last finished comparison: snapshot to report
    std::size_t cancelled() const { return m_cancelled; } // comparisons stopped by a change so far

private:
    struct Job {
        std::unique_ptr<VerifySnapshot> snapshot; // declared first: destroyed after the worker has joined
        double startMs = 0;
        std::atomic<bool> done{false};
        hp::VerifyReport report;
        std::jthread worker;
    };
    void cancel();
    void reap(); // deletes the cancelled jobs whose workers have stopped

    AutoVerifyLimits m_limits;
    State m_state = State::Pending; // the first configuration is verified too
    std::string m_why;
    double m_changedMs = -1e300;
    int m_framesSinceChange = 0;
    std::unique_ptr<Job> m_job;
    std::vector<std::unique_ptr<Job>> m_retiring;
    double m_lastMs = 0;
    std::size_t m_cancelled = 0;
};

const char* autoVerifyStateName(AutoVerify::State state); // "pending", "on request", "done", "failed"

} // namespace dicer::frame
