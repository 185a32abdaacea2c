// SPDX-License-Identifier: GPL-3.0-or-later
// The app's limits (ui/model/app_limits.h) where the app takes values in: the ParameterModel
// setters, session files, an activity step's parameters and lesson 7's config.json import. A value
// outside is one line naming the field and its range, in the user's language, and nothing changes.

#include <gtest/gtest.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>

#include "../ui/lesson_harness.h"
#include "lessons/frequencies_lesson.h"
#include "lessons/session_file.h"
#include "model/app_limits.h"
#include "model/parameter_model.h"
#include "style/language_controller.h"

namespace ropelab::ui {
namespace {

TEST(AppLimits, ModelSettersRefuseValuesBeyondTheLimitsAndKeepTheOldOnes) {
    ParameterModel model;
    QSignalSpy changed(&model, &ParameterModel::changed);
    QSignalSpy rejected(&model, &ParameterModel::rejected);
    const int headDim = model.rope().headDim;
    EXPECT_FALSE(model.setHeadDim(1 << 20));
    EXPECT_EQ(model.rope().headDim, headDim);
    ASSERT_EQ(rejected.size(), 1);
    EXPECT_EQ(rejected.takeFirst().at(0).toString(),
              QStringLiteral("Head dimension d must be between 2 and 512 in the app; got 1048576"));
    EXPECT_FALSE(model.setRopeTheta(1e11));
    EXPECT_EQ(rejected.takeFirst().at(0).toString(),
              QStringLiteral("Base (rope_theta) must be greater than 1 and at most 10000000000 in "
                             "the app; got 100000000000"));
    EXPECT_FALSE(model.setSequenceLength(4097));
    EXPECT_EQ(model.sequenceLength(), 256);
    EXPECT_EQ(rejected.takeFirst().at(0).toString(),
              QStringLiteral("Sequence length N must be between 1 and 4096 in the app; got 4097"));
    EXPECT_FALSE(model.setPositions(-5, 2));
    EXPECT_EQ(model.queryPosition(), 5);
    EXPECT_EQ(rejected.takeFirst().at(0).toString(),
              QStringLiteral("Query position m must be between 0 and 4095 in the app; got -5"));
    RopeParams longrope = model.rope();
    longrope.ropeType = RopeType::LongRope;
    longrope.shortFactor.assign(static_cast<std::size_t>(longrope.headDim / 2), 1.0);
    longrope.shortFactor[3] = 2e4;
    EXPECT_FALSE(model.setRope(longrope));
    EXPECT_EQ(rejected.takeFirst().at(0).toString(),
              QStringLiteral("each LongRoPE short_factor value must be greater than 0 and at most "
                             "10000 in the app; got 20000"));
    EXPECT_EQ(changed.size(), 0);

    // The largest values are accepted.
    EXPECT_TRUE(model.setHeadDim(512));
    EXPECT_TRUE(model.setSequenceLength(4096));
    EXPECT_TRUE(model.setPositions(4095, 0));
    EXPECT_TRUE(model.setRopeTheta(1e10));
    EXPECT_EQ(changed.size(), 4);
    EXPECT_EQ(rejected.size(), 0);
}

QByteArray sessionWith(const QJsonObject& parameters) {
    return QJsonDocument(QJsonObject{{QStringLiteral("format"), QStringLiteral("ropelab-session")},
                                     {QStringLiteral("version"), 1},
                                     {QStringLiteral("parameters"), parameters}})
        .toJson();
}

QString sessionError(const QJsonObject& parameters) {
    ParameterModel model;
    const SessionState current{QStringLiteral("rope-2d"), ParameterSnapshot::of(model), {}};
    const SessionLoad load =
        sessionFromJson(sessionWith(parameters), current, {QStringLiteral("rope-2d")});
    EXPECT_FALSE(load.state.has_value());
    return load.error;
}

// Out-of-range whole numbers used to be "must be a whole number".
TEST(AppLimits, SessionFilesNameTheRuleAndTheRange) {
    EXPECT_EQ(sessionError({{QStringLiteral("query_position"), -5}}),
              QStringLiteral("The session cannot be used: Query position m must be between 0 and "
                             "4095 in the app; got -5"));
    EXPECT_EQ(sessionError({{QStringLiteral("sequence_length"), 1099511627776.0}}),
              QStringLiteral("The session cannot be used: Sequence length N must be between 1 and "
                             "4096 in the app; got 1099511627776"));
    EXPECT_EQ(sessionError({{QStringLiteral("head_dim"), 1048576}}),
              QStringLiteral("The session cannot be used: Head dimension d must be between 2 and "
                             "512 in the app; got 1048576"));
    EXPECT_EQ(sessionError({{QStringLiteral("seed"), -1}}),
              QStringLiteral("The session cannot be used: Random seed must be between 0 and "
                             "4294967295; got -1"));
    EXPECT_EQ(sessionError({{QStringLiteral("original_max_position_embeddings"), 1e9}}),
              QStringLiteral("The session cannot be used: Pre-training context "
                             "(original_max_position_embeddings) must be between 1 and 100000000 "
                             "in the app; got 1000000000"));
    // A fraction is still a whole-number problem.
    EXPECT_EQ(sessionError({{QStringLiteral("head_dim"), 64.5}}),
              QStringLiteral("The session cannot be used: Head dimension d must be a whole "
                             "number."));
}

TEST(AppLimits, AnActivityStepBeyondTheLimitsIsRefusedAndChangesNothing) {
    ParameterModel model;
    ParameterSnapshot step = ParameterSnapshot::of(model);
    const ParameterSnapshot before = step;
    EXPECT_EQ(readSessionParameters({{QStringLiteral("key_position"), 5000}}, step),
              QStringLiteral("Key position n must be between 0 and 4095 in the app; got 5000"));
    EXPECT_EQ(step, before);
    ParameterSnapshot beyond = before;
    beyond.sequenceLength = 5000;
    EXPECT_EQ(model.setAll(beyond),
              QStringLiteral("Sequence length N must be between 1 and 4096 in the app; got 5000"));
    EXPECT_EQ(ParameterSnapshot::of(model), before);
}

TEST(AppLimits, Lesson7RefusesAnImportedConfigBeyondTheLimits) {
    testing::LessonHarness<FrequenciesLesson> h;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"head_dim": 1048576, "rope_theta": 10000, "max_position_embeddings": 4096})");
    file.close();
    const RopeParams a = h.model.rope();
    const RopeParams b = h.lesson.config(FrequenciesLesson::B);
    for (FrequenciesLesson::Config which : {FrequenciesLesson::A, FrequenciesLesson::B}) {
        EXPECT_FALSE(h.lesson.importConfig(path, which));
        EXPECT_EQ(
            h.lesson.problem(),
            QStringLiteral("Head dimension d must be between 2 and 512 in the app; got 1048576"));
    }
    EXPECT_EQ(h.model.rope(), a);
    EXPECT_EQ(h.lesson.config(FrequenciesLesson::B), b);
}

TEST(AppLimits, TheMessageIsTranslated) {
    LanguageController language;
    ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
    EXPECT_EQ(checkAppLimit("head_dim", 1048576),
              QStringLiteral("头维度 d 在本应用中必须介于 2 和 512 之间；实际为 1048576"));
    EXPECT_EQ(checkAppLimit("beta_fast", 0),
              QStringLiteral("YaRN beta_fast 在本应用中必须大于 0 且不超过 10000；实际为 0"));
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

}  // namespace
}  // namespace ropelab::ui
