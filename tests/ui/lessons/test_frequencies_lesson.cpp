// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 7 (frequencies and context extension): presets load their published values, the plotted
// wavelengths and bands are core's, config.json import and bad presets fail clearly, and the
// score curves arrive off the UI thread.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <utility>

#include "../../core/encodings/gguf_builder.h"
#include "analysis/curve_envelope.h"
#include "analysis/frequency_bands.h"
#include "analysis/score_curve.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_frequencies.h"
#include "lesson_harness.h"
#include "lesson_screenshot.h"
#include "lessons/frequencies_lesson.h"
#include "model/app_limits.h"
#include "model/latest_job.h"
#include "style/language_controller.h"
#include "widgets/plot_text.h"
#include "widgets/rope_config_editor.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;
using Lesson7 = FrequenciesLesson;

QString config(const char* name) {
    return QStringLiteral(ROPELAB_SOURCE_DIR "/tests/data/configs/") + QLatin1String(name);
}

int presetIndex(const Lesson7& lesson, const std::string& id) {
    const auto& presets = lesson.presets();
    for (std::size_t i = 0; i < presets.size(); ++i) {
        if (presets[i].id == id) return static_cast<int>(i);
    }
    return -1;
}

// All plotted (pair, wavelength) points of one configuration, over the three band graphs.
std::map<int, double> plottedWavelengths(QCustomPlot* plot, int firstGraph) {
    std::map<int, double> points;
    for (int g = firstGraph; g < firstGraph + 3; ++g) {
        for (auto it = plot->graph(g)->data()->constBegin();
             it != plot->graph(g)->data()->constEnd(); ++it) {
            points[static_cast<int>(it->key)] = it->value;
        }
    }
    return points;
}

TEST(FrequenciesLesson, PresetLoadsThePublishedRopeTheta) {
    LessonHarness<Lesson7> h;
    ASSERT_GE(h.lesson.presets().size(), 7u) << h.lesson.problem().toStdString();
    ASSERT_TRUE(h.lesson.applyPreset(Lesson7::A, presetIndex(h.lesson, "llama-3-8b")));
    EXPECT_EQ(h.model.rope().ropeTheta, 500000.0);  // Meta-Llama-3-8B config.json
    EXPECT_EQ(h.model.rope().headDim, 128);
    EXPECT_EQ(h.lesson.editor(Lesson7::A)->thetaBox()->value(), 500000.0);
    EXPECT_TRUE(h.lesson.presetSourceText(Lesson7::A).contains(QStringLiteral("huggingface.co")));
    ASSERT_TRUE(h.lesson.applyPreset(Lesson7::A, presetIndex(h.lesson, "qwen2-7b-instruct")));
    EXPECT_EQ(h.model.rope().ropeTheta, 1000000.0);
    ASSERT_TRUE(h.lesson.applyPreset(Lesson7::A, presetIndex(h.lesson, "gpt-neox-20b")));
    EXPECT_EQ(h.model.rope().partialRotaryFactor, 0.25);
    EXPECT_EQ(h.lesson.bands(Lesson7::A).pairs.size(), 12u);  // 24 of 96 components rotate
    EXPECT_EQ(h.lesson.presetBox(Lesson7::A)->currentText(), QStringLiteral("GPT-NeoX 20B"));
    // Moving the base elsewhere (the parameter panel) makes A custom again.
    h.model.setRopeTheta(20000.0);
    EXPECT_EQ(h.lesson.presetBox(Lesson7::A)->currentIndex(), 0);
    EXPECT_TRUE(h.lesson.presetSourceText(Lesson7::A).isEmpty());
}

// A slide shows no side panel: both figures say what A and B are, with the current base.
TEST(FrequenciesLesson, FigureTitlesSayWhatAAndBAre) {
    LessonHarness<Lesson7> h;
    h.lesson.setComparing(true);
    ASSERT_TRUE(h.lesson.waitForComputation());  // the score curves' title comes with them
    for (const char* figure : {"wavelengths", "score-curves"}) {
        // The line under the title.
        auto* title = qobject_cast<QCPTextElement*>(
            h.figure(QString::fromLatin1(figure))->plotLayout()->element(1, 0));
        ASSERT_NE(title, nullptr);
        const QString text = title->text().simplified();  // laid out, a title wraps at spaces
        EXPECT_TRUE(text.contains(QStringLiteral("A: d = 64, base 10000, default")))
            << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("B: d = 64, base 10000, yarn ×4")))
            << text.toStdString();
    }
    ASSERT_TRUE(h.lesson.applyPreset(Lesson7::A, presetIndex(h.lesson, "llama-3.1-8b")));
    auto* title = qobject_cast<QCPTextElement*>(
        h.figure(QStringLiteral("wavelengths"))->plotLayout()->element(1, 0));
    EXPECT_TRUE(title->text().contains(QStringLiteral("A: d = 128, base 500000, llama3 ×8")))
        << title->text().toStdString();
    h.model.setRopeTheta(1e7);
    EXPECT_TRUE(title->text().contains(QStringLiteral("base 10⁷"))) << title->text().toStdString();
}

