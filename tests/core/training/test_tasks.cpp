// SPDX-License-Identifier: GPL-3.0-or-later
// The tasks' sequences, hand-checked, and the text task's refusals.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "training/builtin_text.h"
#include "training/model.h"
#include "training/tasks.h"

namespace ropelab::training {
namespace {

TEST(Tasks, CopyAndReverseSequencesAndTheirScoredTokens) {
    for (TaskKind kind : {TaskKind::Copy, TaskKind::Reverse}) {
        const Batch batch = evaluationBatch(syntheticTask(kind), 3, 8, 42);
        ASSERT_EQ(batch.tokens.size(), 24u);
        for (int b = 0; b < 3; ++b) {
            const std::int64_t* t = batch.tokens.data() + b * 8;
            // T = 8: n = 4 symbols, the separator, then 3 of them copied or reversed.
            for (int i = 0; i < 4; ++i) EXPECT_GE(t[i], 1);
            EXPECT_EQ(t[4], 0);
            for (int i = 0; i < 3; ++i)
                EXPECT_EQ(t[5 + i], kind == TaskKind::Copy ? t[i] : t[3 - i]);
            for (int i = 0; i < 8; ++i)
                EXPECT_EQ(batch.scored[static_cast<std::size_t>(b * 8 + i)], i >= 5 ? 1 : 0);
        }
    }
    // The same seed, the same sequences; another, others.
    EXPECT_EQ(evaluationBatch(syntheticTask(TaskKind::Copy), 4, 9, 1).tokens,
              evaluationBatch(syntheticTask(TaskKind::Copy), 4, 9, 1).tokens);
    EXPECT_NE(evaluationBatch(syntheticTask(TaskKind::Copy), 4, 9, 1).tokens,
              evaluationBatch(syntheticTask(TaskKind::Copy), 4, 9, 2).tokens);
}

TEST(Tasks, TrainingBatchesDrawLengthsUpToTheTrainingLength) {
    std::mt19937_64 engine(5);
    int shortest = 100;
    int longest = 0;
    for (int k = 0; k < 200; ++k) {
        const Batch batch = trainingBatch(syntheticTask(TaskKind::Copy), 2, 10, engine);
        shortest = std::min(shortest, batch.length);
        longest = std::max(longest, batch.length);
    }
    EXPECT_EQ(shortest, 5);  // L/2
    EXPECT_EQ(longest, 10);
}

TEST(Tasks, TextVocabularyAndSplit) {
    std::string text;
    for (int k = 0; k < 10; ++k) text += "abcab\xC3\xA9 xy\n";  // 'é' is one character
    const Task task = textTask(text, "sample");
    EXPECT_EQ(task.vocabulary,
              (std::vector<std::string>{"\n", " ", "a", "b", "c", "x", "y", "\xC3\xA9"}));
    EXPECT_EQ(task.trainTokens.size() + task.heldOutTokens.size(), 100u);
    EXPECT_EQ(task.heldOutTokens.size(), 10u);
    EXPECT_EQ(task.trainTokens[0], 2);  // 'a'
    const Batch batch = evaluationBatch(task, 2, 5, 0);
    EXPECT_EQ(batch.scored, (std::vector<std::uint8_t>{0, 1, 1, 1, 1, 0, 1, 1, 1, 1}));
    EXPECT_THROW(evaluationBatch(task, 2, 11, 0), InputError);  // 10 held-out characters
}

TEST(Tasks, TextRefusesEmptyBinaryAndShortText) {
    EXPECT_THROW(textTask("", "t"), InputError);
    EXPECT_THROW(textTask(std::string(100, 'a') + '\0', "t"), InputError);
    EXPECT_THROW(textTask(std::string(100, 'a') + "\xFF", "t"), InputError);
    EXPECT_THROW(textTask(std::string(100, 'a') + "\xC3", "t"), InputError);  // a cut character
    EXPECT_THROW(textTask(std::string(63, 'a'), "t"), InputError);
    const Task task = textTask(std::string(64, 'a'), "t");
    EXPECT_THROW(requireTrainable(task, 60), InputError);  // 58 training characters
    try {
        textTask("", "notes.txt");
        ADD_FAILURE() << "an empty text was accepted";
    } catch (const FileError& error) {
        EXPECT_STREQ(error.what(), "'notes.txt': is empty");
        EXPECT_EQ(error.source(), "notes.txt");
        EXPECT_EQ(error.fileProblem(), FileProblem{.issue = FileIssue::Empty});
    }
}

// Each refusal is typed data the front ends word: the issue and its numbers.
TEST(Tasks, TextProblemsAreTyped) {
    const auto problemOf = [](const auto& read) {
        try {
            read();
        } catch (const FileError& error) {
            return error.fileProblem().value_or(FileProblem{.issue = FileIssue::Damaged});
        }
        return FileProblem{.issue = FileIssue::Damaged, .detail = "accepted"};
    };
    EXPECT_EQ(problemOf([] { textTask(std::string(100, 'a') + "\xFF", "t"); }),
              (FileProblem{.issue = FileIssue::NotUtf8, .offset = 100}));
    EXPECT_EQ(problemOf([] { textTask(std::string(63, 'a'), "t"); }),
              (FileProblem{.issue = FileIssue::TooShort, .count = 63, .limit = 64}));
    const Task task = textTask(std::string(64, 'a'), "t");
    EXPECT_EQ(
        problemOf([&] { requireTrainable(task, 60); }),
        (FileProblem{.issue = FileIssue::TooShort, .key = "train", .count = 58, .limit = 60}));
    EXPECT_EQ(
        problemOf([&] { evaluationBatch(task, 1, 7, 0); }),
        (FileProblem{.issue = FileIssue::TooShort, .key = "held_out", .count = 6, .limit = 7}));
    const Task own = textTask(std::string(70, 'b') + "a", "own");
    const Task other = textTask(std::string(70, 'a'), "other");
    EXPECT_EQ(problemOf([&] { withVocabulary(own, other.vocabulary); }),
              (FileProblem{.issue = FileIssue::UnknownSymbol, .found = "b"}));
    EXPECT_EQ(problemOf([] { textTaskFromFile(std::filesystem::temp_directory_path()); }).issue,
              FileIssue::IsDirectory);
}

TEST(Tasks, BuiltInTextIsTheGplAndFileReading) {
    EXPECT_TRUE(builtinText().starts_with("                    GNU GENERAL PUBLIC LICENSE"));
    const Task task = builtinTextTask();
    EXPECT_GT(task.vocabulary.size(), 60u);
    EXPECT_GT(task.heldOutTokens.size(), 3000u);
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / "ropelab_text_task.txt";
    { std::ofstream(path) << builtinText(); }
    EXPECT_EQ(textTaskFromFile(path).trainTokens, task.trainTokens);
    std::filesystem::remove(path);
    EXPECT_THROW(textTaskFromFile(path), InputError);
    EXPECT_THROW(textTaskFromFile(std::filesystem::temp_directory_path()), InputError);
}

TEST(Tasks, LargeFilesAreSampledInBoundedMemory) {
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / "ropelab_large_text.txt";
    {
        std::ofstream out(path, std::ios::binary);
        const std::string line = "\xE4\xB8\xAD\xE6\x96\x87 text, three-byte characters\n";
        for (std::int64_t written = 0; written <= maxTextBytes + 1000;
             written += static_cast<std::int64_t>(line.size())) {
            out << line;
        }
    }
    const Task task = textTaskFromFile(path);
    std::filesystem::remove(path);
    const std::size_t characters = task.trainTokens.size() + task.heldOutTokens.size();
    EXPECT_LE(characters, static_cast<std::size_t>(maxTextBytes));
    EXPECT_GT(characters, static_cast<std::size_t>(maxTextBytes / 2));
    // Every block was cut at character boundaries: only the line's characters appear.
    // 中, 文 and the 14 ASCII characters of " text, three-byte characters\n".
    EXPECT_EQ(task.vocabulary.size(), 16u);
}

TEST(Tasks, AnotherTextInTheModelsVocabulary) {
    const Task own = textTask(std::string(70, 'b') + "a", "own");
    const Task other = textTask(std::string(70, 'a'), "other");
    const Task mapped = withVocabulary(other, own.vocabulary);
    EXPECT_EQ(mapped.trainTokens[0], 0);                              // 'a' is id 0 of {a, b}
    EXPECT_THROW(withVocabulary(own, other.vocabulary), InputError);  // 'b' is not in {a}
}

}  // namespace
}  // namespace ropelab::training
