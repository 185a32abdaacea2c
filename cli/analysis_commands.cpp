// SPDX-License-Identifier: GPL-3.0-or-later
// Commands of core/analysis: score-curve, invariance, heatmap, decay, spiral, bands, precision and
// bench. Each command splits into a job (options parsed, inputs built) and one function that
// computes its result, so `bench` can time exactly the computation and a backend can swap it.

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <numeric>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <variant>

#include "analysis/distance_range.h"
#include "analysis/frequency_bands.h"
#include "analysis/invariance.h"
#include "analysis/memory_budget.h"
#include "analysis/phase_precision.h"
#include "analysis/score_curve.h"
#include "analysis/score_decay.h"
#include "analysis/score_heatmap.h"
#include "analysis/trajectory.h"
#include "cli/backend_option.h"
#include "cli/command.h"
#include "cli/execution_options.h"
#include "cli/rope_options.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_decay_bound.h"

namespace ropelab::cli {

namespace {

// ---------------------------------------------------------------------------------------------
// Shared options and parsers

OptionSpec layoutOption() {
    return {"--layout", "half|interleaved",
            "RoPE pairs (i, i+dim/2) as HF/GPT-NeoX, or (2i, 2i+1) as RoFormer/GPT-J (default "
            "half)"};
}

RopeLayout layoutFromArgs(const Args& args) {
    return parseRopeLayout(args.value("--layout").value_or("half"));
}

// The options that choose an encoding and its parameters (RoPE's come from ropeOptionSpecs).
std::vector<OptionSpec> encodingOptionSpecs() {
    std::vector<OptionSpec> specs = {
        {"--encoding", "NAME",
         "rope|sinusoidal|learned|t5|alibi|seed (default rope); seed = a widely copied wrong "
         "implementation (from a blog post on RoPE)"},
        layoutOption(),
        {"--base", "B", "sinusoidal: base, > 1 (default 10000)"},
        {"--max-len", "N", "learned: table rows; positions must stay below (default 2048)"},
        {"--table-seed", "S",
         "learned table / T5 bias table seed, an integer >= 0 (default 0); learned ~ N(0, 0.02^2), "
         "T5 bias ~ N(0, 1)"},
        {"--num-buckets", "N", "t5: buckets (default 32)"},
        {"--max-distance", "N", "t5: max distance (default 128)"},
        {"--causal", "", "t5: causal (decoder) buckets instead of bidirectional"},
        {"--heads", "H", "alibi: head count that fixes the slopes (default 8)"},
        {"--head", "H", "alibi: which head, from 1 (default 1)"},
    };
    for (const OptionSpec& rope : ropeOptionSpecs()) specs.push_back(rope);
    specs.push_back(threadsOption());
    return specs;
}

// The encoding for vectors of `dim` components (RoPE: head_dim from the RoPE options).
ScoreEncodingParams encodingFromArgs(const Args& args, int dim) {
    ScoreEncodingParams e;
    e.encoding = parseScoreEncoding(args.value("--encoding").value_or("rope"));
    if (e.encoding == ScoreEncoding::Rope) e.rope = ropeParamsFromArgs(args, dim);
    e.layout = layoutFromArgs(args);
    e.sinusoidalBase = args.numberOr("--base", 10000.0);
    e.learnedMaxLength = static_cast<int>(args.integerOr("--max-len", 2048, 1, INT32_MAX));
    e.learnedSeed = static_cast<std::uint64_t>(args.integerOr("--table-seed", 0, 0, INT64_MAX));
    e.t5BiasSeed = e.learnedSeed;
    e.t5.numBuckets = static_cast<int>(args.integerOr("--num-buckets", 32, 1, INT32_MAX));
    e.t5.maxDistance = static_cast<int>(args.integerOr("--max-distance", 128, 1, INT32_MAX));
    e.t5.bidirectional = !args.has("--causal");
    e.alibiHeads = static_cast<int>(args.integerOr("--heads", 8, 1, 1 << 20));
    e.alibiHead = static_cast<int>(args.integerOr("--head", 1, 1, 1 << 20));
    validate(e, dim);
    return e;
}

// The vector dimension: a LIST's length if one is given, else head_dim (--head-dim or --config
// for rope; --head-dim for the others), default 128.
int dimensionFromArgs(const Args& args, std::optional<int> listLength) {
    if (listLength) return *listLength;
    if (parseScoreEncoding(args.value("--encoding").value_or("rope")) == ScoreEncoding::Rope) {
        return ropeParamsFromArgs(args).headDim;
    }
    return static_cast<int>(args.integerOr("--head-dim", 128, 1, INT32_MAX));
}

// SPEC: a LIST, `ones`, or `random:SEED` (seededStandardNormal(1, d, SEED)).
struct VectorSpec {
    std::string text;
    std::string option;
    std::optional<std::vector<double>> list;
};

VectorSpec parseVectorSpec(const std::string& text, const std::string& option) {
    VectorSpec spec{text, option, std::nullopt};
    if (text != "ones" && text.rfind("random:", 0) != 0) spec.list = parseList(text, option);
    return spec;
}

Eigen::VectorXd vectorFromSpec(const VectorSpec& spec, int dim) {
    if (spec.list) {
        if (static_cast<int>(spec.list->size()) != dim) {
            throw InputError(spec.option + " has " + std::to_string(spec.list->size()) +
                             " values; it must have " + std::to_string(dim) + " (head_dim)");
        }
        return Eigen::Map<const Eigen::VectorXd>(spec.list->data(), dim);
    }
    if (spec.text == "ones") return Eigen::VectorXd::Ones(dim);
    const auto seed = static_cast<std::uint64_t>(
        parseInteger(spec.text.substr(7), spec.option + " random:SEED", 0, INT64_MAX));
    return seededStandardNormal(1, dim, seed).row(0).transpose();
}

// Both LIST lengths must agree; the dimension they fix (or none).
std::optional<int> listLength(const VectorSpec& a, const VectorSpec& b) {
    if (a.list && b.list && a.list->size() != b.list->size()) {
        throw InputError(a.option + " and " + b.option + " must have the same length, got " +
                         std::to_string(a.list->size()) + " and " + std::to_string(b.list->size()));
    }
    if (a.list) return static_cast<int>(a.list->size());
    if (b.list) return static_cast<int>(b.list->size());
    return std::nullopt;
}

// Integer positions or distances: RANGE A:B[:STEP] (not expanded, so 2^24 values are fine) or a
// LIST of whole numbers.
using Positions = std::variant<DistanceRange, std::vector<std::int64_t>>;

Positions parsePositions(const std::string& text, const std::string& option) {
    if (text.find(':') == std::string::npos) {
        std::vector<std::int64_t> values;
        for (double v : parseList(text, option)) {
            if (v != std::floor(v) || std::abs(v) > 9.0e15) {
                throw InputError(option + " values must be whole numbers, got " + formatDouble(v));
            }
            values.push_back(static_cast<std::int64_t>(v));
        }
        return values;
    }
    std::vector<std::string> parts;
    std::stringstream stream(text);
    for (std::string part; std::getline(stream, part, ':');) parts.push_back(part);
    if (text.back() == ':') parts.push_back("");
    if (parts.size() < 2 || parts.size() > 3) {
        throw InputError(option + " RANGE must be A:B or A:B:STEP with whole numbers, got '" +
                         text + "'");
    }
    constexpr std::int64_t kLimit = std::int64_t{1} << 53;  // exact in double
    DistanceRange range;
    range.start = parseInteger(parts[0], option, -kLimit, kLimit);
    range.stop = parseInteger(parts[1], option, -kLimit, kLimit);
    if (parts.size() == 3) range.step = parseInteger(parts[2], option, -kLimit, kLimit);
    if (range.step == 0) throw InputError(option + " STEP must not be 0");
    if (range.count() == 0) {
        throw InputError(option + " range '" + text + "' is empty");
    }
    return range;
}

std::int64_t positionCount(const Positions& p) {
    if (const auto* range = std::get_if<DistanceRange>(&p)) return range->count();
    return static_cast<std::int64_t>(std::get<std::vector<std::int64_t>>(p).size());
}

std::int64_t positionAt(const Positions& p, std::int64_t i) {
    if (const auto* range = std::get_if<DistanceRange>(&p)) return range->at(i);
    return std::get<std::vector<std::int64_t>>(p)[static_cast<std::size_t>(i)];
}

// Runs compute(range) on the RANGE, or on each LIST value as a one-element range.
template <class Compute>
std::vector<double> overPositions(const Positions& p, Compute&& compute) {
    if (const auto* range = std::get_if<DistanceRange>(&p)) return compute(*range);
    std::vector<double> values;
    for (std::int64_t v : std::get<std::vector<std::int64_t>>(p)) {
        values.push_back(compute(DistanceRange{v, v + 1, 1}).front());
    }
    return values;
}

std::vector<std::int64_t> positionColumn(const Positions& p) {
    std::vector<std::int64_t> column(static_cast<std::size_t>(positionCount(p)));
    for (std::size_t i = 0; i < column.size(); ++i) {
        column[i] = positionAt(p, static_cast<std::int64_t>(i));
    }
    return column;
}

double sum(const std::vector<double>& values) {
    return std::accumulate(values.begin(), values.end(), 0.0);
}

// A CSV gets scalars as a one-row table; JSON as plain keys.
void addScalars(Table& table, OutputFormat format,
                const std::vector<std::pair<std::string, double>>& scalars) {
    for (const auto& [name, value] : scalars) {
        if (format == OutputFormat::Json) {
            table.addScalar(name, value);
        } else {
            table.addColumn(name, std::vector<double>{value});
        }
    }
}

// One timed run of a computation: it computes the result and returns how to get its checksum
// (the sum of its values), which bench calls after stopping the clock.
using TimedRun = std::function<std::function<double()>()>;

// One command as bench sees it: prepare parses the options and builds the inputs (untimed).
struct Benchable {
    std::string name;
    std::vector<OptionSpec> options;
    std::function<TimedRun(const Args&)> prepare;
};

template <class Result, class Checksum>
std::function<double()> checksumLater(Result result, Checksum checksum) {
    auto held = std::make_shared<Result>(std::move(result));
    return [held, checksum] { return checksum(*held); };
}

// ---------------------------------------------------------------------------------------------
// score-curve

struct ScoreCurveJob {
    Eigen::VectorXd q, k;
    ScoreEncodingParams encoding;
    Positions distances;
    std::int64_t keyPosition = 0;
    Execution exec;
    std::shared_ptr<ComputeEngine> engine;  // --backend; shared so bench can copy the job
};

std::vector<OptionSpec> scoreCurveOptions() {
    std::vector<OptionSpec> specs = encodingOptionSpecs();
    specs.push_back({"--q", "SPEC", "query: LIST, ones or random:SEED (required)"});
    specs.push_back({"--k", "SPEC", "key: LIST, ones or random:SEED (required)"});
    specs.push_back({"--distances", "RANGE|LIST", "whole distances m - n (required)"});
    specs.push_back({"--key-position", "P", "key position n (default 0); query at n + distance"});
    specs.push_back(backendOptionSpec());
    return specs;
}

ScoreCurveJob scoreCurveJob(const Args& args) {
    const VectorSpec qSpec = parseVectorSpec(args.required("--q"), "--q");
    const VectorSpec kSpec = parseVectorSpec(args.required("--k"), "--k");
    const int dim = dimensionFromArgs(args, listLength(qSpec, kSpec));
    ScoreCurveJob job{
        vectorFromSpec(qSpec, dim),
        vectorFromSpec(kSpec, dim),
        encodingFromArgs(args, dim),
        parsePositions(args.required("--distances"), "--distances"),
        args.integerOr("--key-position", 0, -(std::int64_t{1} << 53), std::int64_t{1} << 53),
        executionFromArgs(args),
        std::make_shared<ComputeEngine>(backendChoiceFromArgs(args))};
    return job;
}

// Why the CPU computed the job: the engine's fallback for RoPE; for the other encodings, that
// they have no GPU kernels when a GPU backend was named. Empty when nothing changed plans.
std::string backendNote(const ComputeEngine& engine, const ScoreEncodingParams& encoding,
                        const std::optional<BackendFallback>& fallback) {
    if (encoding.encoding == ScoreEncoding::Rope) return fallback ? fallbackNote(*fallback) : "";
    if (engine.choice() != BackendChoice::OpenCl && engine.choice() != BackendChoice::Cuda)
        return {};
    return std::string(toString(encoding.encoding)) +
           " runs on the CPU only (GPU kernels are RoPE's)";
}

// The computation `score-curve` prints and `bench score-curve` times: RoPE on the --backend
// engine, the other encodings on the CPU.
Computed<std::vector<double>> computeScoreCurve(const ScoreCurveJob& job) {
    Computed<std::vector<double>> result{{}, BackendKind::Cpu, {}, {}};
    const RopeCurveInput curve{job.q, job.k,
                               job.encoding.encoding == ScoreEncoding::Rope
                                   ? ropeFrequencies(job.encoding.rope)
                                   : RopeFrequencies{},
                               job.encoding.layout};
    result.value = overPositions(job.distances, [&](const DistanceRange& range) {
        if (job.encoding.encoding != ScoreEncoding::Rope) {
            try {
                return scoreCurve(job.q, job.k, job.encoding, range, job.keyPosition, job.exec);
            } catch (const ParameterError& error) {
                // Core checks the positions it was given; this command has no --positions.
                if (error.problem().parameter != "positions" ||
                    error.problem().rule != Rule::AtLeast)
                    throw;
                std::ostringstream message;
                message << "positions (--key-position, and it plus each of --distances) must be "
                           ">= 0 for a learned table, got "
                        << error.problem().value;
                throw InputError(message.str());
            }
        }
        Computed<std::vector<std::vector<double>>> curves =
            job.engine->ropeScoreCurves({curve}, range, job.exec);
        result.backend = curves.backend;
        result.device = curves.device;
        if (curves.fallback) result.fallback = curves.fallback;
        return std::move(curves.value.front());
    });
    return result;
}

Command scoreCurveCommand() {
    Command command;
    command.name = "score-curve";
    command.summary = "Attention score against relative distance, for any encoding";
    command.description =
        "Prints columns distance,score with score = <f(q, P+distance), f(k, P)> (+ bias), P the\n"
        "key position: rope rotates q and k (any rope_type, both layouts; exact re-anchored angle\n"
        "addition, fast to 2^24 distances), sinusoidal and learned add their position vectors,\n"
        "t5 and alibi add their bias to q.k (alibi is causal: a key after the query is masked\n"
        "and prints -inf, null in JSON), seed runs a widely copied wrong implementation\n"
        "(from a blog post on RoPE). Vectors have\n"
        "head_dim components (--head-dim, default 128, or a LIST's length).";
    command.options = scoreCurveOptions();
    command.run = [](const Args& args, std::ostream& out, std::ostream& err) {
        const ScoreCurveJob job = scoreCurveJob(args);
        requireOutputCells(static_cast<double>(positionCount(job.distances)), 2.0);
        Computed<std::vector<double>> scores = computeScoreCurve(job);
        reportBackendNote(args, backendNote(*job.engine, job.encoding, scores.fallback), err);
        Table table;
        table.addColumn("distance", positionColumn(job.distances));
        table.addColumn("score", std::move(scores.value));
        table.write(out, args.format());
        return 0;
    };
    return command;
}

// ---------------------------------------------------------------------------------------------
// invariance

struct InvarianceJob {
    Eigen::VectorXd q, k;
    ScoreEncodingParams encoding;
    std::int64_t length = 0;
    Execution exec;
};

std::vector<OptionSpec> invarianceOptions() {
    std::vector<OptionSpec> specs = encodingOptionSpecs();
    specs.push_back({"--length", "L", "positions 0 .. L-1 for both q and k (required)"});
    specs.push_back({"--seed", "S", "q = random:S, k = random:S+1 (default 0)"});
    return specs;
}

InvarianceJob invarianceJob(const Args& args) {
    const int dim = dimensionFromArgs(args, std::nullopt);
    const auto seed = static_cast<std::uint64_t>(args.integerOr("--seed", 0, 0, INT64_MAX - 1));
    InvarianceJob job{
        seededStandardNormal(1, dim, seed).row(0).transpose(),
        seededStandardNormal(1, dim, seed + 1).row(0).transpose(), encodingFromArgs(args, dim),
        parseInteger(args.required("--length"), "--length", 1, INT64_MAX), executionFromArgs(args)};
    return job;
}

InvarianceResult computeInvariance(const InvarianceJob& job) {
    return invariance(job.q, job.k, job.encoding, job.length, job.exec);
}

Command invarianceCommand() {
    Command command;
    command.name = "invariance";
    command.summary = "Does the score depend on m - n only? Max deviation under a shift";
    command.description =
        "Prints max_deviation = max over m, n, s of |score(m+s, n+s) - score(m, n)| / max|score|\n"
        "for the same random q, k at every pair of positions m, n < L, and max_abs_score.\n"
        "About 1e-16 for rope, t5 and alibi (whose masked keys after the query are left out);\n"
        "clearly non-zero for sinusoidal, learned and seed.\n"
        "CSV: one row with columns max_deviation,max_abs_score; JSON: two scalars.";
    command.options = invarianceOptions();
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const InvarianceResult result = computeInvariance(invarianceJob(args));
        Table table;
        addScalars(table, args.format(),
                   {{"max_deviation", result.maxDeviation}, {"max_abs_score", result.maxAbsScore}});
        table.write(out, args.format());
        return 0;
    };
    return command;
}

// ---------------------------------------------------------------------------------------------
// heatmap

struct HeatmapJob {
    Eigen::MatrixXd queries, keys;
    ScoreEncodingParams encoding;
    int width = 0;
    int height = 0;
    Pooling pooling = Pooling::Mean;
    Execution exec;
    std::shared_ptr<ComputeEngine> engine;  // --backend; shared so bench can copy the job
};

std::vector<OptionSpec> heatmapOptions() {
    std::vector<OptionSpec> specs = encodingOptionSpecs();
    specs.push_back({"--length", "N", "positions 0 .. N-1 for queries and keys (required)"});
    specs.push_back({"--grid", "W[xH]", "pooled grid: W key blocks x H query blocks (required)"});
    specs.push_back({"--pool", "mean|max", "pooling of each block (default mean)"});
    specs.push_back({"--seed", "S", "queries = rows of random:S, keys of random:S+1 (default 0)"});
    specs.push_back(backendOptionSpec());
    return specs;
}

std::pair<int, int> parseGrid(const std::string& text) {
    const std::size_t x = text.find('x');
    const std::int64_t width = parseInteger(text.substr(0, x), "--grid", 1, INT32_MAX);
    const std::int64_t height =
        x == std::string::npos ? width : parseInteger(text.substr(x + 1), "--grid", 1, INT32_MAX);
    return {static_cast<int>(width), static_cast<int>(height)};
}

HeatmapJob heatmapJob(const Args& args) {
    const int dim = dimensionFromArgs(args, std::nullopt);
    const std::int64_t length = parseInteger(args.required("--length"), "--length", 1, INT64_MAX);
    const auto [width, height] = parseGrid(args.required("--grid"));
    if (width > length || height > length) {
        throw InputError("--grid " + std::to_string(width) + "x" + std::to_string(height) +
                         " is larger than --length " + std::to_string(length));
    }
    requireOutputCells(static_cast<double>(width) * height, 3.0);  // row, col, value
    const std::string pool = args.value("--pool").value_or("mean");
    if (pool != "mean" && pool != "max") {
        throw InputError("--pool must be mean or max, got '" + pool + "'");
    }
    const auto seed = static_cast<std::uint64_t>(args.integerOr("--seed", 0, 0, INT64_MAX - 1));
    ScoreEncodingParams encoding = encodingFromArgs(args, dim);
    requireMemory(2.0 * 8.0 * static_cast<double>(length) * dim,
                  ResourceProblem(Demand::QueryKeyRows, length));
    HeatmapJob job{seededStandardNormal(length, dim, seed),
                   seededStandardNormal(length, dim, seed + 1),
                   std::move(encoding),
                   width,
                   height,
                   pool == "max" ? Pooling::Max : Pooling::Mean,
                   executionFromArgs(args),
                   std::make_shared<ComputeEngine>(backendChoiceFromArgs(args))};
    return job;
}

// RoPE on the --backend engine, the other encodings on the CPU.
Computed<PooledGrid> computeHeatmap(const HeatmapJob& job) {
    if (job.encoding.encoding == ScoreEncoding::Rope) {
        return job.engine->ropeScoreHeatmap(job.queries, job.keys,
                                            ropeFrequencies(job.encoding.rope), job.encoding.layout,
                                            job.width, job.height, job.pooling, job.exec);
    }
    return {scoreHeatmap(job.queries, job.keys, job.encoding, job.width, job.height, job.pooling,
                         job.exec),
            BackendKind::Cpu,
            {}};
}

Command heatmapCommand() {
    Command command;
    command.name = "heatmap";
    command.summary = "Score matrix score(m, n), m, n < N, pooled to a W x H grid";
    command.description =
        "Prints columns row,col,value: row = query block (positions m), col = key block (n),\n"
        "value = mean or max of score(m, n) over the block; block r spans positions\n"
        "floor(r*N/H) .. floor((r+1)*N/H)-1. Never holds the N x N matrix: mean pooling sums the\n"
        "encoded vectors per block, max pooling multiplies tiles. Vectors: seeded random rows.\n"
        "alibi masks keys after the query: a block's mean over a masked pair is -inf.";
    command.options = heatmapOptions();
    command.run = [](const Args& args, std::ostream& out, std::ostream& err) {
        const HeatmapJob job = heatmapJob(args);
        const Computed<PooledGrid> pooled = computeHeatmap(job);
        reportBackendNote(args, backendNote(*job.engine, job.encoding, pooled.fallback), err);
        const PooledGrid& grid = pooled.value;
        std::vector<std::int64_t> rows, cols;
        for (int r = 0; r < grid.height; ++r) {
            for (int c = 0; c < grid.width; ++c) {
                rows.push_back(r);
                cols.push_back(c);
            }
        }
        Table table;
        table.addColumn("row", std::move(rows));
        table.addColumn("col", std::move(cols));
        table.addColumn("value", grid.values);
        table.write(out, args.format());
        return 0;
    };
    return command;
}

// ---------------------------------------------------------------------------------------------
// decay

struct DecayJob {
    RopeFrequencies freqs;
    RopeLayout layout = RopeLayout::HalfSplit;
    Positions distances;
    int samples = 0;
    std::uint64_t seed = 0;
    Execution exec;
};

std::vector<OptionSpec> decayOptions() {
    std::vector<OptionSpec> specs = ropeOptionSpecs();
    specs.push_back(layoutOption());
    specs.push_back({"--distances", "RANGE|LIST", "whole distances m - n (required)"});
    specs.push_back({"--samples", "N", "random (q, k) pairs averaged (default 64)"});
    specs.push_back({"--seed", "S", "q rows random:S, k rows random:S+1 (default 0)"});
    specs.push_back(threadsOption());
    return specs;
}

DecayJob decayJob(const Args& args) {
    DecayJob job{ropeFrequencies(ropeParamsFromArgs(args)),
                 layoutFromArgs(args),
                 parsePositions(args.required("--distances"), "--distances"),
                 static_cast<int>(args.integerOr("--samples", 64, 1, 1 << 20)),
                 static_cast<std::uint64_t>(args.integerOr("--seed", 0, 0, INT64_MAX - 1)),
                 executionFromArgs(args)};
    return job;
}

std::vector<double> computeMeanAbsScore(const DecayJob& job) {
    return overPositions(job.distances, [&](const DistanceRange& range) {
        return ropeMeanAbsScore(job.freqs, job.layout, range, job.samples, job.seed, job.exec);
    });
}

Command decayCommand() {
    Command command;
    command.name = "decay";
    command.summary = "RoPE long-term decay: RoFormer bound and measured mean |score|";
    command.description =
        "Prints columns distance,bound,mean_abs_score: bound is the RoFormer 3.4.3 relative bound\n"
        "(1/(d/2)) sum_j |S_j| (as decay-bound), mean_abs_score the mean of |score(distance)| "
        "over\n"
        "--samples pairs of standard normal q, k (a measured decay, not a bound).";
    command.options = decayOptions();
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const DecayJob job = decayJob(args);
        requireOutputCells(static_cast<double>(positionCount(job.distances)), 3.0);
        std::vector<double> mean = computeMeanAbsScore(job);
        std::vector<double> distances;
        for (std::int64_t d : positionColumn(job.distances))
            distances.push_back(static_cast<double>(d));
        std::vector<double> bound = ropeDecayBound(distances, job.freqs);
        Table table;
        table.addColumn("distance", positionColumn(job.distances));
        table.addColumn("bound", std::move(bound));
        table.addColumn("mean_abs_score", std::move(mean));
        table.write(out, args.format());
        return 0;
    };
    return command;
}

