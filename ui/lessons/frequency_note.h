// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A paragraph for a RoPE lesson's explanation: what θ_i and the attention factor are for the
// configuration shown, from core's numbers, so the text stays true for a scaled rope_type.
// Plain text (θ₀, base^(−2i/d)): it changes with every base or head-dim move, and a label lays
// plain text out about four times faster than rich text.

#include <QString>

#include "encodings/rope_params.h"

namespace ropelab::ui {

// The closed formula θ_i = base^(−2i/d) only when every pair follows it; θ_0 and the slowest
// pair as core computes them; partial rotary and the attention factor when they apply.
// InputError for invalid params (as ropeFrequencies).
QString frequencyNote(const RopeParams& params);

}  // namespace ropelab::ui
