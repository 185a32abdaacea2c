// SPDX-License-Identifier: GPL-3.0-or-later
// Google Benchmark of the compute backends on the same workloads, ending with a table of each
// backend's time over the CPU backend's (not run by ctest). tools/gpu_check.sh runs it.
//   bench_compute                      PoCL-sized workloads (seconds on a laptop CPU)
//   bench_compute --p4                 the P4 sizes: 256 curves × 2²⁰ distances × d=128,
//                                      pooled max heatmap N = 65536, d = 128
//   --skip-cpu                         leave the CPU backend out (P4 on a GPU machine)
//   --peak-tflops=67                   FP32 peak of the device (H200 SXM: 67): adds the
//                                      fraction of the roofline reached by the kernels
// Counters: kernel_ms (device kernels, launch to finish, no copies), roofline (kernel time's
// share of the FP32 bound of the formulation: 3 FP32 issue slots per (curve, distance, pair)
// with four curves per frequency set, 6 with one; one FMA per (query, key, component)).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "compute/backend_registry.h"
#include "compute/device_backend.h"
#include "encodings/learned_absolute.h"

namespace ropelab {
namespace {

struct Options {
    bool p4 = false;
    bool skipCpu = false;
    double peakTflops = 0.0;
};

struct Workload {
    std::string name;
    double slots = 0.0;  // FP32 issue slots of the formulation (the roofline's numerator)
    std::function<void(ComputeBackend&, const Execution&)> run;
};

std::vector<RopeCurveInput> curves(int count, int headDim, bool sharedFrequencies) {
    const Eigen::MatrixXd qk = seededStandardNormal(2 * count, headDim, 42);
    std::vector<RopeCurveInput> batch;
    for (int c = 0; c < count; ++c) {
        RopeParams p;
        p.headDim = headDim;
        // A sweep over bases when the sets differ, one model when they are shared.
        p.ropeTheta = sharedFrequencies ? 10000.0 : 10000.0 * (1.0 + 0.37 * c);
        batch.push_back({qk.row(2 * c).transpose(), qk.row(2 * c + 1).transpose(),
                         ropeFrequencies(p), RopeLayout::HalfSplit});
    }
    return batch;
}

std::vector<Workload> workloads(const Options& options) {
    const int headDim = 128;
    const int pairs = headDim / 2;
    const int curveCount = options.p4 ? 256 : 32;
    const std::int64_t distances = options.p4 ? std::int64_t{1} << 20 : std::int64_t{1} << 16;
    const std::int64_t heatmapN = options.p4 ? 65536 : 2048;
    const std::int64_t meanN = options.p4 ? 65536 : 16384;
    const int grid = options.p4 ? 512 : 256;

    std::vector<Workload> list;
    for (bool shared : {true, false}) {
        auto batch =
            std::make_shared<std::vector<RopeCurveInput>>(curves(curveCount, headDim, shared));
        const double perTerm = shared ? 3.0 : 6.0;
        list.push_back(
            {std::string("scoreCurves/") + (shared ? "sharedSet" : "distinctSets"),
             perTerm * curveCount * static_cast<double>(distances) * pairs,
             [batch, distances](ComputeBackend& b, const Execution& exec) {
                 benchmark::DoNotOptimize(b.ropeScoreCurves(*batch, {0, distances, 1}, exec));
             }});
    }
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    for (Pooling pooling : {Pooling::Max, Pooling::Mean}) {
        const std::int64_t n = pooling == Pooling::Max ? heatmapN : meanN;
        auto queries = std::make_shared<Eigen::MatrixXd>(seededStandardNormal(n, headDim, 1));
        auto keys = std::make_shared<Eigen::MatrixXd>(seededStandardNormal(n, headDim, 2));
        list.push_back({std::string("heatmap/") + (pooling == Pooling::Max ? "max" : "mean"),
                        pooling == Pooling::Max ? static_cast<double>(n) * n * headDim : 0.0,
                        [=](ComputeBackend& b, const Execution& exec) {
                            benchmark::DoNotOptimize(b.ropeScoreHeatmap(*queries, *keys, freqs,
                                                                        RopeLayout::HalfSplit, grid,
                                                                        grid, pooling, exec));
                        }});
    }
    return list;
}

// Remembers each benchmark's seconds per iteration and counters for the summary table.
class RecordingReporter : public benchmark::ConsoleReporter {
public:
    struct Result {
        double seconds = 0.0;
        std::map<std::string, double> counters;
    };

    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& run : runs) {
            if (run.run_type == Run::RT_Iteration && run.iterations > 0) {
                Result& r = results[run.run_name.function_name];
                r.seconds = run.real_accumulated_time / static_cast<double>(run.iterations);
                for (const auto& [name, counter] : run.counters) r.counters[name] = counter.value;
            }
        }
        ConsoleReporter::ReportRuns(runs);
    }
    std::map<std::string, Result> results;
};

}  // namespace
}  // namespace ropelab

