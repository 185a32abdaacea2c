// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab's commands (issue 38): train, evaluate and experiment, on core/training.

#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <mutex>
#include <optional>
#include <ostream>
#include <thread>
#include <utility>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/execution_options.h"
#include "cli/rope_options.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "training/model_file.h"
#include "training/trainer.h"

namespace ropelab::cli {

// Built without the training lab (ROPELAB_WITH_TRAINING=OFF, no libtorch): no commands.
#ifdef ROPELAB_WITH_TRAINING

namespace {

using namespace ropelab::training;
namespace fs = std::filesystem;

const std::string toolPrefix = "ropelab-cli ";

std::vector<OptionSpec> taskOptions(const std::string& defaultTask) {
    return {
        {"--task", "copy|reverse|text", "what the models learn (default " + defaultTask + ")"},
        {"--text", "FILE",
         "a UTF-8 text file for --task text (default: the built-in text, the GPL 3)"},
    };
}

std::vector<OptionSpec> modelOptions() {
    const ModelConfig defaults;
    const TrainSettings training;
    return {
        {"--layers", "L",
         "transformer blocks, 1 to 8 (default " + std::to_string(defaults.layers) + ")"},
        {"--width", "D",
         "model width, <= 512, a multiple of --heads (default " + std::to_string(defaults.width) +
             ")"},
        {"--heads", "H",
         "attention heads, 1 to 16 (default " + std::to_string(defaults.heads) + ")"},
        {"--train-length", "N",
         "longest training sequence, 3 to 1024 (default " + std::to_string(defaults.trainLength) +
             ")"},
        {"--steps", "S", "training steps (default " + std::to_string(training.steps) + ")"},
        {"--batch", "B", "sequences per step (default " + std::to_string(training.batch) + ")"},
        {"--lr", "X", "AdamW learning rate (default " + formatDouble(training.learningRate) + ")"},
    };
}

// The task a command names, or the model's own: copy/reverse, or the text of --text (else the
// built-in text).
Task taskFromArgs(const Args& args, const std::string& fallback) {
    const std::optional<std::string> file = args.value("--text");
    const TaskKind kind = parseTaskKind(args.value("--task").value_or(file ? "text" : fallback));
    if (kind != TaskKind::Text) {
        if (file) throw InputError("--text is for --task text, not " + std::string(toString(kind)));
        return syntheticTask(kind);
    }
    if (!file) return builtinTextTask();
    try {
        return textTaskFromFile(*file);
    } catch (const FileError& error) {
        throw InputError("--text '" + error.source() + "': " + error.problemText());
    }
}

Model loadModelOption(const Args& args, const std::string& option) {
    try {
        return loadModel(args.required(option));
    } catch (const InputError& error) {
        throw InputError(option + ": " + error.what());
    }
}

// The first RoPE option given (--rope-theta counted only when withTheta), "" if none.
std::string firstRopeOption(const Args& args, bool withTheta) {
    for (const OptionSpec& spec : ropeOptionSpecs()) {
        if (spec.name == "--rope-theta" && !withTheta) continue;
        if (args.has(spec.name)) return spec.name;
    }
    return "";
}

ModelConfig configFromArgs(const Args& args, PositionEncoding encoding) {
    ModelConfig config;
    config.encoding = encoding;
    config.layers = static_cast<int>(args.integerOr("--layers", config.layers));
    config.width = static_cast<int>(args.integerOr("--width", config.width));
    config.heads = static_cast<int>(args.integerOr("--heads", config.heads));
    config.trainLength = static_cast<int>(args.integerOr("--train-length", config.trainLength));
    config.ropeTheta = args.numberOr("--rope-theta", config.ropeTheta);
    return config;
}

TrainSettings settingsFromArgs(const Args& args) {
    TrainSettings settings;
    settings.steps = args.integerOr("--steps", settings.steps, INT64_MIN, INT64_MAX);
    settings.batch = static_cast<int>(args.integerOr("--batch", settings.batch));
    settings.learningRate = args.numberOr("--lr", settings.learningRate);
    settings.seed = static_cast<std::uint64_t>(args.integerOr("--seed", 0, 0, INT64_MAX));
    return settings;
}

// Lesson 7's options for a RoPE model: every RoPE flag, on the model's head dim; without
// --rope-theta (or a --config/--gguf file) the model's own base, without
// --max-position-embeddings its training length (the original context of YaRN and dynamic).
std::optional<RopeParams> evaluationRope(const Args& args, const Model& model, bool withTheta) {
    if (args.has("--head-dim") && args.integerOr("--head-dim", 0) != model.config.headDim()) {
        throw InputError("--head-dim must be the model's, " +
                         std::to_string(model.config.headDim()));
    }
    const RopeSettings settings = ropeSettingsFromArgs(args, model.config.headDim());
    const std::string first = firstRopeOption(args, withTheta);
    if (first.empty()) return std::nullopt;
    if (model.config.encoding != PositionEncoding::Rope) {
        throw InputError(first + " applies to rope models; this model is " +
                         std::string(toString(model.config.encoding)));
    }
    RopeParams params = settings.params;
    params.headDim = model.config.headDim();
    const bool fromFile = args.has("--config") || args.has("--gguf");
    if (!fromFile && !(withTheta && args.has("--rope-theta"))) {
        params.ropeTheta = model.config.ropeTheta * (params.ropeTheta / settings.thetaBeforeAlpha);
    }
    if (!fromFile && !args.has("--max-position-embeddings")) {
        params.maxPositionEmbeddings = model.config.trainLength;
    }
    validate(params);
    return params;
}

// Default evaluation lengths: 1×, 1.5×, 2× and 4× the training length.
std::vector<int> lengthsFromArgs(const Args& args, int trainLength) {
    if (!args.has("--lengths")) {
        return {trainLength, trainLength * 3 / 2, 2 * trainLength, 4 * trainLength};
    }
    std::vector<int> lengths;
    for (std::int64_t length : parseIntegerRangeOrList(*args.value("--lengths"), "--lengths")) {
        if (length < 2 || length > TrainingLimits::maxEvalLength) {
            throw InputError("--lengths must be in [2, " +
                             std::to_string(TrainingLimits::maxEvalLength) + "], got " +
                             std::to_string(length));
        }
        lengths.push_back(static_cast<int>(length));
    }
    return lengths;
}

// The metrics of one row; empty cells (JSON null) where the model cannot run that length.
struct ResultRow {
    std::string encoding;
    std::uint64_t seed = 0;
    LengthResult result;
};

void writeResults(const std::vector<ResultRow>& rows, bool withModel, OutputFormat format,
                  std::ostream& out) {
    const auto cell = [](const LengthResult& r, double value) {
        return r.ran ? formatDouble(value) : std::string();
    };
    if (format == OutputFormat::Json) {
        nlohmann::ordered_json json;
        for (const ResultRow& row : rows) {
            const LengthResult& r = row.result;
            const auto number = [&r](double value) {
                return r.ran ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
            };
            if (withModel) {
                json["encoding"].push_back(row.encoding);
                json["seed"].push_back(row.seed);
            }
            json["length"].push_back(r.length);
            json["loss"].push_back(number(r.loss));
            json["perplexity"].push_back(number(r.perplexity));
            json["accuracy"].push_back(number(r.accuracy));
            json["exact_match"].push_back(number(r.exactMatch));
        }
        out << json.dump() << '\n';
        return;
    }
    out << (withModel ? "encoding,seed," : "") << "length,loss,perplexity,accuracy,exact_match\n";
    for (const ResultRow& row : rows) {
        const LengthResult& r = row.result;
        if (withModel) out << row.encoding << ',' << row.seed << ',';
        out << r.length << ',' << cell(r, r.loss) << ',' << cell(r, r.perplexity) << ','
            << cell(r, r.accuracy) << ',' << cell(r, r.exactMatch) << '\n';
    }
}

// One line on err for each length a model could not run (the empty cells).
void explainRefusals(const std::vector<ResultRow>& rows, const std::string& command,
                     std::ostream& err) {
    std::pair<int, int> last;  // the length and rows last explained
    for (const ResultRow& row : rows) {
        if (row.result.ran || std::pair(row.result.length, row.result.rows) == last) continue;
        last = {row.result.length, row.result.rows};
        err << toolPrefix << command << ": " << row.encoding << (row.encoding.empty() ? "" : ": ")
            << "length " << row.result.length << " cannot run: learned positions have "
            << row.result.rows << " rows (the training length); a sequence of " << row.result.length
            << " tokens has no row for positions " << row.result.rows << " and on\n";
    }
}

// Core's rule on every sequence of a --sequences file, in the file's words.
template <class Run>
auto sequencesOfFile(const std::string& path, Run run, const Model& model) {
    try {
        return run();
    } catch (const ParameterError& error) {
        const ParameterProblem& p = error.problem();
        const std::string where = "--sequences '" + path + "': ";
        if (p.parameter == "token_id") {
            throw InputError(where + "holds token id " + formatDouble(p.value) +
                             "; the model's vocabulary has ids 0 to " + formatDouble(p.upper));
        }
        if (p.parameter != "sequence_length") throw;
        if (model.config.encoding == PositionEncoding::Learned && p.value > p.upper) {
            throw InputError(where + "a sequence of " + formatDouble(p.value) +
                             " tokens is longer than the learned positions' " +
                             formatDouble(p.upper) + " rows (the training length)");
        }
        throw InputError(where + "a sequence of " + formatDouble(p.value) + " tokens; each needs " +
                         formatDouble(p.lower) + " to " + formatDouble(p.upper));
    }
}

// Sequences of token ids, one per line, comma-separated; blank lines are skipped.
std::vector<std::vector<std::int64_t>> readSequences(const std::string& path) {
    constexpr std::uintmax_t maxBytes = 64u << 20;
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (error) throw InputError("--sequences: cannot read '" + path + "': " + error.message());
    if (size > maxBytes) {
        throw ResourceError("--sequences: '" + path + "' has " + std::to_string(size) +
                            " bytes; at most 64 MiB are read");
    }
    std::ifstream in(path);
    if (!in) throw InputError("--sequences: cannot open '" + path + "'");
    std::vector<std::vector<std::int64_t>> sequences;
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        std::vector<std::int64_t> ids;
        std::size_t begin = 0;
        while (true) {
            const std::size_t end = line.find(',', begin);
            ids.push_back(parseInteger(line.substr(begin, end - begin),
                                       "--sequences line " + std::to_string(number), 0, INT32_MAX));
            if (end == std::string::npos) break;
            begin = end + 1;
        }
        sequences.push_back(std::move(ids));
    }
    if (sequences.empty()) throw InputError("--sequences: '" + path + "' holds no sequence");
    return sequences;
}

Command trainCommand() {
    Command command;
    command.name = "train";
    command.summary = "Train a small transformer with one position encoding (training lab)";
    command.description =
        "Trains a decoder-only transformer (README \"Training lab\") on a task and writes it to\n"
        "--out as .safetensors; prints columns step,train_loss as it trains. The same seed,\n"
        "settings and --threads give the same losses. With --from MODEL a trained rope model\n"
        "is fine-tuned at --train-length, with a RoPE scaling if --rope-type is given (the\n"
        "Position Interpolation comparison).";
    command.options = taskOptions("copy");
    command.options.push_back({"--encoding", "none|learned|sinusoidal|t5|alibi|rope",
                               "position encoding (default rope)"});
    for (OptionSpec& spec : modelOptions()) command.options.push_back(std::move(spec));
    command.options.push_back({"--seed", "S", "seed of the weights and the batches (default 0)"});
    command.options.push_back({"--out", "MODEL", "the model file to write (required)"});
    command.options.push_back(
        {"--from", "MODEL", "fine-tune this rope model instead of a new one"});
    command.options.push_back(threadsOption());
    for (OptionSpec& spec : ropeOptionSpecs()) command.options.push_back(std::move(spec));
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const std::string path = args.required("--out");
        if (!path.ends_with(".safetensors") || path.size() == std::string(".safetensors").size()) {
            throw InputError("--out must name a .safetensors file, got '" + path + "'");
        }
        const fs::path folder = fs::absolute(path).parent_path();
        if (std::error_code error; !fs::is_directory(folder, error)) {
            throw InputError("--out: the folder '" + folder.string() + "' does not exist");
        }
        const TrainSettings base = settingsFromArgs(args);
        Execution exec = executionFromArgs(args);
        const bool csv = args.format() == OutputFormat::Csv;
        std::vector<double> losses;
        // The header comes with the first step, so a refusal before training prints nothing.
        const StepCallback onStep = [&](std::int64_t step, double loss) {
            if (csv) {
                if (step == 1) out << "step,train_loss\n";
                out << step << ',' << formatDouble(loss) << '\n' << std::flush;
            } else {
                losses.push_back(loss);
            }
        };
        Model model;
        if (const std::optional<std::string> from = args.value("--from")) {
            if (args.has("--encoding") || args.has("--layers") || args.has("--width") ||
                args.has("--heads") || args.has("--rope-theta")) {
                throw InputError(
                    "--from continues a model: its encoding, size and RoPE base are its own");
            }
            const Model start = loadModelOption(args, "--from");
            TrainSettings settings = base;
            if (!args.has("--seed")) settings.seed = start.seed;
            settings.ropeScaling = evaluationRope(args, start, false);
            const Task task = taskFromArgs(args, start.task);
            const int length =
                static_cast<int>(args.integerOr("--train-length", start.config.trainLength));
            model = fineTune(start, task, length, settings, exec, onStep);
        } else {
            if (const std::string first = firstRopeOption(args, false); !first.empty()) {
                throw InputError(first + " is for evaluate, or for fine-tuning with train --from");
            }
            const PositionEncoding encoding =
                parsePositionEncoding(args.value("--encoding").value_or("rope"));
            const Task task = taskFromArgs(args, "copy");
            ModelConfig config = configFromArgs(args, encoding);
            config.vocabulary = static_cast<int>(task.vocabulary.size());
            validate(config);
            validate(base);
            requireTrainable(task, config.trainLength);
            model = train(config, task, base, exec, onStep);
        }
        saveModel(path, model);
        if (!csv) {
            nlohmann::ordered_json json;
            for (std::size_t i = 0; i < losses.size(); ++i) {
                json["step"].push_back(i + 1);
                json["train_loss"].push_back(losses[i]);
            }
            out << json.dump() << '\n';
        }
        return 0;
    };
    return command;
}