// The frequencies-base animation names its sweep: the wavelength axis then holds A's wavelengths
// at both ends, so it does not move from frame to frame, nor does the score axis.
TEST(FrequenciesLesson, ABaseSweepHoldsTheAxesStill) {
    LessonHarness<Lesson7> h;
    QJsonObject state = h.lesson.saveState();
    state.insert(QStringLiteral("baseSweep"), QJsonArray{100.0, 1e7});
    std::optional<QCPRange> wave, score;
    for (double base : {100.0, 3e4, 1e7}) {
        h.lesson.restoreState(state);
        h.model.setRopeTheta(base);
        ASSERT_TRUE(h.lesson.waitForComputation());
        const QCPRange w = h.figure(QStringLiteral("wavelengths"))->yAxis->range();
        const QCPRange s = h.figure(QStringLiteral("score-curves"))->yAxis->range();
        if (wave) {
            EXPECT_EQ(w, *wave) << base;
            EXPECT_EQ(s, *score) << base;
        }
        wave = w;
        score = s;
    }
    // At base 10⁷ the slowest of 32 pairs takes 2π·10^(7·62/64) ≈ 3.8·10⁷ tokens a turn.
    EXPECT_GT(wave->upper, 2.0 * std::numbers::pi * std::pow(10.0, 7.0 * 62.0 / 64.0));
    EXPECT_LT(wave->lower, 2.0 * std::numbers::pi);  // pair 0: θ₀ = 1 for every base
}

// Sessions and activity steps keep their keys: B (with its sequence length) and whether it is
// compared. An animation's base sweep is read back but never saved.
TEST(FrequenciesLesson, SavedStateKeepsItsKeys) {
    LessonHarness<Lesson7> h;
    RopeParams b = h.lesson.config(Lesson7::B);
    b.seqLen = 3000;
    ASSERT_TRUE(h.lesson.setConfig(Lesson7::B, b));
    h.lesson.setComparing(false);
    QJsonObject saved = h.lesson.saveState();
    EXPECT_EQ(saved.keys(), (QStringList{QStringLiteral("compare"), QStringLiteral("configB"),
                                         QStringLiteral("configBSeqLen")}));
    EXPECT_EQ(saved.value(QStringLiteral("compare")), QJsonValue(false));
    EXPECT_EQ(saved.value(QStringLiteral("configBSeqLen")).toInt(), 3000);
    LessonHarness<Lesson7> other;
    QJsonObject withSweep = saved;
    withSweep.insert(QStringLiteral("baseSweep"), QJsonArray{100.0, 1e7});
    other.lesson.restoreState(withSweep);
    EXPECT_EQ(other.lesson.config(Lesson7::B).seqLen, 3000);
    EXPECT_EQ(other.lesson.saveState(), saved);
    // A state without B keeps B; one without "compare" compares.
    other.lesson.restoreState({});
    EXPECT_EQ(other.lesson.saveState().value(QStringLiteral("configB")),
              saved.value(QStringLiteral("configB")));
    EXPECT_TRUE(other.lesson.comparing());
}

TEST(FrequenciesLesson, PlottedWavelengthsAreCoreFrequencies) {
    LessonHarness<Lesson7> h;
    ASSERT_TRUE(h.lesson.applyPreset(Lesson7::A, presetIndex(h.lesson, "llama-2-7b")));
    const RopeFrequencies freqs = ropeFrequencies(h.model.rope());
    // Graph 0 is the unscaled reference; side A: graph 1 the line, graphs 2–4 the bands.
    const std::map<int, double> points = plottedWavelengths(h.figure("wavelengths"), 2);
    ASSERT_EQ(points.size(), 64u);
    for (int i : {0, 10, 63}) {
        EXPECT_DOUBLE_EQ(points.at(i), 2.0 * std::numbers::pi / freqs.invFreq[i]) << i;
    }
}