// ---------------------------------------------------------------------------------------------
// spiral

struct SpiralJob {
    Eigen::VectorXd x;
    RopeFrequencies freqs;
    RopeLayout layout = RopeLayout::HalfSplit;
    DistanceRange positions;
    std::optional<std::array<int, 3>> coordinates;  // none: PCA
    std::optional<std::vector<int>> helixPairs;     // set: per-pair helices instead
    Execution exec;
};

std::vector<OptionSpec> spiralOptions() {
    std::vector<OptionSpec> specs = ropeOptionSpecs();
    specs.push_back(layoutOption());
    specs.push_back({"--vector", "SPEC", "the vector x: LIST, ones or random:SEED (default ones)"});
    specs.push_back({"--positions", "RANGE", "whole positions A:B[:STEP] (required)"});
    specs.push_back(
        {"--coords", "I,J,K", "show components I, J, K of R(x, p) (default: top-3 PCA)"});
    specs.push_back({"--helix", "", "per-pair helices: position,pair,cos,sin"});
    specs.push_back({"--pairs", "LIST", "with --helix: which pairs (default all)"});
    specs.push_back(threadsOption());
    return specs;
}

std::vector<int> parseIndexList(const std::string& text, const std::string& option) {
    std::vector<int> indices;
    for (double v : parseList(text, option)) {
        if (v != std::floor(v) || v < 0 || v > INT32_MAX) {
            throw InputError(option + " must list whole numbers >= 0, got " + formatDouble(v));
        }
        indices.push_back(static_cast<int>(v));
    }
    return indices;
}

