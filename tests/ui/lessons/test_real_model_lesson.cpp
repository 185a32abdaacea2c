// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 12 (inside a real model): what it shows is core's ropeLens of the file it opened, the
// example model is what lessons/example_model.h documents, and a bad file changes nothing but the
// banner.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>

#include <Eigen/Core>
#include <cmath>

#include "common/execution.h"
#include "lesson_harness.h"
#include "lessons/example_model.h"
#include "lessons/real_model_lesson.h"
#include "training/model.h"
#include "training/model_file.h"
#include "weights/qk_model.h"
#include "weights/rope_lens.h"
#include "weights/safetensors.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

struct RealModel : ::testing::Test {
    LessonHarness<RealModelLesson> h;
    void SetUp() override {
        h.lesson.openExampleModel();
        ASSERT_TRUE(h.lesson.waitForComputation());
        ASSERT_NE(h.lesson.lens(), nullptr) << h.lesson.problem().toStdString();
    }
    double readout(const char* name) const {
        return h.lesson.readout(QStringLiteral("real-model.") + QLatin1String(name)).value_or(NAN);
    }
};

TEST_F(RealModel, ReadoutsAreCoresLensOfTheExampleFile) {
    EXPECT_TRUE(h.lesson.showingExample());
    EXPECT_EQ(readout("example"), 1.0);
    const QkModel model(RealModelLesson::exampleModelPath().toStdString());
    const LensResult lens = ropeLens(model, {}, Execution{});
    EXPECT_EQ(readout("layers"), kExampleLayers);
    EXPECT_EQ(readout("heads"), 4.0);
    EXPECT_EQ(readout("pairs"), 16.0);
    EXPECT_EQ(readout("context"), kExampleContext);
    EXPECT_DOUBLE_EQ(readout("beyond_share"), lens.beyondShare);
    const HeadLens& positional = lens.heads[lens.mostPositional.front()];
    const HeadLens& semantic = lens.heads[lens.mostSemantic.front()];
    EXPECT_EQ(readout("most_positional_layer"), positional.layer);
    EXPECT_EQ(readout("most_positional_head"), positional.head);
    EXPECT_DOUBLE_EQ(readout("most_positional_share"), positional.positionalShare);
    EXPECT_EQ(readout("most_semantic_layer"), semantic.layer);
    EXPECT_EQ(readout("most_semantic_head"), semantic.head);
    EXPECT_DOUBLE_EQ(readout("most_semantic_share"), semantic.beyondShare);
    for (int layer = 0; layer < kExampleLayers; ++layer) {
        h.lesson.setLayer(layer);
        EXPECT_EQ(readout("layer"), layer);
        EXPECT_DOUBLE_EQ(readout("layer_beyond_share"),
                         lens.layerBeyondShare[static_cast<std::size_t>(layer)]);
        double sum = 0.0;
        for (int head = 0; head < 4; ++head) {
            sum += lens.heads[static_cast<std::size_t>(layer * 4 + head)].positionalShare;
        }
        EXPECT_NEAR(readout("layer_positional_share"), sum / 4.0, 1e-15);
    }
    // The heat map's cell (layer 4, pair 13) is the mean share of layer 4's heads.
    double mean = 0.0;
    for (int head = 0; head < 4; ++head) mean += lens.heads[std::size_t(16 + head)].share[13];
    auto* map = qobject_cast<QCPColorMap*>(h.figure("usage-by-layer")->plottable(0));
    ASSERT_NE(map, nullptr);
    EXPECT_NEAR(map->data()->cell(13, 4), mean / 4.0, 1e-12);
}