TEST(FrequenciesLesson, Llama31BandsFollowTheWavelengthThresholds) {
    LessonHarness<Lesson7> h;
    ASSERT_TRUE(h.lesson.applyPreset(Lesson7::A, presetIndex(h.lesson, "llama-3.1-8b")));
    const FrequencyBands& bands = h.lesson.bands(Lesson7::A);
    ASSERT_TRUE(bands.llama3HighFreqWavelength.has_value());
    EXPECT_DOUBLE_EQ(*bands.llama3HighFreqWavelength, 8192.0 / 4.0);
    EXPECT_DOUBLE_EQ(*bands.llama3LowFreqWavelength, 8192.0);
    QCustomPlot* plot = h.figure("wavelengths");
    // Kept points lie below 2048 tokens (unscaled), ÷factor points have original λ above 8192.
    for (auto it = plot->graph(2)->data()->constBegin(); it != plot->graph(2)->data()->constEnd();
         ++it) {
        EXPECT_LT(it->value, 2048.0);
    }
    ASSERT_GT(plot->graph(4)->data()->size(), 0);
    for (auto it = plot->graph(4)->data()->constBegin(); it != plot->graph(4)->data()->constEnd();
         ++it) {
        EXPECT_GT(it->value, 8.0 * 8192.0);  // divided by factor 8
    }
    EXPECT_EQ(bands.pairs.size(), 64u);
    EXPECT_EQ(frequencyBands(h.model.rope()).pairs[63].wavelength, bands.pairs[63].wavelength);
}

TEST(FrequenciesLesson, EditorShowsExactlyTheKeysOfEachRopeType) {
    LessonHarness<Lesson7> h;
    RopeConfigEditor* editor = h.lesson.editor(Lesson7::B);
    RopeParams yarn = h.lesson.config(Lesson7::B);
    yarn.ropeType = RopeType::Yarn;
    yarn.factor = 16.0;
    yarn.mscale = 0.707;
    ASSERT_TRUE(h.lesson.setConfig(Lesson7::B, yarn));
    for (const char* key : {"factor", "beta_fast", "beta_slow", "mscale", "mscale_all_dim",
                            "attention_factor", "truncate", "original_max_position_embeddings"}) {
        EXPECT_TRUE(editor->isKeyShown(QLatin1String(key))) << key;
    }
    EXPECT_FALSE(editor->isKeyShown(QStringLiteral("low_freq_factor")));
    EXPECT_EQ(editor->params().mscale, 0.707);
    editor->typeBox()->setCurrentIndex(editor->typeBox()->findText(QStringLiteral("llama3")));
    EXPECT_TRUE(editor->isKeyShown(QStringLiteral("low_freq_factor")));
    EXPECT_TRUE(editor->isKeyShown(QStringLiteral("high_freq_factor")));
    EXPECT_FALSE(editor->isKeyShown(QStringLiteral("beta_fast")));
    EXPECT_EQ(h.lesson.config(Lesson7::B).ropeType, RopeType::Llama3);  // the edit applied
    // The form's rows are the ones it says it shows, however the type came.
    const auto rowShown = [&](const char* key) {
        return editor->findChild<QLabel*>(QLatin1String(key))->isVisibleTo(editor);
    };
    EXPECT_TRUE(rowShown("low_freq_factor"));
    EXPECT_FALSE(rowShown("beta_fast"));
    ASSERT_TRUE(h.lesson.setConfig(Lesson7::B, yarn));
    EXPECT_FALSE(rowShown("low_freq_factor"));
    EXPECT_TRUE(rowShown("beta_fast"));
    EXPECT_TRUE(rowShown("rope_theta"));
}

namespace {

// Counts the paints of every widget under a root.
class PaintCounter : public QObject {
public:
    explicit PaintCounter(QWidget* root) {
        for (QWidget* w : root->findChildren<QWidget*>()) w->installEventFilter(this);
    }
    int most() const {
        int most = 0;
        for (const auto& [widget, count] : paints_) most = std::max(most, count);
        return most;
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Paint) ++paints_[watched];
        return false;
    }

private:
    std::map<QObject*, int> paints_;
};

}  // namespace