SpiralJob spiralJob(const Args& args) {
    const VectorSpec spec = parseVectorSpec(args.value("--vector").value_or("ones"), "--vector");
    const RopeParams params = ropeParamsFromArgs(
        args, spec.list ? std::optional<int>(static_cast<int>(spec.list->size())) : std::nullopt);
    const Positions positions = parsePositions(args.required("--positions"), "--positions");
    if (!std::holds_alternative<DistanceRange>(positions)) {
        throw InputError("--positions must be a RANGE A:B[:STEP]");
    }
    SpiralJob job{vectorFromSpec(spec, params.headDim),
                  ropeFrequencies(params),
                  layoutFromArgs(args),
                  std::get<DistanceRange>(positions),
                  std::nullopt,
                  std::nullopt,
                  executionFromArgs(args)};
    if (const auto coords = args.value("--coords")) {
        const std::vector<int> c = parseIndexList(*coords, "--coords");
        if (c.size() != 3) throw InputError("--coords needs exactly three indices I,J,K");
        job.coordinates = std::array<int, 3>{c[0], c[1], c[2]};
    }
    if (args.has("--helix")) {
        std::vector<int> pairs;
        if (const auto list = args.value("--pairs")) {
            pairs = parseIndexList(*list, "--pairs");
        } else {
            for (int i = 0; i < job.freqs.pairs(); ++i) pairs.push_back(i);
        }
        job.helixPairs = pairs;
    } else if (args.has("--pairs")) {
        throw InputError("--pairs needs --helix");
    }
    return job;
}

