// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/lab_run.h"

#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "common/parameter_error.h"

namespace ropelab::training {

namespace {

using nlohmann::json;

constexpr const char* kFormat = "ropelab-lab-run";
constexpr int kVersion = 2;
constexpr int kFirstVersion = 1;  // no fine-tuning

json lengthsToJson(const std::vector<LengthResult>& results) {
    json out = json::array();
    for (const LengthResult& r : results) {
        if (!r.ran) {
            out.push_back({{"length", r.length}, {"ran", false}, {"rows", r.rows}});
            continue;
        }
        out.push_back({{"length", r.length},
                       {"ran", true},
                       {"loss", r.loss},
                       {"perplexity", r.perplexity},
                       {"accuracy", r.accuracy},
                       {"exact_match", r.exactMatch}});
    }
    return out;
}

double finite(const json& value, double lo, double hi) {
    const double x = value.get<double>();
    if (!std::isfinite(x) || x < lo || x > hi) throw std::out_of_range("number out of range");
    return x;
}

// trainLength: the learned table's rows in runs written before "rows" (they said why in English).
std::vector<LengthResult> lengthsFromJson(const json& array, int trainLength) {
    std::vector<LengthResult> out;
    for (const json& item : array) {
        LengthResult r;
        r.length = static_cast<int>(finite(item.at("length"), 2, TrainingLimits::maxEvalLength));
        r.ran = item.at("ran").get<bool>();
        if (!r.ran) {
            r.rows =
                item.contains("rows")
                    ? static_cast<int>(finite(item.at("rows"), 1, TrainingLimits::maxTrainLength))
                    : trainLength;
        } else {
            r.loss = finite(item.at("loss"), 0, 1e6);
            r.perplexity = finite(item.at("perplexity"), 1, HUGE_VAL);
            r.accuracy = finite(item.at("accuracy"), 0, 1);
            r.exactMatch = finite(item.at("exact_match"), 0, 1);
        }
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<double> lossesFromJson(const json& array) {
    std::vector<double> losses;
    for (const json& loss : array) losses.push_back(finite(loss, 0, 1e6));
    if (losses.size() > static_cast<std::size_t>(TrainingLimits::maxSteps)) {
        throw std::out_of_range("more losses than steps");
    }
    return losses;
}

template <class Enum, std::size_t N>
Enum enumFromName(const std::string& name, const Enum (&all)[N]) {
    for (Enum e : all) {
        if (toString(e) == name) return e;
    }
    throw std::out_of_range("unknown name " + name);
}

}  // namespace

std::vector<int> labLengths(const LabSettings& settings) {
    std::vector<int> lengths;
    for (double factor : {1.0, 1.5, 2.0, labLongestFactor}) {
        lengths.push_back(static_cast<int>(std::lround(factor * settings.trainLength)));
    }
    return lengths;
}

std::string_view toString(RopeRescue rescue) {
    switch (rescue) {
        case RopeRescue::Linear:
            return "linear";
        case RopeRescue::Dynamic:
            return "dynamic";
        case RopeRescue::Yarn:
            return "yarn";
        case RopeRescue::Llama3:
            return "llama3";
    }
    return "linear";
}

RopeParams rescueParams(RopeRescue rescue, const ModelConfig& config) {
    RopeParams params;
    params.headDim = config.headDim();
    params.ropeTheta = config.ropeTheta;
    params.factor = labLongestFactor;
    // The trained context is the training length: dynamic scales beyond it, yarn and llama3
    // take it as the original context.
    params.maxPositionEmbeddings = config.trainLength;
    switch (rescue) {
        case RopeRescue::Linear:
            params.ropeType = RopeType::Linear;
            break;
        case RopeRescue::Dynamic:
            params.ropeType = RopeType::Dynamic;
            break;
        case RopeRescue::Yarn:
            params.ropeType = RopeType::Yarn;
            params.originalMaxPositionEmbeddings = config.trainLength;
            params.maxPositionEmbeddings = static_cast<int>(labLongestFactor * config.trainLength);
            break;
        case RopeRescue::Llama3:
            params.ropeType = RopeType::Llama3;
            params.originalMaxPositionEmbeddings = config.trainLength;
            params.maxPositionEmbeddings = static_cast<int>(labLongestFactor * config.trainLength);
            break;
    }
    return params;
}

RopeParams interpolationParams(const ModelConfig& config) {
    RopeParams params;
    params.headDim = config.headDim();
    params.ropeTheta = config.ropeTheta;
    params.ropeType = RopeType::Linear;
    params.factor = labFineTuneFactor;
    return params;
}

Task labTask(const LabSettings& settings) {
    if (settings.task != TaskKind::Text) return syntheticTask(settings.task);
    Task task = settings.textFile.empty() ? builtinTextTask() : textTaskFromFile(settings.textFile);
    requireTrainable(task, settings.trainLength);
    return task;
}

ModelConfig labModelConfig(const LabSettings& settings, PositionEncoding encoding, int vocabulary) {
    ModelConfig config;
    config.encoding = encoding;
    config.layers = settings.layers;
    config.width = settings.width;
    config.heads = settings.heads;
    config.vocabulary = vocabulary;
    config.trainLength = settings.trainLength;
    config.ropeTheta = settings.ropeTheta;
    return config;
}

std::int64_t labModelSteps(const LabSettings& settings, PositionEncoding encoding) {
    const bool tuned = encoding == PositionEncoding::Rope && settings.fineTuneSteps > 0;
    return settings.steps + (tuned ? 2 * settings.fineTuneSteps : 0);
}

LabModelResult runLabModel(const LabSettings& settings, const Task& task, PositionEncoding encoding,
                           const Execution& exec, const StepCallback& onStep, Model* trained) {
    // Each training phase reports its own fraction; the caller sees the model's whole run.
    const auto total = static_cast<double>(labModelSteps(settings, encoding));
    const auto phase = [&exec, total](std::int64_t before, std::int64_t steps) {
        Execution part = exec;
        if (exec.progress) {
            part.progress = [progress = exec.progress, before, steps, total](double fraction) {
                progress((static_cast<double>(before) + fraction * static_cast<double>(steps)) /
                         total);
            };
        }
        return part;
    };
    LabModelResult result;
    result.encoding = encoding;
    const ModelConfig config =
        labModelConfig(settings, encoding, static_cast<int>(task.vocabulary.size()));
    TrainSettings training;
    training.steps = settings.steps;
    training.batch = settings.batch;
    training.seed = settings.seed;
    const auto start = std::chrono::steady_clock::now();
    const Model model = train(config, task, training, phase(0, settings.steps),
                              [&](std::int64_t step, double loss) {
                                  result.losses.push_back(loss);
                                  if (onStep) onStep(step, loss);
                              });
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    EvalSettings eval;
    eval.lengths = labLengths(settings);
    eval.sequences = settings.evalSequences;
    result.byLength = evaluate(model, task, eval, exec);
    if (encoding == PositionEncoding::Rope) {
        for (RopeRescue rescue : allRescues) {
            eval.rope = rescueParams(rescue, config);
            result.rescued.push_back({rescue, evaluate(model, task, eval, exec)});
        }
        // Each fine-tuned model is evaluated with the scaling it was fine-tuned with.
        eval.rope.reset();
        const int longer = static_cast<int>(std::lround(labFineTuneFactor * settings.trainLength));
        for (bool interpolated : {false, true}) {
            if (settings.fineTuneSteps <= 0) break;
            FineTunedCurve curve;
            curve.interpolated = interpolated;
            training.steps = settings.fineTuneSteps;
            if (interpolated) training.ropeScaling = interpolationParams(config);
            const std::int64_t before =
                settings.steps + (interpolated ? settings.fineTuneSteps : 0);
            const Model tuned =
                fineTune(model, task, longer, training, phase(before, settings.fineTuneSteps),
                         [&curve](std::int64_t, double loss) { curve.losses.push_back(loss); });
            curve.byLength = evaluate(tuned, task, eval, exec);
            result.fineTuned.push_back(std::move(curve));
        }
    }
    if (trained != nullptr) *trained = model;
    return result;
}

std::string labRunToJson(const LabRun& run) {
    const LabSettings& s = run.settings;
    json encodings = json::array();
    for (PositionEncoding e : s.encodings) encodings.push_back(std::string(toString(e)));
    json models = json::array();
    for (const LabModelResult& m : run.models) {
        json rescued = json::object();
        for (const RescuedCurve& c : m.rescued) {
            rescued[std::string(toString(c.rescue))] = lengthsToJson(c.byLength);
        }
        json fineTuned = json::array();
        for (const FineTunedCurve& c : m.fineTuned) {
            fineTuned.push_back({{"interpolated", c.interpolated},
                                 {"losses", c.losses},
                                 {"by_length", lengthsToJson(c.byLength)}});
        }
        models.push_back({{"encoding", std::string(toString(m.encoding))},
                          {"seconds", m.seconds},
                          {"losses", m.losses},
                          {"by_length", lengthsToJson(m.byLength)},
                          {"rescued", rescued},
                          {"fine_tuned", fineTuned}});
    }
    const json doc = {{"format", kFormat},
                      {"version", kVersion},
                      {"settings",
                       {{"task", std::string(toString(s.task))},
                        {"text_file", s.textFile},
                        {"encodings", encodings},
                        {"layers", s.layers},
                        {"width", s.width},
                        {"heads", s.heads},
                        {"train_length", s.trainLength},
                        {"steps", s.steps},
                        {"batch", s.batch},
                        {"seed", s.seed},
                        {"rope_theta", s.ropeTheta},
                        {"eval_sequences", s.evalSequences},
                        {"fine_tune_steps", s.fineTuneSteps}}},
                      {"task_source", run.taskSource},
                      {"models", models}};
    return doc.dump(1);
}

LabRun labRunFromJson(std::string_view text, const std::string& source) {
    try {
        const json doc = json::parse(text);
        const std::string format = doc.at("format").get<std::string>();
        if (format != kFormat) {
            throw FileError(source, {.issue = FileIssue::WrongFormat,
                                     .key = "format",
                                     .found = format.substr(0, 40),
                                     .detail = kFormat});
        }
        const int version = doc.at("version").get<int>();
        if (version < kFirstVersion || version > kVersion) {
            throw FileError(source, {.issue = FileIssue::WrongFormat,
                                     .key = "version",
                                     .found = std::to_string(version),
                                     .detail = std::to_string(kFirstVersion) + ", " +
                                               std::to_string(kVersion)});
        }
        LabRun run;
        const json& s = doc.at("settings");
        LabSettings& settings = run.settings;
        settings.task = parseTaskKind(s.at("task").get<std::string>());
        settings.textFile = s.at("text_file").get<std::string>();
        settings.encodings.clear();
        for (const json& e : s.at("encodings")) {
            settings.encodings.push_back(parsePositionEncoding(e.get<std::string>()));
        }
        settings.layers = static_cast<int>(finite(s.at("layers"), 1, TrainingLimits::maxLayers));
        settings.width = static_cast<int>(finite(s.at("width"), 1, TrainingLimits::maxWidth));
        settings.heads = static_cast<int>(finite(s.at("heads"), 1, TrainingLimits::maxHeads));
        settings.trainLength = static_cast<int>(finite(
            s.at("train_length"), TrainingLimits::minTrainLength, TrainingLimits::maxTrainLength));
        settings.steps =
            static_cast<std::int64_t>(finite(s.at("steps"), 1, double(TrainingLimits::maxSteps)));
        settings.batch = static_cast<int>(finite(s.at("batch"), 1, TrainingLimits::maxBatch));
        settings.seed = s.at("seed").get<std::uint64_t>();
        settings.ropeTheta = finite(s.at("rope_theta"), 1.0 + 1e-9, 1e12);
        settings.evalSequences = static_cast<int>(finite(s.at("eval_sequences"), 1, 100000));
        settings.fineTuneSteps =
            version == kFirstVersion
                ? 0
                : static_cast<std::int64_t>(
                      finite(s.at("fine_tune_steps"), 0, double(TrainingLimits::maxSteps)));
        run.taskSource = doc.at("task_source").get<std::string>();
        for (const json& m : doc.at("models")) {
            LabModelResult model;
            model.encoding = parsePositionEncoding(m.at("encoding").get<std::string>());
            model.seconds = finite(m.at("seconds"), 0, 1e7);
            model.losses = lossesFromJson(m.at("losses"));
            model.byLength = lengthsFromJson(m.at("by_length"), settings.trainLength);
            for (const auto& [name, curve] : m.at("rescued").items()) {
                model.rescued.push_back(
                    {enumFromName(name, allRescues), lengthsFromJson(curve, settings.trainLength)});
            }
            if (version > kFirstVersion) {
                for (const json& c : m.at("fine_tuned")) {
                    model.fineTuned.push_back(
                        {c.at("interpolated").get<bool>(), lossesFromJson(c.at("losses")),
                         lengthsFromJson(c.at("by_length"), settings.trainLength)});
                }
            }
            run.models.push_back(std::move(model));
        }
        return run;
    } catch (const FileError&) {
        throw;
    } catch (const ParameterError& e) {
        throw FileError(source, e.problem(), {});
    } catch (const json::parse_error& e) {
        throw FileError(source, {.issue = FileIssue::NotJson, .detail = e.what()});
    } catch (const std::exception& e) {
        // A missing key, a wrong type or a number out of range, in the parser's words.
        throw FileError(source, {.issue = FileIssue::Damaged, .detail = e.what()});
    }
}

}  // namespace ropelab::training