Command evaluateCommand() {
    Command command;
    command.name = "evaluate";
    command.summary = "Evaluate a trained model by sequence length (training lab)";
    command.description =
        "Prints columns length,loss,perplexity,accuracy,exact_match: the mean cross-entropy of\n"
        "the scored tokens (copy/reverse: those after the separator; text: every next\n"
        "character of the held-out last 10%), its exp, the share of tokens predicted right\n"
        "and of sequences predicted wholly right. A learned model has no row beyond its\n"
        "table: its cells stay empty and a line on stderr says why. RoPE options apply lesson\n"
        "7's methods to a rope model at evaluation (its base and training length unless\n"
        "given). With --sequences FILE (one sequence per line, comma-separated token ids)\n"
        "prints sequence,length,mean_loss instead: mean next-token cross-entropy over\n"
        "positions 1 .. T-1, sequences numbered from 0.";
    command.options = {{"--model", "MODEL", "the model file (required)"},
                       {"--lengths", "RANGE|LIST",
                        "evaluation lengths in tokens (default 1, 1.5, 2 and 4 x train_length)"},
                       {"--count", "N", "sequences per length (default 128)"},
                       {"--seed", "S", "seed of the copy/reverse sequences (default 1234567)"},
                       {"--sequences", "FILE", "score these token sequences instead"}};
    for (OptionSpec& spec : taskOptions("the model's")) command.options.push_back(std::move(spec));
    command.options.push_back(threadsOption());
    for (OptionSpec& spec : ropeOptionSpecs()) command.options.push_back(std::move(spec));
    command.run = [](const Args& args, std::ostream& out, std::ostream& err) {
        const Model model = loadModelOption(args, "--model");
        const std::optional<RopeParams> rope = evaluationRope(args, model, true);
        const Execution exec = executionFromArgs(args);
        if (const std::optional<std::string> file = args.value("--sequences")) {
            for (const char* option : {"--lengths", "--count", "--task", "--text"}) {
                if (args.has(option))
                    throw InputError(std::string(option) + " does not go with --sequences");
            }
            const std::vector<std::vector<std::int64_t>> sequences = readSequences(*file);
            const std::vector<double> losses = sequencesOfFile(
                *file, [&] { return sequenceLosses(model, sequences, rope, exec); }, model);
            std::vector<std::int64_t> index(sequences.size());
            std::vector<std::int64_t> length(sequences.size());
            for (std::size_t s = 0; s < sequences.size(); ++s) {
                index[s] = static_cast<std::int64_t>(s);
                length[s] = static_cast<std::int64_t>(sequences[s].size());
            }
            Table table;
            table.addColumn("sequence", std::move(index));
            table.addColumn("length", std::move(length));
            table.addColumn("mean_loss", losses);
            table.write(out, args.format());
            return 0;
        }
        EvalSettings settings;
        settings.lengths = lengthsFromArgs(args, model.config.trainLength);
        settings.sequences =
            static_cast<int>(args.integerOr("--count", settings.sequences, 1, 100000));
        settings.seed = static_cast<std::uint64_t>(
            args.integerOr("--seed", static_cast<std::int64_t>(settings.seed), 0, INT64_MAX));
        settings.rope = rope;
        const Task task = taskFromArgs(args, model.task);
        std::vector<ResultRow> rows;
        for (const LengthResult& result : evaluate(model, task, settings, exec))
            rows.push_back({"", 0, result});
        writeResults(rows, false, args.format(), out);
        explainRefusals(rows, "evaluate", err);
        return 0;
    };
    return command;
}