struct SpiralResult {
    Trajectory3d path;
    std::vector<Helix> helices;
};

SpiralResult computeSpiral(const SpiralJob& job) {
    SpiralResult result;
    if (job.helixPairs) {
        for (int pair : *job.helixPairs) {
            result.helices.push_back(ropeHelix(job.freqs, pair, job.positions));
        }
    } else if (job.coordinates) {
        result.path =
            ropeTrajectory(job.x, job.freqs, job.layout, job.positions, *job.coordinates, job.exec);
    } else {
        result.path = ropeTrajectoryPca(job.x, job.freqs, job.layout, job.positions, job.exec);
    }
    return result;
}

double spiralChecksum(const SpiralResult& r) {
    double total = sum(r.path.x) + sum(r.path.y) + sum(r.path.z);
    for (const Helix& h : r.helices) total += sum(h.cos) + sum(h.sin);
    return total;
}

Command spiralCommand() {
    Command command;
    command.name = "spiral";
    command.summary = "The path of R(x, p) in 3D (PCA or chosen components), or per-pair helices";
    command.description =
        "Prints columns position,x,y,z: R(x, p) (attention factor included) for each position,\n"
        "projected on the top three principal components of the path (centred; JSON adds\n"
        "explained_variance_0..2, fractions of the total variance) or, with --coords I,J,K, its\n"
        "components I, J, K. With --helix: columns position,pair,cos,sin, the phasor e^(i p "
        "theta)\n"
        "of each pair (the helix (cos, sin, p)).";
    command.options = spiralOptions();
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const SpiralJob job = spiralJob(args);
        const double count = static_cast<double>(job.positions.count());
        requireOutputCells(
            count * (job.helixPairs ? static_cast<double>(job.helixPairs->size()) : 1), 4.0);
        const SpiralResult result = computeSpiral(job);
        Table table;
        if (job.helixPairs) {
            std::vector<std::int64_t> positions, pairs;
            std::vector<double> cos, sin;
            for (std::int64_t i = 0; i < job.positions.count(); ++i) {
                for (std::size_t h = 0; h < job.helixPairs->size(); ++h) {
                    positions.push_back(job.positions.at(i));
                    pairs.push_back((*job.helixPairs)[h]);
                    cos.push_back(result.helices[h].cos[static_cast<std::size_t>(i)]);
                    sin.push_back(result.helices[h].sin[static_cast<std::size_t>(i)]);
                }
            }
            table.addColumn("position", std::move(positions));
            table.addColumn("pair", std::move(pairs));
            table.addColumn("cos", std::move(cos));
            table.addColumn("sin", std::move(sin));
        } else {
            std::vector<std::int64_t> positions;
            for (std::int64_t i = 0; i < job.positions.count(); ++i) {
                positions.push_back(job.positions.at(i));
            }
            table.addColumn("position", std::move(positions));
            table.addColumn("x", result.path.x);
            table.addColumn("y", result.path.y);
            table.addColumn("z", result.path.z);
            if (!job.coordinates) {
                for (int a = 0; a < 3; ++a) {
                    table.addScalar("explained_variance_" + std::to_string(a),
                                    result.path.explainedVariance[static_cast<std::size_t>(a)]);
                }
            }
        }
        table.write(out, args.format());
        return 0;
    };
    return command;
}