// Other rows of the editor lay out the whole side panel, every level of it, before it repaints:
// each field of the editor is painted once, not once per level laid out.
TEST(FrequenciesLesson, ARopeTypeChangePaintsTheSidePanelOnce) {
    LessonHarness<Lesson7> h;
    h.lesson.resize(1180, 860);
    h.lesson.show();
    h.lesson.findChild<QPushButton*>(QStringLiteral("editFieldsA"))->click();
    ASSERT_TRUE(h.lesson.waitForComputation());
    QCoreApplication::processEvents();
    QComboBox* type = h.lesson.editor(Lesson7::A)->typeBox();
    // The first time the panel outgrows its view, its scroll bar appears: a second layout.
    for (const bool counted : {false, true}) {
        for (const char* name : {"yarn", "default", "llama3", "linear"}) {
            PaintCounter counter(h.lesson.editor(Lesson7::A));
            type->setCurrentIndex(type->findText(QLatin1String(name)));
            QCoreApplication::processEvents();
            ASSERT_TRUE(h.lesson.waitForComputation());
            QCoreApplication::processEvents();
            if (counted) {
                EXPECT_LE(counter.most(), 1) << name;
            }
        }
    }
}

TEST(FrequenciesLesson, EditorOffersNoValueBeyondTheAppsLimits) {
    LessonHarness<Lesson7> h;
    RopeConfigEditor* editor = h.lesson.editor(Lesson7::B);
    for (const AppLimit& limit : appLimits()) {
        const QString key = QString::fromLatin1(limit.key);
        // The field itself, or the value box beside an optional key's check box.
        QAbstractSpinBox* box = nullptr;
        for (QAbstractSpinBox* candidate : editor->findChildren<QAbstractSpinBox*>()) {
            if (candidate->accessibleName() == key) box = candidate;
        }
        if (box == nullptr) continue;  // short_factor and the positions are not edited here
        if (auto* ints = qobject_cast<QSpinBox*>(box)) {
            EXPECT_EQ(ints->maximum(), static_cast<int>(limit.maximum)) << limit.key;
        } else {
            EXPECT_EQ(qobject_cast<QDoubleSpinBox*>(box)->maximum(), limit.maximum) << limit.key;
        }
    }
    auto* headDim = editor->findChild<QSpinBox*>(QStringLiteral("head_dim"));
    ASSERT_NE(headDim, nullptr);
    EXPECT_EQ(headDim->maximum(), 512);
}

TEST(FrequenciesLesson, LinearFactorSlowsEveryPairOfB) {
    LessonHarness<Lesson7> h;
    h.lesson.setComparing(true);
    RopeParams linear = h.lesson.config(Lesson7::A);
    linear.ropeType = RopeType::Linear;
    linear.factor = 4.0;
    ASSERT_TRUE(h.lesson.setConfig(Lesson7::B, linear));
    h.lesson.editor(Lesson7::B)->factorBox()->setValue(6.0);
    EXPECT_EQ(h.lesson.config(Lesson7::B).factor, 6.0);
    const QSharedPointer<QCPGraphDataContainer> scale =
        h.figure("slowdown-per-pair")->graph(1)->data();
    ASSERT_EQ(scale->size(), 32);  // d = 64
    for (int i = 0; i < scale->size(); ++i) EXPECT_NEAR(scale->at(i)->value, 6.0, 1e-12);
    // A is untouched: default RoPE slows nothing.
    const QSharedPointer<QCPGraphDataContainer> a = h.figure("slowdown-per-pair")->graph(0)->data();
    for (int i = 0; i < a->size(); ++i) EXPECT_NEAR(a->at(i)->value, 1.0, 1e-12);
}

TEST(FrequenciesLesson, ImportReadsAConfigJson) {
    LessonHarness<Lesson7> h;
    ASSERT_TRUE(h.lesson.importConfig(config("llama3_1_8b.json"), Lesson7::A));
    EXPECT_EQ(h.model.rope().ropeType, RopeType::Llama3);
    EXPECT_EQ(h.model.rope().ropeTheta, 500000.0);
    EXPECT_TRUE(h.lesson.problem().isEmpty());
}

