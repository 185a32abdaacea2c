// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Core's parameter problems in the app's words: each parameter named by its control's label,
// translated. The RoPE fields' labels and units are the app's columns of the RoPE table
// (encodings/rope_fields.h), keyed by the core field; the app's own shared values (layout,
// positions, sequence length, seed) have labels here.

#include <QString>
#include <exception>
#include <functional>
#include <span>
#include <string_view>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "compute/backend_info.h"
#include "compute/compute_engine.h"
#include "encodings/rope_fields.h"

namespace ropelab::ui {

// The translated label of a parameter id ("rope_theta" → "Base (rope_theta)"); the id itself
// for parameters without a control.
QString parameterLabel(std::string_view parameter);
// The translated unit of a RoPE field ("positions"); empty for none and for other parameters.
QString parameterUnit(std::string_view parameter);
// The app's label and unit of a RoPE field, in English (translated in the context
// "ropelab::RopeField"); unit "" for none.
struct RopeFieldText {
    RopeField field;
    const char* label;  // "Head dimension d"
    const char* unit;   // what the value counts: "positions", "rotations"
};
// One row per field of the table.
std::span<const RopeFieldText> ropeFieldTexts();

// One translated sentence, each parameter named by `name` (default: its label).
using ParameterNames = std::function<QString(std::string_view parameter)>;
QString parameterProblemText(const ParameterProblem& problem, const ParameterNames& name = {});

// A file's structural problem, translated: "rope_scaling must be an object; got array".
QString fileProblemText(const FileProblem& problem);

// A request too large to compute, or a failed training run, translated: "a heat map of 100000
// positions would need 74.5 GiB of memory, more than the 8 GiB allowed (...)".
QString resourceProblemText(const ResourceProblem& problem);

// Why a compute backend cannot be used, or how a device failed, translated; the driver's own
// words (an error name, a build log's line) as it gave them.
QString deviceProblemText(const DeviceProblem& problem);

// Why the CPU computed a job instead of a device, translated: "The OpenCL backend failed (…), so
// the CPU computed it instead."
QString backendFallbackText(const BackendFallback& fallback);

// The message for anything a computation, a session or an import threw: a ParameterError with
// labels (an unavailable backend's reason translated), a FileError as "FILE: problem", translated,
// with the file's own keys, a ResourceError's problem, translated, else what().
QString errorText(const std::exception& error);

// Whether an exception says that a request is too large (a ResourceError with a size), which the
// app announces as "Too large to compute", not as a failure.
bool isTooLarge(const std::exception& error);

}  // namespace ropelab::ui