Command experimentCommand() {
    Command command;
    command.name = "experiment";
    command.summary = "Train and evaluate every chosen encoding and seed: train short, test long";
    command.description =
        "Trains one model per encoding and seed on the same task and data, then evaluates each\n"
        "at every length (as evaluate). Prints one table\n"
        "encoding,seed,length,loss,perplexity,accuracy,exact_match after all have trained;\n"
        "stderr gets each model's training time. Models train in parallel, one torch thread\n"
        "each, on --threads threads; a model whose loss becomes NaN is reported and left out.";
    command.options = taskOptions("copy");
    command.options.push_back(
        {"--encodings", "LIST",
         "comma-separated encodings (default none,learned,sinusoidal,t5,alibi,rope)"});
    command.options.push_back({"--seeds", "LIST", "comma-separated seeds (default 0)"});
    for (OptionSpec& spec : modelOptions()) command.options.push_back(std::move(spec));
    command.options.push_back({"--rope-theta", "B", "RoPE base of the rope model (default 10000)"});
    command.options.push_back(
        {"--lengths", "RANGE|LIST", "evaluation lengths (default 1, 1.5, 2 and 4 x train_length)"});
    command.options.push_back({"--count", "N", "evaluation sequences per length (default 128)"});
    command.options.push_back(threadsOption());
    command.run = [](const Args& args, std::ostream& out, std::ostream& err) {
        std::vector<PositionEncoding> encodings;
        const std::string list =
            args.value("--encodings").value_or("none,learned,sinusoidal,t5,alibi,rope");
        for (std::size_t begin = 0;;) {
            const std::size_t end = list.find(',', begin);
            const std::string name = list.substr(begin, end - begin);
            try {
                encodings.push_back(parsePositionEncoding(name));
            } catch (const InputError&) {
                throw InputError(
                    "--encodings must list none, learned, sinusoidal, t5, alibi or "
                    "rope, got '" +
                    name + "'");
            }
            if (end == std::string::npos) break;
            begin = end + 1;
        }
        std::vector<std::uint64_t> seeds;
        for (std::int64_t seed :
             parseIntegerRangeOrList(args.value("--seeds").value_or("0"), "--seeds")) {
            if (seed < 0) throw InputError("--seeds must be >= 0, got " + std::to_string(seed));
            seeds.push_back(static_cast<std::uint64_t>(seed));
        }
        const Task task = taskFromArgs(args, "copy");
        const TrainSettings base = settingsFromArgs(args);
        validate(base);
        struct Job {
            PositionEncoding encoding;
            std::uint64_t seed;
        };
        std::vector<Job> jobs;
        for (PositionEncoding encoding : encodings) {
            ModelConfig config = configFromArgs(args, encoding);
            config.vocabulary = static_cast<int>(task.vocabulary.size());
            validate(config);
            requireMemory(trainingMemoryBytes(config, base.batch, config.trainLength),
                          ResourceProblem(Demand::Training));
            for (std::uint64_t seed : seeds) jobs.push_back({encoding, seed});
        }
        requireTrainable(task, configFromArgs(args, PositionEncoding::None).trainLength);
        EvalSettings eval;
        eval.lengths =
            lengthsFromArgs(args, configFromArgs(args, PositionEncoding::None).trainLength);
        eval.sequences = static_cast<int>(args.integerOr("--count", eval.sequences, 1, 100000));
        const Execution exec = executionFromArgs(args);
        std::vector<std::vector<ResultRow>> results(jobs.size());
        std::vector<std::string> messages(jobs.size());
        std::atomic<std::size_t> next{0};
        std::mutex errMutex;
        const auto worker = [&] {
            for (std::size_t j = next++; j < jobs.size(); j = next++) {
                const Job& job = jobs[j];
                const std::string name =
                    std::string(toString(job.encoding)) + " seed " + std::to_string(job.seed);
                TrainSettings settings = base;
                settings.seed = job.seed;
                const Execution one{1, exec.stop, {}};
                try {
                    const auto start = std::chrono::steady_clock::now();
                    const Model model =
                        train(configFromArgs(args, job.encoding), task, settings, one);
                    const double seconds =
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                            .count();
                    for (const LengthResult& r : evaluate(model, task, eval, one)) {
                        results[j].push_back({std::string(toString(job.encoding)), job.seed, r});
                    }
                    const std::lock_guard lock(errMutex);
                    err << toolPrefix << "experiment: " << name << " trained in "
                        << formatDouble(std::round(seconds * 10) / 10) << " s\n";
                } catch (const std::exception& error) {
                    messages[j] = name + ": " + error.what();
                }
            }
        };
        std::vector<std::thread> threads;
        const std::size_t count =
            std::min<std::size_t>(static_cast<std::size_t>(exec.threads), jobs.size());
        for (std::size_t t = 1; t < count; ++t) threads.emplace_back(worker);
        worker();
        for (std::thread& thread : threads) thread.join();
        std::vector<ResultRow> rows;
        for (std::size_t j = 0; j < jobs.size(); ++j) {
            if (!messages[j].empty()) err << toolPrefix << "experiment: " << messages[j] << '\n';
            rows.insert(rows.end(), results[j].begin(), results[j].end());
        }
        if (rows.empty()) throw ResourceError("no model trained: " + messages.front());
        writeResults(rows, true, args.format(), out);
        explainRefusals(rows, "experiment", err);
        return 0;
    };
    return command;
}

}  // namespace

std::vector<Command> trainingCommands() {
    return {trainCommand(), evaluateCommand(), experimentCommand()};
}

#else

std::vector<Command> trainingCommands() {
    return {};
}

#endif

}  // namespace ropelab::cli
