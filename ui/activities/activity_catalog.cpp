// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/activity_catalog.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace ropelab::ui {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

ReadoutSpec whole(const char* id, double minimum = 0.0, double maximum = kInf) {
    return {QString::fromLatin1(id), minimum, maximum, true};
}
ReadoutSpec number(const char* id, double minimum = -kInf, double maximum = kInf) {
    return {QString::fromLatin1(id), minimum, maximum, false};
}

// The training lesson's readouts: accuracy and loss of each encoding's model, and of the RoPE
// model with each method applied at evaluation or fine-tuned at 2L (plain and with PI), at 1,
// 1.5, 2 and 4 times the training length.
QList<ReadoutSpec> trainingReadouts() {
    QList<ReadoutSpec> specs{whole("training.train_length", 3.0),
                             whole("training.models", 0.0, 6.0)};
    const QStringList models{"none", "learned",     "sinusoidal",   "t5",        "alibi",
                             "rope", "rope_linear", "rope_dynamic", "rope_yarn", "rope_llama3"};
    for (const QString& model : models) {
        for (const char* factor : {"1x", "1_5x", "2x", "4x"}) {
            // A learned table has no row beyond the training length: no number there, ever.
            if (model == QLatin1String("learned") && std::strcmp(factor, "1x") != 0) continue;
            const QString suffix = QString::fromLatin1(factor);
            specs.append(
                {QStringLiteral("training.%1_accuracy_%2").arg(model, suffix), 0.0, 1.0, false});
            specs.append(
                {QStringLiteral("training.%1_loss_%2").arg(model, suffix), 0.0, kInf, false});
        }
    }
    // Only a run with fine-tuning steps has these (the recorded run has none).
    for (const char* model : {"rope_finetune", "rope_finetune_linear"}) {
        for (const char* factor : {"1x", "1_5x", "2x", "4x"}) {
            specs.append({QStringLiteral("training.%1_accuracy_%2").arg(model, factor), 0.0, 1.0,
                          false, true});
            specs.append(
                {QStringLiteral("training.%1_loss_%2").arg(model, factor), 0.0, kInf, false, true});
        }
    }
    return specs;
}

QStringList names(std::initializer_list<const char*> list) {
    QStringList out;
    for (const char* name : list) out.append(QString::fromLatin1(name));
    return out;
}

FigureSpec figure(const char* id, std::initializer_list<const char*> annotations = {}) {
    return {QString::fromLatin1(id), names(annotations)};
}

// Each lesson's figures (LessonPage::createPlot) and the annotations it tags
// (LessonPage::tagAnnotation).
QMap<QString, QList<FigureSpec>> builtInFigures() {
    return {
        {QStringLiteral("order"),
         {figure("token-outputs"), figure("attention-weights", {"current-weights"})}},
        {QStringLiteral("absolute"),
         {figure("learned-table", {"missing-rows"}), figure("sinusoidal-table"),
          figure("position-similarity"), figure("shift-rotation", {"arrows"})}},
        {QStringLiteral("relative"),
         {figure("t5-buckets"), figure("t5-bias"), figure("alibi-slopes"), figure("alibi-bias")}},
        {QStringLiteral("rope-2d"),
         {figure("rotating-pair", {"angle"}), figure("score-vs-distance")}},
        {QStringLiteral("rope-nd"),
         {figure("clock-hands", {"hands"}), figure("spiral-3d"), figure("pair-helix"),
          figure("pair-layout")}},
        {QStringLiteral("invariance"),
         {figure("score-heatmap-1"), figure("score-vs-distance-1"), figure("score-heatmap-2"),
          figure("score-vs-distance-2"), figure("long-term-decay")}},
        {QStringLiteral("frequencies"),
         {figure("wavelengths"), figure("slowdown-per-pair"), figure("score-curves")}},
        {QStringLiteral("pitfall"),
         {figure("seed-code-heatmap"), figure("rope-heatmap"), figure("singular-values"),
          figure("norm-ratio")}},
        {QStringLiteral("sweeps"), {figure("sweep-score-curves"), figure("sweep-heatmaps")}},
        {QStringLiteral("precision"),
         {figure("phase-error-vs-position"), figure("phase-error-per-pair")}},
        {QStringLiteral("clinic"),
         {figure("layout-permutation-scores"), figure("kv-cache-drift"),
          figure("low-precision-positions")}},
        {QStringLiteral("real-model"),
         {figure("usage-by-layer"), figure("usage-by-head"), figure("positional-profiles")}},
        {QStringLiteral("training"),
         {figure("training-loss"), figure("metric-vs-length", {"cannot-run"}),
          figure("rope-rescue"), figure("attention-weights"), figure("rope-pair-norms")}},
    };
}

}  // namespace

