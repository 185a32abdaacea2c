// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the session loader (ui/session/session_file.h). Any bytes must either be refused
// with an error sentence, or give a state that validates, applies to a ParameterModel without
// complaint, and survives save → load unchanged.

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <exception>

#include "common/errors.h"
#include "encodings/rope_frequencies.h"
#include "fuzz_entries.h"
#include "model/parameter_model.h"
#include "session/session_file.h"

namespace ropelab::fuzz {

int session(const std::uint8_t* data, std::size_t size) {
    using namespace ropelab::ui;
    const QByteArray json =
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const QStringList knownLessons = {QStringLiteral("rope-2d"), QStringLiteral("order"),
                                      QStringLiteral("pitfall")};
    ParameterModel model;
    const SessionState current{QStringLiteral("rope-2d"), ParameterSnapshot::of(model), {}};
    const SessionLoad load = sessionFromJson(json, current, knownLessons);
    static_cast<void>(load.report.summary());
    if (!load.state) {
        if (load.error.isEmpty()) fuzzFail("session refused without a reason", "");
        return 0;
    }
    if (!load.error.isEmpty()) fuzzFail("session loaded with an error", load.error.toStdString());
    const SessionState& state = *load.state;
    try {
        validate(state.parameters.rope);
        static_cast<void>(ropeFrequencies(state.parameters.rope));
    } catch (const InputError& error) {
        // validate() must agree with the loader; frequencies may overflow for extreme values.
        if (std::string_view(error.what()).find("inv_freq") == std::string_view::npos) {
            fuzzFail("loaded parameters do not validate", error.what());
        }
    }
    if (const QString refused = state.parameters.applyTo(model); !refused.isEmpty()) {
        fuzzFail("a loaded session does not apply", refused.toStdString());
    }
    const SessionLoad again = sessionFromJson(sessionToJson(state), current, knownLessons);
    if (!again.state) fuzzFail("a saved session does not load", again.error.toStdString());
    if (!(*again.state == state)) fuzzFail("save → load changed the session", "");
    return 0;
}

}  // namespace ropelab::fuzz
