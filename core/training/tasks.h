// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The lab's tasks and their batches, seeded (std::mt19937_64, our own integer draw: the same
// batches on every platform). Token ids index Task::vocabulary.
//
// copy / reverse, a sequence of length T: n = ⌈(T−1)/2⌉ random symbols a…p, the separator '|',
// then the first T−n−1 symbols repeated (copy) or reversed (reverse). Only the tokens after the
// separator are scored: they need position to be right. text: character-level language
// modelling; windows of T characters, every next character scored.

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace ropelab::training {

enum class TaskKind { Copy, Reverse, Text };

std::string_view toString(TaskKind kind);       // "copy", "reverse", "text"
TaskKind parseTaskKind(std::string_view name);  // ParameterError (id "task") for another name

struct Task {
    TaskKind kind = TaskKind::Copy;
    std::vector<std::string> vocabulary;  // token id → its text (one UTF-8 character)
    // text only: the characters as token ids, the first 90% for training, the rest held out for
    // evaluation.
    std::vector<std::int32_t> trainTokens;
    std::vector<std::int32_t> heldOutTokens;
    std::string source;  // "copy", "the built-in text (…)" or the file's path
};

// B sequences of T tokens, row-major; scored[b·T + t] = 1 when token t (t >= 1) counts in the
// loss and the accuracy, predicted from tokens 0 … t−1.
struct Batch {
    int batch = 0;
    int length = 0;
    std::vector<std::int64_t> tokens;
    std::vector<std::uint8_t> scored;
};

// The synthetic tasks: vocabulary '|' (id 0) and the 16 symbols a…p.
Task syntheticTask(TaskKind kind);

// The text task from UTF-8 text. FileError (source: `source`) for empty text, text that is not
// UTF-8 or holds NUL bytes, more distinct characters than TrainingLimits::maxVocabulary, or
// fewer than 64 characters.
Task textTask(std::string_view utf8, std::string source);

// Reads a text file. Files beyond maxTextBytes are sampled: 256 evenly spaced blocks cut at
// character boundaries, maxTextBytes in all, so memory stays bounded. FileError as textTask,
// or when the file cannot be read.
inline constexpr std::int64_t maxTextBytes = 16 * 1024 * 1024;
Task textTaskFromFile(const std::filesystem::path& path);

// The built-in text: the GNU General Public License version 3 (RoPE Lab's LICENSE file).
Task builtinTextTask();
std::string_view builtinTextName();

// The text as token ids of a model's vocabulary (a model trained on another text);
// FileError (UnknownSymbol) naming the first character the vocabulary lacks.
Task withVocabulary(const Task& text, const std::vector<std::string>& vocabulary);

// A training batch: copy and reverse draw one length in [max(3, maxLength/2), maxLength] per batch;
// text takes windows of maxLength characters at random offsets of the training part.
Batch trainingBatch(const Task& task, int batch, int maxLength, std::mt19937_64& engine);

// count sequences of exactly `length` tokens: copy and reverse drawn from seed; text windows at
// evenly spaced offsets of the held-out part. FileError (TooShort) when the held-out text is
// shorter.
Batch evaluationBatch(const Task& task, int count, int length, std::uint64_t seed);

// Whether the text can train at this length (FileError TooShort, if not).
void requireTrainable(const Task& task, int trainLength);

}  // namespace ropelab::training
