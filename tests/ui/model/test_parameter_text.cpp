// SPDX-License-Identifier: GPL-3.0-or-later
// tests ui/model/parameter_text.*: core's file problems worded by the app, each kind in English
// and Chinese, the file's keys and values as the file wrote them; and the RoPE table in the app:
// its labels and units translated, its consumers (labels, app limits, lesson 7's config editor)
// covering every row.

#include <gtest/gtest.h>

#include <QLabel>
#include <QString>
#include <QTranslator>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "classroom/language_controller.h"
#include "common/parameter_error.h"
#include "encodings/rope_fields.h"
#include "model/app_limits.h"
#include "model/parameter_text.h"
#include "widgets/rope_config_editor.h"

namespace ropelab::ui {
namespace {

struct Case {
    FileProblem problem;
    QString english;
    QString chinese;
};

TEST(ParameterText, EveryFileProblemIsWordedInBothLanguages) {
    const std::vector<Case> cases = {
        {{FileIssue::CannotOpen, "", {}, "", "No such file or directory"},
         QStringLiteral("c.json: cannot be opened (No such file or directory)"),
         QStringLiteral("c.json：无法打开（No such file or directory）")},
        {{FileIssue::ReadFailed},
         QStringLiteral("c.json: cannot be read"),
         QStringLiteral("c.json：无法读取")},
        {{FileIssue::ReadFailed, "", {}, "", "Input/output error"},
         QStringLiteral("c.json: cannot be read (Input/output error)"),
         QStringLiteral("c.json：无法读取（Input/output error）")},
        {{FileIssue::IsDirectory, "", {}, "", "a config.json file"},
         QStringLiteral("c.json: is a folder, not a file"),
         QStringLiteral("c.json：是文件夹，不是文件")},
        {{FileIssue::NotJson, "", {}, "", "unexpected end of input"},
         QStringLiteral("c.json: is not valid JSON (unexpected end of input)"),
         QStringLiteral("c.json：不是有效的 JSON（unexpected end of input）")},
        {{FileIssue::NumberTooLarge, "", {}, "", "number overflow"},
         QStringLiteral("c.json: holds a number too large for a double (number overflow)"),
         QStringLiteral("c.json：含有超出双精度范围的数字（number overflow）")},
        {{FileIssue::WrongType, "rope_scaling", ValueKind::Object, "array"},
         QStringLiteral("c.json: rope_scaling must be an object; got array"),
         QStringLiteral("c.json：rope_scaling 必须是对象；实际为 array")},
        {{FileIssue::WrongType, "", ValueKind::Object, "array"},
         QStringLiteral("c.json: must hold an object; it holds array"),
         QStringLiteral("c.json：必须是对象；实际为 array")},
        {{FileIssue::WrongType, "rope_theta", ValueKind::Number, "string"},
         QStringLiteral("c.json: rope_theta must be a number; got string"),
         QStringLiteral("c.json：rope_theta 必须是数值；实际为 string")},
        {{FileIssue::WrongType, "head_dim", ValueKind::WholeNumber, "64.5"},
         QStringLiteral("c.json: head_dim must be a whole number; got 64.5"),
         QStringLiteral("c.json：head_dim 必须是整数；实际为 64.5")},
        {{FileIssue::WrongType, "short_factor", ValueKind::NumberList, "object"},
         QStringLiteral("c.json: short_factor must be a list of numbers; got object"),
         QStringLiteral("c.json：short_factor 必须是数字列表；实际为 object")},
        {{FileIssue::WrongType, "rope_scaling.rope_type", ValueKind::Text, "number"},
         QStringLiteral("c.json: rope_scaling.rope_type must be text; got number"),
         QStringLiteral("c.json：rope_scaling.rope_type 必须是文本；实际为 number")},
        {{FileIssue::WrongType, "rope_scaling.truncate", ValueKind::TrueFalse, "number"},
         QStringLiteral("c.json: rope_scaling.truncate must be true or false; got number"),
         QStringLiteral(
             "c.json：rope_scaling.truncate 必须是布尔值（true 或 false）；实际为 number")},
        {{FileIssue::WrongType, "llama.rope.freq_base", ValueKind::Float},
         QStringLiteral("c.json: llama.rope.freq_base must be a floating-point number"),
         QStringLiteral("c.json：llama.rope.freq_base 必须是浮点数")},
        {{FileIssue::NotFinite, "llama.rope.freq_base"},
         QStringLiteral("c.json: llama.rope.freq_base must be a finite number"),
         QStringLiteral("c.json：llama.rope.freq_base 必须是有限数")},
        {{FileIssue::Missing, "general.architecture"},
         QStringLiteral("c.json: has no general.architecture"),
         QStringLiteral("c.json：缺少 general.architecture")},
        {{FileIssue::Missing, "head_dim", {}, "", "hidden_size and num_attention_heads"},
         QStringLiteral("c.json: needs head_dim, or hidden_size and num_attention_heads"),
         QStringLiteral("c.json：需要 head_dim，或 hidden_size and num_attention_heads")},
        {{FileIssue::NotGguf, "", {}, "50 4b 03 04"},
         QStringLiteral("c.json: is not a GGUF file (it starts with the bytes 50 4b 03 04, not "
                        "\"GGUF\")"),
         QStringLiteral("c.json：不是 GGUF 文件（开头字节为 50 4b 03 04，而不是“GGUF”）")},
        {{FileIssue::UnsupportedVersion, "", {}, "1"},
         QStringLiteral("c.json: is GGUF version 1; RoPE Lab reads versions 2 and 3"),
         QStringLiteral("c.json：是 GGUF 第 1 版；RoPE Lab 只能读取第 2 和第 3 版")},
        {{FileIssue::Truncated, "", {}, "", "the version at byte 4"},
         QStringLiteral("c.json: is cut short (the version at byte 4)"),
         QStringLiteral("c.json：不完整（the version at byte 4）")},
        {{FileIssue::Damaged, "", {}, "", "duplicate key 'llama.context_length'"},
         QStringLiteral("c.json: is damaged (duplicate key 'llama.context_length')"),
         QStringLiteral("c.json：已损坏（duplicate key 'llama.context_length'）")},
        {{FileIssue::Unsupported, "", {}, "", "'x' is an array of arrays"},
         QStringLiteral("c.json: holds something RoPE Lab cannot read ('x' is an array of arrays)"),
         QStringLiteral("c.json：含有 RoPE Lab 无法读取的内容（'x' is an array of arrays）")},
        {{FileIssue::NoRope, "", {}, "gpt2"},
         QStringLiteral("c.json: describes the architecture \"gpt2\", which uses no RoPE in "
                        "llama.cpp"),
         QStringLiteral("c.json：描述的架构“gpt2”在 llama.cpp 中不使用 RoPE")},
        {{FileIssue::NoEquivalent, "", {}, "", "a partial YaRN blend"},
         QStringLiteral("c.json: describes RoPE that RoPE Lab cannot use (a partial YaRN blend)"),
         QStringLiteral("c.json：描述的 RoPE 是 RoPE Lab 无法使用的（a partial YaRN blend）")},
    };
    LanguageController language;
    for (const Case& c : cases) {
        const FileError error("c.json", c.problem);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        EXPECT_EQ(errorText(error), c.english) << error.what();
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        EXPECT_EQ(errorText(error), c.chinese) << error.what();
    }
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

// The table's labels and units in the app: each row has both translated, and lupdate's list of
// them (ropeFieldTexts) is exactly the table's.
TEST(RopeFieldsInTheApp, EveryRowHasATranslatedLabelAndUnit) {
    std::set<std::string> texts;
    for (const RopeFieldInfo& field : ropeFields()) {
        texts.insert(std::string(field.label));
        if (!field.unit.empty()) texts.insert(std::string(field.unit));
    }
    std::set<std::string> listed;
    for (const char* text : ropeFieldTexts()) listed.insert(text);
    EXPECT_EQ(listed, texts);
    // The shipped translation has each one ("YaRN beta_fast" stays as it is in Chinese, so the
    // catalogue is asked, not the translated text compared).
    QTranslator chinese;
    ASSERT_TRUE(chinese.load(QStringLiteral(":/i18n/ropelab_zh_CN.qm")));
    for (const std::string& text : texts) {
        EXPECT_FALSE(chinese.translate("ropelab::RopeField", text.c_str()).isEmpty()) << text;
    }
    LanguageController language;
    for (const RopeFieldInfo& field : ropeFields()) {
        const std::string key(field.key);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        EXPECT_EQ(parameterLabel(field.key).toStdString(), field.label) << key;
        EXPECT_EQ(parameterUnit(field.key).toStdString(), field.unit) << key;
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        EXPECT_EQ(parameterLabel(field.key),
                  chinese.translate("ropelab::RopeField", field.label.data()))
            << key;
    }
    EXPECT_EQ(parameterLabel("max_position_embeddings"),
              QStringLiteral("上下文长度（max_position_embeddings）"));
    EXPECT_EQ(parameterUnit("seq_len"), QStringLiteral("位置"));
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

// Each consumer in the app covers the whole table: the app's limits (the table's appRange), lesson
// 7's config editor (a row per field, the unit beside the key where there is one).
TEST(RopeFieldsInTheApp, TheAppsLimitsAndTheConfigEditorCoverTheWholeTable) {
    for (const RopeFieldInfo& field : ropeFields()) {
        const std::string key(field.key);
        const bool number = !std::holds_alternative<bool RopeParams::*>(field.member) &&
                            !std::holds_alternative<RopeType RopeParams::*>(field.member);
        const AppLimit* limit = appLimit(field.key);
        ASSERT_EQ(limit != nullptr, number) << key;
        if (!number) continue;
        EXPECT_EQ(limit->minimum, field.appRange.minimum) << key;
        EXPECT_EQ(limit->maximum, field.appRange.maximum) << key;
        EXPECT_EQ(limit->minimumExcluded, field.appRange.minimumExcluded) << key;
        // Inside core's range: the app only narrows it.
        EXPECT_GE(limit->minimum, field.range.minimum) << key;
        EXPECT_LE(limit->maximum, field.range.maximum) << key;
    }
    LanguageController language;
    for (const auto& [code, positions] :
         {std::pair{"en", QStringLiteral("max_position_embeddings (positions)")},
          std::pair{"zh_CN", QStringLiteral("max_position_embeddings（位置）")}}) {
        ASSERT_TRUE(language.setLanguage(QString::fromLatin1(code)));
        RopeConfigEditor editor;
        for (const RopeFieldInfo& field : ropeFields()) {
            const bool list =
                field.id == RopeField::ShortFactor || field.id == RopeField::LongFactor;
            const QString row = list ? QStringLiteral("short_factor / long_factor")
                                     : QString::fromUtf8(field.key.data(), field.key.size());
            // The row's label is the one with a buddy (the factor lists' field is a label too).
            const QLabel* label = nullptr;
            for (const QLabel* candidate : editor.findChildren<QLabel*>(row)) {
                if (candidate->buddy() != nullptr) label = candidate;
            }
            ASSERT_NE(label, nullptr) << field.key;
            if (field.unit.empty()) {
                EXPECT_EQ(label->text(), row);
            }
        }
        EXPECT_EQ(editor.findChild<QLabel*>(QStringLiteral("max_position_embeddings"))->text(),
                  positions);
    }
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

}  // namespace
}  // namespace ropelab::ui