// ---------------------------------------------------------------------------------------------
// bands

Command bandsCommand() {
    Command command;
    command.name = "bands";
    command.summary = "Per pair: wavelength vs context, and which pairs a scaling method changes";
    command.description =
        "Prints columns pair,inv_freq,wavelength,original_wavelength,scale,rotations_in_context,\n"
        "interpolation_weight,band. original_wavelength is rope_type default's with the same "
        "base;\n"
        "scale = original inv_freq / inv_freq; rotations_in_context = context length / "
        "wavelength;\n"
        "interpolation_weight w solves inv_freq = original*((1-w) + w/factor), clamped to [0, 1];\n"
        "band: 0 extrapolated (kept), 1 blended, 2 interpolated (divided by factor).\n"
        "JSON scalars: context_length, factor; yarn: yarn_low, yarn_high (the beta_fast/beta_slow\n"
        "correction range in pairs); llama3: llama3_high_freq_wavelength (kept below),\n"
        "llama3_low_freq_wavelength (divided above).";
    command.options = ropeOptionSpecs();
    command.options.push_back(
        {"--context-length", "L",
         "context to compare wavelengths with (default original_max_position_embeddings, else "
         "max_position_embeddings)"});
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const FrequencyBands bands =
            frequencyBands(ropeParamsFromArgs(args), args.optionalNumber("--context-length"));
        std::vector<std::int64_t> pair, band;
        std::vector<double> invFreq, wavelength, original, scale, rotations, weight;
        for (std::size_t i = 0; i < bands.pairs.size(); ++i) {
            const PairBand& p = bands.pairs[i];
            pair.push_back(static_cast<std::int64_t>(i));
            invFreq.push_back(p.invFreq);
            wavelength.push_back(p.wavelength);
            original.push_back(p.originalWavelength);
            scale.push_back(p.scale);
            rotations.push_back(p.rotationsInContext);
            weight.push_back(p.interpolationWeight);
            band.push_back(static_cast<std::int64_t>(p.band));
        }
        Table table;
        table.addColumn("pair", std::move(pair));
        table.addColumn("inv_freq", std::move(invFreq));
        table.addColumn("wavelength", std::move(wavelength));
        table.addColumn("original_wavelength", std::move(original));
        table.addColumn("scale", std::move(scale));
        table.addColumn("rotations_in_context", std::move(rotations));
        table.addColumn("interpolation_weight", std::move(weight));
        table.addColumn("band", std::move(band));
        table.addScalar("context_length", bands.contextLength);
        table.addScalar("factor", bands.factor);
        if (bands.yarnRange) {
            table.addScalar("yarn_low", bands.yarnRange->low);
            table.addScalar("yarn_high", bands.yarnRange->high);
        }
        if (bands.llama3HighFreqWavelength) {
            table.addScalar("llama3_high_freq_wavelength", *bands.llama3HighFreqWavelength);
            table.addScalar("llama3_low_freq_wavelength", *bands.llama3LowFreqWavelength);
        }
        table.write(out, args.format());
        return 0;
    };
    return command;
}

