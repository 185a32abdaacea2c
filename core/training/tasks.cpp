// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/tasks.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "training/builtin_text.h"
#include "training/model.h"

namespace ropelab::training {

namespace {

constexpr int kSymbols = 16;
constexpr int kMinTextCharacters = 64;
constexpr int kSampleBlocks = 256;

// A draw in [0, n): the modulo bias is below 2^-50 for our n, and unlike
// std::uniform_int_distribution it is the same on every standard library.
std::int64_t below(std::mt19937_64& engine, std::int64_t n) {
    return static_cast<std::int64_t>(engine() % static_cast<std::uint64_t>(n));
}

// The byte length of the UTF-8 character starting with `lead`, 0 if it cannot start one.
int sequenceLength(unsigned char lead) {
    if (lead < 0x80) return 1;
    if ((lead & 0xE0) == 0xC0) return lead >= 0xC2 ? 2 : 0;
    if ((lead & 0xF0) == 0xE0) return 3;
    if ((lead & 0xF8) == 0xF0) return lead <= 0xF4 ? 4 : 0;
    return 0;
}

// The text's characters as code points; FileError at the first invalid byte (NUL included).
std::vector<char32_t> codePoints(std::string_view text, std::string_view source) {
    std::vector<char32_t> points;
    points.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const int length = sequenceLength(lead);
        bool valid = length > 0 && lead != 0 && i + static_cast<std::size_t>(length) <= text.size();
        char32_t point = length == 1 ? lead : lead & (0x7F >> length);
        for (int k = 1; valid && k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
            valid = (next & 0xC0) == 0x80;
            point = (point << 6) | (next & 0x3F);
        }
        if (!valid || point > 0x10FFFF) {
            throw FileError(std::string(source), {.issue = FileIssue::NotUtf8, .offset = i});
        }
        points.push_back(point);
        i += static_cast<std::size_t>(length);
    }
    return points;
}

std::string utf8(char32_t point) {
    std::string text;
    if (point < 0x80) {
        text += static_cast<char>(point);
    } else if (point < 0x800) {
        text += static_cast<char>(0xC0 | (point >> 6));
        text += static_cast<char>(0x80 | (point & 0x3F));
    } else if (point < 0x10000) {
        text += static_cast<char>(0xE0 | (point >> 12));
        text += static_cast<char>(0x80 | ((point >> 6) & 0x3F));
        text += static_cast<char>(0x80 | (point & 0x3F));
    } else {
        text += static_cast<char>(0xF0 | (point >> 18));
        text += static_cast<char>(0x80 | ((point >> 12) & 0x3F));
        text += static_cast<char>(0x80 | ((point >> 6) & 0x3F));
        text += static_cast<char>(0x80 | (point & 0x3F));
    }
    return text;
}

// The block [begin, end) of bytes moved to character boundaries: a start past continuation
// bytes, an end before a cut character.
std::string_view wholeCharacters(std::string_view block) {
    std::size_t begin = 0;
    while (begin < block.size() && (static_cast<unsigned char>(block[begin]) & 0xC0) == 0x80) {
        ++begin;
    }
    std::size_t end = block.size();
    std::size_t lead = end;
    while (lead > begin && (static_cast<unsigned char>(block[lead - 1]) & 0xC0) == 0x80) --lead;
    if (lead > begin) {
        const int length = sequenceLength(static_cast<unsigned char>(block[lead - 1]));
        if (length > 0 && lead - 1 + static_cast<std::size_t>(length) > end) end = lead - 1;
    }
    return block.substr(begin, end - begin);
}

std::vector<std::int64_t> symbolsFor(TaskKind kind, int length, std::mt19937_64& engine) {
    const int n = length / 2;  // ⌈(T−1)/2⌉
    std::vector<std::int64_t> tokens(static_cast<std::size_t>(length));
    for (int i = 0; i < n; ++i) tokens[static_cast<std::size_t>(i)] = 1 + below(engine, kSymbols);
    tokens[static_cast<std::size_t>(n)] = 0;
    for (int i = 0; i < length - n - 1; ++i) {
        const int from = kind == TaskKind::Copy ? i : n - 1 - i;
        tokens[static_cast<std::size_t>(n + 1 + i)] = tokens[static_cast<std::size_t>(from)];
    }
    return tokens;
}

void addSynthetic(Batch& batch, TaskKind kind, std::mt19937_64& engine) {
    const int length = batch.length;
    for (int b = 0; b < batch.batch; ++b) {
        const std::vector<std::int64_t> tokens = symbolsFor(kind, length, engine);
        batch.tokens.insert(batch.tokens.end(), tokens.begin(), tokens.end());
        for (int t = 0; t < length; ++t) batch.scored.push_back(t > length / 2 ? 1 : 0);
    }
}

void addWindow(Batch& batch, const std::vector<std::int32_t>& text, std::size_t offset) {
    for (int t = 0; t < batch.length; ++t) {
        batch.tokens.push_back(text[offset + static_cast<std::size_t>(t)]);
        batch.scored.push_back(t > 0 ? 1 : 0);
    }
}

Batch emptyBatch(int count, int length) {
    Batch batch;
    batch.batch = count;
    batch.length = length;
    batch.tokens.reserve(static_cast<std::size_t>(count) * static_cast<std::size_t>(length));
    batch.scored.reserve(batch.tokens.capacity());
    return batch;
}

}  // namespace