const ActivityCatalog& ActivityCatalog::builtIn() {
    static const ActivityCatalog catalog(
        {
            // Lesson 1: why order matters.
            {QStringLiteral("order"),
             {
                 whole("order.position", 0.0, 2.0),
                 whole("order.moved_words", 0.0, 3.0),
                 number("order.output_difference", 0.0),
                 number("order.move_dog", 0.0),
                 number("order.move_chases", 0.0),
                 number("order.move_pig", 0.0),
                 number("order.reverse_change", 0.0),
                 number("order.reverse_move_chases", 0.0),
                 number("order.weight_dog_pig", 0.0, 1.0),
                 number("order.reference_weight_dog_pig", 0.0, 1.0),
                 number("order.weight_change", 0.0, 1.0),
             },
             names({"tokenOrder", "moveLeftButton", "moveRightButton", "reverseButton",
                    "positionBox"})},
            // Lesson 2: absolute encodings.
            {QStringLiteral("absolute"),
             {
                 whole("absolute.query_position"),
                 whole("absolute.sequence_length", 1.0),
                 whole("absolute.max_length", 1.0),
                 whole("absolute.has_row", 0.0, 1.0),
                 whole("absolute.missing_rows"),
                 whole("absolute.pair"),
                 whole("absolute.shift", -kInf, kInf),
                 number("absolute.omega", 0.0),
                 number("absolute.period_tokens", 0.0),
                 number("absolute.turn_deg"),
                 number("absolute.tip_gap", 0.0, 2.0),
             },
             names({"maxLengthSlider", "pairSlider", "shiftSlider"})},
            // Lesson 3: relative bias.
            {QStringLiteral("relative"),
             {
                 whole("relative.query_position"),
                 whole("relative.key_position"),
                 whole("relative.distance", -kInf, kInf),
                 whole("relative.bucket"),
                 whole("relative.far_bucket"),
                 number("relative.t5_bias"),
                 number("relative.alibi_bias"),
                 whole("relative.heads", 1.0),
                 whole("relative.head", 1.0),
                 number("relative.slope", 0.0, 1.0),
                 number("relative.smallest_slope", 0.0, 1.0),
             },
             names({"bucketSlider", "maxDistanceSlider", "bidirectionalBox", "headsSlider",
                    "headSlider"})},
            // Lesson 4: RoPE in 2D.
            {QStringLiteral("rope-2d"),
             {
                 whole("rope-2d.pair"),
                 whole("rope-2d.query_position"),
                 whole("rope-2d.key_position"),
                 whole("rope-2d.distance", -kInf, kInf),
                 number("rope-2d.theta", 0.0),
                 number("rope-2d.period_tokens", 0.0),
                 number("rope-2d.angle_deg", -180.0, 180.0),
                 number("rope-2d.pair_score"),
                 number("rope-2d.score"),
                 number("rope-2d.shift_change"),
                 whole("rope-2d.sequence_length", 1.0),
                 whole("rope-2d.first_pair_beyond_sequence", -1.0),
             },
             names({"pairSlider", "playButton", "animateMode", "speedSlider", "shiftLeft",
                    "shiftRight"})},
            // Lesson 5: RoPE in n-D.
            {QStringLiteral("rope-nd"),
             {
                 whole("rope-nd.pair"),
                 whole("rope-nd.pairs", 1.0),
                 whole("rope-nd.position"),
                 number("rope-nd.theta", 0.0),
                 number("rope-nd.wavelength", 0.0),
                 number("rope-nd.turns", 0.0),
                 number("rope-nd.hand_angle_deg", -180.0, 180.0),
                 number("rope-nd.slowest_theta", 0.0),
                 whole("rope-nd.component_a"),
                 whole("rope-nd.component_b"),
             },
             names({"pairSlider", "coordinates", "componentA", "componentB", "componentC",
                    "yawSlider", "pitchSlider", "resetView"})},
            // Lesson 6: dot product vs distance.
            {QStringLiteral("invariance"),
             {
                 whole("invariance.left_encoding", 0.0, 5.0),
                 whole("invariance.right_encoding", 0.0, 5.0),
                 number("invariance.left_deviation", 0.0),
                 number("invariance.right_deviation", 0.0),
                 whole("invariance.positions", 1.0),
                 whole("invariance.decay_distance"),
                 number("invariance.relative_bound_start", 0.0),
                 number("invariance.relative_bound_end", 0.0),
                 number("invariance.aligned_score_ratio", -1.0, 1.0),
                 number("invariance.mean_abs_score_ratio", 0.0),
             },
             names({"encoding1", "encoding2"})},
            // Lesson 7: frequencies and context extension.
            {QStringLiteral("frequencies"),
             {
                 whole("frequencies.comparing", 0.0, 1.0),
                 whole("frequencies.rope_type", 0.0, 5.0),
                 whole("frequencies.pairs", 1.0),
                 number("frequencies.context_length", 0.0),
                 whole("frequencies.max_position_embeddings", 1.0),
                 number("frequencies.factor", 0.0),
                 number("frequencies.attention_factor", 0.0),
                 number("frequencies.logit_scale", 0.0),
                 whole("frequencies.first_pair_beyond_context", -1.0),
                 whole("frequencies.pairs_without_full_turn"),
                 whole("frequencies.pairs_kept"),
                 whole("frequencies.pairs_blended"),
                 whole("frequencies.pairs_divided"),
                 number("frequencies.fastest_scale", 0.0),
                 number("frequencies.slowest_scale", 0.0),
                 number("frequencies.fastest_wavelength", 0.0),
                 number("frequencies.slowest_wavelength", 0.0),
             },
             names({"compare", "presetA", "presetB", "importA", "importB", "editorA", "editorB"})},
            // Lesson 8: the pitfall.
            {QStringLiteral("pitfall"),
             {
                 whole("pitfall.dimension", 2.0),
                 whole("pitfall.positions", 1.0, 512.0),
                 number("pitfall.wrong_deviation", 0.0, 2.0),
                 number("pitfall.rope_deviation", 0.0, 2.0),
                 number("pitfall.wrong_sigma_max", 0.0),
                 number("pitfall.wrong_sigma_min", 0.0),
                 number("pitfall.rope_sigma_max", 0.0),
                 number("pitfall.rope_sigma_min", 0.0),
                 whole("pitfall.wrong_rank"),
                 whole("pitfall.rope_rank"),
             },
             names({"seedDimension"})},
            // Lesson 9: long sweeps.
            {QStringLiteral("sweeps"),
             {
                 whole("sweeps.mode", 0.0, 1.0),
                 whole("sweeps.length", 1.0),
                 whole("sweeps.bases", 1.0, 4.0),
                 whole("sweeps.columns", 1.0),
                 whole("sweeps.first_column_count", 1.0),
                 whole("sweeps.last_column_count", 1.0),
                 number("sweeps.score_span", 0.0),
             },
             names({"sweepMode", "log2Length", "bases", "logAxis", "pooling", "sweepInputs",
                    "backend", "runSweep", "cancelSweep"})},
            // Lesson 10: precision.
            {QStringLiteral("precision"),
             {
                 whole("precision.position", 1.0, 16777216.0),
                 whole("precision.pair"),
                 number("precision.theta", 0.0),
                 number("precision.exact_phase", -3.14159265358979324, 3.14159265358979324),
                 number("precision.float32_error", 0.0, 3.14159265358979324),
                 number("precision.fast_trig_error", 0.0, 3.14159265358979324),
                 number("precision.exact_turns_error", 0.0, 3.14159265358979324),
             },
             names({"positionSlider", "pairSlider"})},
            // Lesson 11: the confusion clinic.
            {QStringLiteral("clinic"),
             {
                 whole("clinic.example", 0.0, 4.0),
                 number("clinic.bfloat16_15962", 0.0),
                 number("clinic.float16_15962", 0.0),
                 number("clinic.kv_cache_max_error", 0.0),
             },
             names({"exampleBox", "conventionsTable"})},
            // Lesson 12: inside a real model (the example model unless the user opens one).
            {QStringLiteral("real-model"),
             {
                 whole("real-model.example", 0.0, 1.0),
                 whole("real-model.layers", 1.0),
                 whole("real-model.heads", 1.0),
                 whole("real-model.pairs", 1.0),
                 whole("real-model.context", 1.0),
                 number("real-model.beyond_share", 0.0, 1.0),
                 whole("real-model.layer", 0.0),
                 whole("real-model.head", 0.0),
                 number("real-model.layer_beyond_share", 0.0, 1.0),
                 number("real-model.layer_positional_share", 0.0, 1.0),
                 whole("real-model.most_positional_layer", 0.0),
                 whole("real-model.most_positional_head", 0.0),
                 number("real-model.most_positional_share", 0.0, 1.0),
                 whole("real-model.most_semantic_layer", 0.0),
                 whole("real-model.most_semantic_head", 0.0),
                 number("real-model.most_semantic_share", 0.0, 1.0),
             },
             names({"openModelButton", "exampleModelButton", "layerBox", "headBox"})},
            // Lesson 13: train short, test long (the recorded run, or the student's own).
            {QStringLiteral("training"), trainingReadouts(),
             names({"taskBox",
                    "openTextButton",
                    "encoding_none",
                    "encoding_learned",
                    "encoding_sinusoidal",
                    "encoding_t5",
                    "encoding_alibi",
                    "encoding_rope",
                    "sizeBox",
                    "trainLengthBox",
                    "stepsBox",
                    "seedBox",
                    "ropeBaseBox",
                    "fineTuneStepsBox",
                    "trainButton",
                    "cancelTrainingButton",
                    "viewBox",
                    "insideModelBox",
                    "insideLayerBox",
                    "insideHeadBox"})},
        },
        names({"headDim", "base", "layout", "sequenceLength", "queryPosition", "keyPosition",
               "readouts"}),
        builtInFigures());
    return catalog;
}

