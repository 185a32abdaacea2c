// SPDX-License-Identifier: GPL-3.0-or-later
// The issue-2 commands: RoPE frequencies and rotation, sinusoidal, T5 buckets, ALiBi slopes and
// the RoFormer decay bound.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <ostream>
#include <thread>

#include "cli/command.h"
#include "cli/rope_options.h"
#include "common/errors.h"
#include "common/execution.h"
#include "encodings/alibi.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"
#include "encodings/rope_decay_bound.h"
#include "encodings/sinusoidal.h"
#include "encodings/t5_buckets.h"

namespace ropelab::cli {

namespace {

std::vector<std::int64_t> indices(std::size_t count) {
    std::vector<std::int64_t> values(count);
    for (std::size_t i = 0; i < count; ++i) values[i] = static_cast<std::int64_t>(i);
    return values;
}

// Columns x0 … x{n−1} from the rows of a matrix.
void addVectorColumns(Table& table, const Eigen::MatrixXd& rows) {
    for (Eigen::Index c = 0; c < rows.cols(); ++c) {
        std::vector<double> column(static_cast<std::size_t>(rows.rows()));
        for (Eigen::Index r = 0; r < rows.rows(); ++r) {
            column[static_cast<std::size_t>(r)] = rows(r, c);
        }
        table.addColumn("x" + std::to_string(c), std::move(column));
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
        if (vector.size() % 2 != 0 && !args.has("--head-dim") && !args.has("--config")) {
            throw InputError("--vector has " + std::to_string(vector.size()) +
                             " values; RoPE needs an even head dimension (or give --head-dim)");
        }
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
        requireOutputCells(static_cast<double>(positions.size()),
                           static_cast<double>(vector.size()) + 1);
        const Eigen::Map<const Eigen::VectorXd> x(vector.data(),
                                                  static_cast<Eigen::Index>(vector.size()));
        Eigen::MatrixXd rows(static_cast<Eigen::Index>(positions.size()), freqs.headDim);
        for (std::size_t r = 0; r < positions.size(); ++r) {
            rows.row(static_cast<Eigen::Index>(r)) =
                applyRope(x, positions[r], freqs, layout).transpose();
        }
        Table table;
        table.addColumn("position", positions);
        addVectorColumns(table, rows);
        table.write(out, args.format());
        return 0;
    };
    return command;
}

Command sinusoidalCommand() {
    Command command;
    command.name = "sinusoidal";
    command.summary = "Sinusoidal absolute positions (Vaswani et al. 2017)";
    command.description =
        "Prints columns position,x0,...,x{D-1} with PE(p,2i) = sin(p/base^(2i/D)) and\n"
        "PE(p,2i+1) = cos(p/base^(2i/D)).";
    command.options = {
        {"--dim", "D", "model dimension, even (required)"},
        {"--base", "B", "base, > 1 (default 10000)"},
        {"--positions", "RANGE|LIST", "token positions >= 0, may be fractional (required)"},
    };
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const int dim =
            static_cast<int>(parseInteger(args.required("--dim"), "--dim", INT32_MIN, INT32_MAX));
        const double base = args.numberOr("--base", 10000.0);
        validateSinusoidal(dim, base);
        const std::vector<double> positions =
            parseRangeOrList(args.required("--positions"), "--positions");
        requireAtLeast(positions, 0.0, "--positions");
        requireOutputCells(static_cast<double>(positions.size()), dim + 1.0);
        Table table;
        table.addColumn("position", positions);
        addVectorColumns(table, sinusoidalTable(positions, dim, base));
        table.write(out, args.format());
        return 0;
    };
    return command;
}

Command learnedAbsoluteCommand() {
    Command command;
    command.name = "learned-absolute";
    command.summary = "Rows of a seeded learned absolute position table (GPT-2/BERT style)";
    command.description =
        "Prints columns position,x0,...,x{D-1}: rows of a max_len x D table initialised as\n"
        "GPT-2 and BERT do, N(0, 0.02^2), from std::mt19937_64(seed) and a Box-Muller transform\n"
        "(portable, unlike std::normal_distribution). A position >= max_len is an error: the\n"
        "table has no row for it.";
    command.options = {
        {"--max-len", "N", "table rows (default 1024)"},
        {"--dim", "D", "model dimension (required)"},
        {"--seed", "S", "seed, an integer >= 0 (default 0)"},
        {"--positions", "RANGE|LIST", "integer positions in [0, max_len) (required)"},
    };
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const int maxLength = static_cast<int>(args.integerOr("--max-len", 1024, 1, INT32_MAX));
        const int dim =
            static_cast<int>(parseInteger(args.required("--dim"), "--dim", 1, INT32_MAX));
        const auto seed = static_cast<std::uint64_t>(args.integerOr("--seed", 0, 0, INT64_MAX));
        const std::vector<std::int64_t> positions =
            parseIntegerRangeOrList(args.required("--positions"), "--positions");
        requireOutputCells(static_cast<double>(positions.size()), dim + 1.0);
        const LearnedPositionTable table(maxLength, dim, seed);
        Eigen::MatrixXd rows(static_cast<Eigen::Index>(positions.size()), dim);
        for (std::size_t r = 0; r < positions.size(); ++r) {
            rows.row(static_cast<Eigen::Index>(r)) = table.lookup(positions[r]).transpose();
        }
        Table output;
        output.addColumn("position", positions);
        addVectorColumns(output, rows);
        output.write(out, args.format());
        return 0;
    };
    return command;
}