// The example is what its header documents: layer 2 is the positional layer, and most of the
// usage lies in pairs slower than the context (pairs 7..15 of 16 at base 10000, context 256).
TEST_F(RealModel, ExampleModelHasItsDocumentedPreference) {
    EXPECT_EQ(readout("most_positional_layer"), kExamplePositionalLayer);
    for (int layer = 0; layer < kExampleLayers; ++layer) {
        h.lesson.setLayer(layer);
        if (layer == kExamplePositionalLayer) {
            EXPECT_GT(readout("layer_positional_share"), 0.5);
        } else {
            EXPECT_LT(readout("layer_positional_share"), 0.2);
        }
    }
    EXPECT_GT(readout("beyond_share"), 0.5);
    // 2π·10000^(6/16) = 198.7 < 256 < 2π·10000^(7/16) = 354.0: pair 7 is the first beyond.
    const LensResult& lens = *h.lesson.lens();
    EXPECT_FALSE(lens.beyondContext[6]);
    EXPECT_TRUE(lens.beyondContext[7]);
    // q_norm of layer 0, head 0, pair 0: rows 0 and 16 of q_proj, read from the file here.
    const SafetensorsFile file(RealModelLesson::exampleModelPath().toStdString() +
                               "/model.safetensors");
    const std::vector<float> q = file.read(file.tensor("model.layers.0.self_attn.q_proj.weight"));
    double squares = 0.0;
    for (int row : {0, 16}) {
        for (int c = 0; c < 64; ++c)
            squares += double(q[std::size_t(row * 64 + c)]) * q[std::size_t(row * 64 + c)];
    }
    // Core sums the float values in float: agreement to float's precision.
    EXPECT_NEAR(lens.heads[0].qNorm[0], std::sqrt(squares), 1e-6 * std::sqrt(squares));
}

TEST_F(RealModel, ProfilesAreNamedAndAreCoresProfile) {
    QCustomPlot* plot = h.figure("positional-profiles");
    ASSERT_NE(plot, nullptr);
    const QString labels = [&] {
        QString all;
        for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
            if (auto* t = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i))) {
                all += QString(t->text()).replace(u'\n', u' ') + u'\n';  // titles wrap
            }
        }
        return all;
    }();
    EXPECT_TRUE(labels.contains("positional profile s(Δ)"));
    EXPECT_TRUE(labels.contains("expected q·k for the same isotropic input x at distance Δ"));
    EXPECT_TRUE(labels.contains("(0 for independent random q and k)"));
    h.lesson.setLayer(1);
    h.lesson.setHead(3);
    const LensResult& lens = *h.lesson.lens();
    const HeadLens& head = lens.heads[4 + 3];
    const std::vector<double> s = positionalProfile(head, lens.invFreq, {0.0, 100.0, 300.0});
    QCPGraph* chosen = plot->graph(0);
    ASSERT_EQ(chosen->data()->size(), 2 * kExampleContext + 1);
    EXPECT_DOUBLE_EQ(chosen->data()->at(0)->value, s[0]);
    EXPECT_DOUBLE_EQ(chosen->data()->at(100)->value, s[1]);
    EXPECT_DOUBLE_EQ(chosen->data()->at(300)->value, s[2]);
    EXPECT_EQ(h.lesson.figures().size(), 3);
}

TEST_F(RealModel, BadFilesGiveAMessageAndKeepThePreviousModel) {
    const LensResult* before = h.lesson.lens();
    const double share = readout("beyond_share");
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    // A header length of 2^40 bytes in a 12-byte file.
    const QString corrupt = dir.filePath(QStringLiteral("corrupt.safetensors"));
    {
        QFile f(corrupt);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        const char bytes[12] = {0, 0, 0, 0, 0, 1, 0, 0, '{', '}', ' ', ' '};
        f.write(bytes, sizeof bytes);
    }
    h.lesson.openModel(corrupt);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral("corrupt.safetensors")));
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral("1099511627776")));
    EXPECT_EQ(h.lesson.lens(), before);
    EXPECT_EQ(readout("beyond_share"), share);

    // A valid file of an architecture whose q/k tensors are not known.
    const QString unknown = dir.filePath(QStringLiteral("mystery.safetensors"));
    const std::vector<float> values(4, 1.0f);
    const SafetensorsWriteTensor tensor{"encoder.w", {2, 2}, values};
    writeSafetensors(unknown.toStdString(), {&tensor, 1});
    {
        QFile config(dir.filePath(QStringLiteral("config.json")));
        ASSERT_TRUE(config.open(QIODevice::WriteOnly));
        config.write(R"({"model_type": "mystery", "num_attention_heads": 1,
                         "num_hidden_layers": 1, "head_dim": 2, "rope_theta": 10000.0})");
    }
    h.lesson.openModel(unknown);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral("\"mystery\"")))
        << h.lesson.problem().toStdString();
    EXPECT_EQ(h.lesson.lens(), before);

    // A file that is not there.
    h.lesson.openModel(dir.filePath(QStringLiteral("absent.gguf")));
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral("absent.gguf")));
    EXPECT_EQ(h.lesson.lens(), before);

    // The example again clears the banner.
    h.lesson.openExampleModel();
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_TRUE(h.lesson.problem().isEmpty());
    EXPECT_NE(h.lesson.lens(), nullptr);
}

