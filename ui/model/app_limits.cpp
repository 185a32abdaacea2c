// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/app_limits.h"

#include "model/parameter_text.h"

#include <QCoreApplication>
#include <algorithm>
#include <array>
#include <cmath>
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

// The app's own values beside the RoPE table's (whose ranges are the table's appRange column,
// encodings/rope_fields.cpp), and why:
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

// Every numeric field of the table with its appRange, then the app's own values.
const std::vector<AppLimit>& allLimits() {
    static const std::vector<AppLimit> limits = [] {
        std::vector<AppLimit> all;
        for (const RopeFieldInfo& field : ropeFields()) {
            const FieldRange& range = field.appRange;
            if (!std::isfinite(range.maximum)) continue;  // names and switches
            // The table's keys are string literals.
            all.push_back({field.key.data(), range.minimum, range.maximum, range.minimumExcluded});
        }
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