ActivityCatalog::ActivityCatalog(QList<LessonEntry> lessons, QStringList sharedControls,
                                 QMap<QString, QList<FigureSpec>> figures)
    : lessons_(std::move(lessons)),
      sharedControls_(std::move(sharedControls)),
      figures_(std::move(figures)) {}

QStringList ActivityCatalog::lessons() const {
    QStringList ids;
    for (const LessonEntry& entry : lessons_) ids.append(entry.lesson);
    return ids;
}

bool ActivityCatalog::hasLesson(const QString& lesson) const {
    return std::any_of(lessons_.begin(), lessons_.end(),
                       [&](const LessonEntry& entry) { return entry.lesson == lesson; });
}

std::optional<ReadoutSpec> ActivityCatalog::readout(const QString& id) const {
    for (const LessonEntry& entry : lessons_) {
        for (const ReadoutSpec& spec : entry.readouts) {
            if (spec.id == id) return spec;
        }
    }
    return std::nullopt;
}

QList<ReadoutSpec> ActivityCatalog::readouts(const QString& lesson) const {
    for (const LessonEntry& entry : lessons_) {
        if (entry.lesson == lesson) return entry.readouts;
    }
    return {};
}

QStringList ActivityCatalog::controls(const QString& lesson) const {
    for (const LessonEntry& entry : lessons_) {
        if (entry.lesson == lesson) return entry.controls + sharedControls_;
    }
    return sharedControls_;
}

}  // namespace ropelab::ui