// ---------------------------------------------------------------------------------------------
// precision

struct PrecisionJob {
    RopeFrequencies freqs;
    Positions positions;
    std::vector<int> pairs;
    Execution exec;
};

std::vector<OptionSpec> precisionOptions() {
    std::vector<OptionSpec> specs = ropeOptionSpecs();
    specs.push_back(
        {"--positions", "RANGE|LIST", "whole positions, e.g. 0:16777217:65536 (required)"});
    specs.push_back({"--pairs", "LIST", "which pairs (default all)"});
    specs.push_back(threadsOption());
    return specs;
}

PrecisionJob precisionJob(const Args& args) {
    PrecisionJob job{ropeFrequencies(ropeParamsFromArgs(args)),
                     parsePositions(args.required("--positions"), "--positions"),
                     {},
                     executionFromArgs(args)};
    if (const auto list = args.value("--pairs")) job.pairs = parseIndexList(*list, "--pairs");
    return job;
}

PhaseErrors computePrecision(const PrecisionJob& job) {
    if (const auto* range = std::get_if<DistanceRange>(&job.positions)) {
        return ropePhaseErrors(job.freqs, *range, job.pairs, job.exec);
    }
    PhaseErrors all;
    for (std::int64_t p : std::get<std::vector<std::int64_t>>(job.positions)) {
        append(all, ropePhaseErrors(job.freqs, {p, p + 1, 1}, job.pairs, job.exec));
    }
    return all;
}