// A model the training lab saves opens like any checkpoint: its qkv rows are read as q and k.
TEST_F(RealModel, OpensAModelTheTrainingLabSaved) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    training::Model model;
    model.config = {.encoding = training::PositionEncoding::Rope,
                    .layers = 3,
                    .width = 32,
                    .heads = 4,
                    .vocabulary = 5,
                    .trainLength = 24,
                    .ropeTheta = 500.0};
    model.vocabulary = {"a", "b", "c", "d", "|"};
    model.task = "copy";
    model.tensors = training::initialWeights(model.config, 7);
    const QString path = dir.filePath(QStringLiteral("lab-rope.safetensors"));
    training::saveModel(path.toStdString(), model);

    h.lesson.openModel(path);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_TRUE(h.lesson.problem().isEmpty()) << h.lesson.problem().toStdString();
    EXPECT_FALSE(h.lesson.showingExample());
    EXPECT_EQ(readout("example"), 0.0);
    EXPECT_EQ(readout("layers"), 3.0);
    EXPECT_EQ(readout("heads"), 4.0);
    EXPECT_EQ(readout("pairs"), 4.0);  // head_dim 8
    EXPECT_EQ(readout("context"), 24.0);
    const QkModel file(path.toStdString());
    const LensResult lens = ropeLens(file, {}, Execution{});
    EXPECT_EQ(lens.model.architecture, "ropelab-model");
    EXPECT_DOUBLE_EQ(readout("beyond_share"), lens.beyondShare);
    // Base 500, head_dim 8: wavelengths 6.3, 29.7, 140 and 664 positions; 24 trained positions.
    EXPECT_EQ(lens.beyondContext, (std::vector<bool>{false, true, true, true}));
}

// Sessions and activity steps keep the layer and head, and a model only when it is the user's
// own (never the example); a key the state lacks keeps what is shown.
TEST_F(RealModel, SavedStateNamesOnlyTheUsersOwnModel) {
    h.lesson.setLayer(2);
    h.lesson.setHead(3);
    EXPECT_EQ(h.lesson.saveState(),
              (QJsonObject{{QStringLiteral("layer"), 2}, {QStringLiteral("head"), 3}}));
    h.lesson.restoreState(
        {{QStringLiteral("model"), QStringLiteral("example")}, {QStringLiteral("head"), 1}});
    EXPECT_TRUE(h.lesson.showingExample());
    EXPECT_FALSE(h.lesson.computing());  // the example shown is not read again
    EXPECT_EQ(h.lesson.layer(), 2);
    EXPECT_EQ(h.lesson.head(), 1);
}

TEST(RealModelPaths, ModelPathsAreFoldersSafetensorsAndGguf) {
    EXPECT_TRUE(RealModelLesson::isModelPath(QStringLiteral("/x/model.safetensors")));
    EXPECT_TRUE(RealModelLesson::isModelPath(QStringLiteral("/x/model.Q4_K_M.gguf")));
    EXPECT_TRUE(RealModelLesson::isModelPath(QDir::tempPath()));
    EXPECT_FALSE(RealModelLesson::isModelPath(QStringLiteral("/x/lesson.ropelab")));
    EXPECT_FALSE(RealModelLesson::isModelPath(QStringLiteral("/x/a.ropelab-activity")));
}

}  // namespace
}  // namespace ropelab::ui