TEST(FrequenciesLesson, ImportReadsAGgufModelAsLlamaCppDoes) {
    LessonHarness<Lesson7> h;
    const QString dir = QStringLiteral(ROPELAB_SOURCE_DIR "/tests/fuzz/corpus/gguf/");
    ASSERT_TRUE(h.lesson.importConfig(dir + "qwen2_yarn.gguf", Lesson7::A));
    EXPECT_EQ(h.model.rope().ropeType, RopeType::Yarn);
    EXPECT_EQ(h.model.rope().factor, 4.0);
    EXPECT_EQ(h.model.rope().ropeTheta, 1e6);
    EXPECT_EQ(h.model.rope().originalMaxPositionEmbeddings, 32768);
    const RopeParams before = h.model.rope();
    EXPECT_FALSE(h.lesson.importConfig(dir + "truncated.gguf", Lesson7::A));
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral(
        "truncated.gguf: is damaged (the header claims 2 tensors, more than the file can hold)")))
        << h.lesson.problem().toStdString();
    EXPECT_EQ(h.model.rope(), before);
}

TEST(FrequenciesLesson, BadConfigJsonIsReportedAndNothingIsLost) {
    LessonHarness<Lesson7> h;
    ASSERT_TRUE(h.lesson.applyPreset(Lesson7::A, presetIndex(h.lesson, "mistral-7b-v0.1")));
    const RopeParams before = h.model.rope();
    const int points = h.figure("wavelengths")->graph(1)->data()->size();
    EXPECT_FALSE(h.lesson.importConfig(config("malformed.json"), Lesson7::A));
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral("not valid JSON")))
        << h.lesson.problem().toStdString();
    EXPECT_EQ(h.model.rope(), before);
    EXPECT_EQ(h.figure("wavelengths")->graph(1)->data()->size(), points);
    EXPECT_FALSE(h.lesson.importConfig(config("unknown_rope_type.json"), Lesson7::A));
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral("rope_scaling.type must be one of")))
        << h.lesson.problem().toStdString();
    EXPECT_FALSE(h.lesson.importConfig(config("does_not_exist.json"), Lesson7::B));
    EXPECT_TRUE(
        h.lesson.problem().contains(QStringLiteral("does_not_exist.json: cannot be opened")))
        << h.lesson.problem().toStdString();
    EXPECT_EQ(h.model.rope(), before);
}

// An imported config.json's bad value is named by the file's own key, in the user's language,
// never by a command-line flag (issue 16).
TEST(FrequenciesLesson, ABadImportedValueIsNamedByItsConfigKeyInBothLanguages) {
    const std::pair<const char*, QString> cases[] = {
        {"en", QStringLiteral("bad_scaling_factor.json: rope_scaling.factor must be at least 1; "
                              "got 0.5")},
        {"zh_CN", QStringLiteral("bad_scaling_factor.json：rope_scaling.factor 必须至少为 1；"
                                 "实际为 0.5")},
    };
    for (const auto& [code, expected] : cases) {
        LanguageController language;
        ASSERT_TRUE(language.setLanguage(QString::fromLatin1(code)));
        LessonHarness<Lesson7> h;
        const RopeParams before = h.model.rope();
        EXPECT_FALSE(h.lesson.importConfig(config("bad_scaling_factor.json"), Lesson7::A));
        EXPECT_TRUE(h.lesson.problem().contains(expected)) << h.lesson.problem().toStdString();
        EXPECT_FALSE(h.lesson.problem().contains(QStringLiteral("--")))
            << h.lesson.problem().toStdString();
        EXPECT_EQ(h.model.rope(), before);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
    }
}

// The same for a GGUF file: a bad value by the GGUF key the file wrote, a structural problem by
// its kind (issue 16).
TEST(FrequenciesLesson, ABadGgufIsWordedInBothLanguagesWithItsOwnKeys) {
    QTemporaryDir dir;
    const auto write = [&dir](const char* name, const std::vector<std::uint8_t>& bytes) {
        const QString path = dir.filePath(QLatin1String(name));
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
        return path;
    };
    ropelab::test::GgufBuilder badBase;
    badBase.string("general.architecture", "llama")
        .u32("llama.context_length", 4096)
        .u32("llama.attention.key_length", 64)
        .f32("llama.rope.freq_base", 0.5f);
    const QString base = write("bad_base.gguf", badBase.bytes());
    const QString version = write("version7.gguf", ropelab::test::GgufBuilder(7).bytes());
    struct Case {
        const char* language;
        QString path;
        QString expected;
    };
    const Case cases[] = {
        {"en", base,
         QStringLiteral("bad_base.gguf: llama.rope.freq_base must be greater than 1; got 0.5")},
        {"zh_CN", base,
         QStringLiteral("bad_base.gguf：llama.rope.freq_base 必须大于 1；实际为 0.5")},
        {"en", version,
         QStringLiteral("version7.gguf: is GGUF version 7; RoPE Lab reads versions 2 and 3")},
        {"zh_CN", version,
         QStringLiteral("version7.gguf：是 GGUF 第 7 版；RoPE 实验室只能读取第 2 和第 3 版")},
    };
    for (const Case& c : cases) {
        LanguageController language;
        ASSERT_TRUE(language.setLanguage(QString::fromLatin1(c.language)));
        LessonHarness<Lesson7> h;
        const RopeParams before = h.model.rope();
        EXPECT_FALSE(h.lesson.importConfig(c.path, Lesson7::A));
        EXPECT_TRUE(h.lesson.problem().contains(c.expected)) << h.lesson.problem().toStdString();
        EXPECT_EQ(h.model.rope(), before);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
    }
}