double precisionChecksum(const PhaseErrors& e) {
    return sum(e.float32Error) + sum(e.fastTrigError) + sum(e.exactTurnsError);
}

Command precisionCommand() {
    Command command;
    command.name = "precision";
    command.summary = "Phase error of float32, bfloat16 and float16 RoPE angles vs the exact phase";
    command.description =
        "Prints columns position,pair,float32_error,fast_trig_error,exact_turns_error,\n"
        "bfloat16_position,float16_position,bfloat16_error,float16_error; errors in radians,\n"
        "wrapped to (-pi, pi], against the exact p*theta (theta in double, product kept exact):\n"
        "float32_error: theta and p rounded to float32 and multiplied in float32 (HF style);\n"
        "fast_trig_error: that angle reduced in float32 turns as GPU fast sin/cos (__sinf) do;\n"
        "exact_turns_error: the fix, p*theta/(2 pi) reduced exactly in double, then rounded to\n"
        "float32.\n"
        "bfloat16_position, float16_position: the position rounded to the format (nearest,\n"
        "ties to even): bfloat16 holds integers exactly only to 256, float16 to 2048;\n"
        "bfloat16_error, float16_error: position, theta and their product each rounded to the\n"
        "format, as RoPE computed in bf16/fp16. float16 ends at 65504: from 65520 on the\n"
        "position is inf and its error nan (JSON null), not a number. The fix: positions and\n"
        "theta in float32 (transformers PR #29285) or the exact turns above.";
    command.options = precisionOptions();
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const PrecisionJob job = precisionJob(args);
        const double pairs =
            job.pairs.empty() ? job.freqs.pairs() : static_cast<double>(job.pairs.size());
        requireOutputCells(static_cast<double>(positionCount(job.positions)) * pairs, 9.0);
        PhaseErrors e = computePrecision(job);
        Table table;
        table.addColumn("position", std::move(e.position));
        table.addColumn("pair", std::move(e.pair));
        table.addColumn("float32_error", std::move(e.float32Error));
        table.addColumn("fast_trig_error", std::move(e.fastTrigError));
        table.addColumn("exact_turns_error", std::move(e.exactTurnsError));
        table.addColumn("bfloat16_position", std::move(e.bfloat16Position));
        table.addColumn("float16_position", std::move(e.float16Position));
        table.addColumn("bfloat16_error", std::move(e.bfloat16Error));
        table.addColumn("float16_error", std::move(e.float16Error));
        table.write(out, args.format());
        return 0;
    };
    return command;
}

