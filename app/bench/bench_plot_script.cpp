#include "bench_plot_script.h"

#include "file_read.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace dicer::bench {
namespace fs = std::filesystem;

std::optional<PlotJob> plotJob(const Options& o, const Report& report) {
    // The same choice of tables as main(): --mc, --voxelizer, --sort and --scaling --voxels run alone.
    PlotJob job;
    if (o.mc)
        job = {kTableMc, o.mcPlot};
    else if (o.voxelizer)
        return std::nullopt;
    else if (o.scaling && !o.voxelOutputs.empty())
        job = {kTableVoxelScaling, o.plot};
    else if (o.sort)
        job = {kTableSort, o.sortPlot};
    else if (o.scaling)
        job = {kTableScaling, o.plot};
    else
        return std::nullopt;
    const bool hasRows = std::any_of(report.rows.begin(), report.rows.end(),
                                     [&](const Measurement& m) { return m.table == job.table; });
    if (job.png.empty() || !hasRows) return std::nullopt;
    if (job.png == kAutoPlot) job.png = (defaultPlotFolder() / ("dicer-" + std::string(job.table) + ".png")).string();
    return job;
}

fs::path defaultPlotFolder() {
    // The build folder (bin/'s parent), never the working directory: plots are outputs of a build's program.
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    const fs::path folder = (ec ? fs::current_path(ec) : exe.parent_path().parent_path()) / "plots";
    fs::create_directories(folder, ec);
    return folder;
}

std::string plotPython() {
    if (const char* env = std::getenv("DICER_PYTHON"); env && *env) return env;
    return "/usr/bin/python3";
}

fs::path plotScript() {
    return runtimeDataDirectory("DICER_SCRIPT_DIR", "scripts", DICER_SCRIPT_SOURCE_DIR) / "plot_bench.py";
}

namespace {

// The CSV handed to the script: a file of its own in the temporary folder, removed when done.
class TempCsv {
public:
    static Result<TempCsv> create() {
        std::error_code ec;
        const fs::path dir = fs::temp_directory_path(ec);
        std::string name = ((ec ? fs::path("/tmp") : dir) / "dicer-bench-plot-XXXXXX.csv").string();
        const int fd = ::mkstemps(name.data(), 4);
        if (fd < 0)
            return makeError("cannot create a temporary CSV " + dicer::quoted(name) + ": " +
                             std::strerror(errno));
        ::close(fd);
        return TempCsv(std::move(name));
    }
    TempCsv(TempCsv&& other) noexcept : m_path(std::move(other.m_path)) { other.m_path.clear(); }
    TempCsv(const TempCsv&) = delete;
    TempCsv& operator=(const TempCsv&) = delete;
    TempCsv& operator=(TempCsv&&) = delete;
    ~TempCsv() {
        if (!m_path.empty()) ::unlink(m_path.c_str());
    }
    const std::string& path() const { return m_path; }

private:
    explicit TempCsv(std::string path) : m_path(std::move(path)) {}
    std::string m_path;
};

struct Finished {
    int status = 0;         // waitpid's
    std::string stderrText; // the script's messages (one line on a failure it detects)
};

// Runs argv[0] with the arguments, its stderr captured (to put its reason into our one error message), its
// stdout ours. posix_spawn, not system(): no shell, so no quoting of the file names.
Result<Finished> runCaptured(const std::vector<std::string>& args) {
    int pipeFds[2];
    if (::pipe2(pipeFds, O_CLOEXEC) != 0) return makeError(std::string("pipe: ") + std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDERR_FILENO); // dup2 clears O_CLOEXEC on fd 2
    std::vector<char*> argv;
    for (const std::string& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout); // our tables before anything the child might print
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, args[0].c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipeFds[1]);
    if (spawned != 0) {
        ::close(pipeFds[0]);
        return makeError("cannot run " + args[0] + ": " + std::strerror(spawned));
    }
    Finished done;
    char buffer[4096];
    for (;;) { // to the end first: a child blocked on a full pipe would never exit
        const ssize_t n = ::read(pipeFds[0], buffer, sizeof buffer);
        if (n > 0)
            done.stderrText.append(buffer, size_t(n));
        else if (n == 0 || errno != EINTR)
            break;
    }
    ::close(pipeFds[0]);
    while (::waitpid(pid, &done.status, 0) < 0)
        if (errno != EINTR) return makeError(std::string("waitpid: ") + std::strerror(errno));
    return done;
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
        s.pop_back();
    return s;
}

} // namespace

Result<void> drawPlot(const PlotJob& job, const Report& report) {
    const std::string what = "cannot draw the plot " + dicer::quoted(job.png) + ": ";
    const std::string python = plotPython();
    if (::access(python.c_str(), X_OK) != 0)
        return makeError(
            what + "no Python at " + python + " (" + std::strerror(errno) +
            "); install python3-matplotlib (Debian 12), point DICER_PYTHON at a python3 that has "
            "matplotlib, or leave the plot out (--plot none / --sort-plot none)");
    const fs::path script = plotScript();
    std::error_code ec;
    if (!fs::is_regular_file(script, ec))
        return makeError(what + "no plot script at " + dicer::quoted(script.string()) +
                         " (set DICER_SCRIPT_DIR to the folder of plot_bench.py)");
    Result<TempCsv> csv = TempCsv::create();
    if (!csv) return makeError(what + csv.error());
    if (Result<void> r = writeCsv(csv->path(), report); !r) return makeError(what + r.error());
    Result<Finished> run = runCaptured({python, script.string(), job.table, csv->path(), job.png});
    if (!run) return makeError(what + run.error());
    const std::string said = trimmed(run->stderrText);
    if (WIFEXITED(run->status) && WEXITSTATUS(run->status) == 0) {
        if (!said.empty()) std::fprintf(stderr, "%s\n", said.c_str()); // matplotlib's warnings, if any
        return {};
    }
    const std::string how = WIFEXITED(run->status) ? "exit status " + std::to_string(WEXITSTATUS(run->status))
                                                   : "signal " + std::to_string(WTERMSIG(run->status));
    return makeError(what + (said.empty() ? python + " " + script.string() + " ended with " + how : said));
}

} // namespace dicer::bench