std::string_view toString(TaskKind kind) {
    switch (kind) {
        case TaskKind::Copy:
            return "copy";
        case TaskKind::Reverse:
            return "reverse";
        case TaskKind::Text:
            return "text";
    }
    return "copy";
}

TaskKind parseTaskKind(std::string_view name) {
    for (TaskKind kind : {TaskKind::Copy, TaskKind::Reverse, TaskKind::Text}) {
        if (toString(kind) == name) return kind;
    }
    ParameterProblem problem("task", Rule::OneOf);
    problem.valueText = std::string(name);
    problem.allowed = "copy, reverse, text";
    throw ParameterError(problem);
}

Task syntheticTask(TaskKind kind) {
    Task task;
    task.kind = kind;
    task.vocabulary.push_back("|");
    for (int s = 0; s < kSymbols; ++s) task.vocabulary.emplace_back(1, static_cast<char>('a' + s));
    task.source = std::string(toString(kind));
    return task;
}

Task textTask(std::string_view text, std::string source) {
    if (text.empty()) throw FileError(source, {.issue = FileIssue::Empty});
    const std::vector<char32_t> points = codePoints(text, source);
    if (points.size() < static_cast<std::size_t>(kMinTextCharacters)) {
        throw FileError(
            source,
            {.issue = FileIssue::TooShort, .count = points.size(), .limit = kMinTextCharacters});
    }
    // Token ids in code point order, through a table over all of Unicode (4.4 MB at most).
    std::vector<std::int32_t> ids(0x110000, -1);
    for (char32_t point : points) ids[point] = 0;
    Task task;
    task.kind = TaskKind::Text;
    task.source = std::move(source);
    for (char32_t point = 0; point < 0x110000; ++point) {
        if (ids[point] < 0) continue;
        ids[point] = static_cast<std::int32_t>(task.vocabulary.size());
        task.vocabulary.push_back(utf8(point));
    }
    if (task.vocabulary.size() > static_cast<std::size_t>(TrainingLimits::maxVocabulary)) {
        throw FileError(task.source, {.issue = FileIssue::TooManySymbols,
                                      .count = task.vocabulary.size(),
                                      .limit = TrainingLimits::maxVocabulary});
    }
    const std::size_t split = points.size() - points.size() / 10;
    task.trainTokens.reserve(split);
    for (std::size_t i = 0; i < points.size(); ++i) {
        (i < split ? task.trainTokens : task.heldOutTokens).push_back(ids[points[i]]);
    }
    return task;
}

