// The issue-2 commands: RoPE frequencies and rotation, sinusoidal, T5 buckets, ALiBi slopes and
// the RoFormer decay bound.

#include <cmath>
#include <numbers>
#include <ostream>

#include "cli/command.h"
#include "cli/rope_options.h"
#include "common/errors.h"
#include "encodings/rope_apply.h"

namespace ropelab::cli {

namespace {

std::vector<std::int64_t> indices(std::size_t count) {
    std::vector<std::int64_t> values(count);
    for (std::size_t i = 0; i < count; ++i) values[i] = static_cast<std::int64_t>(i);
    return values;
}

// Columns x0 … x{n−1} from row vectors.
void addVectorColumns(Table& table, const std::vector<Eigen::VectorXd>& rows, int size) {
    for (int c = 0; c < size; ++c) {
        std::vector<double> column(rows.size());
        for (std::size_t r = 0; r < rows.size(); ++r) column[r] = rows[r][c];
        table.addColumn("x" + std::to_string(c), std::move(column));
    }
}

// Rows × columns beyond this would print gigabytes; refuse with the size it would take.
void checkCells(std::size_t rows, std::size_t columns) {
    constexpr double maxCells = 50'000'000.0;
    const double cells = static_cast<double>(rows) * static_cast<double>(columns);
    if (cells > maxCells) {
        throw ResourceError("the output would have " + formatDouble(cells) + " numbers (about " +
                            formatDouble(std::ceil(cells * 8 / 1e6)) +
                            " MB as doubles); at most 5e7 are allowed, ask for fewer positions");
    }
}

Command invFreqCommand() {
    Command command;
    command.name = "inv-freq";
    command.summary = "RoPE inverse frequencies for every rope_type, with the attention factor";
    command.description =
        "Prints columns pair,inv_freq,wavelength for the rotated pairs i = 0 .. rotary_dim/2-1:\n"
        "inv_freq in radians per position as HF transformers computes it, wavelength = "
        "2*pi/inv_freq\nin positions. JSON adds the scalar attention_factor (multiplies cos and "
        "sin).";
    command.options = ropeOptionSpecs();
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const RopeFrequencies freqs = ropeFrequencies(ropeParamsFromArgs(args));
        std::vector<double> wavelength(freqs.invFreq.size());
        for (std::size_t i = 0; i < wavelength.size(); ++i) {
            wavelength[i] = 2.0 * std::numbers::pi / freqs.invFreq[i];
        }
        Table table;
        table.addColumn("pair", indices(freqs.invFreq.size()));
        table.addColumn("inv_freq", freqs.invFreq);
        table.addColumn("wavelength", std::move(wavelength));
        table.addScalar("attention_factor", freqs.attentionFactor);
        table.write(out, args.format());
        return 0;
    };
    return command;
}

Command ropeApplyCommand() {
    Command command;
    command.name = "rope-apply";
    command.summary = "Rotate a vector with RoPE at given positions (half-split or interleaved)";
    command.description =
        "Prints columns position,x0,...,x{D-1}: the whole head vector after RoPE, as HF applies\n"
        "it: the first rotary_dim components rotated and multiplied by the attention factor, the\n"
        "rest passed through. Without --head-dim or --config, D is the length of --vector.";
    command.options = ropeOptionSpecs();
    command.options.push_back(
        {"--layout", "half|interleaved",
         "pairs (i, i+dim/2) as HF/GPT-NeoX, or (2i, 2i+1) as RoFormer/GPT-J (default half)"});
    command.options.push_back({"--vector", "LIST", "the head vector, D numbers (required)"});
    command.options.push_back(
        {"--positions", "RANGE|LIST", "token positions >= 0, may be fractional (required)"});
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const std::vector<double> vector = parseList(args.required("--vector"), "--vector");
        const RopeParams params = ropeParamsFromArgs(args, static_cast<int>(vector.size()));
        const RopeLayout layout = parseRopeLayout(args.value("--layout").value_or("half"));
        const std::vector<double> positions =
            parseRangeOrList(args.required("--positions"), "--positions");
        requireAtLeast(positions, 0.0, "--positions");
        const RopeFrequencies freqs = ropeFrequencies(params);
        if (static_cast<int>(vector.size()) != freqs.headDim) {
            throw InputError("--vector has " + std::to_string(vector.size()) +
                             " values; it must have head_dim = " + std::to_string(freqs.headDim));
        }
        checkCells(positions.size(), vector.size() + 1);
        const Eigen::Map<const Eigen::VectorXd> x(vector.data(),
                                                  static_cast<Eigen::Index>(vector.size()));
        std::vector<Eigen::VectorXd> rows;
        rows.reserve(positions.size());
        for (double position : positions) rows.push_back(applyRope(x, position, freqs, layout));
        Table table;
        table.addColumn("position", positions);
        addVectorColumns(table, rows, freqs.headDim);
        table.write(out, args.format());
        return 0;
    };
    return command;
}

}  // namespace

std::vector<Command> encodingCommands() {
    return {invFreqCommand(), ropeApplyCommand()};
}

}  // namespace ropelab::cli
