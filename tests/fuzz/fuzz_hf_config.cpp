// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the config.json importer. Any bytes must either be refused with one InputError
// naming the file, or give parameters that validate and whose frequencies are finite and positive.

#include <cmath>
#include <string>
#include <string_view>

#include "common/errors.h"
#include "encodings/hf_config.h"
#include "encodings/rope_frequencies.h"
#include "fuzz_checks.h"
#include "fuzz_entries.h"

namespace ropelab::fuzz {

int hfConfig(const std::uint8_t* data, std::size_t size) {
    const std::string_view json(reinterpret_cast<const char*>(data), size);
    constexpr std::string_view prefix = "'fuzz.json': ";
    RopeParams params;
    try {
        params = ropeParamsFromHfConfigJson(json, "fuzz.json");
    } catch (const InputError& error) {
        const std::string_view message = error.what();
        if (message.substr(0, prefix.size()) != prefix || message.size() == prefix.size()) {
            fuzzFail("refusal does not name the file and the problem", message);
        }
        return 0;
    }
    try {
        validate(params);
    } catch (const InputError& error) {
        fuzzFail("accepted parameters do not validate", error.what());
    }
    RopeFrequencies freqs;
    try {
        freqs = ropeFrequencies(params);
    } catch (const InputError&) {
        return 0;  // extreme but valid parameters whose frequencies overflow: refused clearly
    }
    if (freqs.rotaryDim != rotaryDim(params) || freqs.pairs() != freqs.rotaryDim / 2) {
        fuzzFail("frequency count", std::to_string(freqs.pairs()));
    }
    checkSaneFrequencies(freqs);
    return 0;
}

}  // namespace ropelab::fuzz