Command t5BucketCommand() {
    Command command;
    command.name = "t5-bucket";
    command.summary = "T5 relative position buckets (HF _relative_position_bucket)";
    command.description =
        "Prints columns relative_position,bucket with relative = key - query. Bidirectional\n"
        "(encoder) by default: half the buckets for keys after the query; --causal (decoder):\n"
        "keys after the query all land in bucket 0.";
    command.options = {
        {"--num-buckets", "N", "number of buckets (default 32)"},
        {"--max-distance", "N", "distance where the log-spaced buckets end (default 128)"},
        {"--causal", "", "causal (decoder) buckets instead of bidirectional"},
        {"--relative", "RANGE|LIST", "integer relative positions key - query (required)"},
    };
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        T5BucketParams params;
        params.numBuckets = static_cast<int>(args.integerOr("--num-buckets", 32, 1, INT32_MAX));
        params.maxDistance = static_cast<int>(args.integerOr("--max-distance", 128, 1, INT32_MAX));
        params.bidirectional = !args.has("--causal");
        validate(params);
        const std::vector<std::int64_t> relative =
            parseIntegerRangeOrList(args.required("--relative"), "--relative");
        std::vector<std::int64_t> buckets(relative.size());
        for (std::size_t i = 0; i < relative.size(); ++i) {
            buckets[i] = t5RelativePositionBucket(relative[i], params);
        }
        Table table;
        table.addColumn("relative_position", relative);
        table.addColumn("bucket", std::move(buckets));
        table.write(out, args.format());
        return 0;
    };
    return command;
}

Command alibiSlopesCommand() {
    Command command;
    command.name = "alibi-slopes";
    command.summary = "ALiBi head slopes (Press et al., reference get_slopes)";
    command.description =
        "Prints columns head,slope for heads 1..H. A power of two H: slope_h = 2^(-8h/H);\n"
        "otherwise the reference algorithm interleaves the slopes of the next power of two.\n"
        "The bias for query i and key j is -slope*(i - j).";
    command.options = {{"--heads", "H", "number of heads, >= 1 (required)"}};
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const int heads =
            static_cast<int>(parseInteger(args.required("--heads"), "--heads", 1, 1 << 20));
        std::vector<double> slopes = alibiSlopes(heads);
        std::vector<std::int64_t> headNumbers(slopes.size());
        for (std::size_t h = 0; h < slopes.size(); ++h) {
            headNumbers[h] = static_cast<std::int64_t>(h) + 1;
        }
        Table table;
        table.addColumn("head", std::move(headNumbers));
        table.addColumn("slope", std::move(slopes));
        table.write(out, args.format());
        return 0;
    };
    return command;
}

Command decayBoundCommand() {
    Command command;
    command.name = "decay-bound";
    command.summary = "RoFormer long-term decay bound of RoPE against distance (Su et al. 3.4.3)";
    command.description =
        "Prints columns distance,bound with bound = (1/(d/2)) * sum_{j=1..d/2} |S_j|,\n"
        "S_j = sum_{k<j} exp(i*distance*theta_k), theta_k the inverse frequencies the RoPE\n"
        "options give (any rope_type; d the rotary dim).";
    command.options = ropeOptionSpecs();
    command.options.push_back(
        {"--distances", "RANGE|LIST", "relative distances m-n >= 0 (required)"});
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const RopeFrequencies freqs = ropeFrequencies(ropeParamsFromArgs(args));
        std::vector<double> distances =
            parseRangeOrList(args.required("--distances"), "--distances");
        requireAtLeast(distances, 0.0, "--distances");
        Execution exec;
        exec.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        std::vector<double> bounds = ropeDecayBound(distances, freqs, exec);
        Table table;
        table.addColumn("distance", std::move(distances));
        table.addColumn("bound", std::move(bounds));
        table.write(out, args.format());
        return 0;
    };
    return command;
}

}  // namespace

std::vector<Command> encodingCommands() {
    return {invFreqCommand(),     ropeApplyCommand(),  sinusoidalCommand(),     t5BucketCommand(),
            alibiSlopesCommand(), decayBoundCommand(), learnedAbsoluteCommand()};
}

}  // namespace ropelab::cli
