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
#include <utility>
#include <variant>
#include <vector>

#include "analysis/kv_cache_drift.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/gguf_fault.h"
#include "encodings/rope_fields.h"
#include "encodings/rope_frequencies.h"
#include "model/app_limits.h"
#include "model/parameter_text.h"
#include "style/language_controller.h"
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
         QStringLiteral("c.json：是 GGUF 第 1 版；RoPE 实验室只能读取第 2 和第 3 版")},
        {{FileIssue::Truncated, "", {}, "", "the version at byte 4"},
         QStringLiteral("c.json: is cut short (the version at byte 4)"),
         QStringLiteral("c.json：不完整（the version at byte 4）")},
        {{FileIssue::Damaged, "", {}, "", "duplicate key 'llama.context_length'"},
         QStringLiteral("c.json: is damaged (duplicate key 'llama.context_length')"),
         QStringLiteral("c.json：已损坏（duplicate key 'llama.context_length'）")},
        {{FileIssue::Unsupported, "", {}, "", "'x' is an array of arrays"},
         QStringLiteral("c.json: holds something RoPE Lab cannot read ('x' is an array of arrays)"),
         QStringLiteral("c.json：含有 RoPE 实验室无法读取的内容（'x' is an array of arrays）")},
        {{FileIssue::NoRope, "", {}, "gpt2"},
         QStringLiteral("c.json: describes the architecture \"gpt2\", which uses no RoPE in "
                        "llama.cpp"),
         QStringLiteral("c.json：描述的架构“gpt2”在 llama.cpp 中不使用 RoPE")},
        {{FileIssue::NoEquivalent, "", {}, "", "a partial YaRN blend"},
         QStringLiteral("c.json: describes RoPE that RoPE Lab cannot use (a partial YaRN blend)"),
         QStringLiteral("c.json：描述的 RoPE 是 RoPE 实验室无法使用的（a partial YaRN blend）")},
        {{.issue = FileIssue::Empty},
         QStringLiteral("c.json: is empty"),
         QStringLiteral("c.json：是空的")},
        {{.issue = FileIssue::NotUtf8, .offset = 7},
         QStringLiteral("c.json: is not UTF-8 text (byte 7 cannot start a character)"),
         QStringLiteral("c.json：不是 UTF-8 文本（第 7 个字节不能作为字符的开头）")},
        {{.issue = FileIssue::TooShort, .count = 63, .limit = 64},
         QStringLiteral("c.json: has 63 characters; at least 64 are needed"),
         QStringLiteral("c.json：只有 63 个字符；至少需要 64 个")},
        {{.issue = FileIssue::TooShort, .key = "train", .count = 58, .limit = 60},
         QStringLiteral("c.json: has 58 characters for training (its first 90%); one training "
                        "sequence needs 60"),
         QStringLiteral("c.json：用于训练的部分（前 90%）只有 58 个字符；一个训练序列需要 60 个")},
        {{.issue = FileIssue::TooShort, .key = "held_out", .count = 6, .limit = 7},
         QStringLiteral("c.json: has 6 characters held out for testing (its last 10%); the test "
                        "length needs 7"),
         QStringLiteral("c.json：留作测试的部分（后 10%）只有 6 个字符；测试长度需要 7 个")},
        {{.issue = FileIssue::TooManySymbols, .count = 5000, .limit = 4096},
         QStringLiteral("c.json: has 5000 different characters; at most 4096 are allowed"),
         QStringLiteral("c.json：有 5000 种不同的字符；最多允许 4096 种")},
        {{.issue = FileIssue::UnknownSymbol, .found = "b"},
         QStringLiteral("c.json: holds the character \"b\", which the model's vocabulary lacks"),
         QStringLiteral("c.json：含有字符“b”，而模型的词表中没有它")},
        {{.issue = FileIssue::Duplicate, .key = "presets[1].id", .found = "a"},
         QStringLiteral("c.json: presets[1].id \"a\" is used twice"),
         QStringLiteral("c.json：presets[1].id“a”被用了两次")},
        {{.issue = FileIssue::WrongFormat,
          .key = "format",
          .found = "gpt2",
          .detail = "ropelab-model"},
         QStringLiteral("c.json: format is \"gpt2\"; RoPE Lab reads \"ropelab-model\""),
         QStringLiteral("c.json：format 为“gpt2”；RoPE 实验室读取的是“ropelab-model”")},
        {{.issue = FileIssue::WrongShape,
          .found = "F16 [3, 8]",
          .detail = "F32 [2, 8]",
          .name = "embed.weight"},
         QStringLiteral("c.json: the tensor embed.weight is F16 [3, 8], not F32 [2, 8]"),
         QStringLiteral("c.json：张量 embed.weight 是 F16 [3, 8]，而不是 F32 [2, 8]")},
        {{.issue = FileIssue::WrongTensorCount, .count = 27, .limit = 39},
         QStringLiteral("c.json: has 27 tensors; the model needs 39"),
         QStringLiteral("c.json：有 27 个张量；模型需要 39 个")},
        {{FileIssue::WrongType, "presets", ValueKind::List, "object"},
         QStringLiteral("c.json: presets must be a list; got object"),
         QStringLiteral("c.json：presets 必须是一个列表；实际为 object")},
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