TEST(FrequenciesLesson, BadPresetsFileNamesThePresetAndKeepsTheOldList) {
    LessonHarness<Lesson7> h;
    const std::size_t shipped = h.lesson.presets().size();
    EXPECT_FALSE(h.lesson.loadPresets(R"({"presets": [{"id": "broken", "name": "Broken",
        "source": "https://example.org", "config": {"head_dim": 64, "rope_theta": -5}}]})",
                                      QStringLiteral("my_models.json")));
    const QString problem = h.lesson.problem();
    EXPECT_TRUE(problem.contains(QStringLiteral("my_models.json"))) << problem.toStdString();
    // The app words core's typed problem, the preset named by its key in the file.
    EXPECT_TRUE(problem.contains(
        QStringLiteral("presets.broken.config.rope_theta must be greater than 1; got -5")))
        << problem.toStdString();
    EXPECT_EQ(h.lesson.presets().size(), shipped);
}

// A and B share their distance axis: comparing, its numbers and name are shown once, under B;
// A alone shows them under A.
TEST(FrequenciesLesson, TheSharedDistanceAxisIsNumberedOnce) {
    LessonHarness<Lesson7> h;
    QCustomPlot* plot = h.figure("score-curves");
    h.lesson.setComparing(true);
    QCPAxis* b = nullptr;
    for (QCPAxisRect* rect : plot->axisRects()) {
        if (rect != plot->axisRect() && rect->visible()) b = rect->axis(QCPAxis::atBottom);
    }
    ASSERT_NE(b, nullptr);
    EXPECT_FALSE(plot->xAxis->tickLabels());
    EXPECT_TRUE(plot->xAxis->label().isEmpty());
    EXPECT_TRUE(b->tickLabels());
    EXPECT_FALSE(b->label().isEmpty());
    EXPECT_EQ(plot->xAxis->range(), b->range());
    h.lesson.setComparing(false);
    EXPECT_TRUE(plot->xAxis->tickLabels());
    EXPECT_FALSE(plot->xAxis->label().isEmpty());
}

TEST(FrequenciesLesson, ScoreCurvesArriveAndMatchCore) {
    LessonHarness<Lesson7> h;
    h.lesson.setComparing(false);  // A alone: its own distance range
    h.model.setHeadDim(16);
    RopeParams small = h.model.rope();
    small.maxPositionEmbeddings = 3000;
    ASSERT_TRUE(h.lesson.setConfig(Lesson7::A, small));
    ASSERT_TRUE(h.lesson.curveJob()->waitForIdle(20000));
    // Side A's graphs: the lower envelope (min over each column), the upper, and the band drawn
    // between them as a zig-zag through each column's max and min.
    QCustomPlot* plot = h.figure("score-curves");
    const QSharedPointer<QCPGraphDataContainer> low = plot->graph(0)->data();
    const QSharedPointer<QCPGraphDataContainer> high = plot->graph(1)->data();
    const QSharedPointer<QCPGraphDataContainer> band = plot->graph(2)->data();
    // One column per pixel of the plot's width (within bounds), pooled as core's CurveEnvelope.
    const int columns = low->size();
    ASSERT_GE(columns, 200);
    ASSERT_EQ(high->size(), columns);
    ASSERT_EQ(band->size(), 2 * columns);
    EXPECT_EQ(band->at(0)->value, high->at(0)->value);
    EXPECT_EQ(band->at(1)->value, low->at(0)->value);
    EXPECT_EQ(band->at(2)->value, low->at(1)->value);
    EXPECT_EQ(band->at(3)->value, high->at(1)->value);
    const Eigen::MatrixXd qk = seededStandardNormal(2, 16, h.model.seed());
    const std::vector<double> curve =
        ropeScoreCurve(qk.row(0).transpose(), qk.row(1).transpose(), ropeFrequencies(small),
                       h.model.layout(), DistanceRange{0, 3000, 1}, Execution{});
    const CurveEnvelope columnsOf(3000, columns);
    for (int c : {0, columns / 2, columns - 1}) {
        const auto first = curve.begin() + columnsOf.columnStart(c);
        const auto last = curve.begin() + columnsOf.columnStart(c + 1);
        EXPECT_DOUBLE_EQ(low->at(c)->value, *std::min_element(first, last)) << c;
        EXPECT_DOUBLE_EQ(high->at(c)->value, *std::max_element(first, last)) << c;
    }
}

