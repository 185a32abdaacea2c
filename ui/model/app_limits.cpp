// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/app_limits.h"

#include "model/parameter_text.h"

#include <QCoreApplication>
#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace ropelab::ui {

namespace {

// The translation context of the messages (nothing here is a QObject).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::AppLimits)
};

// Why each bound is where it is:
// - head_dim and sequence_length: lesson 2 draws (and exports as CSV) the full N x d sinusoidal
//   table, and every lesson recomputes when either changes. At d = 512, N = 4096 all lessons
//   export in 1 GiB of address space; at 512 x 16384 the table's CSV alone needs more, and at
//   1024 x 16384 applying a session took 8 s (issue 18; core allows d up to 2^20). Real heads are
//   at most 512 wide; lesson 9 sweeps longer sequences on its own.
// - positions: inside the longest sequence.
// - contexts (max_position_embeddings, original_max_position_embeddings, seq_len): beyond every
//   released model (Llama 4 Scout: 10M); the curves that use them are sampled.
// - the scaling numbers: the lesson-7 editor's ranges, wide enough for every published config
//   (rope_theta up to 3.6e9 in Gradient's 1M-context Llama 3) and small enough that products and
//   squares stay finite on the plots.
constexpr std::array kLimits{
    AppLimit{"head_dim", 2, 512},
    AppLimit{"partial_rotary_factor", 0, 1, true},
    AppLimit{"rope_theta", 1, 1e10, true},
    AppLimit{"factor", 1, 1024},
    AppLimit{"max_position_embeddings", 1, 1e8},
    AppLimit{"original_max_position_embeddings", 1, 1e8},
    AppLimit{"seq_len", 0, 1e8},
    AppLimit{"beta_fast", 0, 1e4, true},
    AppLimit{"beta_slow", 0, 1e4, true},
    AppLimit{"mscale", 0, 100},
    AppLimit{"mscale_all_dim", 0, 100},
    AppLimit{"attention_factor", 0, 100, true},
    AppLimit{"low_freq_factor", 0, 1e4, true},
    AppLimit{"high_freq_factor", 0, 1e4, true},
    AppLimit{"short_factor", 0, 1e4, true},  // each value of the list
    AppLimit{"long_factor", 0, 1e4, true},
    AppLimit{"query_position", 0, 4095},
    AppLimit{"key_position", 0, 4095},
    AppLimit{"sequence_length", 1, 4096},
};

QString number(double value) {
    return QString::number(value, 'g', 15);
}

QString firstProblem(std::initializer_list<QString> problems) {
    for (const QString& problem : problems) {
        if (!problem.isEmpty()) return problem;
    }
    return {};
}

QString checkList(std::string_view key, const std::vector<double>& values) {
    for (double value : values) {
        if (QString problem =
                checkAppLimit(key, value, Tr::tr("each %1 value").arg(parameterLabel(key)));
            !problem.isEmpty()) {
            return problem;
        }
    }
    return {};
}

}  // namespace

std::span<const AppLimit> appLimits() {
    return kLimits;
}

const AppLimit* appLimit(std::string_view key) {
    const auto it = std::find_if(kLimits.begin(), kLimits.end(),
                                 [key](const AppLimit& limit) { return key == limit.key; });
    return it == kLimits.end() ? nullptr : &*it;
}

const AppLimit& appLimitOf(std::string_view key) {
    const AppLimit* limit = appLimit(key);
    if (limit == nullptr) throw std::logic_error("no app limit for " + std::string(key));
    return *limit;
}

QString appLimitMessage(const AppLimit& limit, const QString& field, double value) {
    if (limit.minimumExcluded) {
        return Tr::tr("%1 must be greater than %2 and at most %3 in the app; got %4")
            .arg(field, number(limit.minimum), number(limit.maximum), number(value));
    }
    return Tr::tr("%1 must be between %2 and %3 in the app; got %4")
        .arg(field, number(limit.minimum), number(limit.maximum), number(value));
}

QString checkAppLimit(std::string_view key, double value, const QString& field) {
    const AppLimit* limit = appLimit(key);
    if (limit == nullptr || limit->contains(value)) return {};
    return appLimitMessage(*limit, field.isEmpty() ? parameterLabel(key) : field, value);
}

QString checkAppLimits(const RopeParams& r) {
    const auto optional = [](std::string_view key, const auto& value) {
        return value ? checkAppLimit(key, static_cast<double>(*value)) : QString();
    };
    return firstProblem({
        checkAppLimit("head_dim", r.headDim),
        checkAppLimit("partial_rotary_factor", r.partialRotaryFactor),
        checkAppLimit("rope_theta", r.ropeTheta),
        optional("factor", r.factor),
        checkAppLimit("max_position_embeddings", r.maxPositionEmbeddings),
        optional("original_max_position_embeddings", r.originalMaxPositionEmbeddings),
        optional("seq_len", r.seqLen),
        checkAppLimit("beta_fast", r.betaFast),
        checkAppLimit("beta_slow", r.betaSlow),
        optional("mscale", r.mscale),
        optional("mscale_all_dim", r.mscaleAllDim),
        optional("attention_factor", r.attentionFactor),
        checkAppLimit("low_freq_factor", r.lowFreqFactor),
        checkAppLimit("high_freq_factor", r.highFreqFactor),
        checkList("short_factor", r.shortFactor),
        checkList("long_factor", r.longFactor),
    });
}

QString checkAppLimits(int queryPosition, int keyPosition, int sequenceLength) {
    return firstProblem({checkAppLimit("query_position", queryPosition),
                         checkAppLimit("key_position", keyPosition),
                         checkAppLimit("sequence_length", sequenceLength)});
}

}  // namespace ropelab::ui