// Every GGUF structure fault is worded from its numbers in both languages; no English detail is
// left inside the Chinese sentence.
TEST(ParameterText, EveryGgufFaultIsWordedInBothLanguages) {
    const std::vector<Case> cases = {
        {FileProblem{.issue = FileIssue::Truncated,
                     .detail = "the version",
                     .fault = GgufFault::CutShort,
                     .count = 4,
                     .limit = 2,
                     .offset = 4},
         QStringLiteral("m.gguf: is cut short (at byte 4, 4 bytes are needed but only 2 remain)"),
         QStringLiteral("m.gguf：不完整（在第 4 字节处需要 4 字节，但只剩 2 字节）")},
        {FileProblem{.issue = FileIssue::Damaged, .fault = GgufFault::TooManyEntries, .count = 9},
         QStringLiteral("m.gguf: is damaged (the header claims 9 metadata entries, more than the "
                        "file can hold)"),
         QStringLiteral("m.gguf：已损坏（文件头声称有 9 个元数据条目，超出文件所能容纳的数量）")},
        {FileProblem{.issue = FileIssue::Damaged, .fault = GgufFault::TooManyTensors, .count = 2},
         QStringLiteral(
             "m.gguf: is damaged (the header claims 2 tensors, more than the file can hold)"),
         QStringLiteral("m.gguf：已损坏（文件头声称有 2 个张量，超出文件所能容纳的数量）")},
        {FileProblem{.issue = FileIssue::Damaged,
                     .fault = GgufFault::TooManyStrings,
                     .name = "t",
                     .count = 5},
         QStringLiteral("m.gguf: is damaged (t claims 5 strings, more than the file can hold)"),
         QStringLiteral("m.gguf：已损坏（t 声称有 5 个字符串，超出文件所能容纳的数量）")},
        {FileProblem{.issue = FileIssue::Truncated,
                     .fault = GgufFault::TooManyElements,
                     .name = "t",
                     .count = 6},
         QStringLiteral("m.gguf: is cut short (t claims 6 elements, more than the file can hold)"),
         QStringLiteral("m.gguf：不完整（t 声称有 6 个元素，超出文件所能容纳的数量）")},
        {FileProblem{.issue = FileIssue::Damaged,
                     .fault = GgufFault::KeyTooLong,
                     .limit = 65535,
                     .index = 3},
         QStringLiteral("m.gguf: is damaged (metadata entry 3 has a key longer than 65535 bytes)"),
         QStringLiteral("m.gguf：已损坏（元数据条目 3 的键长于 65535 字节）")},
        {FileProblem{.issue = FileIssue::Damaged,
                     .fault = GgufFault::UnknownArrayType,
                     .name = "t",
                     .count = 77},
         QStringLiteral("m.gguf: is damaged (t is a list of the unknown type 77)"),
         QStringLiteral("m.gguf：已损坏（t 是未知类型 77 的列表）")},
        {FileProblem{.issue = FileIssue::Damaged,
                     .fault = GgufFault::UnknownValueType,
                     .name = "k",
                     .count = 13},
         QStringLiteral("m.gguf: is damaged (k has the unknown value type 13)"),
         QStringLiteral("m.gguf：已损坏（k 的值类型 13 未知）")},
        {FileProblem{.issue = FileIssue::Damaged,
                     .fault = GgufFault::DuplicateKey,
                     .name = "llama.context_length"},
         QStringLiteral("m.gguf: is damaged (the key llama.context_length appears twice)"),
         QStringLiteral("m.gguf：已损坏（键 llama.context_length 出现了两次）")},
        {FileProblem{.issue = FileIssue::Damaged,
                     .fault = GgufFault::TooManyDims,
                     .count = 5,
                     .limit = 4,
                     .index = 1},
         QStringLiteral("m.gguf: is damaged (tensor 1 has 5 dimensions; ggml allows at most 4)"),
         QStringLiteral("m.gguf：已损坏（张量 1 有 5 个维度；ggml 最多允许 4 个）")},
        {FileProblem{.issue = FileIssue::Damaged,
                     .fault = GgufFault::DuplicateTensor,
                     .name = "rope_freqs.weight"},
         QStringLiteral("m.gguf: is damaged (the tensor rope_freqs.weight appears twice)"),
         QStringLiteral("m.gguf：已损坏（张量 rope_freqs.weight 出现了两次）")},
        {FileProblem{.issue = FileIssue::Damaged, .found = "24", .fault = GgufFault::BadAlignment},
         QStringLiteral("m.gguf: is damaged (general.alignment must be a power of two stored as "
                        "uint32; got 24)"),
         QStringLiteral(
             "m.gguf：已损坏（general.alignment 必须是以 uint32 存储的 2 的幂；实际为 24）")},
        {FileProblem{.issue = FileIssue::Damaged,
                     .fault = GgufFault::MisalignedTensor,
                     .name = "x",
                     .limit = 32,
                     .offset = 8},
         QStringLiteral("m.gguf: is damaged (the tensor x starts at offset 8, not a multiple of "
                        "the alignment 32)"),
         QStringLiteral("m.gguf：已损坏（张量 x 的偏移量 8 不是对齐值 32 的倍数）")},
        {FileProblem{.issue = FileIssue::Damaged, .fault = GgufFault::HugeTensor, .name = "x"},
         QStringLiteral(
             "m.gguf: is damaged (the tensor x has more elements than a 64-bit count holds)"),
         QStringLiteral("m.gguf：已损坏（张量 x 的元素数超出 64 位整数的范围）")},
        {FileProblem{.issue = FileIssue::Damaged,
                     .fault = GgufFault::WrongFactorCount,
                     .name = "x",
                     .count = 63,
                     .limit = 64},
         QStringLiteral("m.gguf: is damaged (the tensor x has 63 values; llama.cpp expects one per "
                        "rotated pair, 64)"),
         QStringLiteral(
             "m.gguf：已损坏（张量 x 有 63 个值；llama.cpp 要求每个旋转对一个，即 64 个）")},
        {FileProblem{.issue = FileIssue::Damaged,
                     .found = "-2",
                     .fault = GgufFault::BadFactor,
                     .name = "x"},
         QStringLiteral(
             "m.gguf: is damaged (the tensor x holds -2; factors must be positive and finite)"),
         QStringLiteral("m.gguf：已损坏（张量 x 含有 -2；因子必须是正的有限数）")},
        {FileProblem{
             .issue = FileIssue::Truncated, .fault = GgufFault::TensorBeyondEnd, .name = "x"},
         QStringLiteral("m.gguf: is cut short (the tensor x lies beyond the end of the file)"),
         QStringLiteral("m.gguf：不完整（张量 x 超出了文件末尾）")},
        {FileProblem{.issue = FileIssue::Unsupported,
                     .fault = GgufFault::FactorType,
                     .name = "x",
                     .count = 1},
         QStringLiteral("m.gguf: holds something RoPE Lab cannot read (the tensor x has ggml type "
                        "1; RoPE Lab reads RoPE factors only as F32 (type 0))"),
         QStringLiteral(
             "m.gguf：含有 RoPE 实验室无法读取的内容（张量 x 的 ggml 类型为 1；RoPE 实验室"
             "只能读取 F32（类型 0）的 RoPE 因子）")},
        {FileProblem{.issue = FileIssue::Unsupported,
                     .fault = GgufFault::StringTooLong,
                     .name = "k",
                     .limit = 256},
         QStringLiteral("m.gguf: holds something RoPE Lab cannot read (the text of k is longer "
                        "than 256 bytes)"),
         QStringLiteral("m.gguf：含有 RoPE 实验室无法读取的内容（k 的文本长于 256 字节）")},
        {FileProblem{
             .issue = FileIssue::Unsupported, .fault = GgufFault::ArrayOfArrays, .name = "k"},
         QStringLiteral("m.gguf: holds something RoPE Lab cannot read (k is a list of lists)"),
         QStringLiteral("m.gguf：含有 RoPE 实验室无法读取的内容（k 是列表的列表）")},
        {FileProblem{
             .issue = FileIssue::Unsupported, .fault = GgufFault::TooManyRopeKeys, .limit = 4096},
         QStringLiteral(
             "m.gguf: holds something RoPE Lab cannot read (more than 4096 RoPE-related keys)"),
         QStringLiteral("m.gguf：含有 RoPE 实验室无法读取的内容（与 RoPE 相关的键超过 4096 个）")},
        {FileProblem{.issue = FileIssue::Unsupported, .fault = GgufFault::BigEndian},
         QStringLiteral("m.gguf: holds something RoPE Lab cannot read (a big-endian GGUF file; "
                        "only little-endian files can be read)"),
         QStringLiteral(
             "m.gguf：含有 RoPE 实验室无法读取的内容（这是大端序 GGUF 文件；只能读取小端序文件）")},
    };
    std::set<GgufFault> worded;
    LanguageController language;
    for (const Case& c : cases) {
        worded.insert(c.problem.fault);
        const FileError error("m.gguf", c.problem);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        EXPECT_EQ(errorText(error), c.english) << error.what();
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        EXPECT_EQ(errorText(error), c.chinese) << error.what();
    }
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
    EXPECT_EQ(worded.size(), static_cast<std::size_t>(GgufFault::BigEndian));  // all but None
}

