// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Core's parameter problems in the app's words: each parameter named by its control's label,
// translated. The RoPE fields' labels and units are the table's (encodings/rope_fields.h), keyed by
// core's parameter ids (the session / config.json keys); the app's own shared values (layout,
// positions, sequence length, seed) have labels here.

#include <QString>
#include <exception>
#include <functional>
#include <span>
#include <string_view>

#include "common/parameter_error.h"

namespace ropelab::ui {

// The translated label of a parameter id ("rope_theta" → "Base (rope_theta)"); the id itself
// for parameters without a control.
QString parameterLabel(std::string_view parameter);
// The translated unit of a RoPE field ("positions"); empty for none and for other parameters.
QString parameterUnit(std::string_view parameter);
// The table's English labels and units as lupdate sees them (for the test that they match).
std::span<const char* const> ropeFieldTexts();

// One translated sentence, each parameter named by `name` (default: its label).
using ParameterNames = std::function<QString(std::string_view parameter)>;
QString parameterProblemText(const ParameterProblem& problem, const ParameterNames& name = {});

// A file's structural problem, translated: "rope_scaling must be an object; got array".
QString fileProblemText(const FileProblem& problem);

// The message for anything a computation, a session or an import threw: a ParameterError with
// labels, a FileError as "FILE: problem", translated, with the file's own keys, else what().
QString errorText(const std::exception& error);

}  // namespace ropelab::ui
