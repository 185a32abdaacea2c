// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/app_limits.h"

#include "model/parameter_text.h"

#include <QCoreApplication>
#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "encodings/rope_fields.h"

namespace ropelab::ui {

namespace {

// The translation context of the messages (nothing here is a QObject).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::AppLimits)
};

// The app's range of each numeric RoPE field, by its key (encodings/rope_fields.h; names and
// switches have none), and why each bound is where it is:
// - head_dim: lesson 2 draws (and exports as CSV) the full N x d sinusoidal table, and every lesson
//   recomputes when it changes. At d = 512, N = 4096 all lessons export in 1 GiB of address space;
//   at 1024 x 16384 applying a session took 8 s (issue 18; core allows d up to 2^20). Real heads
//   are at most 512 wide.
// - contexts (max_position_embeddings, original_max_position_embeddings, seq_len): beyond every
//   released model (Llama 4 Scout: 10M); the curves that use them are sampled.
// - the scaling numbers: the lesson-7 editor's ranges, wide enough for every published config
//   (rope_theta up to 3.6e9 in Gradient's 1M-context Llama 3) and small enough that products and
//   squares stay finite on the plots; short_factor and long_factor value by value.
constexpr std::array kRopeLimits{
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
    AppLimit{"short_factor", 0, 1e4, true},
    AppLimit{"long_factor", 0, 1e4, true},
};

// The app's own values, and why:
// - sequence_length: lesson 2 draws (and exports as CSV) the full N x d sinusoidal table, and every
//   lesson recomputes when it changes. At d = 512, N = 4096 all lessons export in 1 GiB of address
//   space; at 512 x 16384 the table's CSV alone needs more (issue 18). Lesson 9 sweeps longer
//   sequences on its own.
// - positions: inside the longest sequence.
constexpr std::array kOwnLimits{
    AppLimit{"query_position", 0, 4095},
    AppLimit{"key_position", 0, 4095},
    AppLimit{"sequence_length", 1, 4096},
};

// The RoPE fields' limits, then the app's own values.
const std::vector<AppLimit>& allLimits() {
    static const std::vector<AppLimit> limits = [] {
        std::vector<AppLimit> all(kRopeLimits.begin(), kRopeLimits.end());
        all.insert(all.end(), kOwnLimits.begin(), kOwnLimits.end());
        return all;
    }();
    return limits;
}

QString number(double value) {
    return QString::number(value, 'g', 15);
}

QString firstProblem(std::initializer_list<QString> problems) {
    for (const QString& problem : problems) {
        if (!problem.isEmpty()) return problem;
    }
    return {};
}

}  // namespace

std::span<const AppLimit> appLimits() {
    return allLimits();
}

const AppLimit* appLimit(std::string_view key) {
    const std::vector<AppLimit>& limits = allLimits();
    const auto it = std::find_if(limits.begin(), limits.end(),
                                 [key](const AppLimit& limit) { return key == limit.key; });
    return it == limits.end() ? nullptr : &*it;
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

QString checkAppLimits(const RopeParams& rope) {
    for (const RopeFieldInfo& field : ropeFields()) {
        QString problem;
        forEachNumber(field, rope, [&](double value, bool eachValue) {
            if (!problem.isEmpty()) return;
            const QString label = parameterLabel(field.key);
            problem = checkAppLimit(field.key, value,
                                    eachValue ? Tr::tr("each %1 value").arg(label) : label);
        });
        if (!problem.isEmpty()) return problem;
    }
    return {};
}

QString checkAppLimits(int queryPosition, int keyPosition, int sequenceLength) {
    return firstProblem({checkAppLimit("query_position", queryPosition),
                         checkAppLimit("key_position", keyPosition),
                         checkAppLimit("sequence_length", sequenceLength)});
}

}  // namespace ropelab::ui