Task textTaskFromFile(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        throw FileError(name, {.issue = FileIssue::IsDirectory, .detail = "a UTF-8 text file"});
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FileError(name, {.issue = FileIssue::CannotOpen, .detail = std::strerror(errno)});
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) throw FileError(name, {.issue = FileIssue::ReadFailed});
    in.seekg(0);
    std::string text;
    if (size <= maxTextBytes) {
        text.resize(static_cast<std::size_t>(size));
        in.read(text.data(), size);
    } else {
        // Evenly spaced blocks, each cut at character boundaries and ended by a line break.
        const std::streamoff block = maxTextBytes / kSampleBlocks;
        std::string buffer(static_cast<std::size_t>(block), '\0');
        for (int k = 0; k < kSampleBlocks; ++k) {
            in.seekg((size - block) / (kSampleBlocks - 1) * k);
            in.read(buffer.data(), block);
            text += wholeCharacters(
                std::string_view(buffer).substr(0, static_cast<std::size_t>(in.gcount())));
            text += '\n';
        }
    }
    if (!in && !in.eof()) throw FileError(name, {.issue = FileIssue::ReadFailed});
    return textTask(text, name);
}

std::string_view builtinTextName() {
    return "the built-in text (the GNU General Public License version 3)";
}

Task builtinTextTask() {
    return textTask(builtinText(), std::string(builtinTextName()));
}

Task withVocabulary(const Task& text, const std::vector<std::string>& vocabulary) {
    std::map<std::string, std::int32_t> ids;
    for (std::size_t i = 0; i < vocabulary.size(); ++i) {
        ids.emplace(vocabulary[i], static_cast<std::int32_t>(i));
    }
    Task task = text;
    task.vocabulary = vocabulary;
    for (std::vector<std::int32_t>* part : {&task.trainTokens, &task.heldOutTokens}) {
        for (std::int32_t& token : *part) {
            const std::string& character = text.vocabulary[static_cast<std::size_t>(token)];
            const auto found = ids.find(character);
            if (found == ids.end()) {
                throw FileError(text.source,
                                {.issue = FileIssue::UnknownSymbol, .found = character});
            }
            token = found->second;
        }
    }
    return task;
}

void requireTrainable(const Task& task, int trainLength) {
    if (task.kind == TaskKind::Text &&
        task.trainTokens.size() < static_cast<std::size_t>(trainLength)) {
        throw FileError(task.source, {.issue = FileIssue::TooShort,
                                      .key = "train",
                                      .count = task.trainTokens.size(),
                                      .limit = static_cast<std::uint64_t>(trainLength)});
    }
}

Batch trainingBatch(const Task& task, int batch, int maxLength, std::mt19937_64& engine) {
    if (task.kind != TaskKind::Text) {
        // Lengths in [L/2, L]: every position below L is seen, and no step is spent on a
        // handful of scored tokens.
        const int shortest = std::max(3, maxLength / 2);
        Batch result =
            emptyBatch(batch, shortest + static_cast<int>(below(engine, maxLength - shortest + 1)));
        addSynthetic(result, task.kind, engine);
        return result;
    }
    requireTrainable(task, maxLength);
    Batch result = emptyBatch(batch, maxLength);
    const auto windows = static_cast<std::int64_t>(task.trainTokens.size()) - maxLength + 1;
    for (int b = 0; b < batch; ++b) {
        addWindow(result, task.trainTokens, static_cast<std::size_t>(below(engine, windows)));
    }
    return result;
}

Batch evaluationBatch(const Task& task, int count, int length, std::uint64_t seed) {
    Batch result = emptyBatch(count, length);
    if (task.kind != TaskKind::Text) {
        std::mt19937_64 engine(seed);
        addSynthetic(result, task.kind, engine);
        return result;
    }
    const auto available = static_cast<std::int64_t>(task.heldOutTokens.size());
    if (available < length) {
        throw FileError(task.source, {.issue = FileIssue::TooShort,
                                      .key = "held_out",
                                      .count = static_cast<std::uint64_t>(available),
                                      .limit = static_cast<std::uint64_t>(length)});
    }
    for (int b = 0; b < count; ++b) {
        const std::int64_t offset = count > 1 ? (available - length) * b / (count - 1) : 0;
        addWindow(result, task.heldOutTokens, static_cast<std::size_t>(offset));
    }
    return result;
}

}  // namespace ropelab::training