TEST(FrequenciesLesson, Screenshot) {
    LessonHarness<Lesson7> h;
    h.lesson.applyPreset(Lesson7::A, presetIndex(h.lesson, "llama-3-8b"));
    h.lesson.setComparing(true);
    h.lesson.applyPreset(Lesson7::B, presetIndex(h.lesson, "llama-3.1-8b"));
    h.lesson.curveJob()->waitForIdle(30000);
    testing::saveScreenshot(h.lesson, QStringLiteral("lesson7-frequencies"));
    h.lesson.applyPreset(Lesson7::B, presetIndex(h.lesson, "phi-3-128k-longrope"));
    h.lesson.curveJob()->waitForIdle(30000);
    testing::saveScreenshot(h.lesson, QStringLiteral("lesson7-frequencies-phi3"));
    RopeParams yarn = h.lesson.config(Lesson7::A);
    yarn.ropeType = RopeType::Yarn;
    yarn.factor = 16.0;
    yarn.originalMaxPositionEmbeddings = 8192;
    yarn.maxPositionEmbeddings = 131072;
    h.lesson.setConfig(Lesson7::B, yarn);
    h.lesson.findChild<QTabWidget*>()->setCurrentIndex(Lesson7::B);
    h.lesson.curveJob()->waitForIdle(30000);
    testing::saveScreenshot(h.lesson, QStringLiteral("lesson7-frequencies-yarn"));
}

// Two context labels on one side never overlap: with large fonts (presenter mode on a small
// screen) the lower line's label goes below its line.
TEST(FrequenciesLesson, ContextLabelsNeverOverlap) {
    LessonHarness<Lesson7> h;
    h.lesson.setComparing(true);  // B: yarn ×4, its max_position_embeddings 4 × L₀
    QCustomPlot* plot = h.figure(QStringLiteral("wavelengths"));
    std::vector<PlotLabel*> labels;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* label = dynamic_cast<PlotLabel*>(plot->item(i));
        if (label != nullptr && label->visible()) labels.push_back(label);
    }
    ASSERT_EQ(labels.size(), 2u);  // A, B: trained context; B: max_position_embeddings
    const auto box = [](const PlotLabel* label) {
        const QPointF at = label->position->pixelPosition();
        const QSize size = label->boxSize(label->text());
        const double top =
            label->positionAlignment().testFlag(Qt::AlignBottom) ? at.y() - size.height() : at.y();
        return std::pair{top, top + size.height()};
    };
    const auto overlap = [&] {
        const auto [top0, bottom0] = box(labels[0]);
        const auto [top1, bottom1] = box(labels[1]);
        return top0 < bottom1 && top1 < bottom0;
    };
    plot->replot();
    EXPECT_FALSE(overlap()) << "at the lesson's own fonts";
    QFont large = labels[0]->font();
    large.setPixelSize(60);
    for (PlotLabel* label : labels) label->setFont(large);
    plot->replot();
    EXPECT_FALSE(overlap()) << "at 60 px";
    EXPECT_EQ(labels[0]->positionAlignment().testFlag(Qt::AlignTop) +
                  labels[1]->positionAlignment().testFlag(Qt::AlignTop),
              1)
        << "one label above its line, one below";
}