// The rules of the training lab and the toy examples, in both languages.
TEST(ParameterText, TheNewerRulesAreWordedInBothLanguages) {
    ParameterProblem multiple("width", Rule::MultipleOf, 30, 4);
    multiple.other = "heads";
    const std::vector<std::pair<ParameterProblem, std::pair<QString, QString>>> cases = {
        {{"step", Rule::NonZero},
         {QStringLiteral("step must not be 0"), QStringLiteral("step 不能为 0")}},
        {multiple,
         {QStringLiteral("width must be a multiple of heads (4); got 30"),
          QStringLiteral("width 必须是 heads（4）的倍数；实际为 30")}},
        {{"token_order", Rule::Distinct, 1},
         {QStringLiteral("token_order must list each value once; 1 appears twice"),
          QStringLiteral("token_order 中每个值只能出现一次；1 出现了两次")}},
        {{"head_dim", Rule::EqualTo, 6, 8},
         {QStringLiteral("Head dimension d must be 8; got 6"), QString()}},
    };
    LanguageController language;
    for (const auto& [problem, words] : cases) {
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        EXPECT_EQ(parameterProblemText(problem), words.first);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        const QString chinese = parameterProblemText(problem);
        if (!words.second.isEmpty()) EXPECT_EQ(chinese, words.second);
        EXPECT_NE(chinese, words.first);
    }
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

// A computation's refusal reaches the app as data: said in the user's language with the
// controls' labels, not in core's English nor with the CLI's flags.
TEST(ParameterText, AComputationsRefusalIsSaidInTheUsersLanguage) {
    RopeParams params;
    params.ropeType = RopeType::Linear;
    params.factor = 1e308;
    params.ropeTheta = 1e308;  // θ of the slower pairs underflows to 0
    validate(params);
    LanguageController language;
    try {
        static_cast<void>(ropeFrequencies(params));
        FAIL() << "ropeFrequencies accepted the parameters";
    } catch (const ParameterError& error) {
        const QString pair = QString::number(error.problem().lower);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        EXPECT_EQ(errorText(error),
                  QStringLiteral("这组 RoPE 参数使第 %1 对的 inv_freq 为 0；请减小 %2 或 %3")
                      .arg(pair, parameterLabel("factor"), parameterLabel("rope_theta")));
        EXPECT_NE(parameterLabel("factor"), QStringLiteral("Scaling factor (factor)"));
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        EXPECT_EQ(errorText(error),
                  QStringLiteral("these RoPE parameters give inv_freq 0 for pair %1; use a smaller "
                                 "Scaling factor (factor) or Base (rope_theta)")
                      .arg(pair));
    }
}

// The app's labels and units of the table: one row per field, each translated.
// A request too large to compute, and a failed training run, in the user's language: every
// demand and budget has words of its own in both (none falls back to core's English).
TEST(ParameterText, EveryResourceProblemIsWordedInBothLanguages) {
    ResourceProblem table(Demand::SinusoidalTable, 200000, 1000);
    table.budget = Budget::Numbers;
    table.needed = 2e8;
    table.limit = 1e8;
    ResourceProblem memory(Demand::Heatmap, 100000);
    memory.budget = Budget::Memory;
    memory.needed = 80.0 * (1 << 30);
    memory.limit = 8.0 * (1 << 30);
    ResourceProblem training(Demand::Training);
    training.budget = Budget::TrainingMemory;
    training.needed = 3.0 * (1 << 30);
    training.limit = 2.0 * (1 << 30);
    ResourceProblem terms(Demand::KvCacheScoring);
    terms.budget = Budget::PairTerms;
    terms.needed = 2e9;
    terms.limit = 1e8;
    terms.fewer = {"generate", "prompt_length"};
    ResourceProblem length(Demand::Invariance, 20000);
    length.budget = Budget::Length;
    length.needed = 20000;
    length.limit = 16384;
    ResourceProblem diverged(Demand::TrainingDiverged, 12);
    diverged.rate = 0.03;
    ResourceProblem engine(Demand::TrainingEngine);
    engine.path = "/x/engine.so";
    engine.detail = "libtorch.so: not found";
    const std::vector<std::pair<ResourceProblem, std::pair<QString, QString>>> cases = {
        {table,
         {QStringLiteral("a sinusoidal table of 200000 × 1000 would need 1600 MB; at most 800 "
                         "MB (1e+08 numbers) is allowed"),
          QStringLiteral("200000 × 1000 的正弦表需要 1600 MB；最多允许 800 MB（1e+08 个数）")}},
        {memory,
         {QStringLiteral("a heat map of 100000 positions would need 80 GiB of memory, more than "
                         "the 8 GiB allowed (half of this computer's memory)"),
          QStringLiteral(
              "100000 个位置的热图需要 80 GiB 内存，超过允许的 8 GiB（本机内存的一半）")}},
        {training,
         {QStringLiteral("training this model would need about 3072 MiB, more than the 2048 MiB "
                         "allowed; use a smaller model, batch or length"),
          QStringLiteral(
              "训练这个模型约需 3072 MiB，超过允许的 2048 MiB；请使用更小的模型、批大小或长度")}},
        {terms,
         {QStringLiteral("scoring every cached key at every step would take 2e+09 pair terms; at "
                         "most 1e+08 are allowed; lower Generated tokens or Prompt length"),
          QStringLiteral("在每一步为每个缓存的键打分需要计算 2e+09 个配对项；最多允许 1e+08 "
                         "个；请减小 生成的词元数 或 提示长度")}},
        {length,
         {QStringLiteral("invariance over 20000 positions compares every pair of positions: at "
                         "most 16384 positions are allowed; got 20000"),
          QStringLiteral(
              "20000 个位置上的不变性要比较每一对位置：最多允许 16384 个位置；实际为 20000")}},
        {diverged,
         {QStringLiteral("the training loss became NaN at step 12; the model is lost (try a "
                         "learning rate below 0.03)"),
          QStringLiteral("训练损失在第 12 步变为 NaN；模型已丢失（请尝试低于 0.03 的学习率）")}},
        {engine,
         {QStringLiteral("the training engine /x/engine.so cannot be loaded (libtorch.so: not "
                         "found); it needs Debian's libtorch1.13"),
          QStringLiteral(
              "无法加载训练引擎 /x/engine.so（libtorch.so: not found）；它需要 Debian 的 "
              "libtorch1.13")}},
    };
    LanguageController language;
    for (const auto& [problem, words] : cases) {
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        EXPECT_EQ(resourceProblemText(problem), words.first);
        EXPECT_EQ(errorText(ResourceError(problem)), words.first);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        EXPECT_EQ(resourceProblemText(problem), words.second);
    }
    // Every demand in both languages, none in core's English.
    std::set<QString> english;
    std::set<QString> chinese;
    for (int d = 0; d <= static_cast<int>(Demand::Evaluation); ++d) {
        ResourceProblem problem(static_cast<Demand>(d), 7, 9);
        problem.budget = Budget::Memory;
        problem.needed = 3.0 * (1 << 30);
        problem.limit = 1.0 * (1 << 30);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        const QString en = resourceProblemText(problem);
        EXPECT_NE(en, QString::fromStdString(describe(problem))) << d;
        english.insert(en);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        const QString zh = resourceProblemText(problem);
        EXPECT_NE(zh, en) << d;
        chinese.insert(zh);
    }
    EXPECT_EQ(english.size(), static_cast<std::size_t>(Demand::Evaluation) + 1);
    EXPECT_EQ(chinese.size(), english.size());
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
    // Too large to compute, or a failure: a lesson's banner says which.
    EXPECT_TRUE(isTooLarge(ResourceError(table)));
    EXPECT_FALSE(isTooLarge(ResourceError(diverged)));
}

// Why a backend cannot be used, or how a device failed, in the user's language; the driver's
// words as it gave them.
TEST(ParameterText, EveryDeviceProblemIsWordedInBothLanguages) {
    DeviceProblem off{DeviceIssue::NotBuilt, BackendKind::Cuda};
    off.switchedOff = true;
    DeviceProblem small{DeviceIssue::NoUsableDevice, BackendKind::OpenCl, "tiny"};
    small.unsuitable = Unsuitable::SmallLocalMemory;
    small.limit = 16384;
    DeviceProblem allocate{DeviceIssue::CallFailed, BackendKind::Cuda, "H100",
                           "cudaErrorMemoryAllocation: out of memory"};
    allocate.step = DeviceStep::Allocate;
    allocate.bytes = 1 << 30;
    DeviceProblem buffer{DeviceIssue::BufferTooLarge, BackendKind::OpenCl, "pocl"};
    buffer.buffer = BufferUse::Heatmap;
    buffer.bytes = 3.0 * (1 << 30);
    buffer.limit = 1.0 * (1 << 30);
    const std::vector<std::pair<DeviceProblem, std::pair<QString, QString>>> cases = {
        {{DeviceIssue::NoDevice, BackendKind::Cuda, "", "cudaErrorNoDevice: none"},
         {QStringLiteral("no CUDA device (cudaErrorNoDevice: none)"),
          QStringLiteral("没有 CUDA 设备（cudaErrorNoDevice: none）")}},
        {{DeviceIssue::NoPlatform, BackendKind::OpenCl},
         {QStringLiteral("no OpenCL platform"), QStringLiteral("没有 OpenCL 平台")}},
        {off,
         {QStringLiteral("built without CUDA (switched off with ROPELAB_WITH_CUDA=OFF)"),
          QStringLiteral("构建时未包含 CUDA（已用 ROPELAB_WITH_CUDA=OFF 关闭）")}},
        {small,
         {QStringLiteral("no usable OpenCL device (tiny: less than 16384 bytes of local memory)"),
          QStringLiteral("没有可用的 OpenCL 设备（tiny：局部内存少于 16384 字节）")}},
        {allocate,
         {QStringLiteral("CUDA could not allocate 1073741824 bytes on H100: "
                         "cudaErrorMemoryAllocation: out of memory"),
          QStringLiteral("CUDA 无法在 H100 上分配 1073741824 字节：cudaErrorMemoryAllocation: "
                         "out of memory")}},
        {buffer,
         {QStringLiteral("a heat map needs a 3072 MiB device buffer, more than the 1024 MiB "
                         "allowed"),
          QStringLiteral("热图需要 3072 MiB 的设备缓冲区，超过允许的 1024 MiB")}},
    };
    LanguageController language;
    for (const auto& [problem, words] : cases) {
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        EXPECT_EQ(deviceProblemText(problem), words.first);
        EXPECT_EQ(errorText(DeviceError(problem)), words.first);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        EXPECT_EQ(deviceProblemText(problem), words.second);
    }
    // Every issue, step and reason has Chinese words of its own.
    std::vector<DeviceProblem> every;
    for (int i = 0; i <= static_cast<int>(DeviceIssue::BufferTooLarge); ++i) {
        every.push_back({static_cast<DeviceIssue>(i), BackendKind::OpenCl, "d", "x"});
    }
    for (int i = 0; i <= static_cast<int>(DeviceStep::Finish); ++i) {
        every.push_back({DeviceIssue::CallFailed, BackendKind::OpenCl, "d", "x"});
        every.back().step = static_cast<DeviceStep>(i);
    }
    for (int i = 0; i <= static_cast<int>(Unsuitable::SmallLocalMemory); ++i) {
        every.push_back({DeviceIssue::NoUsableDevice, BackendKind::OpenCl, "d"});
        every.back().unsuitable = static_cast<Unsuitable>(i);
    }
    std::set<QString> chinese;
    for (const DeviceProblem& problem : every) {
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        const QString english = deviceProblemText(problem);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        EXPECT_NE(deviceProblemText(problem), english);
        chinese.insert(deviceProblemText(problem));
    }
    EXPECT_EQ(chinese.size(), every.size() - 2);  // CallFailed and NoUsableDevice, twice each
    // A backend asked for by name: the control's label, and the typed reason in the user's words.
    ParameterProblem backend("backend", Rule::Unavailable);
    backend.valueText = "cuda";
    backend.reason = describe(every.front());
    const BackendUnavailable unavailable(backend, every.front());
    EXPECT_EQ(errorText(unavailable),
              QStringLiteral("计算后端 cuda 不可用：%1").arg(deviceProblemText(every.front())));
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
    EXPECT_EQ(errorText(unavailable),
              QStringLiteral("Compute backend cuda is unavailable: built without OpenCL (CMake "
                             "found no OpenCL loader or headers)"));
}

// Core's refusal names what to ask fewer of by its ids; the app says each with a label of its
// own, in both languages.
TEST(ParameterText, WhatToAskFewerOfIsNamedByLabels) {
    LanguageController language;
    try {
        static_cast<void>(kvCacheDrift(RopeParams{}, 1 << 20, 1 << 20, 0, {}));
        FAIL() << "kvCacheDrift accepted 2^40 steps";
    } catch (const ResourceError& error) {
        ASSERT_TRUE(error.problem());
        ASSERT_FALSE(error.problem()->fewer.empty());
        for (const std::string& id : error.problem()->fewer) {
            ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
            const QString english = parameterLabel(id);
            EXPECT_NE(english, QString::fromStdString(id));
            EXPECT_TRUE(errorText(error).contains(english)) << errorText(error).toStdString();
            ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
            EXPECT_NE(parameterLabel(id), english);
            EXPECT_TRUE(errorText(error).contains(parameterLabel(id)));
        }
    }
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

// Why the CPU computed a sweep instead of a device, in the user's language; the device's problem
// in the words of deviceProblemText.
TEST(ParameterText, EveryBackendFallbackIsWordedInBothLanguages) {
    DeviceProblem allocate{DeviceIssue::CallFailed, BackendKind::Cuda, "H100",
                           "cudaErrorMemoryAllocation: out of memory"};
    allocate.step = DeviceStep::Allocate;
    allocate.bytes = 1 << 30;
    const std::vector<std::pair<BackendFallback, std::pair<QString, QString>>> cases = {
        {{.reason = FallbackReason::AddressSpace, .addressSpace = std::uint64_t{3} << 30},
         {QStringLiteral("The address space is limited to 3072 MiB, too little for a GPU driver, "
                         "so the CPU computed it."),
          QStringLiteral("地址空间限制为 3072 MiB，不足以加载 GPU 驱动，因此由 CPU 计算。")}},
        {{.reason = FallbackReason::DeviceUnavailable,
          .problem = DeviceProblem{DeviceIssue::NoPlatform, BackendKind::OpenCl}},
         {QStringLiteral("The OpenCL backend could not be used (no OpenCL platform), so the CPU "
                         "computed it instead."),
          QStringLiteral("OpenCL 后端无法使用（没有 OpenCL 平台），因此改由 CPU 计算。")}},
        {{.reason = FallbackReason::DeviceFailed, .problem = allocate},
         {QStringLiteral("The CUDA backend failed (CUDA could not allocate 1073741824 bytes on "
                         "H100: cudaErrorMemoryAllocation: out of memory), so the CPU computed it "
                         "instead."),
          QStringLiteral("CUDA 后端出错（CUDA 无法在 H100 上分配 1073741824 "
                         "字节：cudaErrorMemoryAllocation: out of memory），因此改由 CPU 计算。")}},
    };
    LanguageController language;
    for (const auto& [fallback, words] : cases) {
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        EXPECT_EQ(backendFallbackText(fallback), words.first);
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        EXPECT_EQ(backendFallbackText(fallback), words.second);
    }
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

TEST(RopeFieldsInTheApp, EveryRowHasATranslatedLabelAndUnit) {
    std::set<RopeField> fields;
    for (const RopeFieldText& row : ropeFieldTexts()) {
        EXPECT_TRUE(fields.insert(row.field).second) << ropeField(row.field).key;
    }
    EXPECT_EQ(fields.size(), ropeFields().size());
    // The shipped translation has each one ("YaRN beta_fast" stays as it is in Chinese, so the
    // catalogue is asked, not the translated text compared).
    QTranslator chinese;
    ASSERT_TRUE(chinese.load(QStringLiteral(":/i18n/ropelab_zh_CN.qm")));
    LanguageController language;
    for (const RopeFieldText& row : ropeFieldTexts()) {
        const std::string key(ropeField(row.field).key);
        EXPECT_FALSE(chinese.translate("ropelab::RopeField", row.label).isEmpty()) << key;
        if (*row.unit != '\0') {
            EXPECT_FALSE(chinese.translate("ropelab::RopeField", row.unit).isEmpty()) << key;
        }
        ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
        EXPECT_EQ(parameterLabel(key).toStdString(), row.label) << key;
        EXPECT_EQ(parameterUnit(key).toStdString(), row.unit) << key;
        ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
        EXPECT_EQ(parameterLabel(key), chinese.translate("ropelab::RopeField", row.label)) << key;
    }
    EXPECT_EQ(parameterLabel("max_position_embeddings"),
              QStringLiteral("上下文长度（max_position_embeddings）"));
    EXPECT_EQ(parameterUnit("seq_len"), QStringLiteral("位置"));
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
}

// Each consumer in the app covers the whole table: the app's limits (a row per numeric field,
// inside core's range), lesson 7's config editor (a row per field, the unit beside the key where
// there is one).
TEST(RopeFieldsInTheApp, TheAppsLimitsAndTheConfigEditorCoverTheWholeTable) {
    for (const RopeFieldInfo& field : ropeFields()) {
        const std::string key(field.key);
        const bool number = !std::holds_alternative<bool RopeParams::*>(field.member) &&
                            !std::holds_alternative<RopeType RopeParams::*>(field.member);
        const AppLimit* limit = appLimit(field.key);
        ASSERT_EQ(limit != nullptr, number) << key;
        if (!number) continue;
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
            if (parameterUnit(field.key).isEmpty()) {
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