int main(int argc, char** argv) {
    using namespace ropelab;
    benchmark::Initialize(&argc, argv);
    Options options;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--p4") == 0) {
            options.p4 = true;
        } else if (std::strcmp(argv[i], "--skip-cpu") == 0) {
            options.skipCpu = true;
        } else if (std::strncmp(argv[i], "--peak-tflops=", 14) == 0) {
            options.peakTflops = std::stod(argv[i] + 14);
        } else {
            std::cerr << "bench_compute: unknown option " << argv[i]
                      << " (use --p4, --skip-cpu, --peak-tflops=T)\n";
            return 2;
        }
    }

    Execution exec;
    exec.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::pair<std::string, std::shared_ptr<ComputeBackend>>> backends;
    for (const BackendInfo& info : probeBackends()) {
        if (!info.available || (options.skipCpu && info.kind == BackendKind::Cpu)) continue;
        std::shared_ptr<ComputeBackend> backend = makeBackend(info.kind);
        // Warm up outside the timing: program build, context creation, first launch.
        backend->ropeScoreCurves(curves(1, 16, true), {0, 4096, 1}, exec);
        std::cout << toString(info.kind) << ": " << info.device << '\n';
        backends.emplace_back(std::string(toString(info.kind)), std::move(backend));
    }

    const std::vector<Workload> list = workloads(options);
    for (const Workload& w : list) {
        for (const auto& [name, backend] : backends) {
            const bool device = name != "cpu";
            benchmark::RegisterBenchmark(
                (w.name + "/" + name).c_str(),
                [w, backend = backend, exec, device, options](benchmark::State& state) {
                    double kernelSeconds = 0.0;
                    for (auto _ : state) {
                        w.run(*backend, exec);
                        if (device) {
                            kernelSeconds +=
                                static_cast<DeviceBackend&>(*backend).lastTimings().kernelSeconds;
                        }
                    }
                    if (device) {
                        const double perIteration =
                            kernelSeconds / static_cast<double>(state.iterations());
                        state.counters["kernel_ms"] = 1e3 * perIteration;
                        if (options.peakTflops > 0 && w.slots > 0) {
                            // FMA = 2 flops: the peak in issue slots is half the FLOP rate.
                            state.counters["roofline"] =
                                w.slots / perIteration / (options.peakTflops * 1e12 / 2);
                        }
                    }
                })
                ->Unit(benchmark::kMillisecond)
                ->UseRealTime()
                ->Iterations(device || !options.p4 ? 3 : 1);
        }
    }

    RecordingReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();

    std::cout << "\nsummary: total = inputs to results on the host; kernel = device kernels only;\n"
              << "roofline = formulation's FP32 bound / kernel time; ratio = total / cpu total\n";
    std::cout << std::left << std::setw(26) << "workload" << std::setw(8) << "backend" << std::right
              << std::setw(12) << "total ms" << std::setw(12) << "kernel ms" << std::setw(10)
              << "roofline" << std::setw(10) << "ratio" << '\n';
    for (const Workload& w : list) {
        const auto cpu = reporter.results.find(w.name + "/cpu");
        for (const auto& [name, backend] : backends) {
            const auto it = reporter.results.find(w.name + "/" + name);
            if (it == reporter.results.end()) continue;
            const auto counter = [&](const char* key) {
                const auto c = it->second.counters.find(key);
                std::ostringstream text;
                if (c != it->second.counters.end())
                    text << std::fixed << std::setprecision(2) << c->second;
                return text.str().empty() ? std::string("-") : text.str();
            };
            std::ostringstream total, ratio;
            total << std::fixed << std::setprecision(2) << it->second.seconds * 1e3;
            if (cpu != reporter.results.end()) {
                ratio << std::fixed << std::setprecision(3)
                      << it->second.seconds / cpu->second.seconds;
            }
            std::cout << std::left << std::setw(26) << w.name << std::setw(8) << name << std::right
                      << std::setw(12) << total.str() << std::setw(12) << counter("kernel_ms")
                      << std::setw(10) << counter("roofline") << std::setw(10)
                      << (ratio.str().empty() ? "-" : ratio.str()) << '\n';
        }
    }
    return 0;
}