// A word too long to wrap (max_position_embeddings) gives way to shorter words on a plot too
// narrow for it, as presenter mode on a small screen makes it; at the lesson's fonts it stays.
TEST(FrequenciesLesson, TargetLabelTakesShorterWordsOnlyWhereItsLongWordCannotFit) {
    LessonHarness<Lesson7> h;
    h.lesson.setComparing(true);  // B: yarn ×4, its max_position_embeddings 4 × L₀ = 8192
    QCustomPlot* plot = h.figure(QStringLiteral("wavelengths"));
    std::vector<PlotLabel*> labels;
    for (int i = 0; i < plot->itemCount(); ++i) {
        if (auto* label = dynamic_cast<PlotLabel*>(plot->item(i))) labels.push_back(label);
    }
    const auto targetText = [&] {
        for (const PlotLabel* label : labels) {
            const QString text =
                QString(label->text()).replace(QLatin1Char('\n'), QLatin1Char(' '));
            if (label->visible() && text.contains(QStringLiteral("max"))) return text;
        }
        return QString();
    };
    // As on screen: the widget's size is the viewport's (a hidden widget gets no resize event).
    plot->resize(600, 420);
    plot->setViewport(plot->rect());
    plot->replot();
    EXPECT_EQ(targetText(), QStringLiteral("B: max_position_embeddings = 8192"));
    QFont large = labels.front()->font();
    large.setPixelSize(60);
    for (PlotLabel* label : labels) label->setFont(large);
    plot->replot();
    plot->replot();  // the one the shorter text asked for
    EXPECT_EQ(targetText(), QStringLiteral("B: max positions = 8192"));
}

TEST(FrequenciesLesson, FirstViewComparesAScaledConfigurationWithoutTheLongEditor) {
    LessonHarness<Lesson7> h;
    // A alone is rope_type default (nothing slowed); the first view shows B, YaRN ×4, beside it.
    EXPECT_TRUE(h.lesson.comparing());
    EXPECT_EQ(h.lesson.config(Lesson7::B).ropeType, RopeType::Yarn);
    EXPECT_EQ(h.lesson.config(Lesson7::B).factor, 4.0);
    const QCPGraph* b = h.figure(QStringLiteral("slowdown-per-pair"))->graph(1);
    ASSERT_GT(b->dataCount(), 0);
    bool found = false;
    EXPECT_NEAR(b->getValueRange(found).upper, 4.0, 1e-9);  // the slow pairs divided by 4
    // The field editors start folded away; "Edit fields" opens one.
    for (const Lesson7::Config which : {Lesson7::A, Lesson7::B}) {
        EXPECT_TRUE(h.lesson.editor(which)->isHidden());
    }
    auto* toggle = h.lesson.findChild<QPushButton*>(QStringLiteral("editFieldsA"));
    ASSERT_NE(toggle, nullptr);
    toggle->click();
    EXPECT_FALSE(h.lesson.editor(Lesson7::A)->isHidden());
    // YaRN scales both q and k: the logits by a², stated; llama3 has no attention factor.
    const QString text = testing::labelTexts(h.lesson);
    EXPECT_TRUE(text.contains(QStringLiteral("every logit q·k is scaled by a²")));
    EXPECT_TRUE(text.contains(QStringLiteral("It has no attention factor")));
}

// Another rope_type shows other rows of the editor: the side panel's least width stays (each
// change of it laid out and repainted the whole panel).
TEST(FrequenciesLesson, ARopeTypeChangeKeepsTheSidePanelsLeastWidth) {
    LessonHarness<Lesson7> h;
    h.lesson.resize(1180, 860);
    h.lesson.show();
    h.lesson.findChild<QPushButton*>(QStringLiteral("editFieldsA"))->click();
    QComboBox* type = h.lesson.editor(Lesson7::A)->typeBox();
    const auto everyType = [&] {
        for (const char* name : {"linear", "dynamic", "yarn", "llama3", "default"}) {
            type->setCurrentIndex(type->findText(QLatin1String(name)));
            ASSERT_TRUE(h.lesson.waitForComputation());
            QCoreApplication::processEvents();
            EXPECT_EQ(h.lesson.problem(), QString()) << name;
        }
    };
    everyType();  // every row has been shown once
    auto* side = h.lesson.findChild<QScrollArea*>(QStringLiteral("sidePanel"));
    ASSERT_NE(side, nullptr);
    ASSERT_GT(side->verticalScrollBar()->maximum(), 0);  // the panel is taller than its view
    const int least = side->minimumSizeHint().width();
    everyType();
    EXPECT_EQ(side->minimumSizeHint().width(), least);
}

}  // namespace
}  // namespace ropelab::ui
