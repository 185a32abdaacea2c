// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The app's limits: for every number a session, config.json, GGUF file or activity can set, the
// range the lessons can still compute and draw quickly (each lesson renders in about 2 s at the
// largest values, tests/hardening/README.md). Stated once per parameter, in app_limits.cpp: each
// numeric RoPE field by its key (encodings/rope_fields.h), the positions and the sequence
// length; the session and activity readers, the ParameterModel setters and lesson 7's import all
// check against these rows.
// Core keeps its own, larger limits for ropelab-cli, whose commands stay bounded on their own.

#include <QString>
#include <span>
#include <string_view>

#include "encodings/rope_params.h"

namespace ropelab::ui {

struct AppLimit {
    const char* key;  // the session / config.json key, as the user wrote it
    double minimum;
    double maximum;
    bool minimumExcluded = false;  // "greater than minimum" (rope_theta > 1, beta_fast > 0)

    bool contains(double value) const {
        return (minimumExcluded ? value > minimum : value >= minimum) && value <= maximum;
    }
};

std::span<const AppLimit> appLimits();
// The row for `key`; nullptr for values without one (names, switches, the seed).
const AppLimit* appLimit(std::string_view key);
const AppLimit& appLimitOf(std::string_view key);  // a key the table has (else std::logic_error)

// One translated line naming the field and its range, e.g.
// "head_dim must be between 2 and 1024 in the app; got 1048576".
QString appLimitMessage(const AppLimit& limit, const QString& field, double value);

// Empty when `value` is inside the row of `key` (or `key` has none), else appLimitMessage;
// `field` names it in the message (default: the parameter's label, model/parameter_text.h).
QString checkAppLimit(std::string_view key, double value, const QString& field = {});

// Every bounded number of a RoPE configuration (the factor lists value by value): empty when all
// are inside, else the message for the first one outside.
QString checkAppLimits(const RopeParams& rope);
// The same for the positions and sequence length the lessons share.
QString checkAppLimits(int queryPosition, int keyPosition, int sequenceLength);

}  // namespace ropelab::ui
