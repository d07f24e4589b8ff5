// dicer-bench --sort: the 1D HistoPyramid counting sort against its GPU peers (a scan-based counting sort and
// an LSD radix sort, both over Horn's scan) and the CPU sorts (std::sort, std::stable_sort, a counting sort),
// on n = 2^10 .. 2^24 keys in [0, m), m = 2^4 .. 2^20, uniform and skewed (one key holding half the input).
// Every result is checked exactly against std::stable_sort (keys; the permutation a valid one, the stable
// one for the stable sorts); the table gives ns per key, and main() has the rows' two plots (ns/key vs n at
// m = 2^8, or the middle m of the sweep, and vs m at the largest n; plot_bench.py sort) drawn into --sort-plot.
// --quick: a small sweep for CI.
#include "allocation.h"
#include "bench_context.h"
#include "cpu_sort.h"
#include "gl_debug.h"
#include "hp_counting_sort.h"
#include "sorter.h"

#include <cstdio>
#include <map>

namespace dicer::bench {
namespace {

using sort::KeyDistribution;
using sort::SortResult;

std::string pow2(std::uint32_t v) {
    int e = 0;
    while ((1u << e) < v)
        ++e;
    return "2^" + std::to_string(e);
}
std::string inputLabel(std::uint32_t n, std::uint32_t m, KeyDistribution d) {
    return "n " + pow2(n) + ", m " + pow2(m) + ", " + sort::distributionName(d);
}

constexpr int kBigLogN = 22; // from 2^22 keys on: one measured run

struct SortMethod {
    std::string name;
    sort::Sorter* gpu; // null: a CPU sort
    bool stable;
    std::function<Result<void>()> run;
    std::function<SortResult()> result; // after run()
};

} // namespace

bool runSortTables(Bench& b) {
    const Options& o = b.opt;
    std::vector<int> ns = o.quick ? std::vector<int>{10, 14} : o.sortN;
    std::vector<int> ms = o.quick ? std::vector<int>{4, 12, 20} : o.sortM;
    if (ns.empty() || ms.empty()) return true;
    std::vector<std::unique_ptr<sort::Sorter>> sorters;
    for (const sort::SorterInfo& s : sort::sorterTable()) {
        if (!s.isAvailable(b.info)) {
            b.report.skipped.push_back({kTableSort, s.name, "all", "not available on this driver"});
            continue;
        }
        auto created = s.create(b.shaders, b.info);
        if (!created) {
            std::fprintf(stderr, "dicer-bench: %s\n", created.error().c_str());
            return false;
        }
        sorters.push_back(std::move(created.value()));
    }
    bool ok = true;
    for (int logN : ns) {
        for (int logM : ms) {
            for (KeyDistribution d : {KeyDistribution::Uniform, KeyDistribution::Skewed}) {
                const std::uint32_t n = 1u << logN, m = 1u << logM;
                const std::string label = inputLabel(n, m, d);
                b.progress.step("sort " + label + ": keys and the reference");
                const std::vector<std::uint32_t> keys =
                    sort::makeKeys(n, m, d, std::uint32_t(logN * 64 + logM));
                const SortResult reference = sort::cpuStableSort(keys);
                Result<gl::Buffer> keysAllocated =
                    gl::allocateBuffer(GLsizeiptr(n) * 4, keys.data(), 0, "bench sort keys");
                if (!keysAllocated) { // the driver's memory: the input is skipped, naming it
                    b.report.skipped.push_back({kTableSort, "all", label, keysAllocated.error()});
                    continue;
                }
                const gl::Buffer keyBuffer = std::move(keysAllocated.value());

                std::vector<SortMethod> methods;
                for (auto& s : sorters) {
                    sort::Sorter* p = s.get();
                    auto gpuResult = [p, n] { return SortResult{p->readKeys(n), p->readPermutation(n)}; };
                    methods.push_back({p->name(), p, p->stable(),
                                       [p, &keyBuffer, n, m] {
                                           return p->sort({keyBuffer.id(), n, m});
                                       },
                                       gpuResult});
                    if (p->sortsKeysAlone()) // the HP sorts: the sorted keys alone too
                        methods.push_back({std::string(p->name()) + " (keys only)", p, false,
                                           [p, &keyBuffer, n, m] {
                                               return p->sort({keyBuffer.id(), n, m, /*permutation=*/false});
                                           },
                                           [p, n, &reference] {
                                               return SortResult{p->readKeys(n), reference.perm};
                                           }});
                }
                SortResult cpu;
                methods.push_back({"cpu_std_sort", nullptr, false,
                                   [&] {
                                       cpu = sort::cpuStdSort(keys);
                                       return Result<void>();
                                   },
                                   [&] { return cpu; }});
                methods.push_back({"cpu_stable_sort", nullptr, true,
                                   [&] {
                                       cpu = sort::cpuStableSort(keys);
                                       return Result<void>();
                                   },
                                   [&] { return cpu; }});
                methods.push_back({"cpu_counting_sort", nullptr, true,
                                   [&]() -> Result<void> {
                                       auto r = sort::cpuCountingSort(keys, m);
                                       if (!r) return makeError(r.error());
                                       cpu = std::move(r.value());
                                       return {};
                                   },
                                   [&] { return cpu; }});

                // Big inputs take seconds per sort on llvmpipe: one measured run after the checked one, which
                // is the warm-up (keeps the default sweep within ~10 minutes there).
                const int reps = logN >= kBigLogN ? 1 : o.reps;
                const int warmup = logN >= kBigLogN ? 0 : o.warmup;
                for (SortMethod& method : methods) {
                    b.progress.step("sort " + label + ": " + method.name);
                    Measurement r;
                    r.table = kTableSort;
                    r.method = method.name;
                    r.stage = "sort";
                    r.input = label;
                    r.cells = n;
                    r.count = m;
                    r.timer = method.gpu ? b.report.run.timer : gl::TimerSource::CpuFenced;
                    Result<void> first = method.run();
                    if (first && method.gpu) first = method.gpu->checkStatus();
                    if (!first) {
                        r.ok = false;
                        r.check = first.error();
                    } else {
                        r.check = sort::checkSorted(method.result(), keys, reference, method.stable);
                        r.ok = r.check.empty();
                        if (r.ok) r.check = method.stable ? "exact, stable" : "exact keys, valid permutation";
                    }
                    ok = ok && r.ok;
                    r.time =
                        gl::measureInterleaved(r.timer, warmup, reps, {[&] { (void)method.run(); }}).front();
                    b.report.rows.push_back(r);
                }
            }
        }
    }
    return ok;
}

void printSortMarkdown(const Report& r) {
    // One table per (m, distribution): methods as rows, n as columns, ns per key.
    std::vector<std::string> groups, methods, sizes;
    std::map<std::string, std::map<std::string, std::map<std::string, const Measurement*>>> cell;
    auto addUnique = [](std::vector<std::string>& v, const std::string& s) {
        if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
    };
    for (const Measurement& m : r.rows) {
        if (m.table != kTableSort) continue;
        const std::string size = m.input.substr(0, m.input.find(','));
        const std::string group = m.input.substr(m.input.find(',') + 2);
        addUnique(groups, group);
        addUnique(methods, m.method);
        addUnique(sizes, size);
        cell[group][m.method][size] = &m;
    }
    std::printf("### Sort — ns per key (median; %s), checked against std::stable_sort\n\n",
                r.rows.empty() ? "-" : gl::timerSourceName(r.rows.front().timer));
    for (const std::string& g : groups) {
        std::printf("#### %s\n\n", g.c_str());
        printTableHead("method", sizes);
        for (const std::string& method : methods) {
            std::printf("| %s |", method.c_str());
            for (const std::string& s : sizes) {
                const Measurement* m = cell[g][method][s];
                if (!m)
                    std::printf(" - |");
                else if (!m->ok)
                    std::printf(" **%s** |", m->check.c_str());
                else
                    std::printf(" %.2f |", m->time.median * 1e6 / double(m->cells));
            }
            std::printf("\n");
        }
        std::printf("\n");
    }
    std::printf("renderer: %s; timer: GPU sorts %s, CPU sorts cpu-fenced (wall); %d reps after %d warm-up "
                "(n >= 2^%d: 1 after the checked run)\n\n",
                r.run.renderer.c_str(), gl::timerSourceName(r.run.timer), r.run.reps, r.run.warmup, kBigLogN);
}

} // namespace dicer::bench