// ---------------------------------------------------------------------------------------------
// bench

std::vector<Benchable> benchables() {
    return {
        {"score-curve", scoreCurveOptions(),
         [](const Args& args) -> TimedRun {
             return [job = scoreCurveJob(args)] {
                 return checksumLater(computeScoreCurve(job).value, sum);
             };
         }},
        {"heatmap", heatmapOptions(),
         [](const Args& args) -> TimedRun {
             return [job = heatmapJob(args)] {
                 return checksumLater(computeHeatmap(job).value.values, sum);
             };
         }},
        {"invariance", invarianceOptions(),
         [](const Args& args) -> TimedRun {
             return [job = invarianceJob(args)] {
                 return checksumLater(computeInvariance(job), [](const InvarianceResult& r) {
                     return r.maxDeviation + r.maxAbsScore;
                 });
             };
         }},
        {"decay", decayOptions(),
         [](const Args& args) -> TimedRun {
             return [job = decayJob(args)] { return checksumLater(computeMeanAbsScore(job), sum); };
         }},
        {"spiral", spiralOptions(),
         [](const Args& args) -> TimedRun {
             return [job = spiralJob(args)] {
                 return checksumLater(computeSpiral(job), spiralChecksum);
             };
         }},
        {"precision", precisionOptions(),
         [](const Args& args) -> TimedRun {
             return [job = precisionJob(args)] {
                 return checksumLater(computePrecision(job), precisionChecksum);
             };
         }},
    };
}

std::string benchableNames() {
    std::string names;
    for (const Benchable& b : benchables()) names += (names.empty() ? "" : ", ") + b.name;
    return names;
}

int runBench(const std::vector<std::string>& tokens, std::ostream& out) {
    if (tokens.empty() || tokens.front().rfind("--", 0) == 0) {
        throw InputError("bench needs a COMMAND first: one of " + benchableNames());
    }
    const std::string name = tokens.front();
    const std::vector<Benchable> all = benchables();
    const auto found =
        std::find_if(all.begin(), all.end(), [&](const Benchable& b) { return b.name == name; });
    if (found == all.end()) {
        throw InputError("bench COMMAND must be one of " + benchableNames() + ", got '" + name +
                         "'");
    }
    std::vector<OptionSpec> options = found->options;
    options.push_back({"--repeat", "R", "runs to time (default 5)"});
    const Args args("bench " + name, std::vector<std::string>(tokens.begin() + 1, tokens.end()),
                    options);
    args.format();  // bench always prints JSON, but a bad --format is refused as everywhere
    const auto repeat = args.integerOr("--repeat", 5, 1, 1000);
    const TimedRun run = found->prepare(args);
    std::vector<double> seconds;
    double checksum = 0.0;
    for (std::int64_t r = 0; r < repeat; ++r) {
        const auto start = std::chrono::steady_clock::now();
        const std::function<double()> checksumOfRun = run();
        seconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        checksum = checksumOfRun();
    }
    std::sort(seconds.begin(), seconds.end());
    const std::size_t mid = seconds.size() / 2;
    const double median =
        seconds.size() % 2 == 1 ? seconds[mid] : 0.5 * (seconds[mid - 1] + seconds[mid]);
    out << "{\"command\":\"" << name << "\",\"median_seconds\":" << formatDouble(median)
        << ",\"checksum\":" << formatDouble(checksum) << "}\n";
    return 0;
}

Command benchCommand() {
    Command command;
    command.name = "bench";
    command.summary = "Time a computation: bench COMMAND [its options] [--repeat R]";
    command.description =
        "Runs COMMAND's computation R times (default 5) without printing its rows, after building\n"
        "its inputs once, and prints one JSON object:\n"
        "  {\"command\": NAME, \"median_seconds\": S, \"checksum\": C}\n"
        "checksum (computed after the clock stops) is the sum of the computed values\n"
        "(score-curve: scores; heatmap: pooled values;\n"
        "invariance: max_deviation + max_abs_score; decay: mean_abs_score; spiral: x+y+z or\n"
        "cos+sin; precision: the three error columns), so runs and tools can be compared.\n"
        "COMMAND is one of: score-curve, heatmap, invariance, decay, spiral, precision; it takes\n"
        "the same options as the command itself (see its --help).";
    command.options = {{"--repeat", "R", "runs to time (default 5)"}};
    command.runTokens = [](const std::vector<std::string>& tokens, std::ostream& out,
                           std::ostream&) { return runBench(tokens, out); };
    return command;
}

}  // namespace

std::vector<Command> analysisCommands() {
    std::vector<Command> commands = {scoreCurveCommand(), invarianceCommand(), heatmapCommand(),
                                     decayCommand(),      spiralCommand(),     bandsCommand(),
                                     precisionCommand(),  benchCommand()};
    for (Command& command : clinicCommands()) commands.push_back(std::move(command));
    return commands;
}

}  // namespace ropelab::cli
